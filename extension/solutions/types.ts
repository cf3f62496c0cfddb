import { SOLUTION_MAX_BYTES, SOLUTION_MESSAGES, solutionBytes } from '@shared/rules/solutions';

/** Code a judge answered for one of the user's own Accepted submissions. */
interface JudgeCode {
  code: string;
  language: string;
}

/** What a code reader makes of an answer: the code, or a message saying why there is none. */
export type CodeRead = ({ ok: true } & JudgeCode) | { ok: false; error: string; signedOut?: true };

export const codeFailure = (error: string, signedOut?: true): CodeRead => (signedOut ? { ok: false, error, signedOut } : { ok: false, error });

/**
 * Whether the tracker keeps code of this size (shared/rules/solutions.ts counts UTF-8 bytes): the
 * extension's one check of it, so code the tracker would refuse is never fetched on or sent.
 */
export const keepableSize = (code: string): boolean => solutionBytes(code) <= SOLUTION_MAX_BYTES;

/** A reader's code, or the tracker's own words when it is too large to keep. */
export const codeRead = (code: string, language: string): CodeRead => (keepableSize(code) ? { ok: true, code, language } : codeFailure(SOLUTION_MESSAGES.tooLarge));
