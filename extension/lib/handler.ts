import { isValidDifficulty } from '@shared/rules/difficulty';
import { parseProblemUrl, platformById, platformForHost } from '@shared/platforms/index';
import {
  contentMessageSchema,
  pageMessageSchema,
  type ActionResult,
  type AuthStatus,
  type BroadcastMessage,
  type DetectedProblem,
  type EditableSheet,
  type LookupState,
  type PlatformInfo,
  type ProblemState,
  type QueueStatus,
  type RecordSetResult,
  type Reply,
  type Settings,
  type SheetOutline,
  type Verdict,
  type VerdictResult,
} from '@shared/schemas/messages';
import { ACTION_MESSAGES, executeAction, lookup } from './actions';
import {
  ApiError,
  apiClient,
  getSettings,
  NetworkError,
  NETWORK_MESSAGE,
  SETTINGS_KEY,
  TOKEN_KEY,
  unwrap,
  USER_KEY,
  type KeyValue,
} from './api';
import { LOOKUP_GENERATION, lookupKey, tabKey, validKept, type KeptLookup } from './kept-state';
import { OfflineQueue, type Outcome, type QueuedAction } from './queue';
import { verdictProblem } from './verdicts';

export type { KeyValue } from './api';
export { apiClient, getSettings } from './api';

export interface Sender {
  id?: string;
  url?: string;
  tab?: { id?: number };
}

export interface HandlerDeps {
  extensionId: string;
  extensionOrigin: string;
  local: KeyValue;
  session: KeyValue;
  fetch: typeof fetch;
  /** Tells the extension's own pages that something changed (a tab's problem, the queue). */
  broadcast?(message: BroadcastMessage): void;
  now?(): number;
  newId?(): string;
}

const enrichedKey = (p: { platform: string; key: string }) => `enriched:${p.platform}:${p.key}`;
const SEEN_VERDICTS = 'verdicts:seen';
const SEEN_LIMIT = 2000;

export const VERDICT_MESSAGES = {
  refused: 'This verdict is not for the problem of this tab',
  signedOut: 'Sign in to Practice Tracker to tick solved problems automatically.',
  queued: 'Accepted! It will be ticked in Practice Tracker when the tracker is reachable.',
  ticked: (name: string) => `Accepted! ${name} is marked solved in Practice Tracker.`,
} as const;

/** The judge whose site a URL is on (any page of it, not only problems). */
function platformOfUrl(url: string | undefined): string | undefined {
  try {
    return url ? platformForHost(new URL(url).hostname)?.id : undefined;
  } catch {
    return undefined;
  }
}

const fail = (error: string, code?: number): Reply<never> => (code === undefined ? { ok: false, error } : { ok: false, error, code });
const done = <T>(data: T): Reply<T> => ({ ok: true, data });

// One queue (and one verdict lock) per background, kept with its dependencies.
const queues = new WeakMap<HandlerDeps, OfflineQueue>();
const verdictLocks = new WeakMap<HandlerDeps, Promise<unknown>>();

/** The offline queue of this background. */
export function queueFor(deps: HandlerDeps): OfflineQueue {
  let queue = queues.get(deps);
  if (!queue) {
    queue = new OfflineQueue({
      store: deps.local,
      execute: async (action) => {
        const outcome = await executeAction(await apiClient(deps.local, deps.fetch), action);
        await forgetLookups(deps);
        return outcome;
      },
      owner: async () => ((await deps.local.get<string>(TOKEN_KEY)) ? ((await deps.local.get<AuthStatus['user']>(USER_KEY))?.email ?? 'me') : null),
      now: deps.now ?? (() => Date.now()),
      newId: deps.newId ?? (() => crypto.randomUUID()),
      onChange: (pending) => deps.broadcast?.({ type: 'queue:changed', pending }),
    });
    queues.set(deps, queue);
  }
  return queue;
}

