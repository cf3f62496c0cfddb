import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHEET_MESSAGES } from '../../shared/rules/sheet';
import type { CreateSheetBody } from '../../shared/schemas/sheet';
import { collaborators, reviewCards } from '../db/schema';
import { seedDatabase } from '../db/seed/index';
import { createTestApp } from '../testing';
import { editor, get, sheetApi, signedIn, type T } from '../testing-sheets';

const S = '/question-tracker/v2/sheet';

/**
 * The import route reads its multipart form itself (no validator the client could type it from), so the
 * form goes as the request's own body, which hono's client lets `init` set.
 */
const importForm = (t: T, token: string, form: FormData) =>
  t.reply(t.api['question-tracker'].v1.user.uploader.sheet.$post({}, { ...t.as(token), init: { body: form } }));

describe('sheets: creation and reading', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
  });
  afterAll(() => t.close());

  it('creates a private sheet and enforces the name and slug rules', async () => {
    const create = (json: CreateSheetBody, token?: string) => t.reply(sheetApi(t)['create-sheet'].$post({ json }, signedIn(t, token)));
    const a = await t.signup('Creator');
    const res = await create({ name: 'My Graphs', slug: 'my-graphs' }, a.token);
    expect(res.status).toBe(201);
    expect(res.body.data.sheet).toMatchObject({ name: 'My Graphs', slug: 'my-graphs', visibility: 'private', isAuthor: true, totalQuestions: 0, author: a.email });
    expect(res.body.status.message).toBe('Sheet created successfully');

    const dupName = await create({ name: 'my graphs', slug: 'other-slug' }, a.token);
    expect(dupName.status).toBe(409);
    expect(dupName.body.status.message).toBe(SHEET_MESSAGES.nameTaken);
    const empty = await create({ name: '   ', slug: 'x' }, a.token);
    expect(empty.body.status.message).toBe(SHEET_MESSAGES.nameEmpty);
    const badSlug = await create({ name: 'Other', slug: 'Bad Slug!' }, a.token);
    expect(badSlug.body.status.message).toBe(SHEET_MESSAGES.slugPattern);
    const noSlug = await create({ name: 'Other', slug: '' }, a.token);
    expect(noSlug.body.status.message).toBe(SHEET_MESSAGES.slugEmpty);
    // Another user may use the same name, not the same slug.
    const b = await t.signup('Other');
    expect((await create({ name: 'My Graphs', slug: 'my-graphs-2' }, b.token)).status).toBe(201);
    expect((await create({ name: 'Taken', slug: 'my-graphs' }, b.token)).status).toBe(409);
    expect((await create({ name: 'Anon', slug: 'anon' })).status).toBe(401);
  });

  it('validate-slug answers whether a slug is free and well formed', async () => {
    const v = async (slug: string) => (await t.reply(sheetApi(t)['validate-slug'].$get({ query: { slug } }))).body.data.valid;
    expect(await v('blind-75')).toBe(false);
    expect(await v('a-fresh-slug-123')).toBe(true);
    expect(await v('Not Valid')).toBe(false);
    expect(await v('')).toBe(false);
  });

  it('serves a curated sheet to anyone with mappings in order', async () => {
    const res = await get(t, 'blind-75');
    expect(res.status).toBe(200);
    const { sheet, mappings, progress } = res.body.data;
    expect(sheet).toMatchObject({ name: 'Blind 75', visibility: 'public', isAuthor: false, isFollowing: false, author: '' });
    expect(sheet.totalQuestions).toBe(75);
    expect(mappings).toHaveLength(75);
    expect(sheet.config.questionOrder).toHaveLength(75);
    expect(new Set(sheet.config.questionOrder)).toEqual(new Set(mappings.map((m) => m._id)));
    expect(mappings[0]!.questionId).toMatchObject({ name: expect.any(String) as unknown, platform: 'leetcode' });
    expect(progress).toEqual({ solved: [], starred: [] });
  });

  it('hides private sheets (404 No Sheet found) from everyone but members', async () => {
    const a = await t.signup('Owner');
    const sheet = await t.createSheet(a.token);
    expect((await get(t, sheet.slug, a.token)).status).toBe(200);
    const stranger = await t.signup('Stranger');
    for (const token of [undefined, stranger.token]) {
      const res = await get(t, sheet.slug, token);
      expect(res.status).toBe(404);
      expect(res.body.status.message).toBe(SHEET_MESSAGES.notFound);
      expect((await t.reply(sheetApi(t)['get-sheet-data'][':id'].$get({ param: { id: sheet._id } }, signedIn(t, token)))).status).toBe(404);
    }
    expect((await get(t, 'no-such-sheet')).status).toBe(404);
    expect((await t.reply(sheetApi(t)['get-sheet-data'][':id'].$get({ param: { id: 'not-a-uuid' } }))).status).toBe(404);
  });

  it('hides a premium sheet’s questions without the entitlement', async () => {
    const res = await get(t, 'google-interview-sheet');
    expect(res.status).toBe(200);
    expect(res.body.data.mappings).toEqual([]);
    expect(res.body.data.sheet.totalQuestions).toBeGreaterThan(0);
  });
});

