// Saved pages reference their judges' stylesheets and scripts: never fetch them, and count a skipped load as done.
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"disableCSSFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { describe, expect, it } from 'vitest';
import { codechefReader as reader, codechefTime } from './codechef';
import { answer, context, NOW } from './testing';
import { SYNC_ORIGINS } from './types';

const handle = 'sample_user';

describe('codechef history reader', () => {
  it('asks the profile’s recent-activity call, page by page, with the browser’s cookies', () => {
    expect(reader.plan({ handle, cursor: null }, SYNC_ORIGINS)).toEqual({
      url: 'https://www.codechef.com/recent/user?page=0&user_handle=sample_user',
      method: 'GET',
      headers: { accept: 'application/json, text/javascript, */*; q=0.01', 'x-requested-with': 'XMLHttpRequest' },
      credentials: 'include',
    });
    expect(reader.plan({ handle, cursor: { page: 3 } }, { ...SYNC_ORIGINS, codechef: 'http://127.0.0.1:4500' }).url).toBe(
      'http://127.0.0.1:4500/recent/user?page=3&user_handle=sample_user',
    );
  });

  it('reads IST times and "ago" times', () => {
    expect(codechefTime('10:31 PM 05/01/24', NOW)).toBe('2024-01-05T17:01:00.000Z');
    expect(codechefTime('12:05 AM 01/12/23', NOW)).toBe('2023-11-30T18:35:00.000Z');
    expect(codechefTime('12:30 PM 15/08/23', NOW)).toBe('2023-08-15T07:00:00.000Z');
    expect(codechefTime('2 hours ago', NOW)).toBe('2024-01-06T10:00:00.000Z');
    expect(codechefTime('1 min ago', NOW)).toBe('2024-01-06T11:59:00.000Z');
    expect(codechefTime('35 secs ago', NOW)).toBe('2024-01-06T11:59:25.000Z');
    expect(codechefTime('10:31 PM 31/02/24', NOW)).toBeUndefined();
    expect(codechefTime('yesterday', NOW)).toBeUndefined();
  });

  it('reads accepted rows, earliest per problem, names only where the link shows one, and pages on', () => {
    expect(reader.parse(answer('codechef/page-0.json'), { handle, cursor: null }, context())).toEqual({
      submissions: [
        { problemUrl: 'https://www.codechef.com/problems/CHEFSOCKS', solvedAt: '2024-01-06T10:00:00.000Z' },
        { problemUrl: 'https://www.codechef.com/problems/FLOW001', solvedAt: '2024-01-05T17:01:00.000Z' },
        { problemUrl: 'https://www.codechef.com/problems/TEST', solvedAt: '2024-01-03T03:35:00.000Z', name: 'Life, the Universe, and Everything' },
      ],
      next: { page: 1 },
    });
    expect(reader.parse(answer('codechef/page-1.json'), { handle, cursor: { page: 1 } }, context())).toEqual({
      submissions: [{ problemUrl: 'https://www.codechef.com/problems/WEIRD_GAME', solvedAt: '2023-11-30T18:35:00.000Z' }],
      next: { page: 2 },
    });
    expect(reader.parse(answer('codechef/past-end.json'), { handle, cursor: { page: 2 } }, context())).toEqual({ submissions: [], next: null });
  });

  it('stops at `since` (newest first)', () => {
    const page = reader.parse(answer('codechef/page-0.json'), { handle, since: '2024-01-05T00:00:00.000Z', cursor: null }, context());
    expect(page.submissions.map((s) => s.problemUrl)).toEqual(['https://www.codechef.com/problems/CHEFSOCKS', 'https://www.codechef.com/problems/FLOW001']);
    expect(page.next).toBeNull();
  });

  it('reads an empty history as done', () => {
    expect(reader.parse(answer('codechef/empty.json'), { handle, cursor: null }, context())).toEqual({ submissions: [], next: null });
  });

  it('explains a Cloudflare check, slows down on 429, and reports an unknown shape', () => {
    expect(reader.parse(answer('codechef/browser-check.html', 403), { handle, cursor: null }, context())).toEqual({
      submissions: [],
      next: null,
      error: 'CodeChef asked for a browser check. Open CodeChef in a tab, let it load, then sync again.',
    });
    expect(reader.parse({ status: 429, body: '' }, { handle, cursor: null }, context())).toEqual({ submissions: [], next: null, rateLimited: true });
    expect(reader.parse(answer('codechef/changed-shape.json'), { handle, cursor: null }, context()).error).toMatch(
      /^CodeChef answered in a shape this version does not know \(no content\)/,
    );
    const rowsWithoutLinks = JSON.stringify({ max_page: 1, content: "<table class='dataTable'><tbody><tr><td>x</td><td>y</td><td>z</td></tr></tbody></table>" });
    expect(reader.parse({ status: 200, body: rowsWithoutLinks }, { handle, cursor: null }, context()).error).toMatch(/rows without a time or a problem link/);
  });

  it('needs an HTML parser, and says so instead of throwing', () => {
    expect(reader.parse(answer('codechef/page-0.json'), { handle, cursor: null }, { now: NOW }).error).toMatch(/needs an HTML parser/);
  });
});
