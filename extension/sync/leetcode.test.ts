import { describe, expect, it } from 'vitest';
import { LEETCODE_PROGRESS_LIMIT, leetcodeReader as reader, type LeetcodeCursor } from './leetcode';
import { answer, context } from './testing';
import { SYNC_ORIGINS, type SyncAnswer, type SyncItem, type SyncState } from './types';

interface GraphqlBody {
  operationName: string;
  query: string;
  variables: { filters?: { questionStatus: string; skip: number; limit: number }; questionSlug?: string; offset?: number; lastKey?: string | null; status?: number };
}
const bodyOf = (state: SyncState<LeetcodeCursor>) => JSON.parse(reader.plan(state, SYNC_ORIGINS).body ?? '') as GraphqlBody;

const valid = {
  slug: 'valid-palindrome-iii',
  lastAt: '2025-03-20T02:36:49.000Z',
  name: 'Valid Palindrome III',
  difficulty: 'Hard',
  topics: ['String', 'Dynamic Programming'],
};
const minWindow = {
  slug: 'minimum-window-substring',
  lastAt: '2025-03-20T02:06:31.000Z',
  name: 'Minimum Window Substring',
  difficulty: 'Hard',
  topics: ['Hash Table', 'String', 'Sliding Window'],
};
const closest = {
  slug: 'find-k-closest-elements',
  lastAt: '2025-03-20T00:53:43.000Z',
  name: 'Find K Closest Elements',
  difficulty: 'Medium',
  topics: ['Array', 'Two Pointers', 'Binary Search', 'Sliding Window', 'Sorting', 'Heap (Priority Queue)'],
};

/** A fake LeetCode: the progress pages by skip, each problem's submissions pages by slug and offset. */
function fakeLeetcode(state: SyncState<LeetcodeCursor>): SyncAnswer {
  const body = bodyOf(state);
  if (body.operationName === 'syncSolved') return answer(body.variables.filters?.skip === 0 ? 'leetcode/progress-page-1.json' : 'leetcode/progress-page-2.json');
  const slug = body.variables.questionSlug;
  if (slug === 'valid-palindrome-iii') return answer('leetcode/submissions-valid-palindrome-iii.json');
  if (slug === 'minimum-window-substring') {
    return answer(body.variables.offset === 0 ? 'leetcode/submissions-minimum-window-substring-page-1.json' : 'leetcode/submissions-minimum-window-substring-page-2.json');
  }
  // The other problems' lists come back null (LeetCode has answered so): their last submission dates them.
  return answer('leetcode/submissions-null.json');
}

