import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inviteAnswerResponseSchema,
  mySheetsResponseSchema,
  premiumSheetsResponseSchema,
  publicSheetsResponseSchema,
  type PublicSheetsQuery,
  type SheetCard,
} from '../../shared/schemas/sheet-list';
import { AdminError, runAdmin, setPremium } from '../../scripts/admin';
import { collaborators, invites, sheets } from '../db/schema';
import { seedDatabase } from '../db/seed/index';
import { createTestApp } from '../testing';
import { get as bySlug, sheetApi, signedIn, type T } from '../testing-sheets';

type Person = Awaited<ReturnType<T['signup']>>;
const follow = (t: T, id: string, token: string) => t.reply(sheetApi(t).public['follow-sheet'][':id'].$patch({ param: { id } }, t.as(token)));
const unfollow = (t: T, id: string, token: string) => t.reply(sheetApi(t).public['unfollow-sheet'][':id'].$patch({ param: { id } }, t.as(token)));

const publicList = async (t: T, query: PublicSheetsQuery = {}, token?: string) => {
  const res = await t.reply(sheetApi(t).public['get-public-sheets'].$get({ query }, signedIn(t, token)));
  expect(res.status).toBe(200);
  // The shared wire schema is strict: an extra field (an email, say) fails here.
  return publicSheetsResponseSchema.parse(res.body.data);
};
const slugs = (cards: SheetCard[]) => cards.map((c) => c.slug);
const isSortedByFollowers = (cards: SheetCard[]) => cards.every((c, i) => i === 0 || cards[i - 1]!.followers >= c.followers);


