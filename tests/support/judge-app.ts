import { createApp } from '../../api/app';
import { testConfig } from '../../api/config';
import { manualQueue } from '../../api/jobs/queue';
import { judges } from '../../api/judges/index';
import type { Clock } from '../../api/lib/clock';
import { createTestApp, typedClient, type CallOptions, type Reply } from '../../api/testing';
import { createFakeJudge } from './fake-judge';

/**
 * The test app (createTestApp: a fresh database, sign-up helpers) plus a second app on the same database
 * whose judges are the fake judge, whose jobs wait in a manual queue, and whose clock the test moves.
 */
export async function createJudgeTestApp(options: { cooldownSeconds?: number } = {}) {
  const t = await createTestApp();
  let now = Date.parse('2026-11-25T12:00:00Z');
  const clock: Clock & { advance(ms: number): void; set(iso: string): void } = {
    now: () => new Date(now),
    advance: (ms) => void (now += ms),
    set: (iso) => void (now = Date.parse(iso)),
  };
  const judge = createFakeJudge({ now: () => clock.now() });
  const jobs = manualQueue();
  const config = testConfig({
    dashboardDir: '/nonexistent',
    judgeOrigins: judge.origins(),
    problemOrigins: judge.problemOrigins(),
    judgeIntervalsMs: Object.fromEntries(judges.map((j) => [j.id, 0])),
    accountRefreshCooldownSeconds: options.cooldownSeconds ?? 300,
  });
  const app = createApp({ db: t.db, config, clock, changes: t.changes, jobs, judgeFetch: judge.fetch, runJobs: true });

  async function call<T = unknown>(method: string, path: string, opts: CallOptions = {}): Promise<Reply<T> & { text: string }> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    await t.changes.settle();
    const res = await app.fetch(new Request(`http://localhost${path}`, { method, headers, body }));
    const text = await res.text();
    // An answer without a JSON body has a null body; such tests read its status or text.
    const json = (res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : null) as Reply<T>['body'];
    return { status: res.status, headers: res.headers, body: json, text };
  }

  // The typed client of this app (fake judges, its clock), in place of the plain app's.
  return { ...t, judgeApp: app, api: typedClient(app, t.changes), call, clock, judge, jobs, config };
}
