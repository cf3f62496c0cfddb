/**
 * Codeforces verdicts, read from the status pages that list submissions: the one home of Codeforces
 * auto-tick. Which pages those are and what they may report; the table itself is read by
 * platforms/codeforces.dom.ts. Pure (takes a URL or a Document), so it runs in the content script
 * (features/codeforces-verdict.ts) and in the background (background/verdicts.ts), and is tested on
 * saved pages.
 */
import { loggedInHandle, statusRows } from '../platforms/codeforces.dom';

/** Paths of the status pages, as match patterns' path parts (the hosts come from the registry). */
export const CODEFORCES_STATUS_PATHS = ['/contest/*/my*', '/gym/*/my*', '/contest/*/status*', '/problemset/status*', '/submissions/*'] as const;

export type StatusScope = { scope: 'contest'; contestId: string } | { scope: 'any' };

/** The submissions a status URL can list: one contest's, or any problem's. Null for other pages. */
export function codeforcesStatusScope(url: URL): StatusScope | null {
  const path = url.pathname.replace(/\/+$/, '');
  const contest = /^\/(?:contest|gym)\/(\d{1,7})\/(?:my|status)(?:\/.*)?$/.exec(path);
  if (contest?.[1]) return { scope: 'contest', contestId: contest[1] };
  if (/^\/problemset\/status(?:\/.*)?$/.test(path)) return { scope: 'any' };
  if (/^\/submissions\/[\w.-]{1,40}(?:\/.*)?$/.test(path)) return { scope: 'any' };
  return null;
}

/** Whether a Codeforces problem key (as the registry writes it: 4A, 1776F2, gym104114C) is in a contest. */
export function keyInContest(key: string, contestId: string): boolean {
  return new RegExp(`^(?:gym)?${contestId}[A-Z][0-9]?$`).test(key);
}

/** One of the signed-in user's submissions on a status page. */
interface OwnSubmission {
  submissionId: string;
  problemUrl: string;
}

/**
 * The signed-in user's judged submissions on a status page, read in one pass: the Accepted ones, and the
 * rejected ones (judged otherwise: the attempts). Only rows whose party is exactly that handle; another
 * person's row, or a team's, is never returned.
 */
export function ownSubmissions(doc: Document, base: string): { accepted: OwnSubmission[]; rejected: OwnSubmission[] } {
  const out = { accepted: [] as OwnSubmission[], rejected: [] as OwnSubmission[] };
  const me = loggedInHandle(doc);
  if (!me) return out;
  for (const row of statusRows(doc)) {
    const list = row.accepted ? out.accepted : row.rejected ? out.rejected : null;
    if (!list || !row.problemHref) continue;
    if (row.handles.length !== 1 || row.handles[0]?.toLowerCase() !== me.toLowerCase()) continue;
    try {
      list.push({ submissionId: row.submissionId, problemUrl: new URL(row.problemHref, base).href });
    } catch {
      // A malformed link is skipped.
    }
  }
  return out;
}