describe('sheets: roles, follow, tick and star', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
  });
  afterAll(() => t.close());

  it('lets collaborators edit structure but not the sheet details; others may not edit', async () => {
    const owner = await t.signup('Owner');
    const collab = await t.signup('Collab');
    const follower = await t.signup('Follower');
    const sheet = await t.createSheet(owner.token);
    await t.db.insert(collaborators).values({ sheetId: sheet._id, userId: collab.user._id });
    expect((await editor(t, collab.token, sheet._id).addTopic({ topic: 'DP' })).status).toBe(201);
    expect((await editor(t, collab.token, sheet._id).updateSheet({ name: 'Renamed' })).status).toBe(403);
    expect((await editor(t, owner.token, sheet._id).updateSheet({ name: 'Renamed', description: 'New words' })).status).toBe(200);
    // The owner makes it public (direct write until the visibility call exists), a follower may not edit.
    const d = (await get(t, sheet.slug, collab.token)).body.data;
    expect(d.sheet).toMatchObject({ isCollaborator: true, author: owner.email });
    const collabs = await t.reply(sheetApi(t).collaborators['get-collaborators'][':id'].$get({ param: { id: sheet._id } }, t.as(owner.token)));
    expect(collabs.body.data).toMatchObject({ isAuthor: true, collaborators: [{ user: collab.email }] });
    const reorder = await editor(t, follower.token, sheet._id).updateSheet({ config: d.sheet.config, version: d.sheet.version });
    expect(reorder.status).toBe(404); // private: it does not exist for them
  });

  const mark = (id: string, mappingId: string, json: { checked?: boolean; starred?: boolean }, token?: string) =>
    t.reply(sheetApi(t)['mark-question'][':id'][':mappingId'].$patch({ param: { id, mappingId }, json }, signedIn(t, token)));
  const follow = (id: string, token?: string) => t.reply(sheetApi(t).public['follow-sheet'][':id'].$patch({ param: { id } }, signedIn(t, token)));

  it('keeps no half of a tick: when its review card cannot be written, the record is not ticked either', async () => {
    const u = await t.signup('Halfway');
    const before = (await get(t, 'blind-75', u.token)).body.data;
    const mapping = before.mappings.find((m) => m.questionId.name === 'Two Sum')!;
    expect((await follow(before.sheet._id, u.token)).status).toBe(200);
    // The review card's insert fails for this user only, after the record's upsert has run.
    await t.db.execute(sql.raw(`create function fail_card() returns trigger language plpgsql as $$ begin raise exception 'no card'; end $$`));
    await t.db.execute(sql.raw(`create trigger fail_card before insert on review_cards for each row when (new.user_id = '${u.user._id}') execute function fail_card()`));
    try {
      const failed = await t.call('PATCH', `/question-tracker/v2/sheet/mark-question/${before.sheet._id}/${mapping._id}`, { token: u.token, body: { checked: true, starred: true } });
      expect(failed.status).toBe(500);
      const after = (await get(t, 'blind-75', u.token)).body.data;
      expect(after.progress).toEqual({ solved: [], starred: [] });
    } finally {
      await t.db.execute(sql.raw('drop trigger fail_card on review_cards'));
      await t.db.execute(sql.raw('drop function fail_card()'));
    }
    const ticked = await mark(before.sheet._id, mapping._id, { checked: true }, u.token);
    expect(ticked.body.data.record).toMatchObject({ checked: true });
  });

  it('writes ticks and stars sent at once by many followers, each with its own answer, progress and review card', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, (_, i) => t.signup(`Crowd${i}`)));
    const before = (await get(t, 'blind-75', people[0]!.token)).body.data;
    for (const p of people) expect((await follow(before.sheet._id, p.token)).status).toBe(200);
    const maps = before.mappings.slice(0, people.length + 1);
    // Person i ticks question i and stars question i + 1, all at once.
    const answers = await Promise.all(
      people.flatMap((p, i) => [mark(before.sheet._id, maps[i]!._id, { checked: true }, p.token), mark(before.sheet._id, maps[i + 1]!._id, { starred: true }, p.token)]),
    );
    people.forEach((_, i) => {
      const [tick, star] = [answers[2 * i]!, answers[2 * i + 1]!];
      expect(tick.status).toBe(200);
      expect(tick.body.data).toMatchObject({ questionId: maps[i]!.questionId._id, record: { checked: true, starred: false } });
      expect(tick.body.data.record.solvedAt).not.toBeNull();
      expect(star.body.data).toMatchObject({ questionId: maps[i + 1]!.questionId._id, record: { checked: false, starred: true, solvedAt: null } });
    });
    for (const [i, p] of people.entries()) {
      expect((await get(t, 'blind-75', p.token)).body.data.progress).toEqual({ solved: [maps[i]!.questionId._id], starred: [maps[i + 1]!.questionId._id] });
    }
    const cards = await t.db
      .select({ userId: reviewCards.userId, questionId: reviewCards.questionId, active: reviewCards.active })
      .from(reviewCards)
      .where(inArray(reviewCards.userId, people.map((p) => p.user._id)));
    expect(cards).toHaveLength(2 * people.length);
    expect(cards.every((c) => c.active)).toBe(true);
  });

  it('follows and unfollows a public sheet, counting followers; tick and star need following', async () => {
    const u = await t.signup('Learner');
    const before = (await get(t, 'blind-75', u.token)).body.data;
    const mapping = before.mappings.find((m) => m.questionId.name === 'Two Sum')!;

    const notYet = await mark(before.sheet._id, mapping._id, { checked: true }, u.token);
    expect(notYet.status).toBe(403);
    expect(notYet.body.status.message).toBe(SHEET_MESSAGES.followRequired);
    expect((await mark(before.sheet._id, mapping._id, { checked: true })).status).toBe(401);

    const followed = await follow(before.sheet._id, u.token);
    expect(followed.status).toBe(200);
    expect(followed.body.data.sheet).toMatchObject({ isFollowing: true, followers: before.sheet.followers + 1 });
    // Following twice does not count twice.
    expect((await follow(before.sheet._id, u.token)).body.data.sheet.followers).toBe(before.sheet.followers + 1);

    const ticked = await mark(before.sheet._id, mapping._id, { checked: true, starred: true }, u.token);
    expect(ticked.status).toBe(200);
    expect(ticked.body.data.record).toMatchObject({ checked: true, starred: true });

    // Solved once shows solved in every sheet containing it and in the lookup.
    const other = (await get(t, 'neetcode-150', u.token)).body.data;
    expect(other.progress.solved).toContain(mapping.questionId._id);
    expect(other.sheet.userSolved).toBe(1);
    const lookup = await t.reply(t.api['question-tracker'].v1.question['search-question2'].$get({ query: { problemUrl: mapping.questionId.problemUrl } }, t.as(u.token)));
    expect(lookup.body.data.solved).toBe(true);

    const unfollowed = await t.reply(sheetApi(t).public['unfollow-sheet'][':id'].$patch({ param: { id: before.sheet._id } }, t.as(u.token)));
    expect(unfollowed.body.data.sheet).toMatchObject({ isFollowing: false, followers: before.sheet.followers });
    expect((await mark(before.sheet._id, mapping._id, { checked: false }, u.token)).status).toBe(403);
  });

  it('refuses following a private sheet (404), one’s own sheet (400), and anonymous follows (401)', async () => {
    const owner = await t.signup('Owner2');
    const other = await t.signup('Other2');
    const sheet = await t.createSheet(owner.token);
    expect((await follow(sheet._id, other.token)).status).toBe(404);
    expect((await follow(sheet._id, owner.token)).status).toBe(400);
    expect((await follow(sheet._id)).status).toBe(401);
  });

  it('lets the creator tick in their own sheet without following', async () => {
    const owner = await t.signup('Ticker');
    const sheet = await t.createSheet(owner.token);
    const added = await editor(t, owner.token, sheet._id).addQuestions({ data: [{ problemUrl: 'https://leetcode.com/problems/3sum/' }] });
    const id = added.body.data.mappings[0]!._id;
    const res = await mark(sheet._id, id, { starred: true }, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.data.record).toMatchObject({ checked: false, starred: true });
    const d = (await get(t, sheet.slug, owner.token)).body.data;
    expect(d.progress.starred).toEqual([d.mappings[0]!.questionId._id]);
  });
});

