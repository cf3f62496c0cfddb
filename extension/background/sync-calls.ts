import { retryAdvice } from '@shared/retry';
import { ApiError, apiClient, isRetryable, NetworkError, unwrap } from '../lib/api';
import type { SyncAnswer, SyncState } from '../sync/index';
import type { SyncRequest } from '../sync/types';
import { signOut } from './auth';
import { handleFor, LEETCODE_CSRF_KEY, linkedHandles, now, saveRun, syncSettings, type Run, type RunJudge } from './sync-state';
import type { HandlerDeps } from './types';

// The history sync's calls to the world: a request to a judge, the state a reader is handed, the
// workspace it checks against, and what a failed call to the tracker does to the run.

/** The state a judge's reader is handed for its next request: cursor, handle, and LeetCode's request token. */
export async function stateFor(deps: HandlerDeps, c: RunJudge): Promise<SyncState<unknown>> {
  const settings = await syncSettings(deps);
  const state: SyncState<unknown> = { cursor: c.cursor, since: c.since };
  const handle = handleFor(c.platform, settings, await linkedHandles(deps, false));
  if (handle) state.handle = handle;
  if (c.platform === 'leetcode') {
    // Read by the LeetCode page's own script: the extension has no `cookies` permission.
    const csrf = await deps.local.get<string>(LEETCODE_CSRF_KEY);
    if (csrf) state.csrfToken = csrf;
  }
  return state;
}

/** Sends one request to a judge: its answer (status 0 when none came), or null when the run was cancelled meanwhile. */
export async function askJudge(deps: HandlerDeps, request: SyncRequest, signal: AbortSignal): Promise<{ answer: SyncAnswer; retryAfter: string | null } | null> {
  try {
    const res = await deps.fetch(request.url, {
      method: request.method,
      credentials: request.credentials,
      ...(request.headers && { headers: request.headers }),
      ...(request.body !== undefined && { body: request.body }),
      signal: AbortSignal.any([signal, AbortSignal.timeout(30_000)]),
    });
    return { answer: { status: res.status, body: await res.text() }, retryAfter: res.headers.get('retry-after') };
  } catch {
    if (signal.aborted) return null;
    return { answer: { status: 0, body: '' }, retryAfter: null };
  }
}

/**
 * A failed call to the tracker that should hold the run: signed out (pause until signed in) or not reached
 * (retry later at `retryAt`, then pause with `unreachable`). False when the tracker answered a refusal, which
 * the caller handles.
 */
export async function trackerTrouble(deps: HandlerDeps, run: Run, c: RunJudge, err: unknown, retryAt: (at: number) => void, unreachable: string): Promise<boolean> {
  if (err instanceof ApiError && err.code === 401) {
    await signOut(deps);
    run.paused = 'Sign in to the tracker in the extension, then sync again: what was read is kept.';
    await saveRun(deps, run);
    return true;
  }
  if (!(isRetryable(err) || err instanceof NetworkError || err instanceof TypeError)) return false;
  const advice = retryAdvice({ delayMs: 1000 }, { status: err instanceof ApiError ? err.code : 0, attempt: c.attempt + 1, now: new Date(now(deps)) });
  if (advice.retry) {
    c.attempt += 1;
    retryAt(now(deps) + advice.waitMs);
  } else {
    c.attempt = 0;
    run.paused = unreachable;
  }
  await saveRun(deps, run);
  return true;
}

/** The problem URLs of a judge already in the workspace (solved or not), for solves the judge gives no date. */
export async function inWorkspace(deps: HandlerDeps, platform: string): Promise<Set<string>> {
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
