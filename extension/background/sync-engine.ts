import { platformById } from '@shared/platforms/index';
import { SYNC_CHUNK, type AutoSync, type SyncImportResult, type SyncJudge, type SyncOverview, type SyncSummary } from '@shared/schemas/sync';
import { ApiError, apiClient, isRetryable, NetworkError, TOKEN_KEY, unwrap, USER_KEY } from '../lib/api';
import { historyReaderFor, historyReaders, retryAdvice, SYNC_ORIGINS, unsupportedJudges, type HistoryReader, type SyncAnswer, type SyncPage, type SyncState } from '../sync/index';
import { MAX_ATTEMPTS } from '../sync/retry';
import type { SyncItem } from '../sync/types';
import { signOut } from './auth';
import type { HandlerDeps } from './types';

// "Sync solved problems": the loop that runs the history readers (extension/sync) against the judges and
// sends what they find to the tracker. Every step is kept in storage before the next one starts, so a
// service worker stopped at any point resumes where it was: a page read is kept with its cursor in one
// write, and leaves the pending list only once the tracker has taken it (importing the same chunk twice
// changes nothing on the server, so a step repeated after a stop is harmless).

const RUN_KEY = 'sync:run';
export const JUDGES_KEY = 'sync:judges';
const SYNC_SETTINGS_KEY = 'sync:settings';
const PROBE_KEY = 'sync:probe';
/** How long a check of the LeetCode session is believed. */
const PROBE_MS = 5 * 60_000;

/** The sync's own settings: a handle per handle judge, and whether it runs by itself each day. */
export interface SyncSettings {
  handles: Record<string, string>;
  autoSync: AutoSync;
}

/** What is kept of a judge between syncs. `since` is when its last complete sync started. */
export interface JudgeRecord {
  since: string | null;
  lastSyncAt: string | null;
  lastCount: number | null;
  state: SyncJudge['state'];
  message: string | null;
  summary: SyncSummary | null;
  progress: SyncJudge['progress'];
}

/** The judge a run is reading now: where its history reading stands and what waits to be sent. */
export interface RunJudge {
  platform: string;
  /** The run's start for this judge: the `since` of its next sync, and the date of undated solves. */
  startedAt: string;
  since: string | null;
  cursor: unknown;
  /** The history is read to its end: only `pending` is left to send. */
  read: boolean;
  pending: SyncItem[];
  pages: number;
  found: number;
  imported: number;
  /** Failures of the current request (to the judge or to the tracker) in a row. */
  attempt: number;
  /** The judge is not asked before this time (ms): the reader's pause between requests, or a retry's wait. */
  notBefore: number;
  /** The tracker is not sent the pending list before this time (ms): a retry's wait. */
  sendAfter: number;
  summary: SyncSummary;
}

export interface Run {
  queue: string[];
  current: RunJudge | null;
  cancelled: boolean;
  /** Set when the tracker could not take what was read: the run waits, kept, until the next Sync. */
  paused: string | null;
}

/** How the loop reaches the world beyond HandlerDeps; each has a default for the browser. */
export interface SyncIo {
  /** Waits, or stops waiting when the run is cancelled. */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
  /** Parses a judge's answer where an HTML parser exists (an offscreen document in Chrome). */
  parseElsewhere?(platform: string, answer: SyncAnswer, state: SyncState<unknown>, now: string): Promise<SyncPage<unknown>>;
  /** LeetCode's csrftoken cookie, when the browser lets the extension read it. */
  cookie?(url: string, name: string): Promise<string | undefined>;
  /** The daily sync was switched on or off (the background sets or clears its alarm). */
  onAutoSync?(choice: AutoSync): void;
}

const emptySummary = (): SyncSummary => ({ new: 0, alreadySolved: 0, custom: 0, skipped: [] });
const emptyRecord = (): JudgeRecord => ({ since: null, lastSyncAt: null, lastCount: null, state: 'idle', message: null, summary: null, progress: null });
const nameOf = (platform: string) => platformById(platform)?.name ?? platform;

