import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENRICH_MESSAGES, type EnrichQuestionBody } from '../../shared/schemas/question';
import { customQuestions, questions } from '../db/schema';
import { createTestApp } from '../testing';

describe('PATCH /question-tracker/v1/question/enrich', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let token: string;
  const enrich = (json: EnrichQuestionBody, tok: string | null = token) =>
    t.reply(t.api['question-tracker'].v1.question.enrich.$patch({ json }, tok ? t.as(tok) : undefined));
  const workspace = () => t.api['question-tracker'].v1.user.question;

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

  /**
   * An unverified question as the workspace creates it for an unknown URL. Without a name of their own, the
   * user keeps the one the lookup offers (search-question2's name for an unknown problem).
   */
  async function customQuestion(url: string, name?: string, tok = token) {
    const offered = (await t.reply(t.api['question-tracker'].v1.question['search-question2'].$get({ query: { problemUrl: url } }, t.as(tok)))).body.data.question.name;
    // Answers 201 or 200 (new record or not), a union reply() does not infer: read as the client gives it.
    const res = await workspace()['solve-question'].$post({ json: { custom: { name: name ?? offered, problemUrl: url } } }, t.as(tok));
    expect(res.status).toBe(201);
    return (await res.json()).data.question.question;
  }

  it("fills in what the caller's own custom question lacks: name, difficulty and topics", async () => {
    const q = await customQuestion('https://leetcode.com/problems/brand-new-problem/');
    expect(q).toMatchObject({ verified: false, name: 'Brand New Problem' });
    const res = await enrich({
      problemUrl: 'https://leetcode.com/problems/brand-new-problem/description/',
      name: '  Brand   New Problem! ',
      difficulty: 'Medium',
      topics: ['Array', ' Two Pointers', 'array'],
    });
    expect(res.status).toBe(200);
    expect(res.body.status.message).toBe(ENRICH_MESSAGES.updated);
    expect(res.body.data.updated).toEqual(['name', 'difficulty', 'topics']);
    expect(res.body.data.question).toMatchObject({ _id: q._id, name: 'Brand New Problem!', difficulty: 'Medium', topics: ['Array', 'Two Pointers'], verified: false });
    // The caller's own data changed; the shared row still says only what the URL says.
    const [own] = await t.db.select().from(customQuestions).where(eq(customQuestions.questionId, q._id));
    expect(own).toMatchObject({ name: 'Brand New Problem!', difficulty: 'Medium', topics: ['Array', 'Two Pointers'] });
    const [row] = await t.db.select().from(questions).where(eq(questions.id, q._id));
    expect(row).toMatchObject({ name: 'Brand New Problem', difficulty: 'N/A', topics: [] });

    // The same details again change nothing; nor does another page's reading of what is now known.
    const again = await enrich({ problemUrl: 'https://leetcode.com/problems/brand-new-problem/', name: 'Brand New Problem!', difficulty: 'Medium' });
    expect(again.status).toBe(200);
    expect(again.body.data.updated).toEqual([]);
    expect(again.body.status.message).toBe(ENRICH_MESSAGES.unchanged);
    const other = await enrich({ problemUrl: 'https://leetcode.com/problems/brand-new-problem/', name: 'Just a moment...', difficulty: 'Hard', topics: ['Nope'] });
    expect(other.body.data.updated).toEqual([]);
    expect(other.body.data.question).toMatchObject({ name: 'Brand New Problem!', difficulty: 'Medium', topics: ['Array', 'Two Pointers'] });
  });

  it('keeps the name the user typed', async () => {
    await customQuestion('https://leetcode.com/problems/typed-by-hand/', 'My own name');
    const res = await enrich({ problemUrl: 'https://leetcode.com/problems/typed-by-hand/', name: 'Typed By Hand', difficulty: 'Easy' });
    expect(res.body.data.updated).toEqual(['difficulty']);
    expect(res.body.data.question).toMatchObject({ name: 'My own name', difficulty: 'Easy' });
  });

  it("changes nothing anyone else sees: another user's enrichment of my custom question", async () => {
    const url = 'https://leetcode.com/problems/private-idea/';
    const q = await customQuestion(url, 'Secret plan');
    const stranger = await t.signup('Stranger');
    // The stranger has no record of it: nothing is written for them either.
    const res = await enrich({ problemUrl: url, name: 'Defaced', difficulty: 'Hard', topics: ['Graffiti'] }, stranger.token);
    expect(res.status).toBe(200);
    expect(res.body.data.updated).toEqual([]);
    expect(res.body.data.question).toMatchObject({ name: 'Private Idea', difficulty: 'N/A', topics: [] });
    // And once they add it themselves, their enrichment changes their own copy only.
    await customQuestion(url, undefined, stranger.token);
    const theirs = await enrich({ problemUrl: url, name: 'Defaced', difficulty: 'Hard' }, stranger.token);
    expect(theirs.body.data.question).toMatchObject({ name: 'Defaced', difficulty: 'Hard' });
    const mine = (await t.reply(workspace()['get-questions'].$get({ query: { search: 'secret' } }, t.as(token)))).body.data.questions;
    expect(mine.map((w) => w.question)).toEqual([expect.objectContaining({ _id: q._id, name: 'Secret plan', difficulty: 'N/A' })]);
  });

  it('never replaces a known difficulty with N/A, and keeps topics when the page shows none', async () => {
    await customQuestion('https://codeforces.com/problemset/problem/2001/A');
    await enrich({ problemUrl: 'https://codeforces.com/contest/2001/problem/A', difficulty: '800', topics: ['math'] });
    const res = await enrich({ problemUrl: 'https://codeforces.com/problemset/problem/2001/A', difficulty: 'N/A', topics: [] });
    expect(res.status).toBe(200);
    expect(res.body.data.updated).toEqual([]);
    expect(res.body.data.question).toMatchObject({ difficulty: '800', topics: ['Math'] });
  });

  it("stores a judge's rating as it is, and analysis counts it in its bucket of 100", async () => {
    await customQuestion('https://www.codechef.com/problems/RATED1134');
    const res = await enrich({ problemUrl: 'https://www.codechef.com/problems/RATED1134', difficulty: '1134' });
    expect(res.body.data).toMatchObject({ updated: ['difficulty'], question: { difficulty: '1134' } });
    const list = (await t.reply(workspace()['get-questions'].$get({ query: { search: 'rated1134' } }, t.as(token)))).body.data.questions;
    expect(list[0]!.question.difficulty).toBe('1134');
    await t.reply(workspace()['update-question'][':id'].$patch({ param: { id: list[0]!._id }, json: { checked: true } }, t.as(token)));
    const analysis = (await t.reply(t.api['question-tracker'].v1.user.analytics.get.$get({ query: { days: '-1' } }, t.as(token)))).body.data.analytics;
    expect(analysis.difficultyWiseDistribution['1100']).toBe(1);
    // A person editing still picks from the spec's choices.
    const edit = await t.reply(workspace()['update-custom-question'][':id'].$patch({ param: { id: list[0]!._id }, json: { difficulty: '1134' } }, t.as(token)));
    expect(edit.status).toBe(400);
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
    // A body of the wrong shape, sent raw: it is refused before it is read.
    const bad = await t.call('PATCH', '/question-tracker/v1/question/enrich', { body: { nonsense: true } });
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
    // No problemUrl, which the typed client would not send.
    const missing = await t.call('PATCH', '/question-tracker/v1/question/enrich', { token, body: { name: 'X' } });
    expect(missing.status).toBe(400);
  });
});
