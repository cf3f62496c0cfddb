import { describe, expect, it } from 'vitest';
import { geeksforgeeksReader as reader } from './geeksforgeeks';
import { answer, context } from './testing';
import { SYNC_ORIGINS } from './types';

const handle = 'sample_user';
const now = new Date('2025-08-01T00:00:00.000Z');

describe('geeksforgeeks history reader', () => {
  it('posts the handle to the profile’s submissions API, in one request, without cookies', () => {
    expect(reader.plan({ handle, cursor: null }, SYNC_ORIGINS)).toEqual({
      url: 'https://practiceapi.geeksforgeeks.org/api/v1/user/problems/submissions/',
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{"handle":"sample_user","requestType":"","year":"","month":""}',
      credentials: 'omit',
    });
    expect(reader.plan({ handle, cursor: null }, { ...SYNC_ORIGINS, geeksforgeeksApi: 'http://127.0.0.1:4400' }).url).toBe(
      'http://127.0.0.1:4400/api/v1/user/problems/submissions/',
    );
  });

  it('reads every solved problem with its GfG level as difficulty, IST times as UTC', () => {
    expect(reader.parse(answer('geeksforgeeks/solved.json'), { handle, cursor: null }, context(now))).toEqual({
      submissions: [
        {
          problemUrl: 'https://www.geeksforgeeks.org/problems/print-alternate-elements-of-an-array/1',
          solvedAt: '2024-02-11T17:40:04.000Z',
          name: 'Alternate Elements of an Array',
          difficulty: 'Basic',
        },
        {
          problemUrl: 'https://www.geeksforgeeks.org/problems/delete-node-in-doubly-linked-list/1',
          solvedAt: '2025-07-20T12:01:58.000Z',
          name: 'Delete in a Doubly Linked List',
          difficulty: 'Easy',
        },
        // No user_subtime: dated by the sync.
        { problemUrl: 'https://www.geeksforgeeks.org/problems/missing-number-in-array1416/1', solvedAt: '2025-08-01T00:00:00.000Z', name: 'Missing number in array', difficulty: 'Easy' },
        { problemUrl: 'https://www.geeksforgeeks.org/problems/kadanes-algorithm-1587115620/1', solvedAt: '2025-07-23T03:03:27.000Z', name: "Kadane's Algorithm", difficulty: 'Medium' },
        { problemUrl: 'https://www.geeksforgeeks.org/problems/n-queen-problem0315/1', solvedAt: '2024-12-31T18:29:59.000Z', name: 'N-Queen Problem', difficulty: 'Hard' },
      ],
      next: null,
    });
  });

  it('keeps only dated solves since the last sync on an incremental sync', () => {
    const page = reader.parse(answer('geeksforgeeks/solved.json'), { handle, since: '2025-01-01T00:00:00.000Z', cursor: null }, context(now));
    expect(page.submissions.map((s) => s.problemUrl)).toEqual([
      'https://www.geeksforgeeks.org/problems/delete-node-in-doubly-linked-list/1',
      'https://www.geeksforgeeks.org/problems/kadanes-algorithm-1587115620/1',
    ]);
  });

  it('reads an empty history as done', () => {
    expect(reader.parse(answer('geeksforgeeks/empty.json'), { handle, cursor: null }, context(now))).toEqual({ submissions: [], next: null });
  });

  it('passes on the API’s own failure message, slows down on 429, and reports an unknown shape', () => {
    expect(reader.parse(answer('geeksforgeeks/failed.json'), { handle, cursor: null }, context(now))).toEqual({
      submissions: [],
      next: null,
      error: 'GeeksforGeeks: Invalid handle',
    });
    expect(reader.parse({ status: 429, body: '' }, { handle, cursor: null }, context(now)).rateLimited).toBe(true);
    expect(reader.parse(answer('geeksforgeeks/changed-shape.json'), { handle, cursor: null }, context(now)).error).toMatch(
      /^GeeksforGeeks answered in a shape this version does not know \(no result groups\)/,
    );
    expect(reader.parse({ status: 200, body: '{"status":"success","result":{"Easy":{"1":{"name":"x"}}}}' }, { handle, cursor: null }, context(now)).error).toMatch(
      /solved entries without a slug/,
    );
  });
});