describe('public and premium sheet lists', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
  });
  afterAll(() => t.close());

  it('lists public, non-premium sheets by followers, descending; on a fresh instance the editorial rank orders them', async () => {
    const all = await publicList(t);
    expect(all.length).toBe(34);
    expect(all.every((c) => !c.premium && c.visibility === 'public')).toBe(true);
    expect(isSortedByFollowers(all)).toBe(true);
    // Nobody follows anything yet: every count is 0 and the seed's ranks decide, Blind 75 first.
    expect(all.every((c) => c.followers === 0)).toBe(true);
    expect(all[0]).toMatchObject({ slug: 'blind-75', followers: 0, totalQuestions: 75, userSolved: 0, isFollowing: false, purchaseStatus: false });
    expect(all[0]!.authorDetails.profileName).toBe('practice-tracker');
    expect(JSON.stringify(all)).not.toContain('curator@');
    // An unknown category falls back to all.
    expect(slugs(await publicList(t, { category: 'nonsense' }))).toEqual(slugs(all));
    expect(slugs(await publicList(t, { category: 'all' }))).toEqual(slugs(all));
    // The search category without a search is every public sheet.
    expect(slugs(await publicList(t, { category: 'custom' }))).toEqual(slugs(all));
  });

  it('filters by category', async () => {
    const popular = await publicList(t, { category: 'popular' });
    expect(slugs(popular)).toEqual(['blind-75', 'neetcode-150', 'striver-sde-sheet', 'grind-75', 'leetcode-75', 'leetcode-top-interview-150']);
    for (const category of ['quickRevision', 'dsa', 'topicspecific', 'competitive']) {
      const cards = await publicList(t, { category });
      expect(cards.length).toBeGreaterThan(0);
      expect(cards.every((c) => c.category === category)).toBe(true);
      expect(isSortedByFollowers(cards)).toBe(true);
    }
    // Company-wise sheets are premium: never in the public list.
    expect(await publicList(t, { category: 'company-wise' })).toEqual([]);
  });

  it('searches name, description and tags, case-insensitively, with wildcards taken literally', async () => {
    // 'Blind' is in one name and two other descriptions.
    expect(slugs(await publicList(t, { category: 'custom', search: 'BLIND' }))).toEqual(['blind-75', 'neetcode-150', 'grind-75']);
    // 'Union Find' is only a tag of the graph sheet.
    expect(slugs(await publicList(t, { category: 'custom', search: 'union find' }))).toEqual(['graph-algorithms']);
    const ladders = await publicList(t, { category: 'custom', search: 'rating ladder' });
    expect(ladders.length).toBe(5);
    expect(isSortedByFollowers(ladders)).toBe(true);
    // Found through the description only.
    const all = await publicList(t);
    const sample = all.find((c) => c.slug === 'spoj-classics')!;
    const phrase = sample.description.split(' ').slice(2, 5).join(' ');
    expect(slugs(await publicList(t, { category: 'custom', search: phrase.toUpperCase() }))).toContain('spoj-classics');
    expect(await publicList(t, { category: 'custom', search: '%' })).toEqual([]);
    expect(await publicList(t, { category: 'custom', search: '_' })).toEqual([]);
    expect(await publicList(t, { category: 'custom', search: 'no-such-sheet-anywhere' })).toEqual([]);
    // Premium sheets never come up in a search either.
    expect(await publicList(t, { category: 'custom', search: 'google' })).toEqual([]);
  });

  it('lists a user sheet only while it is public', async () => {
    const owner = await t.signup('Owner');
    const sheet = await t.createSheet(owner.token, 'Zebra Puzzles', 'About Zebra Puzzles');
    expect(slugs(await publicList(t, { category: 'custom', search: 'zebra' }))).toEqual([]);
    expect(slugs(await publicList(t, { category: 'custom', search: 'zebra' }, owner.token))).toEqual([]);
    await t.db.update(sheets).set({ visibility: 'public' }).where(eq(sheets.id, sheet._id));
    const [card] = await publicList(t, { category: 'custom', search: 'zebra' }, owner.token);
    expect(card).toMatchObject({ slug: sheet.slug, isAuthor: true, totalQuestions: 0 });
    expect(slugs(await publicList(t))).toContain(sheet.slug);
    // Curated categories hold curated sheets only.
    expect(slugs(await publicList(t, { category: 'popular' }))).not.toContain(sheet.slug);
  });

  it('shows each viewer their own following and progress, and everyone the follower count', async () => {
    const a = await t.signup('Follower');
    const b = await t.signup('Bystander');
    const card = async (token?: string) => (await publicList(t, { category: 'popular' }, token)).find((c) => c.slug === 'grind-75')!;
    const before = await card();
    const followed = await follow(t, before._id, a.token);
    expect(followed.status).toBe(200);
    expect(await card(a.token)).toMatchObject({ isFollowing: true, followers: before.followers + 1 });
    expect(await card(b.token)).toMatchObject({ isFollowing: false, followers: before.followers + 1 });

    const data = (await bySlug(t, 'grind-75', a.token)).body.data;
    for (const m of data.mappings.slice(0, 3)) {
      expect((await t.reply(sheetApi(t)['mark-question'][':id'][':mappingId'].$patch({ param: { id: before._id, mappingId: m._id }, json: { checked: true } }, t.as(a.token)))).status).toBe(200);
    }
    expect((await card(a.token)).userSolved).toBe(3);
    expect((await card(b.token)).userSolved).toBe(0);
    expect((await card()).userSolved).toBe(0);
    // Progress counts per question: a sheet sharing those questions shows them solved too.
    const all = await publicList(t, {}, a.token);
    expect(all.filter((c) => c.userSolved > 0).length).toBeGreaterThanOrEqual(1);

    expect((await unfollow(t, before._id, a.token)).status).toBe(200);
    expect(await card(a.token)).toMatchObject({ isFollowing: false, followers: before.followers });
  });

  it('lists the premium sheets; their questions open with the entitlement granted by the admin command', async () => {
    const buyer = await t.signup('Buyer');
    const list = async (token?: string) => premiumSheetsResponseSchema.parse((await t.reply(sheetApi(t).premium['get-all-sheets'].$get({}, signedIn(t, token)))).body.data);
    const anon = await list();
    expect(slugs(anon.sheets)).toEqual(['amazon-interview-sheet', 'google-interview-sheet', 'meta-interview-sheet', 'microsoft-interview-sheet']);
    expect(anon.sheets.every((c) => c.premium && c.category === 'company-wise' && !c.purchaseStatus)).toBe(true);
    expect(anon.purchaseStatus).toBe(false);
    expect((await list(buyer.token)).purchaseStatus).toBe(false);

    const questionsOf = async () => (await bySlug(t, 'google-interview-sheet', buyer.token)).body.data.mappings;
    expect(await questionsOf()).toEqual([]);

    expect(await setPremium(t.db, buyer.email.toUpperCase(), true)).toEqual({ email: buyer.email, purchaseStatus: true, changed: true });
    expect((await setPremium(t.db, buyer.email, true)).changed).toBe(false);
    const granted = await list(buyer.token);
    expect(granted.purchaseStatus).toBe(true);
    expect(granted.sheets.every((c) => c.purchaseStatus)).toBe(true);
    expect((await questionsOf()).length).toBeGreaterThan(0);
    // Another account is unaffected.
    const other = await t.signup('Other');
    expect((await bySlug(t, 'google-interview-sheet', other.token)).body.data.mappings).toEqual([]);

    await setPremium(t.db, buyer.email, false);
    expect(await questionsOf()).toEqual([]);
    await expect(setPremium(t.db, 'nobody@example.com', true)).rejects.toThrow(AdminError);
  });

  it('the admin command line prints a clear result and fails on an unknown email', async () => {
    const user = await t.signup('Cli');
    const out: string[] = [];
    const err: string[] = [];
    let closed = 0;
    const open = () =>
      Promise.resolve({
        db: t.db,
        close: () => {
          closed++;
          return Promise.resolve();
        },
      });
    const toOut = (line: string) => out.push(line);
    const toErr = (line: string) => err.push(line);
    expect(await runAdmin(['grant-premium', user.email], open, toOut, toErr)).toBe(0);
    expect(out.pop()).toBe(`Premium access granted to ${user.email}.`);
    expect(await runAdmin(['revoke-premium', user.email], open, toOut, toErr)).toBe(0);
    expect(out.pop()).toBe(`Premium access revoked for ${user.email}.`);
    expect(await runAdmin(['grant-premium', 'ghost@example.com'], open, toOut, toErr)).toBe(1);
    expect(err.pop()).toBe('No account with the email ghost@example.com.');
    expect(await runAdmin(['grant-premium'], open, toOut, toErr)).toBe(1);
    expect(err.pop()).toMatch(/^usage: npm run admin/);
    expect(await runAdmin(['make-coffee', 'x@example.com'], open, toOut, toErr)).toBe(1);
    expect(err.pop()).toMatch(/^Unknown command: make-coffee/);
    expect(closed).toBe(3);
  });
});

