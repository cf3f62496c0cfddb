// Saved pages reference their judges' stylesheets and scripts: never fetch or run them.
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"disableJavaScriptEvaluation":true,"disableCSSFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeforcesStatusScope, keyInContest, loggedInHandle, ownAcceptedSubmissions, statusRows } from './codeforces-status';
import {
  checkSubmissionId,
  isAcceptedForPage,
  leetcodePage,
  parseLeetcodeCheck,
  readTapMessage,
  submitSlug,
  submittedId,
  TAP_MESSAGE,
  type TapVerdict,
} from './leetcode-verdict';

const PAGES = resolve(import.meta.dirname, '../../tests/fixtures/pages');
const json = (file: string): unknown => JSON.parse(readFileSync(join(PAGES, file), 'utf8'));
const html = (file: string): Document => new DOMParser().parseFromString(readFileSync(join(PAGES, file), 'utf8'), 'text/html');

describe('LeetCode check answers', () => {
  it('reads the Accepted verdict of a finished submission, with its question', () => {
    expect(parseLeetcodeCheck(json('leetcode/check-accepted.json'), '1', 'two-sum')).toEqual({
      type: TAP_MESSAGE,
      submissionId: '1',
      state: 'SUCCESS',
      statusMsg: 'Accepted',
      questionId: '1',
      slug: 'two-sum',
    });
  });

  it('reads nothing while judging, and keeps a rejection as what it is', () => {
    expect(parseLeetcodeCheck(json('leetcode/check-pending.json'), '1', null)).toBeNull();
    expect(parseLeetcodeCheck(json('leetcode/check-wrong-answer.json'), '2', null)).toMatchObject({ statusMsg: 'Wrong Answer' });
    // An answer about another submission than the one polled is not believed.
    expect(parseLeetcodeCheck(json('leetcode/check-accepted.json'), '7', null)).toBeNull();
    expect(parseLeetcodeCheck('Accepted', '1', null)).toBeNull();
    expect(parseLeetcodeCheck(null, '1', null)).toBeNull();
  });

  it('watches only submission checks and submits, never "Run" checks', () => {
    expect(checkSubmissionId('/submissions/detail/123456/check/')).toBe('123456');
    expect(checkSubmissionId('/submissions/detail/runcode_1717000000.123_abcdef/check/')).toBeNull();
    expect(checkSubmissionId('/submissions/detail/123/')).toBeNull();
    expect(submitSlug('/problems/two-sum/submit/')).toBe('two-sum');
    expect(submitSlug('/problems/two-sum/interpret_solution/')).toBeNull();
    expect(submittedId({ submission_id: 1234 })).toBe('1234');
    expect(submittedId({ submission_id: '1234' })).toBe('1234');
    expect(submittedId({ interpret_id: 'runcode_1' })).toBeNull();
  });

  it('checks a message from the page world field by field', () => {
    const good: TapVerdict = { type: TAP_MESSAGE, submissionId: '1', state: 'SUCCESS', statusMsg: 'Accepted', questionId: '1', slug: 'two-sum' };
    expect(readTapMessage(good)).toEqual(good);
    expect(readTapMessage({ ...good, extra: 'ignored' })).toEqual(good);
    for (const bad of [
      null,
      'Accepted',
      { ...good, type: 'other' },
      { ...good, submissionId: 'runcode_1' },
      { ...good, submissionId: 1 },
      { ...good, questionId: 'abc' },
      { ...good, slug: '../../evil' },
      { ...good, slug: undefined },
      { ...good, statusMsg: 'x'.repeat(100) },
    ]) {
      expect(readTapMessage(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it("accepts only an Accepted verdict for the page's own problem", () => {
    const doc = html('leetcode/two-sum-submit.html');
    const page = leetcodePage({ pathname: '/problems/two-sum/description/' }, doc);
    expect(page).toEqual({ slug: 'two-sum', questionId: '1' });
    const v = readTapMessage({ type: TAP_MESSAGE, submissionId: '1', state: 'SUCCESS', statusMsg: 'Accepted', questionId: '1', slug: 'two-sum' })!;
    expect(isAcceptedForPage(v, page)).toBe(true);
    expect(isAcceptedForPage({ ...v, slug: null }, page)).toBe(true);
    expect(isAcceptedForPage({ ...v, statusMsg: 'Wrong Answer' }, page)).toBe(false);
    expect(isAcceptedForPage({ ...v, slug: 'three-sum' }, page)).toBe(false);
    expect(isAcceptedForPage({ ...v, slug: null, questionId: '15' }, page)).toBe(false);
    expect(isAcceptedForPage(v, leetcodePage({ pathname: '/problemset/' }, doc))).toBe(false);
  });
});

describe('Codeforces status pages', () => {
  const doc = html('codeforces/status-my.html');

  it('reads the signed-in handle from the header, and nobody on a signed-out page', () => {
    expect(loggedInHandle(doc)).toBe('pt_tester');
    const out = new DOMParser().parseFromString('<div id="header"><a href="/enter">Enter</a> | <a href="/register">Register</a></div>', 'text/html');
    expect(loggedInHandle(out)).toBeNull();
  });

  it('reads every row: party, problem and verdict', () => {
    expect(statusRows(doc)).toEqual([
      { submissionId: '250000005', handles: ['pt_tester'], problemHref: '/problemset/problem/4/A', accepted: true },
      { submissionId: '250000004', handles: ['tourist'], problemHref: '/problemset/problem/71/A', accepted: true },
      { submissionId: '250000003', handles: ['pt_tester', 'friend_b'], problemHref: '/problemset/problem/158/A', accepted: true },
      { submissionId: '250000002', handles: ['pt_tester'], problemHref: '/problemset/problem/1/B', accepted: false },
      { submissionId: '250000001', handles: ['pt_tester'], problemHref: '/problemset/problem/231/A', accepted: false },
    ]);
  });

  it("returns only the signed-in user's own Accepted rows: another user's and a team's are ignored", () => {
    expect(ownAcceptedSubmissions(doc, 'https://codeforces.com/problemset/status?my=on')).toEqual([
      { submissionId: '250000005', problemUrl: 'https://codeforces.com/problemset/problem/4/A' },
    ]);
  });

  it('sees a verdict that changes in place', () => {
    const live = html('codeforces/status-my.html');
    const cell = live.querySelector('tr[data-submission-id="250000002"] .status-verdict-cell')!;
    cell.setAttribute('waiting', 'false');
    cell.innerHTML = '<span class="submissionVerdictWrapper" submissionId="250000002" submissionVerdict="OK"><span class="verdict-accepted">Accepted</span></span>';
    expect(ownAcceptedSubmissions(live, 'https://codeforces.com/').map((s) => s.submissionId)).toEqual(['250000005', '250000002']);
  });

  it('nobody signed in: nothing is reported', () => {
    const anonymous = html('codeforces/status-my.html');
    anonymous.querySelector('a[href$="/logout"]')?.remove();
    expect(ownAcceptedSubmissions(anonymous, 'https://codeforces.com/')).toEqual([]);
  });

  it('knows which pages list submissions, and which contest a problem is in', () => {
    const scope = (u: string) => codeforcesStatusScope(new URL(u));
    expect(scope('https://codeforces.com/contest/1791/my')).toEqual({ scope: 'contest', contestId: '1791' });
    expect(scope('https://codeforces.com/gym/104114/my')).toEqual({ scope: 'contest', contestId: '104114' });
    expect(scope('https://codeforces.com/contest/1791/status/page/2')).toEqual({ scope: 'contest', contestId: '1791' });
    expect(scope('https://codeforces.com/problemset/status?my=on')).toEqual({ scope: 'any' });
    expect(scope('https://codeforces.com/submissions/pt_tester')).toEqual({ scope: 'any' });
    expect(scope('https://codeforces.com/problemset/problem/4/A')).toBeNull();
    expect(scope('https://codeforces.com/blog/entry/1')).toBeNull();
    expect(keyInContest('1791A', '1791')).toBe(true);
    expect(keyInContest('1776F2', '1776')).toBe(true);
    expect(keyInContest('gym104114C', '104114')).toBe(true);
    expect(keyInContest('17910A', '1791')).toBe(false);
    expect(keyInContest('4A', '1791')).toBe(false);
  });
});
