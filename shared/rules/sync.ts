import { plural } from '../plural';
import type { SyncJudge, SyncSummary } from '../schemas/sync';

// The words of "Sync solved problems", the same in the extension's panel and the dashboard.

/** What a judge's sync did: "3 new, 2 already in your workspace, 1 added as a custom question; skipped: …". */
export function syncSummaryText(s: SyncSummary): string {
  const parts = [`${s.new} new`, `${s.alreadySolved} already in your workspace`, `${s.custom} new to the catalogue (added as custom questions)`];
  if (s.codeKept) parts.push(`code kept for ${s.codeKept}`);
  const skipped = s.skipped.map((k) => `${k.count} ${k.reason}`);
  return `${parts.join(', ')}${skipped.length ? `; skipped: ${skipped.join('; ')}` : ''}.`;
}

/** The running judge's progress: "Codeforces: 2 pages read, 40 problems found, 38 imported". */
function syncProgressText(j: SyncJudge): string {
  const p = j.progress ?? { pages: 0, found: 0, imported: 0 };
  return `${j.name}: ${plural(p.pages, 'page')} read, ${plural(p.found, 'problem')} found, ${p.imported} imported`;
}

/** Who the judge's history is read as. */
export function syncAccountText(j: SyncJudge): string {
  switch (j.account) {
    case 'signedIn':
      return j.handle ? `Signed in as ${j.handle}` : 'Signed in';
    case 'signedOut':
      return `Not signed in: sign in on ${j.name} in this browser`;
    case 'session':
      return `Uses your ${j.name} sign-in in this browser`;
    case 'ready':
      return `Handle: ${j.handle ?? ''}`;
    case 'handleNeeded':
      return 'Handle needed';
    case 'unavailable':
      return j.message ?? 'Not available';
  }
}

/** The last complete sync: "Last synced 25 Nov 2026, 17:04 · 42 problems", or "Never synced". */
export function syncLastText(j: SyncJudge, locale?: string): string {
  if (!j.lastSyncAt) return 'Never synced';
  const when = new Date(j.lastSyncAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return `Last synced ${when}${j.lastCount === null ? '' : ` · ${plural(j.lastCount, 'problem')}`}`;
}

/** The last failed sync, when there was one: "Last failure 25 Nov 2026, 17:04: Sign in on CSES in this browser, then sync again." */
export function syncFailureText(j: SyncJudge, locale?: string): string | null {
  if (!j.lastFailure) return null;
  const when = new Date(j.lastFailure.at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return `Last failure ${when}: ${j.lastFailure.message}`;
}

/** What the judge's state means, when there is something to say besides the summary. */
export function syncStateText(j: SyncJudge): string | null {
  switch (j.state) {
    case 'queued':
      return 'Waiting for its turn…';
    case 'running':
      return syncProgressText(j);
    case 'paused':
    case 'error':
    case 'signedOut':
    case 'cancelled':
      return j.message;
    default:
      return null;
  }
}
