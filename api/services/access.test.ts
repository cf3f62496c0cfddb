import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHEET_MESSAGES } from '../../shared/rules/sheet';
import { queryRows } from '../db/client';
import { createTestApp, dbKind } from '../testing';

type T = Awaited<ReturnType<typeof createTestApp>>;
const S = '/question-tracker/v2/sheet';
const MAPPING_NOT_FOUND = 'Question not found in this sheet';

/**
 * A viewer's read of a sheet keeps their standing in it, so their ticks from the page are decided from
 * memory (services/access.markTarget). Whatever changes that standing (by any path, here plain SQL) must
 * decide the next tick as a read of the database would.
 */
describe('a tick after the viewer’s read never goes by a changed standing', () => {
  let t: T;
  let author: { token: string; user: { _id: string } };
  let viewer: { token: string; user: { _id: string } };
  let sheet: { _id: string; slug: string };
  let mappings: { _id: string; title: string; questionId: { _id: string } }[];

  const read = async (token = viewer.token) => {
    const res = await t.call<{ mappings: typeof mappings }>('GET', `${S}/get-sheet-data/${sheet._id}`, { token });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const tick = (mappingId: string, token = viewer.token, checked = true) => t.call('PATCH', `${S}/mark-question/${sheet._id}/${mappingId}`, { token, body: { checked } });
  const first = () => mappings[0]!._id;

  beforeAll(async () => {
    t = await createTestApp();
    author = await t.signup('Author');
    viewer = await t.signup('Viewer');
    sheet = await t.createSheet(author.token, 'Standing sheet');
    const added = await t.call('POST', `${S}/add-questions/${sheet._id}`, {
      token: author.token,
      body: {
        data: [
          { topic: '', subTopic: '', title: 'Standing one', problemUrl: 'https://leetcode.com/problems/standing-one/' },
          { topic: '', subTopic: '', title: 'Standing two', problemUrl: 'https://leetcode.com/problems/standing-two/' },
        ],
      },
    });
    expect(added.status).toBe(201);
    expect((await t.call('PATCH', `${S}/mark-sheet-public/${sheet._id}`, { token: author.token })).status).toBe(200);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    // Each case starts from a public, free sheet the viewer follows and has just read.
    await t.db.execute(sql`update sheets set visibility = 'public', premium = false where id = ${sheet._id}`);
    await t.db.execute(sql`update users set purchase_status = false where id = ${viewer.user._id}`);
    await t.db.execute(sql`delete from collaborators where sheet_id = ${sheet._id}`);
    await t.db.execute(sql`insert into sheet_follows (sheet_id, user_id) values (${sheet._id}, ${viewer.user._id}) on conflict do nothing`);
    mappings = (await read()).mappings;
    expect((await tick(first())).status).toBe(200);
  });

  it('asks a viewer who unfollowed to follow again', async () => {
    await t.db.execute(sql`delete from sheet_follows where sheet_id = ${sheet._id} and user_id = ${viewer.user._id}`);
    const res = await tick(first());
    expect(res.status).toBe(403);
    expect(res.body.status.message).toBe(SHEET_MESSAGES.followRequired);
  });

  it('finds no sheet once it is private', async () => {
    await t.db.execute(sql`update sheets set visibility = 'private' where id = ${sheet._id}`);
    const res = await tick(first());
    expect(res.status).toBe(404);
    expect(res.body.status.message).toBe(SHEET_MESSAGES.notFound);
  });

  it('finds no question once its mapping is gone', async () => {
    const gone = mappings[1]!._id;
    await t.db.execute(sql`delete from mappings where id = ${gone}`);
    const res = await tick(gone);
    expect(res.status).toBe(404);
    expect(res.body.status.message).toBe(MAPPING_NOT_FOUND);
    await t.db.execute(sql`insert into mappings (id, sheet_id, question_id, topic, sub_topic, title) values (${gone}, ${sheet._id}, ${mappings[1]!.questionId._id}, '', '', ${mappings[1]!.title})`);
  });

  it('hides the questions of a sheet made premium, and shows them once the viewer has the entitlement', async () => {
    await t.db.execute(sql`update sheets set premium = true where id = ${sheet._id}`);
    const hidden = await tick(first());
    expect(hidden.status).toBe(404);
    expect(hidden.body.status.message).toBe(MAPPING_NOT_FOUND);
    await t.db.execute(sql`update users set purchase_status = true where id = ${viewer.user._id}`);
    expect((await tick(first())).status).toBe(200);
  });

  it('refuses a collaborator who is removed and does not follow', async () => {
    await t.db.execute(sql`delete from sheet_follows where sheet_id = ${sheet._id} and user_id = ${viewer.user._id}`);
    await t.db.execute(sql`insert into collaborators (sheet_id, user_id) values (${sheet._id}, ${viewer.user._id})`);
    await read();
    expect((await tick(first())).status).toBe(200);
    await t.db.execute(sql`delete from collaborators where sheet_id = ${sheet._id} and user_id = ${viewer.user._id}`);
    expect((await tick(first())).status).toBe(403);
  });

  it('names a custom question in the workspace by the mapping’s title as it is now', async () => {
    const target = mappings[1]!;
    await t.db.execute(sql`update mappings set title = 'Retitled since the read' where id = ${target._id}`);
    expect((await tick(target._id)).status).toBe(200);
    const [own] = await queryRows<{ name: string }>(t.db, sql`select name from custom_questions where user_id = ${viewer.user._id} and question_id = ${target.questionId._id}`);
    expect(own?.name).toBe('Retitled since the read');
  });

  // Only PostgreSQL has a second connection to hold a lock on while the API answers on others.
  it.skipIf(dbKind() === 'pglite')('decides a tick after the read without reading the sheet’s followers, where a first tick reads them', async () => {
    const stranger = await t.signup('Stranger');
    await t.db.execute(sql`insert into sheet_follows (sheet_id, user_id) values (${sheet._id}, ${stranger.user._id})`);
    // A new follower changes the sheet's relations: the viewer's standing is read again with the sheet.
    await read();
    let waiting: ReturnType<typeof tick> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table sheet_follows in access exclusive mode`);
      // The viewer read the sheet (beforeEach): their tick is decided from memory.
      expect((await tick(mappings[1]!._id)).status).toBe(200);
      // The stranger never read it: their tick reads their standing, and waits for the lock.
      waiting = tick(mappings[1]!._id, stranger.token);
      const early = await Promise.race([waiting.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 300))]);
      expect(early).toBe('waiting');
    });
    expect((await waiting)?.status).toBe(200);
  });
});
