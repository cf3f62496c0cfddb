import { platformById } from '@shared/platforms/index';
import type { AutoSync, SyncJudge, SyncOverview, SyncSummary } from '@shared/schemas/sync';
import { apiClient, TOKEN_KEY, unwrap, USER_KEY } from '../lib/api';
import { historyReaders, SYNC_ORIGINS, unsupportedJudges, type HistoryReader } from '../sync/index';
import type { CodeRef, SyncItem } from '../sync/types';
import { syncFailures } from './health';
import type { HandlerDeps } from './types';

// What "Sync solved problems" keeps between steps and shows: its settings, each judge's record, the run in
// progress, the handles linked to the tracker account and who is signed in on LeetCode. The loop that
// changes them is sync-engine.ts.

const RUN_KEY = 'sync:run';
export const JUDGES_KEY = 'sync:judges';
const SYNC_SETTINGS_KEY = 'sync:settings';
const PROBE_KEY = 'sync:probe';
/** LeetCode's csrftoken, as the LeetCode page's content script read it (the extension has no `cookies` permission). */
export const LEETCODE_CSRF_KEY = 'sync:leetcode-csrf';
/** How long a check of the LeetCode session is believed. */
const PROBE_MS = 5 * 60_000;

/** The sync's own settings: a handle per handle judge, whether it runs by itself each day, and the judges whose code it brings. */
export interface SyncSettings {
  handles: Record<string, string>;
  autoSync: AutoSync;
  /** Judges whose Accepted code the sync also brings (opt-in: one more request per solved problem). */
  code: Record<string, boolean>;
}

/** What is kept of a judge between syncs. `since` is when its last complete sync started. */
export interface JudgeRecord {
  since: string | null;
  /**
   * When the last complete sync that also brought code started: a sync with code reads from here, so
   * turning code on (or a sync whose code was cut short) reads the whole history once more for its code.
   */
  codeSince?: string | null;
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
  /** Submissions whose code is still to be read and kept (a judge whose code the user asked for). */
  codes?: CodeRef[];
  /** Whether this judge's run brings code (decided at its start). */
  wantCode?: boolean;
  /** Code the judge could not give was dropped in bulk (signed out, not answering): the next sync asks again. */
  codeCut?: boolean;
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

export const emptySummary = (): SyncSummary => ({ new: 0, alreadySolved: 0, custom: 0, skipped: [] });
const emptyRecord = (): JudgeRecord => ({ since: null, lastSyncAt: null, lastCount: null, state: 'idle', message: null, summary: null, progress: null });
export const nameOf = (platform: string) => platformById(platform)?.name ?? platform;

export async function syncSettings(deps: HandlerDeps): Promise<SyncSettings> {
  const kept = await deps.local.get<Partial<SyncSettings>>(SYNC_SETTINGS_KEY);
  return { handles: kept?.handles ?? {}, autoSync: kept?.autoSync ?? 'off', code: kept?.code ?? {} };
}

export async function saveSyncSettings(deps: HandlerDeps, next: SyncSettings) {
  await deps.local.set(SYNC_SETTINGS_KEY, next);
}

export async function judges(deps: HandlerDeps): Promise<Record<string, JudgeRecord>> {
  return (await deps.local.get<Record<string, JudgeRecord>>(JUDGES_KEY)) ?? {};
}

export async function setJudge(deps: HandlerDeps, platform: string, patch: Partial<JudgeRecord>) {
  const all = await judges(deps);
  all[platform] = { ...emptyRecord(), ...all[platform], ...patch };
  await deps.local.set(JUDGES_KEY, all);
}

export const getRun = (deps: HandlerDeps) => deps.local.get<Run>(RUN_KEY);
export const saveRun = (deps: HandlerDeps, run: Run) => deps.local.set(RUN_KEY, run);
export const clearRun = (deps: HandlerDeps) => deps.local.remove(RUN_KEY);

export function addSkipped(summary: SyncSummary, count: number, reason: string) {
  if (count <= 0) return;
  const seen = summary.skipped.find((s) => s.reason === reason);
  if (seen) seen.count += count;
  else summary.skipped.push({ count, reason });
}

export const now = (deps: HandlerDeps) => deps.now?.() ?? Date.now();

const LINKED_KEY = 'sync:linked';

/**
 * The handles linked to the user's tracker account (its judge accounts), used where none was entered in
 * the extension; asked of the API again when `refresh` or when none are kept for this browser session.
 */
export async function linkedHandles(deps: HandlerDeps, refresh: boolean): Promise<Record<string, string>> {
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
export const handleFor = (platform: string, settings: SyncSettings, linked: Record<string, string>): string | null =>
  settings.handles[platform]?.trim() || linked[platform]?.trim() || null;

/** Whether a judge can be synced now, and with what (a handle judge needs its handle). */
export function readiness(reader: HistoryReader, settings: SyncSettings, linked: Record<string, string>): { ready: boolean; handle: string | null } {
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
  const [settings, records, run, user, token, failures] = await Promise.all([
    syncSettings(deps),
    judges(deps),
    getRun(deps),
    deps.local.get<{ email: string }>(USER_KEY),
    deps.local.get<string>(TOKEN_KEY),
    syncFailures(deps),
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
      lastFailure: failures[reader.platform] ?? null,
      code: reader.code ? (settings.code[reader.platform] ? 'on' : 'off') : null,
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
      lastFailure: null,
      code: null,
    });
  }
  return { account: token ? (user?.email ?? null) : null, running: !!run && !run.paused && !run.cancelled, autoSync: settings.autoSync, judges: list };
}
