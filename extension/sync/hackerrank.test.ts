import { describe, expect, it } from 'vitest';
import { hackerrankReader as reader } from './hackerrank';
import { answer, context } from './testing';
import { SYNC_ORIGINS } from './types';

const handle = 'sample_user';

describe('hackerrank history reader', () => {
  it('asks the profile’s recent_challenges call, following its cursor', () => {
    expect(reader.plan({ handle, cursor: null }, SYNC_ORIGINS)).toEqual({
      url: 'https://www.hackerrank.com/rest/hackers/sample_user/recent_challenges?limit=20&cursor=&response_version=v2',
      method: 'GET',
      headers: { accept: 'application/json' },
      credentials: 'omit',
    });
    expect(reader.plan({ handle, cursor: { cursor: 'MTcxMDcxMTYwMA==' } }, { ...SYNC_ORIGINS, hackerrank: 'http://127.0.0.1:4300' }).url).toBe(
      'http://127.0.0.1:4300/rest/hackers/sample_user/recent_challenges?limit=20&cursor=MTcxMDcxMTYwMA%3D%3D&response_version=v2',
    );
  });

  it('reads solved challenges with their names and dates, contest ones at their practice URL', () => {
    expect(reader.parse(answer('hackerrank/page-1.json'), { handle, cursor: null }, context())).toEqual({
      submissions: [
        { problemUrl: 'https://www.hackerrank.com/challenges/java-singleton/problem', solvedAt: '2024-03-20T14:15:08.000Z', name: 'Java Singleton Pattern' },
        { problemUrl: 'https://www.hackerrank.com/challenges/euler001/problem', solvedAt: '2024-03-18T09:02:41.000Z', name: 'Project Euler #1: Multiples of 3 and 5' },
        { problemUrl: 'https://www.hackerrank.com/challenges/solve-me-first/problem', solvedAt: '2024-03-17T21:40:00.000Z', name: 'Solve Me First' },
      ],
      next: { cursor: 'MTcxMDcxMTYwMA==' },
    });
  });

  it('ends on the last page', () => {
    expect(reader.parse(answer('hackerrank/page-2.json'), { handle, cursor: { cursor: 'MTcxMDcxMTYwMA==' } }, context())).toEqual({
      submissions: [
        { problemUrl: 'https://www.hackerrank.com/challenges/simple-array-sum/problem', solvedAt: '2023-11-02T08:30:15.000Z', name: 'Simple Array Sum' },
        { problemUrl: 'https://www.hackerrank.com/challenges/sherlock-and-anagrams/problem', solvedAt: '2023-10-30T18:05:59.000Z', name: 'Sherlock and Anagrams' },
      ],
      next: null,
    });
  });

  it('stops at `since` (newest first)', () => {
    const page = reader.parse(answer('hackerrank/page-1.json'), { handle, since: '2024-03-18T00:00:00.000Z', cursor: null }, context());
    expect(page.submissions.map((s) => s.problemUrl)).toEqual([
      'https://www.hackerrank.com/challenges/java-singleton/problem',
      'https://www.hackerrank.com/challenges/euler001/problem',
    ]);
    expect(page.next).toBeNull();
  });

  it('reads an empty history as done', () => {
    expect(reader.parse(answer('hackerrank/empty.json'), { handle, cursor: null }, context())).toEqual({ submissions: [], next: null });
  });

  it('names an unknown handle, slows down on 429, and reports an unknown shape', () => {
    const missing = { submissions: [], next: null, error: 'HackerRank has no public profile "nobody_here". Check the handle.' };
    expect(reader.parse(answer('hackerrank/not-found.json', 404), { handle: 'nobody_here', cursor: null }, context())).toEqual(missing);
    expect(reader.parse(answer('hackerrank/not-found.json', 200), { handle: 'nobody_here', cursor: null }, context())).toEqual(missing);
    expect(reader.parse({ status: 429, body: '' }, { handle, cursor: null }, context())).toEqual({ submissions: [], next: null, rateLimited: true });
    expect(reader.parse(answer('hackerrank/changed-shape.json'), { handle, cursor: null }, context()).error).toMatch(
      /^HackerRank answered in a shape this version does not know \(no models list\)/,
    );
  });
});
