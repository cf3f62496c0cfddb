// A background on a fake tracker and fake judges, for the history sync's tests (sync*.test.ts).
import { vi } from 'vitest';
import type { SyncOverview } from '@shared/schemas/sync';
import { fixture } from '../sync/testing';
import { handleMessage } from './dispatch';
import { drive } from './sync-engine';
import { setSyncIo } from './sync';
import { memory, page, setup } from './test-support';

/** A sync's clock at its start (the fake clock moves only with the sync's waits). */
export const START = 1_700_000_000_000;
export type JudgeAnswer = { status: number; body: string; headers?: Record<string, string> };

/**
 * A background on the fake tracker API, with the judges answered by `judge` (by URL; queued answers are
 * given once each, in order). The tracker's import records every problem it is sent.
 */
export function world(options: { local?: ReturnType<typeof memory> } = {}) {
  const { deps, api } = setup();
  if (options.local) deps.local = options.local;
  const routes: { match: (url: string) => boolean; answers: (JudgeAnswer | (() => JudgeAnswer))[] }[] = [];
  const judgeCalls: string[] = [];
  /** The clock at each request to a judge, in the order they were sent. */
  const judgeAt: number[] = [];
  const imported: string[] = [];
  const workspace: { platform: string; problemUrl: string }[] = [];
  const tracker = { down: false };
  /** Judge accounts linked to the tracker account: [platform, handle]. */
  const linked: [string, string][] = [];
  const sleeps: number[] = [];
  const apiFetch = api.fetch;
  deps.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const route = routes.find((r) => r.match(url));
    if (route) {
      judgeCalls.push(url);
      judgeAt.push(clock);
      const next = route.answers.length > 1 ? route.answers.shift() : route.answers[0];
      if (!next) throw new Error(`No answer left for ${url}`);
      const a = typeof next === 'function' ? next() : next;
      if (a.status === 0) throw new TypeError('Failed to fetch');
      return new Response(a.body, { status: a.status, headers: a.headers ?? {} });
    }
    const path = new URL(url).pathname;
    if (path === '/question-tracker/v1/user/sync/import') {
      if (tracker.down) throw new TypeError('Failed to fetch');
      if (typeof init?.body !== 'string') throw new Error('The history import is sent as JSON text');
      const body = JSON.parse(init.body) as { platform: string; submissions: { problemUrl: string }[] };
      let fresh = 0;
      for (const s of body.submissions) {
        imported.push(s.problemUrl);
        if (!workspace.some((w) => w.problemUrl === s.problemUrl)) {
          workspace.push({ platform: body.platform, problemUrl: s.problemUrl });
          fresh++;
        }
      }
      const data = { new: fresh, alreadySolved: body.submissions.length - fresh, custom: 0, invalidUrl: 0, total: body.submissions.length };
      return new Response(JSON.stringify({ status: { code: 200, success: true, error: null, message: 'History imported' }, data }), { status: 200 });
    }
    if (path === '/question-tracker/v1/user/accounts') {
      const data = { accounts: linked.map(([platform, handle]) => ({ platform, handle })), leaderboardOptIn: false };
      return new Response(JSON.stringify({ status: { code: 200, success: true, error: null, message: 'OK' }, data }), { status: 200 });
    }
    if (path === '/question-tracker/v1/user/question/get-questions') {
      const platform = new URL(url).searchParams.get('platform');
      const questions = workspace.filter((w) => w.platform === platform).map((w) => ({ question: { problemUrl: w.problemUrl } }));
      const data = { questions, total: questions.length, page: 1, pageSize: 100 };
      return new Response(JSON.stringify({ status: { code: 200, success: true, error: null, message: 'OK' }, data }), { status: 200 });
    }
    return apiFetch(input, init);
  });
  // Waits take no time but move the clock; each is recorded.
  let clock = START;
  deps.now = () => clock;
  const io = {
    sleep: vi.fn((ms: number) => {
      sleeps.push(ms);
      clock += ms;
      return Promise.resolve();
    }),
  };
  setSyncIo(deps, io);
  const judge = (match: string | ((url: string) => boolean), ...answers: (JudgeAnswer | (() => JudgeAnswer))[]) =>
    routes.unshift({ match: typeof match === 'string' ? (u) => u.startsWith(match) : match, answers });
  const send = async <T = SyncOverview>(message: unknown) => {
    const reply = await handleMessage(message, page, deps);
    if (!reply.ok) throw new Error(reply.error);
    return reply.data as T;
  };
  /** Starts a sync and waits for its loop to stop. */
  const sync = async (platforms?: string[]) => {
    await send({ type: 'sync:start', ...(platforms && { platforms }) });
    await drive(deps, io);
    return send({ type: 'sync:status' });
  };
  const judgeOf = (o: SyncOverview, platform: string) => {
    const found = o.judges.find((j) => j.platform === platform);
    if (!found) throw new Error(`No ${platform} in the sync overview`);
    return found;
  };
  return { deps, api, local: deps.local as ReturnType<typeof memory>, io, judge, judgeCalls, judgeAt, imported, workspace, tracker, linked, sleeps, send, sync, judgeOf };
}

/** A judge's saved answer (tests/fixtures/sync) with status 200. */
export const ok = (file: string): JudgeAnswer => ({ status: 200, body: fixture(file) });
