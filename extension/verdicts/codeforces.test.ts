// Saved pages reference their judges' stylesheets and scripts: never fetch or run them.
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"disableJavaScriptEvaluation":true,"disableCSSFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loggedInHandle, statusRows } from '../platforms/codeforces.dom';
import { codeforcesStatusScope, keyInContest, ownSubmissions } from './codeforces';

const PAGES = resolve(import.meta.dirname, '../../tests/fixtures/pages');
const html = (file: string): Document => new DOMParser().parseFromString(readFileSync(join(PAGES, file), 'utf8'), 'text/html');

describe('Codeforces status pages', () => {
  const doc = html('codeforces/status-my.html');

  it('reads the signed-in handle from the header, and nobody on a signed-out page', () => {
    expect(loggedInHandle(doc)).toBe('pt_tester');
    const out = new DOMParser().parseFromString('<div id="header"><a href="/enter">Enter</a> | <a href="/register">Register</a></div>', 'text/html');
    expect(loggedInHandle(out)).toBeNull();
  });

  it('reads every row: party, problem and verdict (a running one is neither Accepted nor rejected)', () => {
    expect(statusRows(doc)).toEqual([
      { submissionId: '250000005', handles: ['pt_tester'], problemHref: '/problemset/problem/4/A', accepted: true, rejected: false },
      { submissionId: '250000004', handles: ['tourist'], problemHref: '/problemset/problem/71/A', accepted: true, rejected: false },
      { submissionId: '250000003', handles: ['pt_tester', 'friend_b'], problemHref: '/problemset/problem/158/A', accepted: true, rejected: false },
      { submissionId: '250000002', handles: ['pt_tester'], problemHref: '/problemset/problem/1/B', accepted: false, rejected: false },
      { submissionId: '250000001', handles: ['pt_tester'], problemHref: '/problemset/problem/231/A', accepted: false, rejected: true },
    ]);
  });

  it("returns only the signed-in user's own rows, Accepted and judged otherwise (attempts): another user's, a team's and a running one are ignored", () => {
    expect(ownSubmissions(doc, 'https://codeforces.com/problemset/status?my=on')).toEqual({
      accepted: [{ submissionId: '250000005', problemUrl: 'https://codeforces.com/problemset/problem/4/A' }],
      rejected: [{ submissionId: '250000001', problemUrl: 'https://codeforces.com/problemset/problem/231/A' }],
    });
  });

  it('sees a verdict that changes in place', () => {
    const live = html('codeforces/status-my.html');
    const cell = live.querySelector('tr[data-submission-id="250000002"] .status-verdict-cell')!;
    cell.setAttribute('waiting', 'false');
    cell.innerHTML = '<span class="submissionVerdictWrapper" submissionId="250000002" submissionVerdict="OK"><span class="verdict-accepted">Accepted</span></span>';
    expect(ownSubmissions(live, 'https://codeforces.com/').accepted.map((s) => s.submissionId)).toEqual(['250000005', '250000002']);
  });

  it('nobody signed in: nothing is reported', () => {
    const anonymous = html('codeforces/status-my.html');
    anonymous.querySelector('a[href$="/logout"]')?.remove();
    expect(ownSubmissions(anonymous, 'https://codeforces.com/')).toEqual({ accepted: [], rejected: [] });
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