export async function syncSettings(deps: HandlerDeps): Promise<SyncSettings> {
  const kept = await deps.local.get<Partial<SyncSettings>>(SYNC_SETTINGS_KEY);
  return { handles: kept?.handles ?? {}, autoSync: kept?.autoSync ?? 'off' };
}

export async function saveSyncSettings(deps: HandlerDeps, next: SyncSettings) {
  await deps.local.set(SYNC_SETTINGS_KEY, next);
}

async function judges(deps: HandlerDeps): Promise<Record<string, JudgeRecord>> {
  return (await deps.local.get<Record<string, JudgeRecord>>(JUDGES_KEY)) ?? {};
}

async function setJudge(deps: HandlerDeps, platform: string, patch: Partial<JudgeRecord>) {
  const all = await judges(deps);
  all[platform] = { ...emptyRecord(), ...all[platform], ...patch };
  await deps.local.set(JUDGES_KEY, all);
}

export const getRun = (deps: HandlerDeps) => deps.local.get<Run>(RUN_KEY);
const saveRun = (deps: HandlerDeps, run: Run) => deps.local.set(RUN_KEY, run);

function addSkipped(summary: SyncSummary, count: number, reason: string) {
  if (count <= 0) return;
  const seen = summary.skipped.find((s) => s.reason === reason);
  if (seen) seen.count += count;
  else summary.skipped.push({ count, reason });
}

const now = (deps: HandlerDeps) => deps.now?.() ?? Date.now();

const LINKED_KEY = 'sync:linked';

/**
 * The handles linked to the user's tracker account (its judge accounts), used where none was entered in
 * the extension; asked of the API again when `refresh` or when none are kept for this browser session.
 */
async function linkedHandles(deps: HandlerDeps, refresh: boolean): Promise<Record<string, string>> {
  const kept = await deps.session.get<Record<string, string>>(LINKED_KEY);
  if (kept && !refresh) return kept;
  if (!(await deps.local.get<string>(TOKEN_KEY))) return {};
  try {
    const client = await apiClient(deps.local, deps.fetch);
    const { accounts } = await unwrap(client['question-tracker'].v1.user.accounts.$get());
    const handles = Object.fromEntries(accounts.map((a) => [a.platform, a.handle]));
    await deps.session.set(LINKED_KEY, handles);
    return handles;
  } catch {
    return kept ?? {};
  }
}

/** The handle a judge is read as: the one entered in the extension, else the account's linked one. */
const handleFor = (platform: string, settings: SyncSettings, linked: Record<string, string>): string | null =>
  settings.handles[platform]?.trim() || linked[platform]?.trim() || null;

/** Whether a judge can be synced now, and with what (a handle judge needs its handle). */
function readiness(reader: HistoryReader, settings: SyncSettings, linked: Record<string, string>): { ready: boolean; handle: string | null } {
  const handle = handleFor(reader.platform, settings, linked);
  return { ready: reader.needs === 'session' || !!handle, handle };
}

/** The LeetCode user signed in in this browser, asked of LeetCode itself (kept for a few minutes). */
async function probeLeetcode(deps: HandlerDeps): Promise<{ signedIn: boolean; username: string | null } | null> {
  const kept = await deps.session.get<{ at: number; signedIn: boolean; username: string | null }>(PROBE_KEY);
  if (kept && now(deps) - kept.at < PROBE_MS) return kept;
  try {
    const res = await deps.fetch(`${SYNC_ORIGINS.leetcode}/graphql/`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operationName: 'syncWho', query: 'query syncWho { userStatus { isSignedIn username } }', variables: {} }),
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await res.json()) as { data?: { userStatus?: { isSignedIn?: unknown; username?: unknown } } };
    const status = json.data?.userStatus;
    if (!status || typeof status.isSignedIn !== 'boolean') return null;
    const answer = { at: now(deps), signedIn: status.isSignedIn, username: status.isSignedIn && typeof status.username === 'string' ? status.username : null };
    await deps.session.set(PROBE_KEY, answer);
    return answer;
  } catch {
    return null;
  }
}

