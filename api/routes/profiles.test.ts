import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileResponseSchema } from '../../shared/schemas/profile';
import { questions, sheets, userQuestions, users } from '../db/schema';
import { seedDatabase } from '../db/seed/index';
import { createTestApp } from '../testing';
import { createJudgeTestApp } from '../../tests/support/judge-app';

type T = Awaited<ReturnType<typeof createTestApp>>;
type J = Awaited<ReturnType<typeof createJudgeTestApp>>;

describe('public profiles', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
  });
  afterAll(() => t.close());

  const profile = (name: string, token?: string) =>
    t.reply(t.api['question-tracker'].v1.profile[':profileName'].$get({ param: { profileName: encodeURIComponent(name) } }, token ? t.as(token) : undefined));

  it('answers 404 for an unknown profile', async () => {
    const res = await profile('no-such-person');
    expect(res.status).toBe(404);
    expect(res.body.status.success).toBe(false);
    // The avatars' route takes only /avatar/:userId under a profile (routes/profiles.ts).
    const user = (await t.signup('Pictured')).user;
    expect((await t.call('GET', `/question-tracker/v1/profile/${user.profileName}/${user._id}`)).body.status.message).toBe('Route not found');
    expect((await t.call('GET', `/question-tracker/v1/profile/avatar/${user._id}`)).body.status.message).toBe('Avatar not found');
  });

  it('counts solved questions by difficulty and platform, shows public sheets only, never the email', async () => {
    const person = await t.signup('Grace');
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, person.email));
    const pick = async (platform: string, difficulty: string, n: number) =>
      (await t.db.select({ id: questions.id }).from(questions).where(and(eq(questions.platform, platform), eq(questions.difficulty, difficulty))).limit(n)).map(
        (q) => q.id,
      );
    const easy = await pick('leetcode', 'Easy', 3);
    const hard = await pick('leetcode', 'Hard', 2);
    const cf = await pick('codeforces', (await t.db.select({ d: questions.difficulty }).from(questions).where(eq(questions.platform, 'codeforces')).limit(1))[0]!.d, 1);
    const unchecked = await pick('leetcode', 'Medium', 2);
    expect(easy.length + hard.length + cf.length + unchecked.length).toBe(8);
    await t.db.insert(userQuestions).values([
      // Solved today, two days ago, and with no date (not on the calendar).
      ...easy.map((questionId) => ({ userId: row!.id, questionId, checked: true, solvedAt: new Date() })),
      ...hard.map((questionId) => ({ userId: row!.id, questionId, checked: true, solvedAt: new Date(Date.now() - 2 * 86_400_000) })),
      ...cf.map((questionId) => ({ userId: row!.id, questionId, checked: true })),
      ...unchecked.map((questionId) => ({ userId: row!.id, questionId, checked: false, starred: true })),
    ]);

    const mk = async (name: string) => {
      const res = await t.reply(t.api['question-tracker'].v2.sheet['create-sheet'].$post({ json: { name, slug: name.toLowerCase().replace(/ /g, '-') } }, t.as(person.token)));
      return res.body.data.sheet;
    };
    const open = await mk('Grace Open Sheet');
    const secret = await mk('Grace Secret Sheet');
    await t.db.update(sheets).set({ visibility: 'public' }).where(inArray(sheets.id, [open._id]));

    const viewer = await t.signup('Viewer');
    for (const token of [undefined, viewer.token, person.token]) {
      const res = await profile(person.user.profileName, token);
      expect(res.status).toBe(200);
      const p = profileResponseSchema.parse(res.body.data).profile;
      expect(p).toMatchObject({ firstName: 'Grace', profileName: person.user.profileName });
      expect(p.solved.total).toBe(6);
      expect(p.solved.byDifficulty).toMatchObject({ Easy: 3, Hard: 2 });
      expect(p.solved.byDifficulty.Medium).toBeUndefined();
      expect(p.solved.byPlatform).toEqual({ leetcode: 5, codeforces: 1 });
      expect(p.sheets.map((s) => s.slug)).toEqual([open.slug]);
      expect(p.sheets.map((s) => s.slug)).not.toContain(secret.slug);
      // The activity calendar: counts per day, never which questions.
      const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);
      expect(p.activity).toMatchObject({ to: day(0), total: 5, days: { [day(0)]: 3, [day(2 * 86_400_000)]: 2 } });
      const text = JSON.stringify(res.body);
      for (const id of [...easy, ...hard]) expect(text).not.toContain(id);
      expect(text).not.toContain(person.email);
      expect(text).not.toContain('@');
    }
    // Profile names are matched case-insensitively.
    expect((await profile(person.user.profileName.toUpperCase())).status).toBe(200);
  });

  it('shows the curated sheets on the curator’s profile with the viewer’s following', async () => {
    const fan = await t.signup('Fan');
    const res = await profile('practice-tracker', fan.token);
    expect(res.status).toBe(200);
    const cards = res.body.data.profile.sheets;
    expect(cards.length).toBe(38);
    expect(cards.every((c, i) => i === 0 || cards[i - 1]!.followers >= c.followers)).toBe(true);
    const blind = cards.find((c) => c.slug === 'blind-75')!;
    await t.reply(t.api['question-tracker'].v2.sheet.public['follow-sheet'][':id'].$patch({ param: { id: blind._id } }, t.as(fan.token)));
    const again = (await profile('practice-tracker', fan.token)).body.data.profile.sheets.find((c) => c.slug === 'blind-75')!;
    expect(again).toMatchObject({ isFollowing: true, followers: blind.followers + 1 });
    expect(JSON.stringify(res.body)).not.toContain('curator@');
  });
});

