import { platformById, platformForHost, platforms } from '@shared/platforms/index';
import type { PlatformId } from '@shared/platforms/types';
import { HEALTH_MESSAGES, type HealthFailure, type HealthPart, type JudgeHealth, type PageDiagnosis } from '@shared/schemas/health';
import type { DetectedProblem } from '@shared/schemas/messages';
import { domReaders, statementlessViews } from '../platforms/index';
import { layoutUnderstood } from '../platforms/types';
import { CHECK_FIELDS } from '../verdicts/leetcode';
import { defineArea, done, fail, type HandlerDeps } from './types';
import { oneAtATime } from '../lib/one-at-a-time';

// The extension's health on each judge: the last page it understood, the last verdict it saw, the last
// sync and how it ended, and the last thing it failed to understand, with its time. Kept so that a page
// whose layout changed is never silent: the popup says so on that tab, the options page lists it.

const JUDGES_KEY = 'health:judges';
/** What the extension did not understand on a tab's page (storage.session, dropped when the tab moves or closes). */
export const healthTabKey = (tabId: number) => `health:tab:${tabId}`;

interface StoredHealth {
  page: JudgeHealth['page'];
  verdict: JudgeHealth['verdict'];
  sync: JudgeHealth['sync'];
  failures: Partial<Record<HealthPart, HealthFailure>>;
}

/** The fields each judge's verdict answer is read by (its reader in extension/verdicts/<judge>.ts), by name. */
const answerFields: Partial<Record<PlatformId, Record<string, string>>> = { leetcode: CHECK_FIELDS };

interface TabRecord {
  part: 'page' | 'verdict';
  /** What was not understood is the judge's verdict answer, not the page's layout. */
  answer?: true;
  platform: string;
  url: string;
  at: string;
  matched: string[];
}

const empty = (): StoredHealth => ({ page: null, verdict: null, sync: null, failures: {} });
const nowIso = (deps: HandlerDeps) => new Date(deps.now?.() ?? Date.now()).toISOString();

/** A page's address without its query or fragment, which may carry more than the page it names. */
function pageAddress(url: string | undefined): string | null {
  try {
    const u = new URL(url ?? '');
    return /^https?:$/.test(u.protocol) ? `${u.origin}${u.pathname}` : null;
  } catch {
    return null;
  }
}

// One writer at a time per background: two reports at once must not lose one another.
const oneWriter = oneAtATime();

function updateJudge(deps: HandlerDeps, platform: string, change: (h: StoredHealth) => void): Promise<void> {
  const work = async () => {
    const all = (await deps.local.get<Record<string, StoredHealth>>(JUDGES_KEY)) ?? {};
    const h = { ...empty(), ...all[platform] };
    change(h);
    all[platform] = h;
    await deps.local.set(JUDGES_KEY, all);
  };
  return oneWriter(deps, work);
}

/** The latest of a judge's failures. */
const latest = (failures: StoredHealth['failures']): HealthFailure | null =>
  Object.values(failures).reduce<HealthFailure | null>((a, f) => (!a || f.at > a.at ? f : a), null);

/** Records what a tab's page turned out to be, once its content script has judged it settled. */
export async function notePage(deps: HandlerDeps, tabId: number, problem: DetectedProblem, layout: string[], senderUrl: string | undefined) {
  const url = pageAddress(senderUrl) ?? problem.url;
  const path = new URL(url).pathname;
  const at = nowIso(deps);
  const showsStatement = !statementlessViews[problem.platform as PlatformId]?.test(path);
  if (layoutUnderstood(problem.name, layout, showsStatement)) {
    await deps.session.remove(healthTabKey(tabId));
    await updateJudge(deps, problem.platform, (h) => (h.page = { at, url }));
    return;
  }
  await failed(deps, tabId, { part: 'page', platform: problem.platform, url, at, matched: layout });
}

async function failed(deps: HandlerDeps, tabId: number, record: TabRecord) {
  await deps.session.set(healthTabKey(tabId), record);
  const message = record.answer ? HEALTH_MESSAGES.answer : HEALTH_MESSAGES[record.part];
  await updateJudge(deps, record.platform, (h) => (h.failures[record.part] = { part: record.part, at: record.at, message, url: record.url }));
}

/** Records an Accepted verdict a judge's page reported (and the background accepted as that page's). */
export const noteVerdict = (deps: HandlerDeps, platform: string, url: string) => updateJudge(deps, platform, (h) => (h.verdict = { at: nowIso(deps), url }));

/** Records how a judge's history sync ended; a failed one is also the judge's last sync failure. */
export function noteSync(deps: HandlerDeps, platform: string, ok: boolean, result: string) {
  const at = nowIso(deps);
  return updateJudge(deps, platform, (h) => {
    h.sync = { at, ok, result };
    if (!ok) h.failures.sync = { part: 'sync', at, message: result, url: null };
  });
}

/** The last failed sync of each judge (the sync's overview shows it). */
export async function syncFailures(deps: HandlerDeps): Promise<Record<string, { at: string; message: string }>> {
  const all = (await deps.local.get<Record<string, StoredHealth>>(JUDGES_KEY)) ?? {};
  const out: Record<string, { at: string; message: string }> = {};
  for (const [platform, h] of Object.entries(all)) if (h.failures.sync) out[platform] = { at: h.failures.sync.at, message: h.failures.sync.message };
  return out;
}

/** A tab's page moved to another address: what was not understood on the old one no longer applies. */
export async function forgetMovedTab(deps: HandlerDeps, tabId: number, url: string) {
  const kept = await deps.session.get<TabRecord>(healthTabKey(tabId));
  if (kept && kept.url !== pageAddress(url)) await deps.session.remove(healthTabKey(tabId));
}

export const healthArea = defineArea('health', {
  'verdict:layout': async (m, { deps, sender, tabId }) => {
    const url = pageAddress(sender.url);
    const platform = url ? platformForHost(new URL(url).hostname)?.id : undefined;
    if (!url || !platform || !domReaders[platform] || (m.answer && !answerFields[platform])) return fail('Unknown sender');
    await failed(deps, tabId, { part: 'verdict', platform, url, at: nowIso(deps), matched: m.layout, ...(m.answer && { answer: true as const }) });
    return done(null);
  },
  'health:tab': async (m, { deps }) => {
    const kept = await deps.session.get<TabRecord>(healthTabKey(m.tabId));
    const table = kept && (kept.answer ? answerFields[kept.platform as PlatformId] : domReaders[kept.platform as PlatformId]?.[1]);
    if (!kept || !table) return done(null);
    const names = Object.keys(table);
    const matched = names.filter((n) => kept.matched.includes(n));
    const diagnosis: PageDiagnosis = {
      part: kept.part,
      ...(kept.answer && { answer: true as const }),
      platform: kept.platform,
      judge: platformById(kept.platform)?.name ?? kept.platform,
      url: kept.url,
      at: kept.at,
      matched,
      unmatched: names.filter((n) => !matched.includes(n)),
    };
    return done(diagnosis);
  },
  'health:status': async (_m, { deps }) => {
    const all = (await deps.local.get<Record<string, StoredHealth>>(JUDGES_KEY)) ?? {};
    const list: JudgeHealth[] = platforms
      .filter((p) => p.problemSource)
      .map((p) => {
        const h = { ...empty(), ...all[p.id] };
        return { platform: p.id, name: p.name, page: h.page, verdict: h.verdict, sync: h.sync, failure: latest(h.failures) };
      });
    return done(list);
  },
});