/** Everything the sync panel shows. `probe`: also ask LeetCode who is signed in (one small request). */
export async function overview(deps: HandlerDeps, probe = false): Promise<SyncOverview> {
  const [settings, records, run, user, token] = await Promise.all([
    syncSettings(deps),
    judges(deps),
    getRun(deps),
    deps.local.get<{ email: string }>(USER_KEY),
    deps.local.get<string>(TOKEN_KEY),
  ]);
  const linked = await linkedHandles(deps, probe);
  const leetcode = probe ? await probeLeetcode(deps) : ((await deps.session.get<{ signedIn: boolean; username: string | null }>(PROBE_KEY)) ?? null);
  const list: SyncJudge[] = historyReaders.map((reader) => {
    const record = { ...emptyRecord(), ...records[reader.platform] };
    const { handle } = readiness(reader, settings, linked);
    let account: SyncJudge['account'] = reader.needs === 'session' ? 'session' : handle ? 'ready' : 'handleNeeded';
    let shownHandle = handle;
    if (reader.platform === 'leetcode' && leetcode) {
      account = leetcode.signedIn ? 'signedIn' : 'signedOut';
      shownHandle = leetcode.username;
    }
    const current = run?.current?.platform === reader.platform ? run.current : null;
    const queued = !!run && run.queue.includes(reader.platform);
    return {
      platform: reader.platform,
      name: nameOf(reader.platform),
      account,
      handle: shownHandle,
      state: run?.cancelled && (current || queued) ? 'cancelled' : current ? (run?.paused ? 'paused' : 'running') : queued ? (run.paused ? 'paused' : 'queued') : record.state,
      lastSyncAt: record.lastSyncAt,
      lastCount: record.lastCount,
      progress: current ? { pages: current.pages, found: current.found, imported: current.imported } : record.progress,
      summary: current ? current.summary : record.summary,
      message: current && run?.paused ? run.paused : record.message,
    };
  });
  for (const judge of unsupportedJudges) {
    list.push({
      platform: judge.platform,
      name: nameOf(judge.platform),
      account: 'unavailable',
      handle: null,
      state: 'idle',
      lastSyncAt: null,
      lastCount: null,
      progress: null,
      summary: null,
      message: judge.reason,
    });
  }
  return { account: token ? (user?.email ?? null) : null, running: !!run && !run.paused && !run.cancelled, autoSync: settings.autoSync, judges: list };
}

/**
 * Starts a sync of the given judges (or every ready one), or adds them to the one running; a paused run
 * carries on. Judges that are not ready (no handle) are marked so and left out. Returns at once: the loop
 * goes on in the background (`drive`).
 */
export async function startSync(deps: HandlerDeps, platforms: readonly string[] | undefined, io: SyncIo, only: 'any' | 'synced-before' = 'any') {
  // A cancelled loop still finishing its cancel would end this run too: let it finish first.
  const stopping = loops.get(deps);
  if (stopping?.controller.signal.aborted) await stopping.done;
  const settings = await syncSettings(deps);
  const records = await judges(deps);
  const linked = await linkedHandles(deps, false);
  const wanted = platforms ?? historyReaders.map((r) => r.platform);
  const chosen: string[] = [];
  for (const platform of wanted) {
    const reader = historyReaderFor(platform);
    if (!reader) continue;
    if (only === 'synced-before' && !records[platform]?.since) continue;
    if (!readiness(reader, settings, linked).ready) {
      if (platforms) await setJudge(deps, platform, { state: 'error', message: `Enter your ${nameOf(platform)} handle first.` });
      continue;
    }
    chosen.push(platform);
  }
  const run: Run = (await getRun(deps)) ?? { queue: [], current: null, cancelled: false, paused: null };
  if (run.cancelled) Object.assign(run, { queue: [], current: null, cancelled: false });
  run.paused = null;
  for (const platform of chosen) {
    if (run.current?.platform !== platform && !run.queue.includes(platform)) run.queue.push(platform);
  }
  if (!run.current && run.queue.length === 0) return;
  await saveRun(deps, run);
  for (const platform of run.queue) await setJudge(deps, platform, { state: 'queued', message: null });
  void drive(deps, io);
}

