import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing';
import { customQuestions, questions } from './schema';
import { canonicalizeStoredTopics } from './topic-vocabulary';

type T = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Topics from different judges meet under one name (shared/rules/topics): on the way in, and for what
 * was stored before, so the Analysis tab counts "graphs" and "Graph" as one topic.
 */
describe('one topic vocabulary', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('renames stored topics to the vocabulary, keeping each once in its first place', async () => {
    const [a] = await t.db
      .insert(questions)
      .values({ platform: 'codeforces', key: 'vocab-1A', name: 'Old', slug: 'vocab-1a', difficulty: 'N/A', problemUrl: 'https://codeforces.com/contest/99001/problem/A', topics: ['graphs', 'dp', 'Graph', 'implementation'], verified: true })
      .returning();
    const [b] = await t.db
      .insert(questions)
      .values({ platform: 'leetcode', key: 'vocab-two', name: 'Two', slug: 'vocab-two', difficulty: 'Easy', problemUrl: 'https://leetcode.com/problems/vocab-two/', topics: ['Array', 'Hash Table'], verified: true })
      .returning();
    const me = await t.signup('Vocab');
    await t.db.insert(customQuestions).values({ userId: me.user._id, questionId: a!.id, name: 'Mine', difficulty: 'N/A', topics: ['maths', 'Math', 'bit magic'] });
    const before = await t.db.select({ updatedAt: questions.updatedAt }).from(questions).where(eq(questions.id, b!.id));

    expect(await canonicalizeStoredTopics(t.db)).toBeGreaterThanOrEqual(5);
    expect((await t.db.select().from(questions).where(eq(questions.id, a!.id)))[0]!.topics).toEqual(['Graph', 'Dynamic Programming', 'Implementation']);
    expect((await t.db.select().from(customQuestions).where(eq(customQuestions.questionId, a!.id)))[0]!.topics).toEqual(['Math', 'Bit Manipulation']);
    // A row already in the vocabulary is not written.
    expect((await t.db.select({ updatedAt: questions.updatedAt }).from(questions).where(eq(questions.id, b!.id)))[0]).toEqual(before[0]);
    // Run again: nothing left to rename.
    expect(await canonicalizeStoredTopics(t.db)).toBe(0);
  });

  it("counts a Codeforces 'graphs' and a LeetCode 'Graph' question as one topic in the analysis", async () => {
    const me = await t.signup('Analyst');
    const pages = [
      ['https://codeforces.com/contest/99002/problem/B', ['graphs', 'dfs and similar']],
      ['https://leetcode.com/problems/vocab-graph-problem/', ['Graph', 'Depth-First Search']],
    ] as const;
    for (const [problemUrl, topics] of pages) {
      // Answers 201 or 200 (new record or not), a union reply() does not infer: the status is all that is read.
      const solved = await t.api['question-tracker'].v1.user.question['solve-question'].$post({ json: { checked: true, custom: { name: 'Visited', problemUrl } } }, t.as(me.token));
      expect(solved.status).toBe(201);
      // What the extension sends after a visit to the problem's page.
      expect((await t.reply(t.api['question-tracker'].v1.question.enrich.$patch({ json: { problemUrl, topics: [...topics] } }, t.as(me.token)))).status).toBe(200);
    }
    const res = await t.reply(t.api['question-tracker'].v1.user.analytics.get.$get({ query: {} }, t.as(me.token)));
    expect(res.body.data.analytics.topicWiseDistribution).toEqual({ Graph: 2, 'Depth-First Search': 2 });
  });
});

