import { describe, expect, it } from 'vitest';
import { handleMessage } from './dispatch';
import { page, setup } from './test-support';

const NOW = 1_700_000_000_000;
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe('contests: the next one for the popup', () => {
  it('answers the soonest contest still to start, with its judge named, signed in or not', async () => {
    const { deps, api } = setup();
    api.contests.push(
      { id: 'a', platform: 'leetcode', name: 'Weekly Contest 480', url: 'https://leetcode.com/contest/weekly-contest-480', startsAt: at(-30), durationSeconds: 5400 },
      { id: 'b', platform: 'codeforces', name: 'Codeforces Round 1000', url: 'https://codeforces.com/contests/2063', startsAt: at(90), durationSeconds: 7200 },
      { id: 'c', platform: 'atcoder', name: 'ABC 400', url: 'https://atcoder.jp/contests/abc400', startsAt: at(600), durationSeconds: 6000 },
    );
    expect(await handleMessage({ type: 'contests:next' }, page, deps)).toEqual({ ok: true, data: { ...api.contests[1], judge: 'Codeforces' } });
  });

  it('answers the running one when none is to come, null when none is listed, and an error when the tracker is away', async () => {
    const { deps, api } = setup();
    expect(await handleMessage({ type: 'contests:next' }, page, deps)).toEqual({ ok: true, data: null });
    api.contests.push({ id: 'a', platform: 'leetcode', name: 'Weekly Contest 480', url: 'https://leetcode.com/contest/weekly-contest-480', startsAt: at(-30), durationSeconds: 5400 });
    expect(await handleMessage({ type: 'contests:next' }, page, deps)).toMatchObject({ ok: true, data: { id: 'a', judge: 'LeetCode' } });
    api.state.offline = true;
    expect(await handleMessage({ type: 'contests:next' }, page, deps)).toMatchObject({ ok: false });
  });
});