/** Stops the run: what was already imported stays; the judges' `since` does not move, so nothing is missed. */
export async function cancelSync(deps: HandlerDeps) {
  const run = await getRun(deps);
  if (!run) return;
  run.cancelled = true;
  await saveRun(deps, run);
  const running = loops.get(deps);
  // A paused or stopped loop is not there to see the flag: finish the cancel here.
  if (!running) return finishCancel(deps, run);
  // The loop sees the flag at its next step and ends the run (not awaited: the loop may be the caller).
  running.controller.abort();
}

async function finishCancel(deps: HandlerDeps, run: Run) {
  for (const platform of [...(run.current ? [run.current.platform] : []), ...run.queue]) {
    const c = run.current?.platform === platform ? run.current : null;
    await setJudge(deps, platform, {
      state: 'cancelled',
      message: 'Cancelled. What was already imported stays; the next sync reads the rest.',
      summary: c?.summary ?? null,
      progress: c ? { pages: c.pages, found: c.found, imported: c.imported } : null,
    });
  }
  await deps.local.remove(RUN_KEY);
}

// One loop per background: a call while one runs gets that loop (it reads the same storage).
const loops = new WeakMap<HandlerDeps, { controller: AbortController; done: Promise<void> }>();

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done) => {
    if (signal.aborted || ms <= 0) {
      done();
      return;
    }
    const timer = setTimeout(done, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        done();
      },
      { once: true },
    );
  });

/** Runs (or resumes, after a restart) the sync kept in storage until it ends, pauses or is cancelled. */
export function drive(deps: HandlerDeps, io: SyncIo = {}): Promise<void> {
  const running = loops.get(deps);
  if (running) return running.done;
  const controller = new AbortController();
  const done = loop(deps, io, controller.signal).finally(() => {
    loops.delete(deps);
  });
  loops.set(deps, { controller, done });
  return done;
}

async function loop(deps: HandlerDeps, io: SyncIo, signal: AbortSignal): Promise<void> {
  const custom = io.sleep?.bind(io);
  const sleep = custom ?? defaultSleep;
  for (;;) {
    const run = await getRun(deps);
    if (!run || run.paused) return;
    if (run.cancelled || signal.aborted) {
      await finishCancel(deps, run);
      return;
    }
    if (!run.current) {
      const platform = run.queue.shift();
      if (!platform) {
        await deps.local.remove(RUN_KEY);
        return;
      }
      const record = (await judges(deps))[platform];
      const startedAt = new Date(now(deps)).toISOString();
      run.current = {
        platform,
        startedAt,
        since: record?.since ?? null,
        cursor: null,
        read: false,
        pending: [],
        pages: 0,
        found: 0,
        imported: 0,
        attempt: 0,
        notBefore: 0,
        sendAfter: 0,
        summary: emptySummary(),
      };
      await saveRun(deps, run);
      await setJudge(deps, platform, { state: 'running', message: null });
      continue;
    }
    const c = run.current;
    // What waits to be sent goes at once (or after the tracker's retry wait); the judge's pause is for its requests.
    const wait = (c.pending.length ? c.sendAfter : c.read ? 0 : c.notBefore) - now(deps);
    if (wait > 0) {
      await sleep(wait, signal);
      continue;
    }
    await step(deps, run, c, io, signal);
  }
}

