import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENRICH_MESSAGES } from '../../shared/schemas/question';
import { questions } from '../db/schema';
import { createTestApp } from '../testing';

describe('PATCH /question-tracker/v1/question/enrich', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let token: string;
  const enrich = (body: unknown, tok: string | null = token) => t.call('PATCH', '/question-tracker/v1/question/enrich', { token: tok, body });

  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.signup('Enricher')).token;
    await t.db.insert(questions).values({
      platform: 'leetcode',
      key: 'two-sum',
      name: 'Two Sum',
      slug: 'two-sum',
      difficulty: 'Easy',
      problemUrl: 'https://leetcode.com/problems/two-sum/',
      topics: ['Array', 'Hash Table'],
      verified: true,
    });
  });
  afterAll(() => t.close());

  /** An unverified question as the workspace creates it for an unknown URL. */
  async function customQuestion(url: string) {
    const res = await t.call('POST', '/question-tracker/v1/user/question/solve-question', {
      token,
      body: { custom: { name: 'my guess', problemUrl: url } },
    });
    expect(res.status).toBe(201);
    return res.body.data.question.question as { _id: string; name: string; verified: boolean };
  }

  it('fills in an unverified question from the page: name, difficulty and topics', async () => {
    const q = await customQuestion('https://leetcode.com/problems/brand-new-problem/');
    expect(q.verified).toBe(false);
    const res = await enrich({
      problemUrl: 'https://leetcode.com/problems/brand-new-problem/description/',
      name: '  Brand   New Problem ',
      difficulty: 'Medium',
      topics: ['Array', ' Two Pointers', 'array'],
    });
    expect(res.status).toBe(200);
    expect(res.body.status.message).toBe(ENRICH_MESSAGES.updated);
    expect(res.body.data.updated).toEqual(['name', 'difficulty', 'topics']);
    expect(res.body.data.question).toMatchObject({ _id: q._id, name: 'Brand New Problem', difficulty: 'Medium', topics: ['Array', 'Two Pointers'], verified: false });
    const [row] = await t.db.select().from(questions).where(eq(questions.id, q._id));
    expect(row).toMatchObject({ name: 'Brand New Problem', difficulty: 'Medium', topics: ['Array', 'Two Pointers'] });

    // The same details again change nothing.
    const again = await enrich({ problemUrl: 'https://leetcode.com/problems/brand-new-problem/', name: 'Brand New Problem', difficulty: 'Medium' });
    expect(again.status).toBe(200);
    expect(again.body.data.updated).toEqual([]);
    expect(again.body.status.message).toBe(ENRICH_MESSAGES.unchanged);
  });

  it('never replaces a known difficulty with N/A, and keeps topics when the page shows none', async () => {
    await customQuestion('https://codeforces.com/problemset/problem/2001/A');
    await enrich({ problemUrl: 'https://codeforces.com/contest/2001/problem/A', difficulty: '800', topics: ['math'] });
    const res = await enrich({ problemUrl: 'https://codeforces.com/problemset/problem/2001/A', difficulty: 'N/A', topics: [] });
    expect(res.status).toBe(200);
    expect(res.body.data.updated).toEqual([]);
    expect(res.body.data.question).toMatchObject({ difficulty: '800', topics: ['math'] });
  });

  it('answers 200 and changes nothing for a verified question', async () => {
    const res = await enrich({ problemUrl: 'https://leetcode.com/problems/two-sum/', name: 'Hacked', difficulty: 'Hard', topics: ['Nope'] });
    expect(res.status).toBe(200);
    expect(res.body.data.updated).toEqual([]);
    expect(res.body.data.question).toMatchObject({ name: 'Two Sum', difficulty: 'Easy', topics: ['Array', 'Hash Table'], verified: true });
    const [row] = await t.db.select().from(questions).where(eq(questions.key, 'two-sum'));
    expect(row).toMatchObject({ name: 'Two Sum', difficulty: 'Easy', topics: ['Array', 'Hash Table'] });
  });

  it('answers 404 for a problem the catalogue does not know, and creates nothing', async () => {
    const res = await enrich({ problemUrl: 'https://leetcode.com/problems/never-seen-before/', name: 'Never Seen Before' });
    expect(res.status).toBe(404);
    expect(res.body.status).toMatchObject({ success: false, error: 'NotFoundError', message: ENRICH_MESSAGES.notFound });
    expect(await t.db.select().from(questions).where(eq(questions.key, 'never-seen-before'))).toEqual([]);
  });

  it('needs a signed-in user, before reading the body', async () => {
    const res = await enrich({ problemUrl: 'https://leetcode.com/problems/two-sum/', name: 'X' }, null);
    expect(res.status).toBe(401);
    const bad = await enrich({ nonsense: true }, null);
    expect(bad.status).toBe(401);
  });

  it('validates the body: platform, difficulty and name', async () => {
    const platform = await enrich({ problemUrl: 'https://example.com/problems/x', name: 'X' });
    expect(platform.status).toBe(400);
    expect(platform.body.status.error).toBe('InvalidPlatform');
    const difficulty = await enrich({ problemUrl: 'https://leetcode.com/problems/two-sum/', difficulty: 'Impossible' });
    expect(difficulty.status).toBe(400);
    expect(difficulty.body.status.message).toBe(ENRICH_MESSAGES.difficultyInvalid);
    const name = await enrich({ problemUrl: 'https://leetcode.com/problems/two-sum/', name: '   ' });
    expect(name.status).toBe(400);
    expect(name.body.status.message).toBe(ENRICH_MESSAGES.nameEmpty);
    const missing = await enrich({ name: 'X' });
    expect(missing.status).toBe(400);
  });
});
