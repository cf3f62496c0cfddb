import { isValidDifficulty } from '@shared/rules/difficulty';
import { parseProblemUrl, platformForHost, platforms } from '@shared/platforms/index';
import type { DetectedProblem, ProblemState } from '@shared/schemas/messages';
import type { LookupState } from '@shared/schemas/message-replies';
import { lookup } from '../lib/actions';
import { isBotCheckText } from '../platforms/types';
import { ApiError, apiClient, TOKEN_KEY, unwrap } from '../lib/api';
import { lookupKey, tabKey } from '../lib/kept-state';
import { signOut } from './auth';
import { forgetMovedTab, notePage } from './health';
import { hasKeptLookup, keepLookup, lookupGeneration, platformInfo } from './kept-lookups';
import { afterSuccess } from './queue';
import { settleVisibleTime } from './solutions';
import { defineArea, done, fail, type HandlerDeps } from './types';

// The problem in each tab: what its content script detected there, and the catalogue's answer for it.

const enrichedKey = (p: { platform: string; key: string }) => `enriched:${p.platform}:${p.key}`;

/** The judge whose site a URL is on (any page of it, not only problems). */
function platformOfUrl(url: string | undefined): string | undefined {
  try {
    return url ? platformForHost(new URL(url).hostname)?.id : undefined;
  } catch {
    return undefined;
  }
}

/** The catalogue's answer, as the popup shows it. */
function toLookupState(found: Awaited<ReturnType<typeof lookup>>): LookupState {
  if (!found.found) return { status: 'notFound', question: found.question };
  const { question, document, solved, notes, popularSheets } = found.data;
  return {
    status: 'found',
    question: {
      _id: question._id,
      name: question.name,
      platform: question.platform,
      difficulty: question.difficulty,
      problemUrl: question.problemUrl,
      topics: question.topics,
      verified: question.verified,
    },
    solved,
    document: document ? { _id: document._id, checked: document.checked, starred: document.starred, customTags: document.customTags } : null,
    notesCount: notes.length,
    popularSheets: popularSheets.map((s) => ({ _id: s._id, name: s.name, slug: s.slug })),
  };
}

/** The catalogue's answer for the problem in a tab, as the popup shows it. */
async function lookupState(deps: HandlerDeps, problem: DetectedProblem): Promise<LookupState> {
  try {
    const client = await apiClient(deps.local, deps.fetch);
    const state = toLookupState(await lookup(client, problem.url));
    afterSuccess(deps);
    return state;
  } catch (err) {
    if (err instanceof ApiError && err.error === 'InvalidPlatform') return { status: 'invalidPlatform', message: 'Invalid Platform' };
    if (err instanceof ApiError && err.code === 401) await signOut(deps);
    return { status: 'error', message: (err as Error).message };
  }
}

/** The judges' own names: a page that yields one as its problem's name was not read (a generic title). */
const JUDGE_NAMES = new Set(platforms.flatMap((p) => [p.name, p.id]).map((n) => n.toLowerCase()));

/**
 * What the extension read on a page, as a catalogue enrichment: only fields actually read (null when it
 * read nothing to add). A content script is untrusted and pages fail to read: a name that is a judge's
 * own or a bot check's title means the page was not the problem's, so nothing read on it is sent. Error
 * pages and login walls are told from problems named "Login" or "Error" by the page reader, which sees
 * whether a statement is shown (isInterstitial).
 */
function enrichment(problem: DetectedProblem) {
  const name = problem.name?.replace(/\s+/g, ' ').trim();
  if (name && (JUDGE_NAMES.has(name.toLowerCase()) || isBotCheckText(name))) return null;
  const topics = [...new Set(problem.topics.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean))].slice(0, 30);
  const body = {
    problemUrl: problem.url,
    ...(name && { name }),
    ...(problem.difficulty && isValidDifficulty(problem.difficulty) && problem.difficulty !== 'N/A' && { difficulty: problem.difficulty }),
    ...(topics.length && { topics }),
  };
  return Object.keys(body).length === 1 ? null : body;
}

