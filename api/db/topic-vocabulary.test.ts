import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPIC_VOCABULARY_VERSION } from '../../shared/rules/topics';
import { createTestApp, openSecondProcessDatabase } from '../testing';
import { customQuestions, maintenanceVersions, questions } from './schema';
import { canonicalizeTopicsOnce } from './topic-vocabulary';

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

    expect(await canonicalizeTopicsOnce(t.db)).toBeGreaterThanOrEqual(5);
    expect((await t.db.select().from(questions).where(eq(questions.id, a!.id)))[0]!.topics).toEqual(['Graph', 'Dynamic Programming', 'Implementation']);
    expect((await t.db.select().from(customQuestions).where(eq(customQuestions.questionId, a!.id)))[0]!.topics).toEqual(['Math', 'Bit Manipulation']);
    // A row already in the vocabulary is not written.
    expect((await t.db.select({ updatedAt: questions.updatedAt }).from(questions).where(eq(questions.id, b!.id)))[0]).toEqual(before[0]);
    expect((await t.db.select().from(maintenanceVersions).where(eq(maintenanceVersions.name, 'topic-vocabulary')))[0]?.version).toBe(TOPIC_VOCABULARY_VERSION);
  });

  it('runs once per edition of the vocabulary: a start after it reads one row and renames nothing', async () => {
    await canonicalizeTopicsOnce(t.db);
    const [c] = await t.db
      .insert(questions)
      .values({ platform: 'codeforces', key: 'vocab-3C', name: 'Later', slug: 'vocab-3c', difficulty: 'N/A', problemUrl: 'https://codeforces.com/contest/99003/problem/C', topics: ['greedy', 'maths'], verified: true })
      .returning();
    // This edition is done: the stored topics are not read again.
    expect(await canonicalizeTopicsOnce(t.db)).toBeNull();
    expect((await t.db.select().from(questions).where(eq(questions.id, c!.id)))[0]!.topics).toEqual(['greedy', 'maths']);
    // A new edition renames what is left, once.
    expect(await canonicalizeTopicsOnce(t.db, TOPIC_VOCABULARY_VERSION + 1)).toBe(2);
    expect((await t.db.select().from(questions).where(eq(questions.id, c!.id)))[0]!.topics).toEqual(['Greedy', 'Math']);
    expect(await canonicalizeTopicsOnce(t.db, TOPIC_VOCABULARY_VERSION + 1)).toBeNull();
  });

  it('two processes starting together on one PostgreSQL: one renames, the other waits and finds it done', async ({ skip }) => {
    const second = await openSecondProcessDatabase(t);
    if (!second) return skip('PGlite is one process');
    try {
      await t.db.insert(questions).values({ platform: 'codeforces', key: 'vocab-4D', name: 'Both', slug: 'vocab-4d', difficulty: 'N/A', problemUrl: 'https://codeforces.com/contest/99004/problem/D', topics: ['dfs and similar'], verified: true });
      const edition = TOPIC_VOCABULARY_VERSION + 2;
      const results = await Promise.all([canonicalizeTopicsOnce(t.db, edition), canonicalizeTopicsOnce(second.db, edition)]);
      expect(results.filter((r) => r === null)).toHaveLength(1);
      expect(results.find((r) => r !== null)).toBeGreaterThanOrEqual(1);
    } finally {
      await second.close();
    }
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