describe('My Sheets and invites', () => {
  let t: T;
  let owner: Person;
  let friend: Person;
  let stranger: Person;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
    owner = await t.signup('Owner');
    friend = await t.signup('Friend');
    stranger = await t.signup('Stranger');
  });
  afterAll(() => t.close());

  const collaboration = () => sheetApi(t).collaborators;
  const accept = (inviteId: string, token?: string) => t.reply(collaboration()['accept-invite'][':inviteId'].$patch({ param: { inviteId } }, signedIn(t, token)));
  const decline = (inviteId: string, token: string) => t.reply(collaboration()['decline-invite'][':inviteId'].$patch({ param: { inviteId } }, t.as(token)));
  const mine = async (token: string) => {
    const res = await t.reply(sheetApi(t)['my-sheets'].$get({}, t.as(token)));
    expect(res.status).toBe(200);
    return mySheetsResponseSchema.parse(res.body.data);
  };

  it('needs a signed-in user and starts empty', async () => {
    expect((await t.reply(sheetApi(t)['my-sheets'].$get())).status).toBe(401);
    expect(await mine(owner.token)).toEqual({ followed: [], custom: [], shared: [], invites: [] });
  });

  it('shows created sheets under custom and followed sheets under followed', async () => {
    const sheet = await t.createSheet(owner.token, 'Owner Graphs', 'About Owner Graphs');
    const m = await mine(owner.token);
    expect(m.custom).toHaveLength(1);
    expect(m.custom[0]).toMatchObject({ slug: sheet.slug, visibility: 'private', isAuthor: true, followers: 0 });
    expect((await mine(friend.token)).custom).toEqual([]);

    const blind = (await publicList(t, { category: 'popular' })).find((c) => c.slug === 'blind-75')!;
    await follow(t, blind._id, owner.token);
    const followed = (await mine(owner.token)).followed;
    expect(followed.map((c) => [c.slug, c.isFollowing, c.followers])).toEqual([['blind-75', true, blind.followers + 1]]);
    await unfollow(t, blind._id, owner.token);
    expect((await mine(owner.token)).followed).toEqual([]);
  });

  it('lists pending invites for the user’s email; accepting adds the collaborator, once', async () => {
    const sheet = await t.createSheet(owner.token, 'Shared Secrets', 'About Shared Secrets');
    const [invite] = await t.db
      .insert(invites)
      .values({ sheetId: sheet._id, inviteeEmail: friend.email.toUpperCase(), inviterEmail: owner.email })
      .returning();
    const m = await mine(friend.token);
    expect(m.invites).toHaveLength(1);
    expect(m.invites[0]).toMatchObject({ _id: invite!.id, inviterEmail: owner.email, status: 'pending', sheet: { _id: sheet._id, name: 'Shared Secrets', slug: sheet.slug } });
    expect((await mine(stranger.token)).invites).toEqual([]);
    expect((await mine(owner.token)).invites).toEqual([]);

    // Another user's invite, a malformed id, or an unknown id: 404, and nothing changes.
    for (const [token, id] of [
      [stranger.token, invite!.id],
      [owner.token, invite!.id],
      [friend.token, 'not-an-id'],
      [friend.token, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expect((await accept(id, token)).status).toBe(404);
      expect((await decline(id, token)).status).toBe(404);
    }
    expect((await accept(invite!.id)).status).toBe(401);
    expect(await t.db.select().from(collaborators).where(eq(collaborators.sheetId, sheet._id))).toEqual([]);
    expect((await bySlug(t, sheet.slug, friend.token)).status).toBe(404);

    const accepted = await accept(invite!.id, friend.token);
    expect(accepted.status).toBe(200);
    inviteAnswerResponseSchema.parse(accepted.body.data);
    expect(accepted.body.data.invite.status).toBe('accepted');
    expect(accepted.body.data.sheet).toMatchObject({ slug: sheet.slug, isCollaborator: true, isAuthor: false });
    expect(await t.db.select().from(collaborators).where(eq(collaborators.sheetId, sheet._id))).toHaveLength(1);
    const after = await mine(friend.token);
    expect(after.invites).toEqual([]);
    expect(after.shared.map((c) => c.slug)).toEqual([sheet.slug]);
    expect(after.custom).toEqual([]);
    const page = await bySlug(t, sheet.slug, friend.token);
    expect(page.status).toBe(200);
    expect(page.body.data.sheet.isCollaborator).toBe(true);
    // Answered already: gone.
    expect((await accept(invite!.id, friend.token)).status).toBe(404);
    expect((await decline(invite!.id, friend.token)).status).toBe(404);
  });

  it('declining closes the invite without adding the collaborator', async () => {
    const sheet = await t.createSheet(owner.token, 'Declined Sheet', 'About Declined Sheet');
    const [invite] = await t.db.insert(invites).values({ sheetId: sheet._id, inviteeEmail: stranger.email, inviterEmail: owner.email }).returning();
    expect((await mine(stranger.token)).invites.map((i) => i._id)).toEqual([invite!.id]);
    const res = await decline(invite!.id, stranger.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ invite: { status: 'declined' }, sheet: null });
    expect((await mine(stranger.token)).invites).toEqual([]);
    expect((await mine(stranger.token)).shared).toEqual([]);
    expect(await t.db.select().from(collaborators).where(eq(collaborators.sheetId, sheet._id))).toEqual([]);
    expect((await accept(invite!.id, stranger.token)).status).toBe(404);
  });

  it('accepts an invite once when two accepts race', async () => {
    const sheet = await t.createSheet(owner.token, 'Race Sheet', 'About Race Sheet');
    const [invite] = await t.db.insert(invites).values({ sheetId: sheet._id, inviteeEmail: friend.email, inviterEmail: owner.email }).returning();
    const once = () => accept(invite!.id, friend.token);
    const statuses = (await Promise.all([once(), once(), once()])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 404, 404]);
    expect(await t.db.select().from(collaborators).where(eq(collaborators.sheetId, sheet._id))).toHaveLength(1);
  });

  it('hides a followed sheet that turned private from its followers', async () => {
    const sheet = await t.createSheet(owner.token, 'Turns Private', 'About Turns Private');
    await t.db.update(sheets).set({ visibility: 'public' }).where(eq(sheets.id, sheet._id));
    expect((await follow(t, sheet._id, stranger.token)).status).toBe(200);
    expect((await mine(stranger.token)).followed.map((c) => c.slug)).toEqual([sheet.slug]);
    await t.db.update(sheets).set({ visibility: 'private' }).where(eq(sheets.id, sheet._id));
    expect((await mine(stranger.token)).followed).toEqual([]);
  });
});

