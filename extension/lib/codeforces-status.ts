/**
 * Codeforces pages that list submissions with their verdicts, and a reader for their table. Pure
 * (takes a URL or a Document), so it runs in the content script and is tested on saved pages.
 */

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

const profileHandle = (a: Element): string | null => {
  const m = /^\/profile\/([\w.-]{1,40})\/?$/.exec(a.getAttribute('href') ?? '');
  return m?.[1] ?? null;
};

/**
 * The handle of the person signed in to Codeforces, from the page header: the profile link next to
 * the Logout link. Null when nobody is signed in.
 */
export function loggedInHandle(doc: Document): string | null {
  const header = doc.getElementById('header') ?? doc.body;
  const logout = header?.querySelector('a[href*="/logout"]');
  if (!logout) return null;
  const box = logout.parentElement;
  const link = Array.from(box?.querySelectorAll('a[href^="/profile/"]') ?? []).find((a) => profileHandle(a));
  return link ? profileHandle(link) : null;
}

export interface StatusRow {
  submissionId: string;
  /** The handles in the party cell (one, or a team's members). */
  handles: string[];
  /** The problem link as written on the page (relative). */
  problemHref: string | null;
  accepted: boolean;
}

/** Every submission row of a status table. */
export function statusRows(doc: Document): StatusRow[] {
  const rows: StatusRow[] = [];
  for (const tr of Array.from(doc.querySelectorAll('tr[data-submission-id]'))) {
    const submissionId = tr.getAttribute('data-submission-id') ?? '';
    if (!/^\d{1,20}$/.test(submissionId)) continue;
    const party = tr.querySelector('td.status-party-cell');
    const handles = Array.from(party?.querySelectorAll('a[href^="/profile/"]') ?? [])
      .map(profileHandle)
      .filter((h): h is string => h !== null);
    const problem = Array.from(tr.querySelectorAll('a[href]')).find((a) => /\/problem(?:\/\d{1,7})?\/[A-Za-z][0-9]?\/?$/.test(a.getAttribute('href') ?? ''));
    // The judge's own verdict code (submissionVerdict="OK"), else its Accepted marker.
    const wrapper = tr.querySelector('[submissionverdict]');
    const code = wrapper?.getAttribute('submissionverdict');
    const waiting = tr.querySelector('.status-verdict-cell')?.getAttribute('waiting') === 'true';
    const accepted = !waiting && (code !== null && code !== undefined ? code === 'OK' : !!tr.querySelector('.verdict-accepted'));
    rows.push({ submissionId, handles, problemHref: problem?.getAttribute('href') ?? null, accepted });
  }
  return rows;
}

/**
 * The Accepted submissions of the signed-in user on a status page: rows whose party is exactly that
 * handle. Another person's row, or a team's, is never returned.
 */
export function ownAcceptedSubmissions(doc: Document, base: string): { submissionId: string; problemUrl: string }[] {
  const me = loggedInHandle(doc);
  if (!me) return [];
  const out: { submissionId: string; problemUrl: string }[] = [];
  for (const row of statusRows(doc)) {
    if (!row.accepted || !row.problemHref) continue;
    if (row.handles.length !== 1 || row.handles[0]?.toLowerCase() !== me.toLowerCase()) continue;
    try {
      out.push({ submissionId: row.submissionId, problemUrl: new URL(row.problemHref, base).href });
    } catch {
      // A malformed link is skipped.
    }
  }
  return out;
}
