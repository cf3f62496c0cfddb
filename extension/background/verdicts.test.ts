import { describe, expect, it } from 'vitest';
import { handleMessage } from './dispatch';
import { content, page, problem, setup, signIn } from './test-support';
import { VERDICT_MESSAGES } from './verdicts';

const verdict = (problemUrl = 'https://leetcode.com/problems/two-sum/', submissionId = '101', source: 'leetcode' | 'codeforces' = 'leetcode') => ({
  type: 'verdict:accepted',
  verdict: { source, problemUrl, submissionId },
});

describe('auto-tick verdicts', () => {
  async function ready() {
    const s = setup();
    await signIn(s.local);
    await handleMessage({ type: 'problem:detected', problem }, content(7), s.deps);
    s.api.calls.length = 0;
    return s;
  }

  it("ticks the tab's own problem once: added when absent, then marked solved", async () => {
    const { deps, api } = await ready();
    const reply = await handleMessage(verdict(), content(7), deps);
    // The page is asked to offer "How was it?" for the question it ticked (review.test.ts).
    expect(reply).toEqual({ ok: true, data: { status: 'ticked', message: VERDICT_MESSAGES.ticked('Two Sum'), ask: { questionId: 'q-two-sum' } } });
    expect(api.callsTo('/question-tracker/v1/user/question/solve-question').map((c) => c.body)).toEqual([
      { questionId: 'q-two-sum', checked: true, starred: false, customTags: [] },
    ]);
    // The same submission again (a reload, a second poll) ticks nothing.
    expect(await handleMessage(verdict(), content(7), deps)).toEqual({ ok: true, data: { status: 'duplicate', message: '' } });
    // A later Accepted submission on a problem already in the workspace only sets checked.
    await handleMessage(verdict(undefined, '102'), content(7), deps);
    expect(api.callsTo(/update-question/).map((c) => c.body)).toEqual([{ checked: true }]);
  });

  it('ticks a submission reported twice at the same moment once', async () => {
    const { deps, api } = await ready();
    const replies = await Promise.all([handleMessage(verdict(), content(7), deps), handleMessage(verdict(), content(7), deps)]);
    expect(replies.map((r) => (r.ok ? (r.data as { status: string }).status : r.error)).sort()).toEqual(['duplicate', 'ticked']);
    expect(api.callsTo(/solve-question|update-question/)).toHaveLength(1);
  });

  it("refuses a verdict for another tab's problem", async () => {
    const { deps, api, local } = await ready();
    // Tab 8 is on Two Sum's page too, but claims another problem.
    const other = await handleMessage(verdict('https://leetcode.com/problems/three-sum/'), content(8), deps);
    expect(other).toEqual({ ok: false, error: VERDICT_MESSAGES.refused });
    // Tab 9 is not on a problem page at all; tab 7's problem is not its to report.
    const stranger = await handleMessage(verdict(), content(9, 'https://leetcode.com/problemset/'), deps);
    expect(stranger).toEqual({ ok: false, error: VERDICT_MESSAGES.refused });
    // A page of another judge cannot report a LeetCode verdict, nor claim another source.
    expect(await handleMessage(verdict(), content(10, 'https://codeforces.com/problemset/status'), deps)).toMatchObject({ ok: false });
    expect(await handleMessage(verdict(undefined, '1', 'codeforces'), content(7), deps)).toMatchObject({ ok: false });
    expect(api.callsTo(/solve-question|update-question/)).toHaveLength(0);
    expect(local.data.get('verdicts:seen')).toBeUndefined();
  });

  it('on a Codeforces status page: problems it lists, within its contest', async () => {
    const { deps, api } = await ready();
    const status = (url: string) => content(11, url);
    expect(await handleMessage(verdict('https://codeforces.com/problemset/problem/4/A', '5001', 'codeforces'), status('https://codeforces.com/contest/4/my'), deps)).toMatchObject({
      ok: true,
      data: { status: 'ticked' },
    });
    expect(await handleMessage(verdict('https://codeforces.com/problemset/problem/71/A', '5002', 'codeforces'), status('https://codeforces.com/contest/4/my'), deps)).toEqual({
      ok: false,
      error: VERDICT_MESSAGES.refused,
    });
    expect(await handleMessage(verdict('https://codeforces.com/problemset/problem/71/A', '5003', 'codeforces'), status('https://codeforces.com/problemset/status?my=on'), deps)).toMatchObject({
      ok: true,
    });
    expect(await handleMessage(verdict('https://codeforces.com/problemset/problem/71/A', '5004', 'codeforces'), status('https://codeforces.com/blog/entry/1'), deps)).toMatchObject({
      ok: false,
    });
    expect(api.callsTo(/solve-question/)).toHaveLength(2);
  });

  it('does nothing when auto-tick is off, and asks to sign in when signed out', async () => {
    const { deps, api, local } = await ready();
    await handleMessage({ type: 'settings:set', autoTick: false }, page, deps);
    expect(await handleMessage(verdict(), content(7), deps)).toEqual({ ok: true, data: { status: 'disabled', message: '' } });
    await handleMessage({ type: 'settings:set', autoTick: true }, page, deps);
    await local.remove('token');
    expect(await handleMessage(verdict(), content(7), deps)).toEqual({ ok: true, data: { status: 'signed-out', message: VERDICT_MESSAGES.signedOut } });
    expect(api.callsTo(/solve-question|update-question/)).toHaveLength(0);
  });

  it('an Accepted verdict while offline waits in the queue and is ticked once later', async () => {
    const { deps, api } = await ready();
    api.state.offline = true;
    expect(await handleMessage(verdict(), content(7), deps)).toEqual({ ok: true, data: { status: 'queued', message: VERDICT_MESSAGES.queued } });
    api.state.offline = false;
    await handleMessage({ type: 'queue:flush' }, page, deps);
    await handleMessage({ type: 'queue:flush' }, page, deps);
    // Offline, the lookup failed before anything was written; back online it is sent exactly once.
    expect(api.callsTo(/solve-question/, 'POST')).toHaveLength(1);
    expect(api.records.get('q-two-sum')?.checked).toBe(true);
  });
});