/**
 * After a signed-in visit to a problem page, one catalogue lookup serves two ends. It is kept for the
 * tab, so the popup opens on it at once (and checks it again). And what the extension read on the page
 * enriches the catalogue: once per problem and browser session (again if the page later shows more),
 * and only for an unverified question.
 */
async function afterDetection(deps: HandlerDeps, tabId: number, problem: DetectedProblem): Promise<void> {
  if (!(await deps.local.get<string>(TOKEN_KEY))) return;
  const body = enrichment(problem);
  const fingerprint = body && JSON.stringify(body);
  const enrichDue = !!fingerprint && (await deps.session.get<string>(enrichedKey(problem))) !== fingerprint;
  const generation = await lookupGeneration(deps);
  if (!enrichDue && (await hasKeptLookup(deps, tabId, problem.url, generation))) return;
  try {
    const client = await apiClient(deps.local, deps.fetch);
    const found = await lookup(client, problem.url);
    // Unknown problems are not created by a visit; verified ones are never changed.
    const enriching = enrichDue && found.found && !found.data.question.verified;
    if (enriching) await unwrap(client['question-tracker'].v1.question.enrich.$patch({ json: body }));
    // An enriched question has changed since this answer: the popup asks for it then.
    else await keepLookup(deps, tabId, problem, toLookupState(found), generation);
    if (enrichDue && fingerprint) await deps.session.set(enrichedKey(problem), fingerprint);
    afterSuccess(deps);
  } catch {
    // Best effort: the next visit tries again.
  }
}


export const problemArea = defineArea('problem', {
  /** Which problem a URL is (a pure lookup in the registry, so the content script need not carry it). */
  'page:identify': async (m, { deps, tabId }) => {
    await forgetMovedTab(deps, tabId, m.url);
    return done(parseProblemUrl(m.url));
  },
  'problem:detected': async ({ problem, layout }, { deps, sender, tabId }) => {
    // The page may only claim a problem its own URL really is, on its own judge's site.
    const parsed = parseProblemUrl(problem.url);
    if (!parsed || parsed.platform !== problem.platform || parsed.key !== problem.key) return fail('Invalid message');
    if (platformOfUrl(sender.url) !== parsed.platform) return fail('Invalid message');
    const stored: DetectedProblem = { ...problem, url: parsed.url };
    // The time the tab was visible so far belongs to what it showed until now.
    await settleVisibleTime(deps, tabId, sender.tab?.active === true);
    const before = await deps.session.get<DetectedProblem>(tabKey(tabId));
    await deps.session.set(tabKey(tabId), stored);
    if (JSON.stringify(before) !== JSON.stringify(stored)) deps.broadcast?.({ type: 'problem:changed', tabId });
    if (layout) await notePage(deps, tabId, stored, layout, sender.url);
    await afterDetection(deps, tabId, stored);
    return done(null);
  },
  'problem:none': async (_m, { deps, sender, tabId }) => {
    await settleVisibleTime(deps, tabId, sender.tab?.active === true);
    const before = await deps.session.get<DetectedProblem>(tabKey(tabId));
    await deps.session.remove(tabKey(tabId));
    await deps.session.remove(lookupKey(tabId));
    if (before) deps.broadcast?.({ type: 'problem:changed', tabId });
    return done(null);
  },
  'problem:get': async (m, { deps }) => done((await deps.session.get<DetectedProblem>(tabKey(m.tabId))) ?? null),
  'problem:state': async (m, { deps }) => {
    // The generation is read before the lookup, so a change made meanwhile makes the kept answer stale.
    const [stored, token, generation] = await Promise.all([
      deps.session.get<DetectedProblem>(tabKey(m.tabId)),
      deps.local.get<string>(TOKEN_KEY),
      lookupGeneration(deps),
    ]);
    const problem = stored ?? null;
    const lookup = problem ? await lookupState(deps, problem) : null;
    if (problem && lookup) await keepLookup(deps, m.tabId, problem, lookup, generation);
    const state: ProblemState = { problem, platform: problem && platformInfo(problem), signedIn: !!token, lookup };
    return done(state);
  },
});