describe('public profiles: the judge portfolio', () => {
  let j: J;
  beforeAll(async () => {
    j = await createJudgeTestApp();
  });
  afterAll(() => j.close());

  it('shows public judge accounts with their history and totals, never a hidden account, an email or a private sheet', async () => {
    const owner = await j.signup('Portfolio');
    const api = j.api;
    const account = api['question-tracker'].v1.user.accounts[':platform'];
    await j.reply(account.$put({ param: { platform: 'codeforces' }, json: { handle: 'tourist', public: true } }, j.as(owner.token)));
    await j.reply(account.$put({ param: { platform: 'leetcode' }, json: { handle: 'lee215', public: true } }, j.as(owner.token)));
    await j.reply(account.$put({ param: { platform: 'atcoder' }, json: { handle: 'hidden_handle_7' } }, j.as(owner.token)));
    await j.reply(account.$put({ param: { platform: 'codechef' }, json: { handle: 'secret_chef', public: true } }, j.as(owner.token)));
    await j.reply(account.$patch({ param: { platform: 'codechef' }, json: { public: false } }, j.as(owner.token)));
    const secret = await j.createSheet(owner.token, 'Portfolio Secret Sheet');

    const viewer = await j.signup('Onlooker');
    for (const token of [undefined, viewer.token, owner.token]) {
      const res = await j.reply(api['question-tracker'].v1.profile[':profileName'].$get({ param: { profileName: owner.user.profileName } }, token ? j.as(token) : undefined));
      expect(res.status).toBe(200);
      const p = profileResponseSchema.parse(res.body.data).profile;
      expect(p.portfolio.cards.map((c) => c.platform)).toEqual(['codeforces', 'leetcode']);
      expect(p.portfolio.cards[0]).toMatchObject({ name: 'Codeforces', handle: 'tourist', rating: 3757, maxRating: 4009, rank: 'legendary grandmaster', profileUrl: 'https://codeforces.com/profile/tourist', contests: 3, solved: 6 });
      expect(p.portfolio.cards[0]!.history).toHaveLength(3);
      expect(p.portfolio.cards[1]).toMatchObject({ name: 'LeetCode', rating: 2746, solved: 2712, profileUrl: 'https://leetcode.com/u/lee215' });
      // Codeforces' six distinct accepted problems count with LeetCode's.
      expect(p.portfolio).toMatchObject({ contestsTaken: 6, totalSolved: 2718 });
      const text = JSON.stringify(res.body);
      for (const hidden of ['hidden_handle_7', 'secret_chef', 'atcoder', 'codechef', owner.email, secret.slug, '@']) expect(text).not.toContain(hidden);
    }
  });
});
