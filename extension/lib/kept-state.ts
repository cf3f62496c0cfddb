/**
 * What the background keeps about a tab in storage.session, and how a page reads it back. The
 * background writes it (background/problem.ts and kept-lookups.ts); the popup reads it straight from
 * storage to paint at once, even while the background is asleep, then asks the background for a
 * fresh answer. Nothing secret is read here: the token stays with the background.
 */
import type { AuthStatus, DetectedProblem, ProblemState } from '@shared/schemas/messages';
import type { LookupState, PlatformInfo } from '@shared/schemas/message-replies';

/** The problem a tab's content script detected (storage.session). */
export const tabKey = (tabId: number) => `tab:${tabId}`;
/** The catalogue's last answer for the problem in a tab (storage.session). */
export const lookupKey = (tabId: number) => `lookup:${tabId}`;
/** Bumped whenever something the lookups show may have changed: older kept answers no longer count. */
export const LOOKUP_GENERATION = 'lookup:generation';
/** The signed-in account's name and email (storage.local, removed with the token at sign-out). */
export const USER_KEY = 'user';
/** How old a kept answer may be and still be shown while the fresh one is on its way. */
export const LOOKUP_KEEP_MS = 30 * 60_000;

export interface KeptLookup {
  url: string;
  /** The generation read before the lookup was asked for. */
  generation: number;
  at: number;
  platform: PlatformInfo | null;
  lookup: LookupState;
}

/** The kept answer, when it is for this problem, nothing has changed since it was fetched and it is recent. */
export function validKept(kept: KeptLookup | undefined, url: string | undefined, generation: number, now: number): KeptLookup | null {
  if (!kept || kept.url !== url || kept.generation !== generation || now - kept.at > LOOKUP_KEEP_MS || kept.at > now) return null;
  return kept;
}

/** The part of chrome.storage's StorageArea this needs (one read for several keys). */
export interface StorageReader {
  get(keys: string[]): Promise<Record<string, unknown>>;
}

/** What a page can draw before the background answers: the tab's problem with the lookup kept for it. */
export async function readKeptState(
  session: StorageReader,
  local: StorageReader,
  tabId: number,
  now: number,
): Promise<{ state: ProblemState; auth: AuthStatus } | null> {
  const [s, l] = await Promise.all([session.get([tabKey(tabId), lookupKey(tabId), LOOKUP_GENERATION]), local.get([USER_KEY])]);
  const problem = s[tabKey(tabId)] as DetectedProblem | undefined;
  const kept = validKept(s[lookupKey(tabId)] as KeptLookup | undefined, problem?.url, (s[LOOKUP_GENERATION] as number | undefined) ?? 0, now);
  if (!problem || !kept) return null;
  const user = (l[USER_KEY] as AuthStatus['user'] | undefined) ?? null;
  return { state: { problem, platform: kept.platform, signedIn: !!user, lookup: kept.lookup }, auth: { signedIn: !!user, user } };
}
