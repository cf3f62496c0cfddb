import { platformById } from '@shared/platforms/index';
import type { DetectedProblem } from '@shared/schemas/messages';
import type { LookupState, PlatformInfo } from '@shared/schemas/message-replies';
import { LOOKUP_GENERATION, lookupKey, validKept, type KeptLookup } from '../lib/kept-state';
import type { HandlerDeps } from './types';

// The background's side of the lookups kept per tab (lib/kept-state.ts is what a page reads back).

export const lookupGeneration = async (deps: HandlerDeps) => (await deps.session.get<number>(LOOKUP_GENERATION)) ?? 0;

/** After a change to records, notes, sheets or the account: every kept lookup is out of date. */
export async function forgetLookups(deps: HandlerDeps) {
  await deps.session.set(LOOKUP_GENERATION, (await lookupGeneration(deps)) + 1);
}

/** Whether a tab has a kept answer for its problem still worth showing (see kept-state.ts). */
export async function hasKeptLookup(deps: HandlerDeps, tabId: number, url: string, generation: number): Promise<boolean> {
  return !!validKept(await deps.session.get<KeptLookup>(lookupKey(tabId)), url, generation, (deps.now ?? Date.now)());
}

export const platformInfo = (problem: DetectedProblem): PlatformInfo | null => {
  const platform = platformById(problem.platform);
  return platform ? { id: platform.id, name: platform.name, icon: platform.icon } : null;
};

/**
 * Keeps a definite answer (found or not found) for the popup to paint on its next opening, under the
 * generation read before it was asked for.
 */
export async function keepLookup(deps: HandlerDeps, tabId: number, problem: DetectedProblem, lookup: LookupState, generation: number) {
  if (lookup.status !== 'found' && lookup.status !== 'notFound') return;
  const kept: KeptLookup = { url: problem.url, generation, at: (deps.now ?? Date.now)(), platform: platformInfo(problem), lookup };
  await deps.session.set(lookupKey(tabId), kept);
}
