import { describe, expect, it } from 'vitest';
import { CODEFORCES_COUNT, codeforcesReader as reader } from './codeforces';
import { answer, context } from './testing';
import { SYNC_ORIGINS } from './types';

const handle = 'Rutika_212';

describe('codeforces history reader', () => {
  it('asks the official API for a page of the handle’s submissions, without cookies', () => {
    expect(reader.plan({ handle, cursor: null }, SYNC_ORIGINS)).toEqual({
      url: `https://codeforces.com/api/user.status?handle=Rutika_212&from=1&count=${CODEFORCES_COUNT}`,
      method: 'GET',
      credentials: 'omit',
    });
    const local = { ...SYNC_ORIGINS, codeforces: 'http://127.0.0.1:4100' };
    expect(reader.plan({ handle: 'a b&c', cursor: { from: 6, count: 5 } }, local).url).toBe(
      'http://127.0.0.1:4100/api/user.status?handle=a%20b%26c&from=6&count=5',
    );
    expect(() => reader.plan({ handle: ' ', cursor: null }, SYNC_ORIGINS)).toThrow(/handle/);
    expect(reader.delayMs).toBe(2000);
    expect(reader.needs).toBe('handle');
  });

  it('reads Accepted submissions only, earliest per problem, gym problems under /gym/, and pages on', () => {
    const state = { handle, cursor: { from: 1, count: 5 } };
    const page = reader.parse(answer('codeforces/page-1.json'), state, context());
    expect(page).toEqual({
      submissions: [
        {
          problemUrl: 'https://codeforces.com/problemset/problem/1775/A2',
          // Two Accepted for A2: the earlier one (a contest submission) counts.
          solvedAt: '2023-01-10T11:28:20.000Z',
          name: 'Gardener and the Capybaras (hard version)',
          difficulty: '900',
          topics: ['constructive algorithms', 'greedy'],
        },
        { problemUrl: 'https://codeforces.com/gym/104114/problem/C', solvedAt: '2023-01-11T18:50:00.000Z', name: 'Counting Is Fun' },
        // The acm.sgu.ru archive problem has no contest, hence no URL: left out. A1 was a Wrong answer.
      ],
      next: { from: 6, count: 5 },
      // The newest Accepted of each problem, for a code sync, with the API's name of its language.
      codes: [
        { submissionId: '188976385', problemUrl: 'https://codeforces.com/problemset/problem/1775/A2', acceptedAt: '2023-01-12T10:33:38.000Z', language: 'GNU C++17' },
        { submissionId: '188903120', problemUrl: 'https://codeforces.com/gym/104114/problem/C', acceptedAt: '2023-01-11T18:50:00.000Z', language: 'GNU C++17' },
      ],
    });
  });

  it('stops after a short page, and leaves out "*special" tags', () => {
    const page = reader.parse(answer('codeforces/page-2.json'), { handle, cursor: { from: 6, count: 5 } }, context());
    expect(page.next).toBeNull();
    expect(page.submissions).toEqual([
      { problemUrl: 'https://codeforces.com/problemset/problem/1768/B', solvedAt: '2023-01-05T15:57:03.000Z', name: 'Quick Sort', difficulty: '900', topics: ['greedy', 'math'] },
      { problemUrl: 'https://codeforces.com/problemset/problem/1812/A', solvedAt: '2023-01-05T14:55:00.000Z', name: 'Are You a Robot?', topics: ['implementation'] },
      { problemUrl: 'https://codeforces.com/problemset/problem/1768/A', solvedAt: '2023-01-05T14:40:20.000Z', name: 'Greatest Convex', difficulty: '800', topics: ['greedy', 'math', 'number theory'] },
    ]);
  });

  it('reads only submissions since the last sync, and stops paging once past it', () => {
    const state = { handle, since: '2023-01-11T00:00:00.000Z', cursor: { from: 1, count: 5 } };
    const page = reader.parse(answer('codeforces/page-1.json'), state, context());
    expect(page.submissions.map((s) => [s.problemUrl, s.solvedAt])).toEqual([
      ['https://codeforces.com/problemset/problem/1775/A2', '2023-01-12T10:33:38.000Z'],
      ['https://codeforces.com/gym/104114/problem/C', '2023-01-11T18:50:00.000Z'],
    ]);
    expect(page.next).toBeNull();
  });

  it('reads an empty history as done', () => {
    expect(reader.parse(answer('codeforces/empty.json'), { handle, cursor: null }, context())).toEqual({ submissions: [], next: null });
  });

  it('names an unknown handle, and slows down on the call limit', () => {
    const missing = reader.parse(answer('codeforces/not-found.json', 400), { handle: 'no_such_handle_42', cursor: null }, context());
    expect(missing).toEqual({ submissions: [], next: null, error: 'Codeforces has no user "no_such_handle_42". Check the handle.' });
    expect(reader.parse(answer('codeforces/call-limit.json', 503), { handle, cursor: null }, context())).toEqual({ submissions: [], next: null, rateLimited: true });
    expect(reader.parse({ status: 429, body: '' }, { handle, cursor: null }, context()).rateLimited).toBe(true);
    expect(reader.parse({ status: 502, body: '<html>Bad Gateway</html>' }, { handle, cursor: null }, context()).error).toBe(
      'Codeforces answered 502 (a server error): try again later.',
    );
  });

  it('says so when the answer has a shape it does not know, without throwing', () => {
    const page = reader.parse(answer('codeforces/changed-shape.json'), { handle, cursor: null }, context());
    expect(page.submissions).toEqual([]);
    expect(page.next).toBeNull();
    expect(page.error).toMatch(/^Codeforces answered in a shape this version does not know \(no result list\)/);
    expect(reader.parse({ status: 200, body: '<html>maintenance</html>' }, { handle, cursor: null }, context()).error).toMatch(/not JSON/);
    expect(reader.parse({ status: 200, body: '{"status":"OK","result":[{"id":1}]}' }, { handle, cursor: null }, context()).error).toMatch(
      /submissions without time or problem/,
    );
  });
});