/** Sends what waits in the queue (alarms, start-up, and after any call that reached the API). */
export async function flushQueue(deps: HandlerDeps): Promise<void> {
  const queue = queueFor(deps);
  if ((await queue.status()).pending > 0) await queue.flush();
}

function afterSuccess(deps: HandlerDeps) {
  void flushQueue(deps).catch(() => undefined);
}

async function signOut(deps: HandlerDeps) {
  await deps.local.remove(TOKEN_KEY);
  await deps.local.remove(USER_KEY);
  await forgetLookups(deps);
}

const lookupGeneration = async (deps: HandlerDeps) => (await deps.session.get<number>(LOOKUP_GENERATION)) ?? 0;

/** After a change to records, notes, sheets or the account: every kept lookup is out of date. */
async function forgetLookups(deps: HandlerDeps) {
  await deps.session.set(LOOKUP_GENERATION, (await lookupGeneration(deps)) + 1);
}

/** Whether a tab has a kept answer for its problem still worth showing (see kept-state.ts). */
async function hasKeptLookup(deps: HandlerDeps, tabId: number, url: string, generation: number): Promise<boolean> {
  return !!validKept(await deps.session.get<KeptLookup>(lookupKey(tabId)), url, generation, (deps.now ?? Date.now)());
}

const platformInfo = (problem: DetectedProblem): PlatformInfo | null => {
  const platform = platformById(problem.platform);
  return platform ? { id: platform.id, name: platform.name, icon: platform.icon } : null;
};

/**
 * Keeps a definite answer (found or not found) for the popup to paint on its next opening, under the
 * generation read before it was asked for.
 */
async function keepLookup(deps: HandlerDeps, tabId: number, problem: DetectedProblem, lookup: LookupState, generation: number) {
  if (lookup.status !== 'found' && lookup.status !== 'notFound') return;
  const kept: KeptLookup = { url: problem.url, generation, at: (deps.now ?? Date.now)(), platform: platformInfo(problem), lookup };
  await deps.session.set(lookupKey(tabId), kept);
}

