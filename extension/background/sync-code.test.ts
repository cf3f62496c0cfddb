// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"disableCSSFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { describe, expect, it, vi } from 'vitest';
import { codeforcesFacts } from '@shared/platforms/codeforces';
import { SOLUTION_MAX_BYTES, SOLUTION_MESSAGES } from '@shared/rules/solutions';
import { drive } from './sync-engine';
import { getRun } from './sync-state';
import { signIn } from './test-support';
import { ok, world, type JudgeAnswer } from './sync-world';

describe('sync solved problems: the code of each Accepted submission (opt-in per judge)', () => {
  const CF_STATUS = 'https://codeforces.com/api/user.status';
  /** The two problems of the saved Codeforces page whose latest Accepted code the sync asks for, newest first. */
  const CF_CODE = [
    { problemUrl: 'https://codeforces.com/problemset/problem/1775/A2', page: 'https://codeforces.com/contest/1775/submission/188976385' },
    { problemUrl: 'https://codeforces.com/gym/104114/problem/C', page: 'https://codeforces.com/gym/104114/submission/188903120' },
  ];
  const source = (code: string): JudgeAnswer => ({
    status: 200,
    body: `<table><tr><th>#</th><th>Lang</th></tr><tr><td>1</td><td>GNU C++17</td></tr></table><pre id="program-source-text" class="prettyprint lang-cpp program-source">${code}</pre>`,
  });
  const posted = (w: ReturnType<typeof world>) =>
    w.api.callsTo('/question-tracker/v1/user/solutions', 'POST').map((c) => c.body as { url: string; code: string; language: string; source: string; acceptedAt: string });

  /** A Codeforces handle, the two problems in the tracker's catalogue, and the code opt-in as asked. */
  async function codeforces(w: ReturnType<typeof world>, keep: boolean) {
    await signIn(w.local);
    await w.send({ type: 'sync:handle', platform: 'codeforces', handle: 'tourist' });
    const overview = await w.send({ type: 'sync:code', platform: 'codeforces', keep });
    expect(w.judgeOf(overview, 'codeforces').code).toBe(keep ? 'on' : 'off');
    for (const [i, { problemUrl }] of CF_CODE.entries()) {
      w.api.questions.push({ _id: `q-cf-${i}`, name: `Problem ${i}`, platform: 'codeforces', difficulty: '800', problemUrl, topics: [], verified: true });
    }
    w.judge(CF_STATUS, ok('codeforces/page-1.json'));
  }

  it("after the solved list is sent, asks for each problem's latest Accepted code at the judge's polite pace and keeps it as source sync", async () => {
    const w = world();
    await codeforces(w, true);
    w.judge(CF_CODE[0]!.page, source('int main() { return 2; }'));
    w.judge(CF_CODE[1]!.page, source('int main() { return 3; }'));
    const cf = w.judgeOf(await w.sync(['codeforces']), 'codeforces');
    expect(cf).toMatchObject({ state: 'done', summary: { codeKept: 2, skipped: [] } });
    expect(w.judgeCalls.map((u) => u.split('?')[0])).toEqual([CF_STATUS, CF_CODE[0]!.page, CF_CODE[1]!.page]);
    // Never faster than the judge's own interval (from its facts file), the first code request included.
    expect(codeforcesFacts.politeIntervalMs).toBeGreaterThan(1000);
    for (let i = 1; i < w.judgeAt.length; i++) expect(w.judgeAt[i]! - w.judgeAt[i - 1]!).toBeGreaterThanOrEqual(codeforcesFacts.politeIntervalMs);
    // The solved list went to the tracker before the first code request.
    const order = (w.deps.fetch as ReturnType<typeof vi.fn>).mock.calls.map(([input]) => String(input));
    expect(order.findIndex((u) => u.includes('/user/sync/import'))).toBeLessThan(order.indexOf(CF_CODE[0]!.page));
    expect(posted(w)).toEqual([
      { url: CF_CODE[0]!.problemUrl, code: 'int main() { return 2; }', language: 'GNU C++17', acceptedAt: '2023-01-12T10:33:38.000Z', source: 'sync' },
      { url: CF_CODE[1]!.problemUrl, code: 'int main() { return 3; }', language: 'GNU C++17', acceptedAt: '2023-01-11T18:50:00.000Z', source: 'sync' },
    ]);
    expect(await getRun(w.deps)).toBeUndefined();
  });

  it('resumes after the service worker stops between two code requests: no code asked or kept twice, the rest kept', async () => {
    const first = world();
    await codeforces(first, true);
    first.judge(CF_CODE[0]!.page, source('int main() { return 2; }'));
    first.judge(CF_CODE[1]!.page, source('int main() { return 3; }'));
    // The worker stops in the pause after the first code was kept (the pause before it passes).
    let pauses = 0;
    const base = first.io.sleep.getMockImplementation()!;
    first.io.sleep.mockImplementation((ms: number) => (++pauses === 1 ? base(ms) : new Promise<void>(() => undefined)));
    await first.send({ type: 'sync:start', platforms: ['codeforces'] });
    await vi.waitFor(() => expect(posted(first)).toHaveLength(1));
    await vi.waitFor(async () => expect((await getRun(first.deps))?.current?.codes).toHaveLength(1));

    const second = world({ local: first.local });
    for (const [i, { problemUrl }] of CF_CODE.entries()) {
      second.api.questions.push({ _id: `q-cf-${i}`, name: `Problem ${i}`, platform: 'codeforces', difficulty: '800', problemUrl, topics: [], verified: true });
    }
    second.judge(CF_STATUS, ok('codeforces/page-1.json'));
    second.judge(CF_CODE[0]!.page, source('int main() { return 2; }'));
    second.judge(CF_CODE[1]!.page, source('int main() { return 3; }'));
    await drive(second.deps, second.io);
    // The history is not read again, the first code is not asked again: only the second submission.
    expect(second.judgeCalls).toEqual([CF_CODE[1]!.page]);
    expect([...posted(first), ...posted(second)].map((p) => p.url)).toEqual(CF_CODE.map((c) => c.problemUrl));
    expect(second.imported).toEqual([]);
    // The judge's pause holds across the restart (both clocks start at the same time).
    expect(second.judgeAt[0]! - first.judgeAt.at(-1)!).toBeGreaterThanOrEqual(codeforcesFacts.politeIntervalMs);
    expect(second.judgeOf(await second.send({ type: 'sync:status' }), 'codeforces')).toMatchObject({ state: 'done', summary: { codeKept: 2 } });
  });

  it('a judge answer without code skips that problem and goes on with the next', async () => {
    const w = world();
    await codeforces(w, true);
    w.judge(CF_CODE[0]!.page, { status: 200, body: '<html><body><div class="datatable">No source here</div></body></html>' });
    w.judge(CF_CODE[1]!.page, source('int main() { return 3; }'));
    const cf = w.judgeOf(await w.sync(['codeforces']), 'codeforces');
    expect(cf).toMatchObject({ state: 'done', summary: { codeKept: 1, skipped: [{ count: 1, reason: 'solutions whose code Codeforces did not show' }] } });
    expect(posted(w).map((p) => p.url)).toEqual([CF_CODE[1]!.problemUrl]);
  });

  it('a submission page gone (404) or refused by the tracker is skipped alone; the judge down is retried at its pace', async () => {
    const w = world();
    await codeforces(w, true);
    w.api.questions.splice(w.api.questions.findIndex((q) => q.problemUrl === CF_CODE[1]!.problemUrl), 1);
    w.judge(CF_CODE[0]!.page, { status: 503, body: 'busy' }, { status: 404, body: 'gone' });
    w.judge(CF_CODE[1]!.page, source('int main() { return 3; }'));
    const cf = w.judgeOf(await w.sync(['codeforces']), 'codeforces');
    expect(w.judgeCalls.map((u) => u.split('?')[0])).toEqual([CF_STATUS, CF_CODE[0]!.page, CF_CODE[0]!.page, CF_CODE[1]!.page]);
    expect(cf.state).toBe('done');
    expect(cf.summary?.skipped.map((s) => s.count)).toEqual([1, 1]);
    expect(cf.summary?.codeKept ?? 0).toBe(0);
    for (let i = 1; i < w.judgeAt.length; i++) expect(w.judgeAt[i]! - w.judgeAt[i - 1]!).toBeGreaterThanOrEqual(codeforcesFacts.politeIntervalMs);
  });

  it('code over the solutions\' limit is skipped as the tracker would refuse it, never sent', async () => {
    const w = world();
    await codeforces(w, true);
    w.judge(CF_CODE[0]!.page, source('é'.repeat(SOLUTION_MAX_BYTES / 2 + 1)));
    w.judge(CF_CODE[1]!.page, source('int main() { return 3; }'));
    const cf = w.judgeOf(await w.sync(['codeforces']), 'codeforces');
    expect(cf).toMatchObject({ state: 'done', summary: { codeKept: 1, skipped: [{ count: 1, reason: `solutions the tracker refused (${SOLUTION_MESSAGES.tooLarge})` }] } });
    expect(posted(w).map((p) => p.url)).toEqual([CF_CODE[1]!.problemUrl]);
  });

  it('opted out (the default): the sync asks the judge for no code at all', async () => {
    const w = world();
    await codeforces(w, false);
    w.judge((u) => u.includes('/submission/'), source('int main() {}'));
    const cf = w.judgeOf(await w.sync(['codeforces']), 'codeforces');
    expect(cf).toMatchObject({ state: 'done', lastCount: 2 });
    expect(cf.summary?.codeKept).toBeUndefined();
    expect(w.judgeCalls.map((u) => u.split('?')[0])).toEqual([CF_STATUS]);
    expect(posted(w)).toEqual([]);
  });

  it('turned on after a sync without code, the next sync reads the whole history once more for its code, then goes on incrementally', async () => {
    const w = world();
    await codeforces(w, false);
    w.judge(CF_CODE[0]!.page, source('int main() { return 2; }'));
    w.judge(CF_CODE[1]!.page, source('int main() { return 3; }'));
    await w.sync(['codeforces']);
    expect(posted(w)).toEqual([]);

    await w.send({ type: 'sync:code', platform: 'codeforces', keep: true });
    const withCode = w.judgeOf(await w.sync(['codeforces']), 'codeforces');
    expect(withCode).toMatchObject({ state: 'done', summary: { codeKept: 2, alreadySolved: 2 } });
    expect(posted(w).map((p) => p.url)).toEqual(CF_CODE.map((c) => c.problemUrl));

    // From then on, only what is new since the last sync with code.
    const calls = w.judgeCalls.length;
    await w.sync(['codeforces']);
    expect(w.judgeCalls.slice(calls).map((u) => u.split('?')[0])).toEqual([CF_STATUS]);
    expect(posted(w)).toHaveLength(2);
  });

  it('signed out on the judge, its code is dropped for this run with what to do, and the next sync asks for it again', async () => {
    const w = world();
    await codeforces(w, true);
    w.judge(CF_CODE[0]!.page, ok('../solutions/codeforces/enter.html'), source('int main() { return 2; }'));
    w.judge(CF_CODE[1]!.page, source('int main() { return 3; }'));
    const cut = w.judgeOf(await w.sync(['codeforces']), 'codeforces');
    expect(cut).toMatchObject({ state: 'done', summary: { skipped: [{ count: 2, reason: 'solutions whose code needs you signed in on Codeforces in this browser' }] } });
    expect(w.judgeCalls.filter((u) => u.includes('/submission/'))).toHaveLength(1);
    expect(posted(w)).toEqual([]);

    const again = w.judgeOf(await w.sync(['codeforces']), 'codeforces');
    expect(again).toMatchObject({ state: 'done', summary: { codeKept: 2, skipped: [] } });
  });

  it('the opt-in is kept per judge, and refused for a judge whose code the sync cannot read', async () => {
    const w = world();
    await signIn(w.local);
    const status = await w.send({ type: 'sync:status' });
    expect(w.judgeOf(status, 'codeforces').code).toBe('off');
    expect(w.judgeOf(status, 'leetcode').code).toBe('off');
    expect(w.judgeOf(status, 'hackerrank').code).toBeNull();
    const on = await w.send({ type: 'sync:code', platform: 'leetcode', keep: true });
    expect(w.judgeOf(on, 'leetcode').code).toBe('on');
    expect(w.judgeOf(on, 'codeforces').code).toBe('off');
    await expect(w.send({ type: 'sync:code', platform: 'hackerrank', keep: true })).rejects.toThrow(/cannot bring code from hackerrank/);
  });
});

