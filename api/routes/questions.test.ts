import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_MESSAGES } from '../../shared/schemas/question';
import { seedDatabase } from '../db/seed/index';
import { createTestApp } from '../testing';

describe('question lookup and search', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
  });
  afterAll(() => t.close());

  const questionApi = () => t.api['question-tracker'].v1.question;
  const lookup = (problemUrl: string, token?: string) =>
    t.reply(questionApi()['search-question2'].$get({ query: { problemUrl } }, token ? t.as(token) : undefined));
  const search = (name: string) => t.reply(questionApi().search.$get({ query: { name } }));

  it('finds a known problem from any variant of its URL', async () => {
    for (const url of ['https://leetcode.com/problems/two-sum/', 'leetcode.com/problems/two-sum/description/', 'https://www.leetcode.com/problems/two-sum?envType=study-plan']) {
      const res = await lookup(url);
      expect(res.status, url).toBe(200);
      expect(res.body.data.question).toMatchObject({ name: 'Two Sum', platform: 'leetcode', difficulty: 'Easy', problemUrl: 'https://leetcode.com/problems/two-sum/', verified: true });
    }
  });

  it('lists the public sheets containing it, most followed first', async () => {
    const res = await lookup('https://leetcode.com/problems/two-sum/');
    const sheets = res.body.data.popularSheets;
    expect(sheets.length).toBeGreaterThan(0);
    expect(sheets.map((s) => s.followers)).toEqual([...sheets.map((s) => s.followers)].sort((a, b) => b - a));
    expect(sheets.map((s) => s.slug)).toContain('blind-75');
    // Premium sheets are left out without the entitlement.
    expect(sheets.some((s) => s.slug.endsWith('interview-sheet'))).toBe(false);
  });

  it('tells a signed-in user whether they solved it and gives their notes', async () => {
    const a = await t.signup('Lookup');
    const res = await lookup('https://codeforces.com/contest/4/problem/A', a.token);
    expect(res.status).toBe(200);
    expect(res.body.data.question.name).toBe('Watermelon');
    expect(res.body.data.solved).toBe(false);
    expect(res.body.data.document).toBeNull();
    expect(res.body.data.notes).toEqual([]);
  });

  it('answers 404 with parsed question data for an unknown problem on a known platform', async () => {
    const res = await lookup('https://leetcode.com/problems/some-brand-new-problem/description/');
    expect(res.status).toBe(404);
    expect(res.body.status).toMatchObject({ success: false, error: 'NotFoundError', message: QUESTION_MESSAGES.notFound });
    expect(res.body.data.question).toEqual({
      name: 'Some Brand New Problem',
      slug: 'some-brand-new-problem',
      platform: 'leetcode',
      problemUrl: 'https://leetcode.com/problems/some-brand-new-problem/',
      difficulty: 'N/A',
      topics: [],
      verified: false,
    });
  });

  it('answers 400 InvalidPlatform for a URL we do not support', async () => {
    for (const url of ['https://example.com/problems/two-sum', 'https://leetcode.com/problemset/', 'https://github.com/someone']) {
      const res = await lookup(url);
      expect(res.status, url).toBe(400);
      expect(res.body.status.error, url).toBe('InvalidPlatform');
      expect(res.body.status.message).toBe(QUESTION_MESSAGES.invalidPlatform);
    }
  });

  it('answers 400 for a malformed URL and for none at all', async () => {
    const bad = await lookup('not a url at all');
    expect(bad.status).toBe(400);
    expect(bad.body.status).toMatchObject({ error: 'ValidationError', message: QUESTION_MESSAGES.urlInvalid });
    // No problemUrl at all, which the typed client would not send.
    const missing = await t.call('GET', '/question-tracker/v1/question/search-question2');
    expect(missing.status).toBe(400);
    expect(missing.body.status.message).toBe(QUESTION_MESSAGES.urlRequired);
  });

  it('searches by name: exact and prefix matches first, at most 20', async () => {
    const exact = await search('two sum');
    expect(exact.status).toBe(200);
    const names = exact.body.data.questions.map((q) => q.name);
    expect(names[0]).toBe('Two Sum');
    expect(names.length).toBeLessThanOrEqual(20);
    expect(names.slice(1).some((n) => n.toLowerCase().startsWith('two sum'))).toBe(true);

    const broad = await search('array');
    expect(broad.body.data.questions.length).toBe(20);
  });

  it('finds a name despite a typo (fuzzy)', async () => {
    const res = await search('watermelom');
    expect(res.body.data.questions.map((q) => q.name)).toContain('Watermelon');
  });

  it('needs more than one character to search', async () => {
    const res = await search('a');
    expect(res.status).toBe(400);
    expect(res.body.status.message).toBe(QUESTION_MESSAGES.nameTooShort);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    const res = await search('%%%');
    expect(res.status).toBe(200);
    expect(res.body.data.questions).toEqual([]);
  });
});