describe('sheets: revalidation', () => {
  it('answers 304 to If-None-Match while the sheet is unchanged, 200 after a change', async () => {
    const t = await createTestApp();
    try {
      const owner = await t.signup('Etag');
      const sheet = await t.createSheet(owner.token);
      const first = await get(t, sheet.slug, owner.token);
      const tag = first.headers.get('etag');
      expect(tag).toBeTruthy();
      const again = await t.app.fetch(
        new Request(`http://localhost${S}/get-sheet-data-by-slug/${sheet.slug}`, { headers: { authorization: `Bearer ${owner.token}`, 'if-none-match': tag! } }),
      );
      expect(again.status).toBe(304);
      await editor(t, owner.token, sheet._id).addTopic({ topic: 'New' });
      const changed = await t.app.fetch(
        new Request(`http://localhost${S}/get-sheet-data-by-slug/${sheet.slug}`, { headers: { authorization: `Bearer ${owner.token}`, 'if-none-match': tag! } }),
      );
      expect(changed.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('sheets: a write that changes nothing', () => {
  it('leaves the version and the last-edited date alone, so a collaborator’s pending reorder still applies', async () => {
    const t = await createTestApp();
    try {
      const owner = await t.signup('Owner');
      const collab = await t.signup('Collab');
      const sheet = await t.createSheet(owner.token);
      await t.db.insert(collaborators).values({ sheetId: sheet._id, userId: collab.user._id });
      const edit = () => editor(t, owner.token, sheet._id);
      expect((await edit().addTopic({ topic: 'Arrays' })).status).toBe(201);
      expect((await edit().addTopic({ topic: 'Graphs' })).status).toBe(201);
      expect((await edit().addSubTopic({ topic: 'Arrays', subTopic: 'Basics' })).status).toBe(201);
      const added = await edit().addQuestions({ data: [{ topic: 'Arrays', subTopic: 'Basics', problemUrl: 'https://leetcode.com/problems/two-sum/' }] });
      expect(added.status).toBe(201);
      const mappingId = added.body.data.mappings[0]!._id;

      // The collaborator reads the sheet and starts a reorder.
      const pending = (await get(t, sheet.slug, collab.token)).body.data.sheet;
      const unchanged = async () => {
        const now = (await get(t, sheet.slug, owner.token)).body.data.sheet;
        expect(now.version).toBe(pending.version);
        expect(now.updatedAt).toBe(pending.updatedAt);
      };
      const importCsv = (rows: string[]) => {
        const form = new FormData();
        form.set('sheetId', sheet._id);
        form.set('file', new File([['problemUrl,topic,subTopic', ...rows].join('\n')], 'rows.csv', { type: 'text/csv' }));
        return importForm(t, owner.token, form);
      };

      // An import with no usable row, and one whose rows are all already there.
      const nothing = await importCsv(['https://example.com/not-a-problem,Arrays,', 'https://leetcode.com/problems/3sum/,__proto__,', 'https://leetcode.com/problems/3sum/,,Orphan']);
      expect(nothing.status, JSON.stringify(nothing.body)).toBe(200);
      expect(nothing.body.data).toMatchObject({ added: 0, total: 3 });
      await unchanged();
      const duplicates = await importCsv(['https://leetcode.com/problems/two-sum/,Arrays,Basics']);
      expect(duplicates.body.data).toMatchObject({ added: 0, duplicates: 1 });
      await unchanged();

      // A reorder to the same order, a move to the same place, renames to the same names.
      const same = await edit().updateSheet({ config: pending.config, version: pending.version });
      expect(same.status).toBe(200);
      expect(same.body.data.sheet.version).toBe(pending.version);
      const move = await edit().moveQuestion(mappingId, { topic: 'Arrays', subTopic: 'Basics', questionOrder: [mappingId], version: pending.version });
      expect(move.status).toBe(200);
      expect(move.body.data.version).toBe(pending.version);
      expect((await edit().renameTopic({ oldTopic: 'Arrays', newTopic: 'Arrays' })).body.data.version).toBe(pending.version);
      expect((await edit().renameSubTopic({ topic: 'Arrays', oldSubTopic: 'Basics', newSubTopic: 'Basics' })).body.data.version).toBe(pending.version);
      await unchanged();

      // The sheet's details and visibility saved as they are.
      expect((await edit().updateSheet({ name: pending.name, description: pending.description })).status).toBe(200);
      expect((await edit().updateSheet({ tag: pending.tag })).status).toBe(200);
      expect((await edit().markPrivate()).status).toBe(200);
      await unchanged();

      // The collaborator's reorder, based on the version read before all of that, applies.
      const reorder = await editor(t, collab.token, sheet._id).updateSheet({ config: { ...pending.config, topicOrder: ['Graphs', 'Arrays'] }, version: pending.version });
      expect(reorder.status, JSON.stringify(reorder.body.status)).toBe(200);
      expect(reorder.body.data.sheet.version).toBe(pending.version + 1);
    } finally {
      await t.close();
    }
  });
});
