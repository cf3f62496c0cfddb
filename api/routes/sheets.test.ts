import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHEET_MESSAGES } from '../../shared/rules/sheet';
import { UPLOAD_MESSAGES } from '../../shared/rules/upload';
import { eq } from 'drizzle-orm';
import { collaborators, sheets } from '../db/schema';
import { seedDatabase } from '../db/seed/index';
import { createTestApp } from '../testing';

type T = Awaited<ReturnType<typeof createTestApp>>;
const S = '/question-tracker/v2/sheet';

const get = async (t: T, slug: string, token?: string) => t.call('GET', `${S}/get-sheet-data-by-slug/${slug}`, { token });

describe('sheets: creation and reading', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
  });
  afterAll(() => t.close());

  it('creates a private sheet and enforces the name and slug rules', async () => {
    const a = await t.signup('Creator');
    const res = await t.call('POST', `${S}/create-sheet`, { token: a.token, body: { name: 'My Graphs', slug: 'my-graphs' } });
    expect(res.status).toBe(201);
    expect(res.body.data.sheet).toMatchObject({ name: 'My Graphs', slug: 'my-graphs', visibility: 'private', isAuthor: true, totalQuestions: 0, author: a.email });
    expect(res.body.status.message).toBe('Sheet created successfully');

    const dupName = await t.call('POST', `${S}/create-sheet`, { token: a.token, body: { name: 'my graphs', slug: 'other-slug' } });
    expect(dupName.status).toBe(409);
    expect(dupName.body.status.message).toBe(SHEET_MESSAGES.nameTaken);
    const empty = await t.call('POST', `${S}/create-sheet`, { token: a.token, body: { name: '   ', slug: 'x' } });
    expect(empty.body.status.message).toBe(SHEET_MESSAGES.nameEmpty);
    const badSlug = await t.call('POST', `${S}/create-sheet`, { token: a.token, body: { name: 'Other', slug: 'Bad Slug!' } });
    expect(badSlug.body.status.message).toBe(SHEET_MESSAGES.slugPattern);
    const noSlug = await t.call('POST', `${S}/create-sheet`, { token: a.token, body: { name: 'Other', slug: '' } });
    expect(noSlug.body.status.message).toBe(SHEET_MESSAGES.slugEmpty);
    // Another user may use the same name, not the same slug.
    const b = await t.signup('Other');
    expect((await t.call('POST', `${S}/create-sheet`, { token: b.token, body: { name: 'My Graphs', slug: 'my-graphs-2' } })).status).toBe(201);
    expect((await t.call('POST', `${S}/create-sheet`, { token: b.token, body: { name: 'Taken', slug: 'my-graphs' } })).status).toBe(409);
    expect((await t.call('POST', `${S}/create-sheet`, { body: { name: 'Anon', slug: 'anon' } })).status).toBe(401);
  });

  it('validate-slug answers whether a slug is free and well formed', async () => {
    const v = async (slug: string) => (await t.call('GET', `${S}/validate-slug?slug=${encodeURIComponent(slug)}`)).body.data.valid;
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
    expect(new Set(sheet.config.questionOrder)).toEqual(new Set(mappings.map((m: { _id: string }) => m._id)));
    expect(mappings[0].questionId).toMatchObject({ name: expect.any(String), platform: 'leetcode' });
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
      expect((await t.call('GET', `${S}/get-sheet-data/${sheet._id}`, { token })).status).toBe(404);
    }
    expect((await get(t, 'no-such-sheet')).status).toBe(404);
    expect((await t.call('GET', `${S}/get-sheet-data/not-a-uuid`)).status).toBe(404);
  });

  it('hides a premium sheet’s questions without the entitlement', async () => {
    const res = await get(t, 'google-interview-sheet');
    expect(res.status).toBe(200);
    expect(res.body.data.mappings).toEqual([]);
    expect(res.body.data.sheet.totalQuestions).toBeGreaterThan(0);
  });
});