/** Ends the current judge of a run, its record saying how it went. */
async function endJudge(deps: HandlerDeps, run: Run, patch: Partial<JudgeRecord>) {
  const c = run.current;
  if (!c) return;
  run.current = null;
  await saveRun(deps, run);
  await setJudge(deps, c.platform, { summary: c.summary, progress: { pages: c.pages, found: c.found, imported: c.imported }, ...patch });
}

/** One step: send what waits to be sent, or read the next page of the history, or finish the judge. */
async function step(deps: HandlerDeps, run: Run, c: RunJudge, io: SyncIo, signal: AbortSignal) {
  if (c.pending.length) return send(deps, run, c);
  if (c.read) {
    return endJudge(deps, run, { state: 'done', since: c.startedAt, lastSyncAt: new Date(now(deps)).toISOString(), lastCount: c.found, message: null });
  }
  const reader = historyReaderFor(c.platform);
  if (!reader) return endJudge(deps, run, { state: 'error', message: 'No history reader for this judge.' });
  const settings = await syncSettings(deps);
  const state: SyncState<unknown> = { cursor: c.cursor, since: c.since };
  const handle = handleFor(c.platform, settings, await linkedHandles(deps, false));
  if (handle) state.handle = handle;
  if (c.platform === 'leetcode') {
    const csrf = await io.cookie?.(SYNC_ORIGINS.leetcode, 'csrftoken').catch(() => undefined);
    if (csrf) state.csrfToken = csrf;
  }
  let request;
  try {
    request = reader.plan(state, SYNC_ORIGINS);
  } catch (err) {
    return endJudge(deps, run, { state: 'error', message: (err as Error).message });
  }
  let answer: SyncAnswer;
  let retryAfter: string | null = null;
  try {
    const res = await deps.fetch(request.url, {
      method: request.method,
      credentials: request.credentials,
      ...(request.headers && { headers: request.headers }),
      ...(request.body !== undefined && { body: request.body }),
      signal: AbortSignal.any([signal, AbortSignal.timeout(30_000)]),
    });
    retryAfter = res.headers.get('retry-after');
    answer = { status: res.status, body: await res.text() };
  } catch {
    if (signal.aborted) return;
    answer = { status: 0, body: '' };
  }
  const page = await parse(reader, answer, state, c.startedAt, io);
  const t = now(deps);
  const troubled = page.rateLimited === true || answer.status === 0 || answer.status === 429 || answer.status >= 500;
  if (troubled && !page.signedOut) {
    const advice = retryAdvice(reader, { status: answer.status, rateLimited: page.rateLimited === true, retryAfter, attempt: c.attempt + 1, now: new Date(t) });
    if (advice.retry) {
      c.attempt += 1;
      c.notBefore = t + advice.waitMs;
      return saveRun(deps, run);
    }
  }
  if (page.signedOut) {
    return endJudge(deps, run, { state: 'signedOut', message: `Sign in on ${nameOf(c.platform)} in this browser, then sync again.` });
  }
  if (page.error || troubled) {
    return endJudge(deps, run, { state: 'error', message: page.error ?? `${nameOf(c.platform)} did not answer after ${MAX_ATTEMPTS} tries: try again later.` });
  }
  // The page's solves and the cursor past them are kept in one write: a restart neither reads nor loses them.
  c.pending.push(...page.submissions);
  c.found += page.submissions.length;
  c.pages += 1;
  c.cursor = page.next;
  c.read = page.next === null;
  c.attempt = 0;
  c.notBefore = t + reader.delayMs;
  await saveRun(deps, run);
}

