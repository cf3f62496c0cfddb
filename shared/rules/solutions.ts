/** What a kept solution may hold, and the messages a user sees when it may not. */

/** Largest code kept, in UTF-8 bytes. */
export const SOLUTION_MAX_BYTES = 64 * 1024;

export const SOLUTION_SOURCES = ['extension', 'sync', 'manual'] as const;
export type SolutionSource = (typeof SOLUTION_SOURCES)[number];

export const SOLUTION_MESSAGES = {
  tooLarge: 'This solution is over 64 kB; only code up to 64 kB is kept.',
  empty: 'There is no code to keep.',
  noQuestion: 'Give the question or its URL.',
  unknownQuestion: 'That question is not in your workspace or the catalogue.',
  notFound: 'That solution does not exist.',
} as const;

export function solutionBytes(code: string): number {
  return new TextEncoder().encode(code).length;
}