describe('follower counts come from this instance\'s follows', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
  });
  afterAll(() => t.close());

  it('shows 0 for a fresh curated sheet, 1 once someone follows it, and sorts by the count, ties by rank', async () => {
    const card = async (slug: string) => (await publicList(t)).find((c) => c.slug === slug)!;
    const fresh = await card('greedy-algorithms');
    expect(fresh.followers).toBe(0);
    const page = await bySlug(t, 'greedy-algorithms');
    expect(page.body.data.sheet.followers).toBe(0);

    const a = await t.signup('First');
    expect((await follow(t, fresh._id, a.token)).body.data.sheet.followers).toBe(1);
    // Following twice is one follow.
    expect((await follow(t, fresh._id, a.token)).body.data.sheet.followers).toBe(1);
    expect((await card('greedy-algorithms')).followers).toBe(1);
    // The one followed sheet now leads; the rest keep the editorial order.
    const all = await publicList(t);
    expect(all[0]!.slug).toBe('greedy-algorithms');
    expect(all[1]!.slug).toBe('blind-75');

    // A deleted account's follows leave the counts with it.
    const del = await t.reply(t.api.auth.v1['delete-account'].$post({ json: { password: a.password } }, t.as(a.token)));
    expect(del.status).toBe(200);
    expect((await card('greedy-algorithms')).followers).toBe(0);
  });
});