describe('leetcode history reader', () => {
  it('first asks the signed-in user’s solved list (and whether they are signed in), with the session and csrf token', () => {
    const request = reader.plan({ cursor: null, csrfToken: 'tok123' }, SYNC_ORIGINS);
    expect(request).toMatchObject({
      url: 'https://leetcode.com/graphql/',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrftoken': 'tok123' },
      credentials: 'include',
    });
    const body = bodyOf({ cursor: null });
    expect(body.operationName).toBe('syncSolved');
    expect(body.query).toContain('userStatus { isSignedIn username }');
    expect(body.query).toContain('userProgressQuestionList(filters: $filters)');
    expect(body.variables).toEqual({ filters: { questionStatus: 'SOLVED', skip: 0, limit: LEETCODE_PROGRESS_LIMIT } });
    expect(reader.plan({ cursor: null }, SYNC_ORIGINS).headers).toEqual({ 'content-type': 'application/json' });
    expect(reader.plan({ cursor: null }, { ...SYNC_ORIGINS, leetcode: 'http://127.0.0.1:4800' }).url).toBe('http://127.0.0.1:4800/graphql/');
  });

  it('collects the solved list page by page, then dates each problem by its Accepted submissions', () => {
    const first = reader.parse(answer('leetcode/progress-page-1.json'), { cursor: null }, context());
    // The progress list has no first-Accepted dates: nothing is sent yet.
    expect(first).toEqual({ submissions: [], next: { stage: 'solved', skip: 3, found: [valid, minWindow, closest] } });

    const second = reader.parse(answer('leetcode/progress-page-2.json'), { cursor: first.next }, context());
    expect(second.submissions).toEqual([]);
    expect(second.next).toMatchObject({ stage: 'dates', offset: 0, lastKey: null, earliest: null });
    const queue = (second.next as Extract<LeetcodeCursor, { stage: 'dates' }>).queue;
    expect(queue.map((q) => q.slug)).toEqual(['valid-palindrome-iii', 'minimum-window-substring', 'find-k-closest-elements', 'best-time-to-buy-and-sell-stock', 'trapping-rain-water']);

    expect(bodyOf({ cursor: second.next })).toMatchObject({
      operationName: 'syncFirstAccepted',
      variables: { questionSlug: 'valid-palindrome-iii', offset: 0, limit: 20, lastKey: null, status: 10 },
    });
    const dated = reader.parse(answer('leetcode/submissions-valid-palindrome-iii.json'), { cursor: second.next }, context());
    expect(dated.submissions).toEqual([
      {
        problemUrl: 'https://leetcode.com/problems/valid-palindrome-iii/',
        solvedAt: '2025-03-20T02:36:48.000Z',
        name: 'Valid Palindrome III',
        difficulty: 'Hard',
        topics: ['String', 'Dynamic Programming'],
      },
    ]);
    expect(dated.next).toMatchObject({ stage: 'dates', offset: 0, queue: [minWindow, closest, expect.anything(), expect.anything()] });
  });

  it('follows a problem’s Accepted pages to the oldest one before dating it', () => {
    const cursor: LeetcodeCursor = { stage: 'dates', queue: [minWindow, closest], offset: 0, lastKey: null, earliest: null };
    const first = reader.parse(answer('leetcode/submissions-minimum-window-substring-page-1.json'), { cursor }, context());
    expect(first).toEqual({
      submissions: [],
      // The newest Accepted is on the first page: the one whose code a code sync keeps.
      next: { ...cursor, offset: 2, lastKey: '1579000001', earliest: '2024-12-12T10:40:00.000Z', latest: { id: '1579690000', at: '2025-03-20T02:06:31.000Z' } },
    });
    expect(bodyOf({ cursor: first.next }).variables).toMatchObject({ questionSlug: 'minimum-window-substring', offset: 2, lastKey: '1579000001' });
    const last = reader.parse(answer('leetcode/submissions-minimum-window-substring-page-2.json'), { cursor: first.next }, context());
    expect(last.submissions).toEqual([
      { problemUrl: 'https://leetcode.com/problems/minimum-window-substring/', solvedAt: '2024-03-21T05:46:40.000Z', name: 'Minimum Window Substring', difficulty: 'Hard', topics: minWindow.topics },
    ]);
    expect(last.next).toEqual({ stage: 'dates', queue: [closest], offset: 0, lastKey: null, earliest: null });
    expect(last.codes).toEqual([{ submissionId: '1579690000', problemUrl: 'https://leetcode.com/problems/minimum-window-substring/', acceptedAt: '2025-03-20T02:06:31.000Z' }]);
  });

  it('dates a problem by its last submission when its list comes back null', () => {
    const page = reader.parse(answer('leetcode/submissions-null.json'), { cursor: { stage: 'dates', queue: [closest], offset: 0, lastKey: null, earliest: null } }, context());
    expect(page).toEqual({
      submissions: [{ problemUrl: 'https://leetcode.com/problems/find-k-closest-elements/', solvedAt: '2025-03-20T00:53:43.000Z', name: 'Find K Closest Elements', difficulty: 'Medium', topics: closest.topics }],
      next: null,
    });
  });

  it('runs a whole sync against a fake LeetCode: one item per solved problem', () => {
    const sent: SyncItem[] = [];
    let state: SyncState<LeetcodeCursor> = { cursor: null };
    for (let requests = 1; ; requests++) {
      const page = reader.parse(fakeLeetcode(state), state, context());
      expect(page.error).toBeUndefined();
      sent.push(...page.submissions);
      if (!page.next) {
        // 2 progress pages, 5 problems, one of them on two pages.
        expect(requests).toBe(8);
        break;
      }
      state = { cursor: page.next };
    }
    expect(sent.map((s) => [s.problemUrl, s.solvedAt, s.difficulty])).toEqual([
      ['https://leetcode.com/problems/valid-palindrome-iii/', '2025-03-20T02:36:48.000Z', 'Hard'],
      ['https://leetcode.com/problems/minimum-window-substring/', '2024-03-21T05:46:40.000Z', 'Hard'],
      ['https://leetcode.com/problems/find-k-closest-elements/', '2025-03-20T00:53:43.000Z', 'Medium'],
      ['https://leetcode.com/problems/best-time-to-buy-and-sell-stock/', '2025-03-19T22:24:38.000Z', 'Easy'],
      ['https://leetcode.com/problems/trapping-rain-water/', '2025-03-19T04:45:14.000Z', 'Hard'],
    ]);
  });

  it('on an incremental sync, dates only problems submitted since, and stops listing past it', () => {
    const since = '2025-03-20T01:00:00.000Z';
    const first = reader.parse(answer('leetcode/progress-page-1.json'), { since, cursor: null }, context());
    expect(first.next).toEqual({ stage: 'solved', skip: 3, found: [valid, minWindow] });
    const second = reader.parse(answer('leetcode/progress-page-2.json'), { since, cursor: first.next }, context());
    expect(second.next).toEqual({ stage: 'dates', queue: [valid, minWindow], offset: 0, lastKey: null, earliest: null });
  });

  it('reads an empty solved list as done', () => {
    expect(reader.parse(answer('leetcode/progress-empty.json'), { cursor: null }, context())).toEqual({ submissions: [], next: null });
  });

  it('tells a signed-out browser apart from an empty history', () => {
    const out = { submissions: [], next: null, signedOut: true };
    expect(reader.parse(answer('leetcode/signed-out.json'), { cursor: null }, context())).toEqual(out);
    expect(reader.parse({ status: 401, body: '' }, { cursor: null }, context())).toEqual(out);
    const authError = '{"errors":[{"message":"You must be signed in to do that."}],"data":{"questionSubmissionList":null}}';
    expect(reader.parse({ status: 200, body: authError }, { cursor: { stage: 'dates', queue: [valid], offset: 0, lastKey: null, earliest: null } }, context())).toEqual(out);
  });

  it('slows down on 429, passes GraphQL errors on, and reports an unknown shape without throwing', () => {
    expect(reader.parse(answer('leetcode/rate-limit.html', 429), { cursor: null }, context())).toEqual({ submissions: [], next: null, rateLimited: true });
    expect(reader.parse(answer('leetcode/graphql-error.json'), { cursor: null }, context()).error).toBe(
      'LeetCode refused the request: Something went wrong, please try again.',
    );
    expect(reader.parse(answer('leetcode/changed-shape.json'), { cursor: null }, context()).error).toMatch(
      /^LeetCode answered in a shape this version does not know \(no userProgressQuestionList with questions and totalNum\)/,
    );
    expect(reader.parse({ status: 403, body: '<h1>Forbidden</h1>' }, { cursor: null }, context()).error).toMatch(/^LeetCode refused the request \(403\)/);
    const noSubmissions = '{"data":{"questionSubmissionList":{"hasNext":false}}}';
    expect(reader.parse({ status: 200, body: noSubmissions }, { cursor: { stage: 'dates', queue: [valid], offset: 0, lastKey: null, earliest: null } }, context()).error).toMatch(
      /questionSubmissionList without submissions/,
    );
  });
});