describe('sheets: the tree', () => {
  let t: T;
  let owner: Awaited<ReturnType<T['signup']>>;
  let sheet: { _id: string; slug: string };
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
    owner = await t.signup('Owner');
    sheet = await t.createSheet(owner.token, 'Tree Sheet');
  });
  afterAll(() => t.close());

  const data = async () => (await get(t, sheet.slug, owner.token)).body.data;
  const call = (method: string, path: string, body?: unknown, token = owner.token) => t.call(method, `${S}/${path}`, { token, body });

  it('adds topics and subtopics with the spec messages', async () => {
    expect((await call('POST', `add-topic/${sheet._id}`, { topic: '' })).body.status.message).toBe(SHEET_MESSAGES.topicRequired);
    expect((await call('POST', `add-topic/${sheet._id}`, { topic: 'Arrays' })).status).toBe(201);
    expect((await call('POST', `add-topic/${sheet._id}`, { topic: 'Graphs' })).status).toBe(201);
    const topicDup = await call('POST', `add-topic/${sheet._id}`, { topic: 'Arrays' });
    expect(topicDup.status).toBe(409);
    expect(topicDup.body.status.message).toBe(SHEET_MESSAGES.topicDuplicate);
    // Another case is the same name.
    expect((await call('POST', `add-topic/${sheet._id}`, { topic: ' arrays' })).body.status.message).toBe(SHEET_MESSAGES.topicDuplicate);
    expect((await call('POST', `add-subTopic/${sheet._id}`, { topic: 'Arrays', subTopic: ' ' })).body.status.message).toBe(SHEET_MESSAGES.subTopicEmpty);
    expect((await call('POST', `add-subTopic/${sheet._id}`, { topic: 'Arrays', subTopic: 'Prefix Sums' })).status).toBe(201);
    const dup = await call('POST', `add-subTopic/${sheet._id}`, { topic: 'Arrays', subTopic: 'Prefix Sums' });
    expect(dup.status).toBe(409);
    expect(dup.body.status.message).toBe(SHEET_MESSAGES.subTopicDuplicate);
    expect((await call('POST', `add-subTopic/${sheet._id}`, { topic: 'Arrays', subTopic: 'PREFIX SUMS' })).body.status.message).toBe(SHEET_MESSAGES.subTopicDuplicate);
    // The same subtopic name is fine in another topic.
    expect((await call('POST', `add-subTopic/${sheet._id}`, { topic: 'Graphs', subTopic: 'Prefix Sums' })).status).toBe(201);
    const { sheet: s } = await data();
    expect(s.config.topicOrder).toEqual(['Arrays', 'Graphs']);
    expect(s.config.subTopicOrder).toEqual({ Arrays: ['Prefix Sums'], Graphs: ['Prefix Sums'] });
  });

  it('adds catalogue and custom questions, refuses bad URLs and duplicates, keeps the order', async () => {
    const res = await call('POST', `add-questions/${sheet._id}`, {
      data: [
        { topic: 'Arrays', subTopic: '', problemUrl: 'https://leetcode.com/problems/two-sum/description/' },
        { topic: 'Arrays', subTopic: 'Prefix Sums', problemUrl: 'leetcode.com/problems/product-of-array-except-self' },
        { topic: '', subTopic: '', title: 'My own problem', problemUrl: 'https://codeforces.com/contest/99999/problem/Z' },
      ],
    });
    expect(res.status).toBe(201);
    const added = res.body.data.mappings as { _id: string; title: string }[];
    expect(added.map((m) => m.title)).toEqual(['Two Sum', 'Product of Array Except Self', 'My own problem']);
    const d = await data();
    expect(d.sheet.config.questionOrder).toEqual(added.map((m) => m._id));
    const custom = d.mappings.find((m: { title: string }) => m.title === 'My own problem');
    expect(custom.topic).toBe('');
    expect(custom.questionId.platform).toBe('codeforces');

    const invalid = await call('POST', `add-questions/${sheet._id}`, { data: [{ topic: 'Arrays', problemUrl: 'https://example.com/x' }] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.status.error).toBe('InvalidPlatform');
    const dup = await call('POST', `add-questions/${sheet._id}`, { data: [{ topic: 'Graphs', problemUrl: 'https://leetcode.com/problems/two-sum' }] });
    expect(dup.status).toBe(409);
    const nowhere = await call('POST', `add-questions/${sheet._id}`, { data: [{ topic: 'Nope', problemUrl: 'https://leetcode.com/problems/3sum/' }] });
    expect(nowhere.status).toBe(400);
    // A failed add changes nothing, even when earlier items were fine.
    const mixed = await call('POST', `add-questions/${sheet._id}`, {
      data: [
        { topic: 'Graphs', problemUrl: 'https://leetcode.com/problems/number-of-islands/' },
        { topic: 'Graphs', problemUrl: 'not a url' },
      ],
    });
    expect(mixed.status).toBe(400);
    expect((await data()).mappings).toHaveLength(3);
  });

  it('moves a question between zones with the version it was based on; a stale version gets 409', async () => {
    const d = await data();
    const custom = d.mappings.find((m: { title: string }) => m.title === 'My own problem');
    const order = [custom._id, ...d.sheet.config.questionOrder.filter((id: string) => id !== custom._id)];
    const moved = await call('PATCH', `update-mapping/${sheet._id}/${custom._id}`, { topic: 'Graphs', subTopic: 'Prefix Sums', questionOrder: order, version: d.sheet.version });
    expect(moved.status).toBe(200);
    const after = await data();
    expect(after.sheet.config.questionOrder).toEqual(order);
    expect(after.mappings.find((m: { _id: string }) => m._id === custom._id)).toMatchObject({ topic: 'Graphs', subTopic: 'Prefix Sums' });
    const stale = await call('PATCH', `update-mapping/${sheet._id}/${custom._id}`, { topic: '', subTopic: '', questionOrder: order, version: d.sheet.version });
    expect(stale.status).toBe(409);
    const dropped = await call('PATCH', `update-mapping/${sheet._id}/${custom._id}`, { topic: '', subTopic: '', questionOrder: order.slice(1), version: after.sheet.version });
    expect(dropped.status).toBe(400);
  });

  it('reorders topics via update-sheet, refusing subtopic moves between topics and stale versions', async () => {
    const d = await data();
    const cfg = d.sheet.config;
    const reordered = await call('PATCH', `update-sheet/${sheet._id}`, { config: { ...cfg, topicOrder: ['Graphs', 'Arrays'] }, version: d.sheet.version });
    expect(reordered.status).toBe(200);
    expect(reordered.body.data.sheet.config.topicOrder).toEqual(['Graphs', 'Arrays']);
    const stale = await call('PATCH', `update-sheet/${sheet._id}`, { config: cfg, version: d.sheet.version });
    expect(stale.status).toBe(409);
    const fresh = await data();
    const across = await call('PATCH', `update-sheet/${sheet._id}`, {
      config: { ...fresh.sheet.config, subTopicOrder: { Arrays: [], Graphs: ['Prefix Sums', 'Other'] } },
      version: fresh.sheet.version,
    });
    expect(across.status).toBe(400);
    expect(across.body.status.message).toBe('Cannot move subtopics between topics');
  });

  it('takes topic names that are also names of object properties ("constructor", "toString") like any other', async () => {
    for (const topic of ['constructor', 'toString']) expect((await call('POST', `add-topic/${sheet._id}`, { topic })).status).toBe(201);
    expect((await call('POST', `add-subTopic/${sheet._id}`, { topic: 'constructor', subTopic: 'Only' })).status).toBe(201);
    const d = await data();
    expect(d.sheet.config.subTopicOrder).toMatchObject({ constructor: ['Only'], toString: [] });
    // A reorder that leaves those topics' subtopics out moves them: refused like any other.
    const { constructor: _c, toString: _t, ...rest } = d.sheet.config.subTopicOrder as Record<string, string[]>;
    const dropped = await call('PATCH', `update-sheet/${sheet._id}`, { config: { ...d.sheet.config, subTopicOrder: rest }, version: d.sheet.version });
    expect(dropped.status).toBe(400);
    expect(dropped.body.status.message).toBe('Cannot move subtopics between topics');
    const kept = await call('PATCH', `update-sheet/${sheet._id}`, { config: { ...d.sheet.config, topicOrder: [...d.sheet.config.topicOrder].reverse() }, version: d.sheet.version });
    expect(kept.status).toBe(200);
    for (const topic of ['constructor', 'toString']) expect((await call('DELETE', `delete-topic/${sheet._id}?topic=${topic}`)).status).toBe(200);
  });

  it('exactly one of many simultaneous reorders from the same version applies', async () => {
    const d = await data();
    // Each one changes the order (a reorder to the order already there changes nothing and is no conflict).
    const topicOrder = [...d.sheet.config.topicOrder].reverse();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => call('PATCH', `update-sheet/${sheet._id}`, { config: { ...d.sheet.config, topicOrder }, version: d.sheet.version })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(11);
  });

  it('refuses a topic named __proto__ when adding or renaming, and the sheet stays editable', async () => {
    const before = await data();
    const added = await call('POST', `add-topic/${sheet._id}`, { topic: '__proto__' });
    expect(added.status).toBe(400);
    expect(added.body.status.message).toBe(UPLOAD_MESSAGES.reservedTopic);
    const renamed = await call('PATCH', `update-topic/${sheet._id}`, { oldTopic: before.sheet.config.topicOrder[0], newTopic: '__proto__' });
    expect(renamed.status).toBe(400);
    const after = await data();
    expect(after.sheet.config).toEqual(before.sheet.config);
    expect(after.sheet.version).toBe(before.sheet.version);
    // Other names that live on Object.prototype are ordinary topics.
    expect((await call('POST', `add-topic/${sheet._id}`, { topic: 'toString' })).status).toBe(201);
    expect((await call('POST', `add-subTopic/${sheet._id}`, { topic: 'toString', subTopic: 'valueOf' })).status).toBe(201);
    expect((await data()).sheet.config.subTopicOrder.toString).toEqual(['valueOf']);
    expect((await call('DELETE', `delete-topic/${sheet._id}?topic=toString`)).status).toBe(200);
  });

  it('renames and deletes topics and subtopics with the spec messages', async () => {
    expect((await call('PATCH', `update-topic/${sheet._id}`, { oldTopic: 'Arrays', newTopic: '' })).body.status.message).toBe(SHEET_MESSAGES.topicEmpty);
    const onto = await call('PATCH', `update-topic/${sheet._id}`, { oldTopic: 'Arrays', newTopic: 'Graphs' });
    expect(onto.status).toBe(409);
    expect(onto.body.status.message).toBe(SHEET_MESSAGES.topicDuplicate);
    expect((await call('PATCH', `update-topic/${sheet._id}`, { oldTopic: 'Arrays', newTopic: 'graphs' })).body.status.message).toBe(SHEET_MESSAGES.topicDuplicate);
    expect((await call('PATCH', `update-topic/${sheet._id}`, { oldTopic: 'Arrays', newTopic: 'Arrays' })).status).toBe(200);
    expect((await call('PATCH', `update-topic/${sheet._id}`, { oldTopic: 'Arrays', newTopic: 'Array Basics' })).status).toBe(200);
    let d = await data();
    expect(d.sheet.config.topicOrder).toContain('Array Basics');
    expect(d.mappings.filter((m: { topic: string }) => m.topic === 'Array Basics')).toHaveLength(2);
    expect((await call('PATCH', `update-subTopic/${sheet._id}`, { topic: 'Array Basics', oldSubTopic: 'Prefix Sums', newSubTopic: '' })).body.status.message).toBe(
      SHEET_MESSAGES.subTopicRequired,
    );
    expect((await call('POST', `add-subTopic/${sheet._id}`, { topic: 'Array Basics', subTopic: 'Two Pointers' })).status).toBe(201);
    const subOnto = await call('PATCH', `update-subTopic/${sheet._id}`, { topic: 'Array Basics', oldSubTopic: 'Prefix Sums', newSubTopic: 'Two Pointers' });
    expect(subOnto.status).toBe(409);
    expect(subOnto.body.status.message).toBe(SHEET_MESSAGES.subTopicDuplicate);
    expect((await call('PATCH', `update-subTopic/${sheet._id}`, { topic: 'Array Basics', oldSubTopic: 'Prefix Sums', newSubTopic: 'Running Sums' })).status).toBe(200);
    d = await data();
    expect(d.mappings.find((m: { title: string }) => m.title === 'Product of Array Except Self').subTopic).toBe('Running Sums');

    expect((await call('DELETE', `delete-Subtopic/${sheet._id}?topic=Array%20Basics&subTopic=Running%20Sums`)).status).toBe(200);
    d = await data();
    expect(d.mappings.map((m: { title: string }) => m.title)).not.toContain('Product of Array Except Self');
    expect(d.sheet.config.questionOrder).toHaveLength(d.mappings.length);
    expect((await call('DELETE', `delete-topic/${sheet._id}?topic=Graphs`)).status).toBe(200);
    d = await data();
    expect(d.sheet.config.topicOrder).toEqual(['Array Basics']);
    expect(d.mappings.map((m: { title: string }) => m.title)).toEqual(['Two Sum']);
    expect(d.sheet.config.questionOrder).toHaveLength(1);
  });

  it('removes a question from the sheet', async () => {
    const d = await data();
    const id = d.mappings[0]._id;
    expect((await call('DELETE', `remove-question/${sheet._id}/${id}`)).body.status.message).toBe('Question removed from sheet');
    const after = await data();
    expect(after.mappings).toHaveLength(0);
    expect(after.sheet.config.questionOrder).toEqual([]);
    expect((await call('DELETE', `remove-question/${sheet._id}/${id}`)).status).toBe(404);
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
    expect((await t.call('POST', `${S}/add-topic/${sheet._id}`, { token: collab.token, body: { topic: 'DP' } })).status).toBe(201);
    expect((await t.call('PATCH', `${S}/update-sheet/${sheet._id}`, { token: collab.token, body: { name: 'Renamed' } })).status).toBe(403);
    expect((await t.call('PATCH', `${S}/update-sheet/${sheet._id}`, { token: owner.token, body: { name: 'Renamed', description: 'New words' } })).status).toBe(200);
    // The owner makes it public (direct write until the visibility call exists), a follower may not edit.
    const d = (await get(t, sheet.slug, collab.token)).body.data;
    expect(d.sheet).toMatchObject({ isCollaborator: true, author: owner.email });
    const collabs = await t.call('GET', `${S}/collaborators/get-collaborators/${sheet._id}`, { token: owner.token });
    expect(collabs.body.data).toMatchObject({ isAuthor: true, collaborators: [{ user: collab.email }] });
    const reorder = await t.call('PATCH', `${S}/update-sheet/${sheet._id}`, { token: follower.token, body: { config: d.sheet.config, version: d.sheet.version } });
    expect(reorder.status).toBe(404); // private: it does not exist for them
  });

  it('follows and unfollows a public sheet, counting followers; tick and star need following', async () => {
    const u = await t.signup('Learner');
    const before = (await get(t, 'blind-75', u.token)).body.data;
    const mapping = before.mappings.find((m: { questionId: { name: string } }) => m.questionId.name === 'Two Sum');

    const notYet = await t.call('PATCH', `${S}/mark-question/${before.sheet._id}/${mapping._id}`, { token: u.token, body: { checked: true } });
    expect(notYet.status).toBe(403);
    expect(notYet.body.status.message).toBe(SHEET_MESSAGES.followRequired);
    expect((await t.call('PATCH', `${S}/mark-question/${before.sheet._id}/${mapping._id}`, { body: { checked: true } })).status).toBe(401);

    const followed = await t.call('PATCH', `${S}/public/follow-sheet/${before.sheet._id}`, { token: u.token });
    expect(followed.status).toBe(200);
    expect(followed.body.data.sheet).toMatchObject({ isFollowing: true, followers: before.sheet.followers + 1 });
    // Following twice does not count twice.
    expect((await t.call('PATCH', `${S}/public/follow-sheet/${before.sheet._id}`, { token: u.token })).body.data.sheet.followers).toBe(before.sheet.followers + 1);

    const ticked = await t.call('PATCH', `${S}/mark-question/${before.sheet._id}/${mapping._id}`, { token: u.token, body: { checked: true, starred: true } });
    expect(ticked.status).toBe(200);
    expect(ticked.body.data.record).toMatchObject({ checked: true, starred: true });

    // Solved once shows solved in every sheet containing it and in the lookup.
    const other = (await get(t, 'neetcode-150', u.token)).body.data;
    expect(other.progress.solved).toContain(mapping.questionId._id);
    expect(other.sheet.userSolved).toBe(1);
    const lookup = await t.call('GET', `/question-tracker/v1/question/search-question2?problemUrl=${encodeURIComponent(mapping.questionId.problemUrl)}`, { token: u.token });
    expect(lookup.body.data.solved).toBe(true);

    const unfollowed = await t.call('PATCH', `${S}/public/unfollow-sheet/${before.sheet._id}`, { token: u.token });
    expect(unfollowed.body.data.sheet).toMatchObject({ isFollowing: false, followers: before.sheet.followers });
    expect((await t.call('PATCH', `${S}/mark-question/${before.sheet._id}/${mapping._id}`, { token: u.token, body: { checked: false } })).status).toBe(403);
  });

  it('refuses following a private sheet (404), one’s own sheet (400), and anonymous follows (401)', async () => {
    const owner = await t.signup('Owner2');
    const other = await t.signup('Other2');
    const sheet = await t.createSheet(owner.token);
    expect((await t.call('PATCH', `${S}/public/follow-sheet/${sheet._id}`, { token: other.token })).status).toBe(404);
    expect((await t.call('PATCH', `${S}/public/follow-sheet/${sheet._id}`, { token: owner.token })).status).toBe(400);
    expect((await t.call('PATCH', `${S}/public/follow-sheet/${sheet._id}`)).status).toBe(401);
  });

  it('lets the creator tick in their own sheet without following', async () => {
    const owner = await t.signup('Ticker');
    const sheet = await t.createSheet(owner.token);
    const added = await t.call('POST', `${S}/add-questions/${sheet._id}`, { token: owner.token, body: { data: [{ problemUrl: 'https://leetcode.com/problems/3sum/' }] } });
    const id = added.body.data.mappings[0]._id;
    const res = await t.call('PATCH', `${S}/mark-question/${sheet._id}/${id}`, { token: owner.token, body: { starred: true } });
    expect(res.status).toBe(200);
    expect(res.body.data.record).toMatchObject({ checked: false, starred: true });
    const d = (await get(t, sheet.slug, owner.token)).body.data;
    expect(d.progress.starred).toEqual([d.mappings[0].questionId._id]);
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
      await t.call('POST', `${S}/add-topic/${sheet._id}`, { token: owner.token, body: { topic: 'New' } });
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
      const call = (method: string, path: string, body?: unknown) => t.call(method, `${S}/${path}`, { token: owner.token, body });
      expect((await call('POST', `add-topic/${sheet._id}`, { topic: 'Arrays' })).status).toBe(201);
      expect((await call('POST', `add-topic/${sheet._id}`, { topic: 'Graphs' })).status).toBe(201);
      expect((await call('POST', `add-subTopic/${sheet._id}`, { topic: 'Arrays', subTopic: 'Basics' })).status).toBe(201);
      const added = await call('POST', `add-questions/${sheet._id}`, { data: [{ topic: 'Arrays', subTopic: 'Basics', problemUrl: 'https://leetcode.com/problems/two-sum/' }] });
      expect(added.status).toBe(201);
      const mappingId = added.body.data.mappings[0]._id as string;

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
        return t.call('POST', '/question-tracker/v1/user/uploader/sheet', { token: owner.token, body: form });
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
      const same = await call('PATCH', `update-sheet/${sheet._id}`, { config: pending.config, version: pending.version });
      expect(same.status).toBe(200);
      expect(same.body.data.sheet.version).toBe(pending.version);
      const move = await call('PATCH', `update-mapping/${sheet._id}/${mappingId}`, { topic: 'Arrays', subTopic: 'Basics', questionOrder: [mappingId], version: pending.version });
      expect(move.status).toBe(200);
      expect(move.body.data.version).toBe(pending.version);
      expect((await call('PATCH', `update-topic/${sheet._id}`, { oldTopic: 'Arrays', newTopic: 'Arrays' })).body.data.version).toBe(pending.version);
      expect((await call('PATCH', `update-subTopic/${sheet._id}`, { topic: 'Arrays', oldSubTopic: 'Basics', newSubTopic: 'Basics' })).body.data.version).toBe(pending.version);
      await unchanged();

      // The sheet's details and visibility saved as they are.
      expect((await call('PATCH', `update-sheet/${sheet._id}`, { name: pending.name, description: pending.description })).status).toBe(200);
      expect((await call('PATCH', `update-sheet/${sheet._id}`, { tag: pending.tag })).status).toBe(200);
      expect((await call('PATCH', `mark-sheet-private/${sheet._id}`)).status).toBe(200);
      await unchanged();

      // The collaborator's reorder, based on the version read before all of that, applies.
      const reorder = await t.call('PATCH', `${S}/update-sheet/${sheet._id}`, {
        token: collab.token,
        body: { config: { ...pending.config, topicOrder: ['Graphs', 'Arrays'] }, version: pending.version },
      });
      expect(reorder.status, JSON.stringify(reorder.body.status)).toBe(200);
      expect(reorder.body.data.sheet.version).toBe(pending.version + 1);
    } finally {
      await t.close();
    }
  });
});