/** A queued action's outcome as the pages see it; a refused one is an error with the API's message. */
function actionReply<T>(outcome: Outcome): Reply<ActionResult<T>> {
  if (outcome.status === 'sent') return done({ status: 'sent', result: outcome.result as T, message: outcome.message });
  if (outcome.status === 'queued') return done({ status: 'queued', message: ACTION_MESSAGES.queued });
  return fail(outcome.error.error === 'InvalidPlatform' ? 'Invalid Platform' : outcome.error.message, outcome.error.code);
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

/** What the extension read on a page, as a catalogue enrichment (null when it read nothing to add). */
function enrichment(problem: DetectedProblem) {
  const body = {
    problemUrl: problem.url,
    ...(problem.name?.trim() && { name: problem.name.trim() }),
    ...(problem.difficulty && isValidDifficulty(problem.difficulty) && problem.difficulty !== 'N/A' && { difficulty: problem.difficulty }),
    ...(problem.topics.length && { topics: problem.topics.map((t) => t.trim()).filter(Boolean).slice(0, 30) }),
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
    if (enriching && body) await unwrap(client['question-tracker'].v1.question.enrich.$patch({ json: body }));
    // An enriched question has changed since this answer: the popup asks for it then.
    else await keepLookup(deps, tabId, problem, toLookupState(found), generation);
    if (enrichDue && fingerprint) await deps.session.set(enrichedKey(problem), fingerprint);
    afterSuccess(deps);
  } catch {
    // Best effort: the next visit tries again.
  }
}

/** Runs verdicts one at a time, so the same submission reported twice at once is ticked once. */
function withVerdictLock<T>(deps: HandlerDeps, work: () => Promise<T>): Promise<T> {
  const previous = verdictLocks.get(deps) ?? Promise.resolve();
  const run = previous.then(work, work);
  verdictLocks.set(
    deps,
    run.catch(() => undefined),
  );
  return run;
}

async function handleVerdict(deps: HandlerDeps, verdict: Verdict, sender: Sender, tabId: number): Promise<Reply<VerdictResult>> {
  const tabProblem = await deps.session.get<DetectedProblem>(tabKey(tabId));
  const problem = verdictProblem(verdict, sender.url, tabProblem);
  if (!problem) return fail(VERDICT_MESSAGES.refused);
  const settings = await getSettings(deps.local);
  if (!settings.autoTick) return done({ status: 'disabled', message: '' });
  if (!(await deps.local.get<string>(TOKEN_KEY))) return done({ status: 'signed-out', message: VERDICT_MESSAGES.signedOut });
  const id = `${verdict.source}:${verdict.submissionId}`;
  const fresh = await withVerdictLock(deps, async () => {
    const seen = (await deps.local.get<string[]>(SEEN_VERDICTS)) ?? [];
    if (seen.includes(id)) return false;
    await deps.local.set(SEEN_VERDICTS, [...seen, id].slice(-SEEN_LIMIT));
    return true;
  });
  if (!fresh) return done({ status: 'duplicate', message: '' });
  const details = tabProblem && tabProblem.platform === problem.platform && tabProblem.key === problem.key ? tabProblem : null;
  const outcome = await queueFor(deps).submit({
    kind: 'record:set',
    problemUrl: problem.url,
    checked: true,
    ...(details && { details: { name: details.name, difficulty: details.difficulty, topics: details.topics } }),
  });
  if (outcome.status === 'queued') return done({ status: 'queued', message: VERDICT_MESSAGES.queued });
  if (outcome.status === 'dropped') return fail(outcome.error.message, outcome.error.code);
  const name = details?.name ?? problem.key;
  return done({ status: 'ticked', message: VERDICT_MESSAGES.ticked(name) });
}

/** Adds a problem link (the context menu on any page) to the workspace. */
export async function addLinkToWorkspace(deps: HandlerDeps, linkUrl: string): Promise<Reply<ActionResult<RecordSetResult>>> {
  const parsed = parseProblemUrl(linkUrl);
  if (!parsed) return fail('Invalid Platform', 400);
  try {
    return actionReply<RecordSetResult>(await queueFor(deps).submit({ kind: 'record:set', problemUrl: parsed.url }));
  } catch (err) {
    return fail((err as Error).message, err instanceof ApiError ? err.code : undefined);
  }
}

/** Messages from a content script: it may only report what it saw on its own tab. */
async function handleContent(raw: unknown, sender: Sender, tabId: number, deps: HandlerDeps): Promise<Reply<unknown>> {
  const msg = contentMessageSchema.safeParse(raw);
  if (!msg.success) return fail('Invalid message');
  const m = msg.data;
  switch (m.type) {
    case 'page:identify':
      return done(parseProblemUrl(m.url));
    case 'problem:detected': {
      // The page may only claim a problem its own URL really is, on its own judge's site.
      const { problem } = m;
      const parsed = parseProblemUrl(problem.url);
      if (!parsed || parsed.platform !== problem.platform || parsed.key !== problem.key) return fail('Invalid message');
      if (platformOfUrl(sender.url) !== parsed.platform) return fail('Invalid message');
      const stored: DetectedProblem = { ...problem, url: parsed.url };
      const before = await deps.session.get<DetectedProblem>(tabKey(tabId));
      await deps.session.set(tabKey(tabId), stored);
      if (JSON.stringify(before) !== JSON.stringify(stored)) deps.broadcast?.({ type: 'problem:changed', tabId });
      await afterDetection(deps, tabId, stored);
      return done(null);
    }
    case 'problem:none': {
      const before = await deps.session.get<DetectedProblem>(tabKey(tabId));
      await deps.session.remove(tabKey(tabId));
      await deps.session.remove(lookupKey(tabId));
      if (before) deps.broadcast?.({ type: 'problem:changed', tabId });
      return done(null);
    }
    case 'verdict:accepted':
      return handleVerdict(deps, m.verdict, sender, tabId);
  }
}

/**
 * Every message the background receives goes through here. Content scripts are untrusted: they may
 * only report what they detected, and verdicts, for their own tab. Privileged calls (the token, the
 * API, settings, notes) come only from extension pages.
 */
export async function handleMessage(raw: unknown, sender: Sender, deps: HandlerDeps): Promise<Reply<unknown>> {
  if (sender.id !== deps.extensionId) return fail('Unknown sender');
  // The browser sets sender.url: a content script's is the web page's, an extension page's is ours
  // (even when the popup or side panel is opened in a tab).
  const fromExtensionPage = !!sender.url?.startsWith(deps.extensionOrigin);
  if (!fromExtensionPage) {
    const tabId = sender.tab?.id;
    if (tabId === undefined) return fail('Unknown sender');
    return handleContent(raw, sender, tabId, deps);
  }

  const msg = pageMessageSchema.safeParse(raw);
  if (!msg.success) return fail('Invalid message');
  const m = msg.data;
  try {
    const client = () => apiClient(deps.local, deps.fetch);
    const reached = <T>(value: T): Reply<T> => {
      afterSuccess(deps);
      return done(value);
    };
    switch (m.type) {
      case 'auth:status': {
        const user = await deps.local.get<AuthStatus['user']>(USER_KEY);
        const token = await deps.local.get<string>(TOKEN_KEY);
        return done({ signedIn: !!token, user: token ? (user ?? null) : null } satisfies AuthStatus);
      }
      case 'auth:login': {
        const data = await unwrap((await client()).auth.v1.login.$post({ json: { email: m.email, password: m.password } }));
        await deps.local.set(TOKEN_KEY, data.token);
        const user = { email: data.user.email, firstName: data.user.firstName, secondName: data.user.secondName };
        await deps.local.set(USER_KEY, user);
        await forgetLookups(deps);
        return reached({ signedIn: true, user } satisfies AuthStatus);
      }
      case 'auth:logout': {
        await (await client()).auth.v1.logout.$post().catch(() => undefined);
        await signOut(deps);
        return done({ signedIn: false, user: null } satisfies AuthStatus);
      }
      case 'problem:get':
        return done((await deps.session.get<DetectedProblem>(tabKey(m.tabId))) ?? null);
      case 'problem:state': {
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
      }
      case 'record:set': {
        const { type: _type, problemUrl, details, ...change } = m;
        const parsed = parseProblemUrl(problemUrl);
        if (!parsed) return fail('Invalid Platform', 400);
        const action: QueuedAction = { kind: 'record:set', problemUrl: parsed.url, ...change, ...(details && { details }) };
        return actionReply<RecordSetResult>(await queueFor(deps).submit(action));
      }
      case 'sheets:list': {
        const c = await client();
        const mine = await unwrap(c['question-tracker'].v2.sheet['my-sheets'].$get());
        const editable = [
          ...mine.custom.map((s) => ({ s, role: 'author' as const })),
          ...mine.shared.filter((s) => !mine.custom.some((o) => o._id === s._id)).map((s) => ({ s, role: 'collaborator' as const })),
        ];
        const sheets: EditableSheet[] = await Promise.all(
          editable.map(async ({ s, role }, i) => {
            let contains: boolean | null = null;
            // Which of the user's own sheets hold the question (the first few, to stay quick).
            if (m.questionId && i < 25) {
              const data = await unwrap(c['question-tracker'].v2.sheet['get-sheet-data'][':id'].$get({ param: { id: s._id } })).catch(() => null);
              contains = data ? data.mappings.some((mp) => mp.questionId._id === m.questionId) : null;
            }
            return { _id: s._id, name: s.name, slug: s.slug, role, contains };
          }),
        );
        return reached(sheets);
      }
      case 'sheet:get': {
        const data = await unwrap((await client())['question-tracker'].v2.sheet['get-sheet-data'][':id'].$get({ param: { id: m.sheetId } }));
        const outline: SheetOutline = {
          _id: data.sheet._id,
          name: data.sheet.name,
          topicOrder: data.sheet.config.topicOrder,
          subTopicOrder: data.sheet.config.subTopicOrder,
        };
        return reached(outline);
      }
      case 'sheet:add': {
        const parsed = parseProblemUrl(m.problemUrl);
        if (!parsed) return fail('Invalid Platform', 400);
        return actionReply(
          await queueFor(deps).submit({
            kind: 'sheet:add',
            sheetId: m.sheetId,
            problemUrl: parsed.url,
            topic: m.topic,
            subTopic: m.topic ? m.subTopic : '',
            ...(m.title ? { title: m.title } : {}),
          }),
        );
      }
      case 'notes:question':
        return reached(
          await unwrap((await client())['question-tracker'].v1.user.notes['get-question-notes'][':questionId'].$get({ param: { questionId: m.questionId } })),
        );
      case 'notes:general': {
        const query = { type: 'general' as const, limit: '100', ...(m.search?.trim() ? { search: m.search.trim() } : {}) };
        return reached(await unwrap((await client())['question-tracker'].v1.user.notes['get-notes'].$get({ query })));
      }
      case 'note:get':
        return reached((await unwrap((await client())['question-tracker'].v1.user.notes['get-note'][':id'].$get({ param: { id: m.noteId } }))).note);
      case 'note:create': {
        const json = { questionId: m.questionId, title: m.title, note: m.note, tags: m.tags };
        const { note } = await unwrap((await client())['question-tracker'].v1.user.notes['create-note'].$post({ json }));
        await forgetLookups(deps);
        return reached(note);
      }
      case 'note:update': {
        const { type: _type, noteId, ...fields } = m;
        return actionReply(await queueFor(deps).submit({ kind: 'note:update', noteId, ...fields }));
      }
      case 'note:delete': {
        const deleted = await unwrap((await client())['question-tracker'].v1.user.notes['delete-note'][':id'].$delete({ param: { id: m.noteId } }));
        await forgetLookups(deps);
        return reached(deleted);
      }
      case 'notes:tags':
        return reached((await unwrap((await client())['question-tracker'].v1.user.notes['get-tags'].$get())).tags);
      case 'activity:today': {
        const query = m.timeZone ? { tz: m.timeZone } : {};
        const { activity } = await unwrap((await client())['question-tracker'].v1.user.analytics.activity.$get({ query }));
        return reached({ date: activity.to, solved: activity.days[activity.to] ?? 0 });
      }
      case 'queue:status':
        return done((await queueFor(deps).status()) satisfies QueueStatus);
      case 'queue:flush':
        await queueFor(deps).flush();
        return done((await queueFor(deps).status()) satisfies QueueStatus);
      case 'settings:get':
        return done(await getSettings(deps.local));
      case 'settings:set': {
        const current = await getSettings(deps.local);
        const next: Settings = { ...current, ...(m.autoTick !== undefined && { autoTick: m.autoTick }) };
        if (m.apiBaseUrl !== undefined) {
          const url = new URL(m.apiBaseUrl);
          if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('The API address must start with http:// or https://');
          next.apiBaseUrl = url.origin;
        }
        await deps.local.set(SETTINGS_KEY, next);
        if (next.apiBaseUrl !== current.apiBaseUrl) {
          // A different server means a different account, and nothing waiting is for it.
          await signOut(deps);
          await queueFor(deps).clear();
        }
        return done(next);
      }
    }
  } catch (err) {
    if (err instanceof NetworkError) return fail(NETWORK_MESSAGE, 0);
    if (err instanceof ApiError) {
      if (err.code === 401) await signOut(deps);
      return fail(err.error === 'InvalidPlatform' ? 'Invalid Platform' : err.message, err.code);
    }
    return fail(err instanceof TypeError ? NETWORK_MESSAGE : (err as Error).message);
  }
}
