import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { handleMessage } from './dispatch';
import { noteVisibleTab } from './solutions';
import { content, page, problem, setup, signIn } from './test-support';

const fixture = (file: string) => readFileSync(resolve(import.meta.dirname, '../../tests/fixtures/solutions', file), 'utf8');
const twoSum = 'https://leetcode.com/problems/two-sum/';
const lc = (submissionId: string) => ({ source: 'leetcode' as const, problemUrl: twoSum, submissionId });
/** The fake judge and tracker answer within one turn: a timer's turn lets a keep started by a reply finish. */
const settled = () => new Promise((done) => setTimeout(done, 0));
/** The question the side panel lists Two Sum's versions for (its message carries a UUID). */
const TWO_SUM_ID = '7b0d5bde-6a4e-4b0e-8d55-1f8b8f2c9a11';

describe('kept solutions at an Accepted verdict', () => {
  /** The clock the background reads, moved by the tests. */
  const clock = { t: 1_700_000_000_000 };
  async function ready() {
    const s = setup();
    s.api.questions.find((q) => q.problemUrl === twoSum)!._id = TWO_SUM_ID;
    clock.t = 1_700_000_000_000;
    s.deps.now = () => clock.t;
    await signIn(s.local);
    // The tab is the one shown: its problem's time counts from now.
    await handleMessage({ type: 'problem:detected', problem }, { ...content(7), tab: { id: 7, active: true } }, s.deps);
    return s;
  }

  it("keeps the page's code with the wrong verdicts before it and today's visible time, after the tick", async () => {
    const { deps, api } = await ready();
    clock.t += 60_000;
    // Another tab is shown for ten minutes: not this problem's time.
    await noteVisibleTab(deps, 8);
    clock.t += 600_000;
    await noteVisibleTab(deps, 7);
    await handleMessage({ type: 'verdict:rejected', verdict: lc('99') }, content(7), deps);
    await handleMessage({ type: 'verdict:rejected', verdict: lc('99') }, content(7), deps);
    await handleMessage({ type: 'verdict:rejected', verdict: lc('100') }, content(7), deps);
    // A wrong verdict after the Accepted (a later try) is not one of its attempts.
    await handleMessage({ type: 'verdict:rejected', verdict: lc('102') }, content(7), deps);
    clock.t += 35_000;
    const reply = await handleMessage({ type: 'verdict:accepted', verdict: lc('101'), code: { code: 'class Solution {};', language: 'C++' } }, content(7), deps);
    expect(reply).toMatchObject({ ok: true, data: { status: 'ticked' } });
    await vi.waitFor(() => expect(api.solutions).toHaveLength(1));
    const posts = api.calls.filter((c) => /solve-question|\/user\/solutions$/.test(c.path)).map((c) => c.path);
    expect(posts).toEqual(['/question-tracker/v1/user/question/solve-question', '/question-tracker/v1/user/solutions']);
    expect(api.callsTo('/question-tracker/v1/user/solutions', 'POST').map((c) => c.body)).toEqual([
      { url: twoSum, code: 'class Solution {};', language: 'C++', acceptedAt: '2023-11-14T22:24:55.000Z', source: 'extension', attempts: 2, timeSpentSec: 95 },
    ]);
    // The attempts are spent: the next Accepted counts only the wrong verdict after this one.
    await handleMessage({ type: 'verdict:accepted', verdict: lc('103'), code: { code: 'class Solution { int x; };', language: 'C++' } }, content(7), deps);
    await vi.waitFor(() => expect(api.solutions).toHaveLength(2));
    expect(api.callsTo('/question-tracker/v1/user/solutions', 'POST').at(-1)?.body).toMatchObject({ attempts: 1 });
    // The side panel lists them, newest first.
    const listed = await handleMessage({ type: 'solutions:list', questionId: TWO_SUM_ID }, page, deps);
    expect(listed).toMatchObject({
      ok: true,
      data: [
        { version: 2, code: 'class Solution { int x; };', attempts: 1 },
        { version: 1, code: 'class Solution {};', attempts: 2, timeSpentSec: 95 },
      ],
    });
    expect(api.callsTo('/question-tracker/v1/user/solutions', 'GET').map((c) => c.query.get('questionId'))).toEqual([TWO_SUM_ID]);
  });

  it("asks LeetCode for the submission's code when the page did not hand it over", async () => {
    const { deps, api } = await ready();
    api.state.judge.set('https://leetcode.com/graphql/', { status: 200, body: fixture('leetcode/submission-details.json') });
    await handleMessage({ type: 'verdict:accepted', verdict: lc('1579690000') }, content(7), deps);
    await vi.waitFor(() => expect(api.solutions).toHaveLength(1));
    const graphql = api.calls.find((c) => c.path === '/graphql/');
    expect(graphql?.body).toMatchObject({ operationName: 'submissionDetails', variables: { submissionId: 1579690000 } });
    expect(api.callsTo('/question-tracker/v1/user/solutions', 'POST').map((c) => c.body)).toEqual([expect.objectContaining({ language: 'Python3', code: expect.stringMatching(/^class Solution:/) as unknown, attempts: 0 })]);
  });

  it('keeps nothing without code (never a guess), and nothing when the setting is off', async () => {
    const { deps, api } = await ready();
    api.state.judge.set('https://leetcode.com/graphql/', { status: 200, body: fixture('leetcode/submission-details-null.json') });
    expect(await handleMessage({ type: 'verdict:accepted', verdict: lc('201') }, content(7), deps)).toMatchObject({ ok: true, data: { status: 'ticked' } });
    // The judge answered, and no code came of it.
    await vi.waitFor(() => expect(api.calls.filter((c) => c.path === '/graphql/')).toHaveLength(1));
    await settled();
    await handleMessage({ type: 'settings:set', keepCode: false }, page, deps);
    await handleMessage({ type: 'verdict:accepted', verdict: lc('202'), code: { code: 'x = 1', language: 'Python3' } }, content(7), deps);
    await settled();
    expect(api.callsTo('/question-tracker/v1/user/solutions', 'POST')).toHaveLength(0);
  });

  it("replies to the page (its tick and toast) before the judge answers the submission's code", async () => {
    const { deps, api } = await ready();
    api.state.judge.set('https://leetcode.com/graphql/', { status: 200, body: fixture('leetcode/submission-details.json') });
    // The judge holds its answer until the test lets it go.
    let answer = () => {};
    const held = new Promise<void>((go) => (answer = go));
    const fetch = deps.fetch;
    deps.fetch = async (input, init) => {
      if ((input instanceof Request ? input.url : String(input)).endsWith('/graphql/')) await held;
      return fetch(input, init);
    };
    const reply = await handleMessage({ type: 'verdict:accepted', verdict: lc('1579690000') }, content(7), deps);
    expect(reply).toMatchObject({ ok: true, data: { status: 'ticked', message: expect.stringMatching(/Two Sum is marked solved/) as unknown } });
    expect(api.records.get(TWO_SUM_ID)?.checked).toBe(true);
    expect(api.solutions).toEqual([]);
    answer();
    await vi.waitFor(() => expect(api.solutions.map((x) => x.language)).toEqual(['Python3']));
  });

  it("on Codeforces, reads the code from the submission's own page", async () => {
    const { deps, api } = await ready();
    const status = content(11, 'https://codeforces.com/problemset/status?my=on');
    api.state.judge.set('https://codeforces.com/contest/4/submission/250000011', { status: 200, body: fixture('codeforces/submission-250000011.html') });
    const cf = (submissionId: string) => ({ source: 'codeforces' as const, problemUrl: 'https://codeforces.com/problemset/problem/4/A', submissionId });
    await handleMessage({ type: 'verdict:rejected', verdict: cf('250000010') }, status, deps);
    await handleMessage({ type: 'verdict:accepted', verdict: cf('250000011') }, status, deps);
    await vi.waitFor(() => expect(api.solutions).toHaveLength(1));
    expect(api.callsTo('/question-tracker/v1/user/solutions', 'POST').map((c) => c.body)).toEqual([
      expect.objectContaining({ url: 'https://codeforces.com/problemset/problem/4/A', language: 'GNU C++17', attempts: 1, code: expect.stringMatching(/^#include <bits\/stdc\+\+\.h>/) as unknown }),
    ]);
  });

  it('waits in the offline queue with the tick, and is sent after it', async () => {
    const { deps, api, local } = await ready();
    api.state.offline = true;
    expect(await handleMessage({ type: 'verdict:accepted', verdict: lc('301'), code: { code: 'a = 1', language: 'Python3' } }, content(7), deps)).toMatchObject({ ok: true, data: { status: 'queued' } });
    await vi.waitFor(() => expect((local.data.get('queue') as { entries: unknown[] }).entries).toHaveLength(2));
    const waiting = (local.data.get('queue') as { entries: { action: { kind: string } }[] }).entries.map((e) => e.action.kind);
    expect(waiting).toEqual(['record:set', 'solution:save']);
    api.state.offline = false;
    await handleMessage({ type: 'queue:flush' }, page, deps);
    expect(api.solutions.map((s) => s.code)).toEqual(['a = 1']);
  });

  it('counts time only for a shown tab with a problem, at most two hours a stretch, and attempts only for its own problem', async () => {
    const { deps, local } = await ready();
    await noteVisibleTab(deps, 8);
    clock.t += 30_000;
    await noteVisibleTab(deps, null);
    await handleMessage({ type: 'verdict:rejected', verdict: { ...lc('5'), problemUrl: 'https://leetcode.com/problems/three-sum/' } }, content(7), deps);
    expect(local.data.get('solutions:time')).toBeUndefined();
    expect(local.data.get('solutions:attempts')).toBeUndefined();
    // A browser left open on the problem overnight.
    await noteVisibleTab(deps, 7);
    clock.t += 10 * 3600_000;
    await handleMessage({ type: 'problem:none' }, content(7), deps);
    expect(Object.values(local.data.get('solutions:time') as Record<string, Record<string, number>>)).toEqual([{ 'leetcode:two-sum': 7200 }]);
  });
});
