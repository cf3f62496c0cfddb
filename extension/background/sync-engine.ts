import { SYNC_CHUNK, type AutoSync, type SyncImportResult } from '@shared/schemas/sync';
import { apiClient, unwrap } from '../lib/api';
import { MAX_ATTEMPTS, retryAdvice } from '@shared/retry';
import { syncSummaryText } from '@shared/rules/sync';
import { historyReaderFor, historyReaders, SYNC_ORIGINS, type HistoryReader, type SyncAnswer, type SyncPage, type SyncState } from '../sync/index';
import { noteSync } from './health';
import {
  addSkipped, clearRun, emptySummary, getRun, judges, linkedHandles, nameOf, now, readiness, saveRun, setJudge, syncSettings,
  type JudgeRecord, type Run, type RunJudge,
} from './sync-state';
import { askJudge, inWorkspace, stateFor, trackerTrouble } from './sync-calls';
import { keepCode } from './sync-code';
import type { HandlerDeps } from './types';

// "Sync solved problems": the loop that runs the history readers (extension/sync) against the judges and
// sends what they find to the tracker. Every step is kept in storage before the next one starts, so a
// service worker stopped at any point resumes where it was: a page read is kept with its cursor in one
// write, and leaves the pending list only once the tracker has taken it (importing the same chunk twice
// changes nothing on the server, so a step repeated after a stop is harmless).

/** What a LeetCode sync says when LeetCode refuses it and no page has given the extension LeetCode's csrftoken. */
export const LEETCODE_TOKEN_MESSAGE = `Open any ${new URL(SYNC_ORIGINS.leetcode).host} page in this browser while signed in there, then press Sync again: the extension reads LeetCode’s request token on its pages.`;

/** How the loop reaches the world beyond HandlerDeps; each has a default for the browser. */
export interface SyncIo {
  /** Waits, or stops waiting when the run is cancelled. */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
  /** Parses a judge's answer where an HTML parser exists (an offscreen document in Chrome). */
  parseElsewhere?(platform: string, answer: SyncAnswer, state: SyncState<unknown>, now: string): Promise<SyncPage<unknown>>;
  /** The daily sync was switched on or off (the background sets or clears its alarm). */
  onAutoSync?(choice: AutoSync): void;
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
  await clearRun(deps);
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
        await clearRun(deps);
        return;
      }
      const record = (await judges(deps))[platform];
      const startedAt = new Date(now(deps)).toISOString();
      const settings = await syncSettings(deps);
      const wantCode = !!historyReaderFor(platform)?.code && settings.code[platform] === true;
      run.current = {
        platform,
        startedAt,
        // Code is read with the history: solves synced before code was asked for are read again for theirs.
        since: (wantCode ? record?.codeSince : record?.since) ?? null,
        cursor: null,
        read: false,
        pending: [],
        codes: [],
        wantCode,
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
    // The code of each solve is asked of the judge at its pace too.
    const codesLeft = c.read && c.wantCode && !!c.codes?.length;
    const wait = (c.pending.length ? c.sendAfter : c.read && !codesLeft ? 0 : c.notBefore) - now(deps);
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
  const ok = patch.state === 'done';
  await noteSync(deps, c.platform, ok, ok ? syncSummaryText(c.summary) : (patch.message ?? 'The sync failed.'));
}

/** One step: send what waits to be sent, or read the next page of the history, or finish the judge. */
async function step(deps: HandlerDeps, run: Run, c: RunJudge, io: SyncIo, signal: AbortSignal) {
  if (c.pending.length) return send(deps, run, c);
  const reader = historyReaderFor(c.platform);
  if (c.read) {
    if (reader?.code && c.wantCode && c.codes?.length) return keepCode(deps, run, c, reader, signal);
    // Code cut short leaves codeSince where it was: the next sync asks again for what was missed.
    const code = !c.wantCode ? { codeSince: null } : c.codeCut ? {} : { codeSince: c.startedAt };
    return endJudge(deps, run, { state: 'done', since: c.startedAt, ...code, lastSyncAt: new Date(now(deps)).toISOString(), lastCount: c.found, message: null });
  }
  if (!reader) return endJudge(deps, run, { state: 'error', message: 'No history reader for this judge.' });
  const state = await stateFor(deps, c);
  let request;
  try {
    request = reader.plan(state, SYNC_ORIGINS);
  } catch (err) {
    return endJudge(deps, run, { state: 'error', message: (err as Error).message });
  }
  const asked = await askJudge(deps, request, signal);
  if (!asked) return;
  const { answer, retryAfter } = asked;
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
  // Without the token LeetCode refuses even a signed-in browser (403): say where the extension reads it.
  if (c.platform === 'leetcode' && !state.csrfToken && answer.status === 403) {
    return endJudge(deps, run, { state: 'signedOut', message: LEETCODE_TOKEN_MESSAGE });
  }
  if (page.signedOut) {
    return endJudge(deps, run, { state: 'signedOut', message: `Sign in on ${nameOf(c.platform)} in this browser, then sync again.` });
  }
  if (page.error || troubled) {
    return endJudge(deps, run, { state: 'error', message: page.error ?? `${nameOf(c.platform)} did not answer after ${MAX_ATTEMPTS} tries: try again later.` });
  }
  // The page's solves and the cursor past them are kept in one write: a restart neither reads nor loses them.
  c.pending.push(...page.submissions);
  if (c.wantCode && page.codes?.length) {
    // The newest Accepted of each problem (pages come newest first): one version per problem.
    const codes = c.codes ?? [];
    for (const ref of page.codes) if (!codes.some((k) => k.problemUrl === ref.problemUrl)) codes.push(ref);
    c.codes = codes;
  }
  c.found += page.submissions.length;
  c.pages += 1;
  c.cursor = page.next;
  c.read = page.next === null;
  c.attempt = 0;
  c.notBefore = t + reader.delayMs;
  await saveRun(deps, run);
}

/** The state a reader plans from: the cursor, `since`, the handle and LeetCode's request token. */
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
    const held = await trackerTrouble(deps, run, c, err, (wait) => (c.sendAfter = wait), `The tracker could not be reached: ${c.pending.length} solved problem(s) wait to be sent. Sync again to send them.`);
    if (held) return;
    // The tracker refused the chunk itself: say so, and go on with the next judge.
    return endJudge(deps, run, { state: 'error', message: (err as Error).message });
  }
}