/** Reads an answer here when it is JSON; an HTML answer goes where a DOM parser is (offscreen in Chrome). */
async function parse(reader: HistoryReader, answer: SyncAnswer, state: SyncState<unknown>, startedAt: string, io: SyncIo): Promise<SyncPage<unknown>> {
  const local = typeof DOMParser === 'function' ? (html: string) => new DOMParser().parseFromString(html, 'text/html') : undefined;
  const needsDom = new Error('needs a DOM parser');
  try {
    return reader.parse(answer, state, {
      now: new Date(startedAt),
      parseHtml:
        local ??
        (() => {
          throw needsDom;
        }),
    });
  } catch (err) {
    if (err !== needsDom || !io.parseElsewhere) return { submissions: [], next: null, error: `${nameOf(reader.platform)}'s answer could not be read here.` };
    try {
      return await io.parseElsewhere(reader.platform, answer, state, startedAt);
    } catch {
      return { submissions: [], next: null, error: `${nameOf(reader.platform)}'s answer could not be read (the page parser did not answer).` };
    }
  }
}

/** The problem URLs of a judge already in the workspace (solved or not), for solves the judge gives no date. */
async function inWorkspace(deps: HandlerDeps, platform: string): Promise<Set<string>> {
  const client = await apiClient(deps.local, deps.fetch);
  const urls = new Set<string>();
  for (let page = 1; page <= 200; page++) {
    const data = await unwrap(
      client['question-tracker'].v1.user.question['get-questions'].$get({ query: { platform, page: String(page), pageSize: '100' } }),
    );
    for (const q of data.questions) urls.add(q.question.problemUrl);
    if (page * data.pageSize >= data.total || data.questions.length === 0) break;
  }
  return urls;
}

/** Sends up to SYNC_CHUNK of what waits; on success they leave the pending list in the same write as the counts. */
async function send(deps: HandlerDeps, run: Run, c: RunJudge) {
  const chunk = c.pending.slice(0, SYNC_CHUNK);
  try {
    // Solves the judge gives no date for carry the sync's time: a problem already in the workspace (solved,
    // or unticked by the user) is left as it is rather than dated now or ticked again.
    const undated = chunk.filter((s) => s.solvedAt === c.startedAt);
    let toSend = chunk;
    if (undated.length) {
      const known = await inWorkspace(deps, c.platform);
      toSend = chunk.filter((s) => s.solvedAt !== c.startedAt || !known.has(s.problemUrl));
      addSkipped(c.summary, chunk.length - toSend.length, `already in your workspace (${nameOf(c.platform)} gives no solve dates)`);
    }
    if (toSend.length) {
      const client = await apiClient(deps.local, deps.fetch);
      const result: SyncImportResult = await unwrap(client['question-tracker'].v1.user.sync.import.$post({ json: { platform: c.platform, submissions: toSend } }));
      c.summary.new += result.new;
      c.summary.alreadySolved += result.alreadySolved;
      c.summary.custom += result.custom;
      c.imported += result.new;
      addSkipped(c.summary, result.invalidUrl, `not a problem address of ${nameOf(c.platform)}`);
    }
    c.pending = c.pending.slice(chunk.length);
    c.attempt = 0;
    await saveRun(deps, run);
  } catch (err) {
    if (err instanceof ApiError && err.code === 401) {
      await signOut(deps);
      run.paused = 'Sign in to the tracker in the extension, then sync again: what was read is kept.';
      return saveRun(deps, run);
    }
    if (isRetryable(err) || err instanceof NetworkError || err instanceof TypeError) {
      const advice = retryAdvice({ delayMs: 1000 }, { status: err instanceof ApiError ? err.code : 0, attempt: c.attempt + 1, now: new Date(now(deps)) });
      if (advice.retry) {
        c.attempt += 1;
        c.sendAfter = now(deps) + advice.waitMs;
        return saveRun(deps, run);
      }
      c.attempt = 0;
      run.paused = `The tracker could not be reached: ${c.pending.length} solved problem(s) wait to be sent. Sync again to send them.`;
      return saveRun(deps, run);
    }
    // The tracker refused the chunk itself: say so, and go on with the next judge.
    return endJudge(deps, run, { state: 'error', message: (err as Error).message });
  }
}
