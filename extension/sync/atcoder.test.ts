import { describe, expect, it } from 'vitest';
import { ATCODER_SUBMISSIONS_PAGE } from '@shared/platforms/atcoder';
import { atcoderReader as reader } from './atcoder';
import { answer, context, fixture } from './testing';
import { SYNC_ORIGINS } from './types';

const handle = 'sample_user';

describe('atcoder history reader', () => {
  it('asks AtCoder Problems for submissions from a second on: the start, `since`, or the cursor', () => {
    expect(reader.plan({ handle, cursor: null }, SYNC_ORIGINS)).toEqual({
      url: 'https://kenkoooo.com/atcoder/atcoder-api/v3/user/submissions?user=sample_user&from_second=0',
      method: 'GET',
      credentials: 'omit',
    });
    expect(reader.plan({ handle, since: '2019-05-04T13:00:00.000Z', cursor: null }, SYNC_ORIGINS).url).toMatch(/from_second=1556974800$/);
    expect(reader.plan({ handle, cursor: { fromSecond: 1557100000 } }, { ...SYNC_ORIGINS, atcoderProblems: 'http://localhost:4200' }).url).toBe(
      'http://localhost:4200/atcoder/atcoder-api/v3/user/submissions?user=sample_user&from_second=1557100000',
    );
    expect(reader.delayMs).toBeGreaterThan(1000);
  });

  it('reads AC submissions, earliest per task, with the task’s home contest in its URL', () => {
    expect(reader.parse(answer('atcoder/page-1.json'), { handle, cursor: null }, context())).toEqual({
      submissions: [
        { problemUrl: 'https://atcoder.jp/contests/abc126/tasks/abc126_a', solvedAt: '2019-05-04T13:03:20.000Z' },
        { problemUrl: 'https://atcoder.jp/contests/abc126/tasks/abc126_b', solvedAt: '2019-05-04T13:10:00.000Z' },
        // Submitted through ABC 042, the task belongs to ARC 058.
        { problemUrl: 'https://atcoder.jp/contests/arc058/tasks/arc058_a', solvedAt: '2019-05-04T20:00:00.000Z' },
      ],
      next: null,
    });
  });

  it('asks again from the last second of a full page, and ends on a short one', () => {
    const rows = JSON.parse(fixture('atcoder/page-1.json')) as { id: number; epoch_second: number }[];
    const full = Array.from({ length: ATCODER_SUBMISSIONS_PAGE }, (_, i) => ({ ...rows[i % rows.length], id: 7000000 + i, epoch_second: 1556974800 + i * 10 }));
    const first = reader.parse({ status: 200, body: JSON.stringify(full) }, { handle, cursor: null }, context());
    expect(first.next).toEqual({ fromSecond: 1556974800 + (ATCODER_SUBMISSIONS_PAGE - 1) * 10 });

    // A full page of one second must still move forward.
    const same = full.map((r) => ({ ...r, epoch_second: 1557100000 }));
    expect(reader.parse({ status: 200, body: JSON.stringify(same) }, { handle, cursor: { fromSecond: 1557100000 } }, context()).next).toEqual({
      fromSecond: 1557100001,
    });

    const second = reader.parse(answer('atcoder/page-2.json'), { handle, cursor: { fromSecond: 1557100000 } }, context());
    expect(second).toEqual({
      submissions: [
        { problemUrl: 'https://atcoder.jp/contests/abc126/tasks/abc126_a', solvedAt: '2019-05-05T23:46:40.000Z' },
        { problemUrl: 'https://atcoder.jp/contests/dp/tasks/dp_a', solvedAt: '2019-06-08T13:20:00.000Z' },
      ],
      next: null,
    });
  });

  it('leaves out submissions before `since`', () => {
    const page = reader.parse(answer('atcoder/page-1.json'), { handle, since: '2019-05-04T13:05:00.000Z', cursor: null }, context());
    expect(page.submissions.map((s) => s.problemUrl)).toEqual([
      'https://atcoder.jp/contests/abc126/tasks/abc126_b',
      'https://atcoder.jp/contests/arc058/tasks/arc058_a',
      'https://atcoder.jp/contests/abc126/tasks/abc126_a',
    ]);
    expect(page.submissions[2]?.solvedAt).toBe('2019-05-05T23:46:40.000Z');
  });

  it('reads an empty history as done (an unknown user is one too)', () => {
    expect(reader.parse(answer('atcoder/empty.json'), { handle, cursor: null }, context())).toEqual({ submissions: [], next: null });
  });

  it('slows down on 429, and names refusals and unknown shapes', () => {
    expect(reader.parse(answer('atcoder/rate-limit.txt', 429), { handle, cursor: null }, context())).toEqual({ submissions: [], next: null, rateLimited: true });
    expect(reader.parse({ status: 400, body: '' }, { handle: 'bad id', cursor: null }, context()).error).toBe(
      'AtCoder Problems refused the user id "bad id". Check the handle.',
    );
    const changed = reader.parse(answer('atcoder/changed-shape.json'), { handle, cursor: null }, context());
    expect(changed).toEqual({ submissions: [], next: null, error: expect.stringMatching(/^AtCoder Problems answered in a shape .* \(not a list\)/) as unknown });
    expect(reader.parse({ status: 200, body: '[{"id":1}]' }, { handle, cursor: null }, context()).error).toMatch(/without epoch_second/);
  });
});
