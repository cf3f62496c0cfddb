import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing';

type T = Awaited<ReturnType<typeof createTestApp>>;
const S = '/question-tracker/v2/sheet';

/**
 * The sheet answer is served from caches (services/sheet-cache). Whatever path changes the data (an API
 * call of another resource, or plain SQL), the next read must show it and an old ETag must not get 304.
 */
describe('sheet caches never serve a changed answer', () => {
  let t: T;
  let token: string;
  let sheet: { _id: string; slug: string };
  let etag = '';

  const sheets = () => t.api['question-tracker'].v2.sheet;
  const workspace = () => t.api['question-tracker'].v1.user.question;
  const read = async () => {
    const res = await t.reply(sheets()['get-sheet-data-by-slug'][':slug'].$get({ param: { slug: sheet.slug } }, t.as(token)));
    expect(res.status).toBe(200);
    return res;
  };
  /** Reads twice (the second from the caches) and checks the old ETag is refused once the answer changed. */
  const readChanged = async () => {
    await read();
    const res = await read();
    const tag = res.headers.get('etag') ?? '';
    expect(tag).not.toBe(etag);
    const revalidated = await t.app.fetch(
      new Request(`http://localhost${S}/get-sheet-data-by-slug/${sheet.slug}`, { headers: { authorization: `Bearer ${token}`, 'if-none-match': etag } }),
    );
    expect(revalidated.status).toBe(200);
    etag = tag;
    return res.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.signup('Cache')).token;
    const created = await t.reply(sheets()['create-sheet'].$post({ json: { name: 'Cached', slug: 'cached-sheet', description: '' } }, t.as(token)));
    sheet = created.body.data.sheet;
    const added = await t.reply(
      sheets()['add-questions'][':id'].$post(
        { param: { id: sheet._id }, json: { data: [{ topic: '', subTopic: '', title: 'First', problemUrl: 'https://leetcode.com/problems/cache-first/' }] } },
        t.as(token),
      ),
    );
    expect(added.status).toBe(201);
    etag = (await read()).headers.get('etag') ?? '';
    const unchanged = await t.app.fetch(
      new Request(`http://localhost${S}/get-sheet-data-by-slug/${sheet.slug}`, { headers: { authorization: `Bearer ${token}`, 'if-none-match': etag } }),
    );
    expect(unchanged.status).toBe(304);
  });
  afterAll(() => t.close());

  it('shows a question renamed by plain SQL', async () => {
    const before = (await read()).body.data;
    const qid = before.mappings[0]!.questionId._id;
    // Verified too: a custom question shows in a sheet under its mapping title, whatever its row says.
    await t.db.execute(sql`update questions set name = 'Renamed in SQL', difficulty = 'Hard', verified = true where id = ${qid}`);
    const after = await readChanged();
    expect(after.mappings[0]!.questionId).toMatchObject({ name: 'Renamed in SQL', difficulty: 'Hard' });
  });

  it('shows a mapping changed by plain SQL', async () => {
    await t.db.execute(sql`update mappings set title = 'Retitled' where sheet_id = ${sheet._id}`);
    expect((await readChanged()).mappings[0]!.title).toBe('Retitled');
  });

  it('shows ticks and stars made from the workspace, and their removal', async () => {
    const qid = (await read()).body.data.mappings[0]!.questionId._id;
    // Answers 201 or 200 (new record or not), a union reply() does not infer: read as the client gives it.
    const solved = await workspace()['solve-question'].$post({ json: { questionId: qid, checked: true, starred: true } }, t.as(token));
    expect(solved.status).toBeLessThan(300);
    let data = await readChanged();
    expect(data.progress).toEqual({ solved: [qid], starred: [qid] });
    expect(data.sheet.userSolved).toBe(1);

    const recordId = (await solved.json()).data.question._id;
    expect((await t.reply(workspace()['update-question'][':id'].$patch({ param: { id: recordId }, json: { checked: false } }, t.as(token)))).status).toBe(200);
    data = await readChanged();
    expect(data.progress).toEqual({ solved: [], starred: [qid] });

    expect((await t.reply(workspace()['remove-question'][':id'].$delete({ param: { id: recordId } }, t.as(token)))).status).toBe(200);
    data = await readChanged();
    expect(data.progress).toEqual({ solved: [], starred: [] });
  });

  it('keeps each viewer’s progress apart on the same cached question list', async () => {
    const other = await t.signup('Viewer');
    const data = (await read()).body.data;
    const qid = data.mappings[0]!.questionId._id;
    await workspace()['solve-question'].$post({ json: { questionId: qid, checked: true } }, t.as(other.token));
    expect((await read()).body.data.progress.solved).toEqual([]);
    // The sheet is private: the other user cannot read it at all.
    expect((await t.reply(sheets()['get-sheet-data-by-slug'][':slug'].$get({ param: { slug: sheet.slug } }, t.as(other.token)))).status).toBe(404);
  });

  it('keeps a reordered config as a read of its row gives it: the same bytes and ETag in every process', async () => {
    for (const topic of ['Zeta topic', 'Ab']) {
      expect((await t.reply(sheets()['add-topic'][':id'].$post({ param: { id: sheet._id }, json: { topic } }, t.as(token)))).status).toBe(201);
    }
    const before = (await read()).body.data.sheet;
    // The subtopic map's keys in the order the page sent them, not jsonb's (shorter first).
    const config = { topicOrder: ['Ab', 'Zeta topic'], subTopicOrder: { 'Zeta topic': [], Ab: [] }, questionOrder: before.config.questionOrder };
    const saved = await t.reply(sheets()['update-sheet'][':id'].$patch({ param: { id: sheet._id }, json: { config, version: before.version } }, t.as(token)));
    expect(saved.status).toBe(200);
    // This process answers from the config it kept when it wrote the row...
    const kept = await read();
    expect(kept.body.data.sheet.config.topicOrder).toEqual(['Ab', 'Zeta topic']);
    // ...and, once the row is another version with the same content, from the database's copy.
    await t.db.execute(sql`update sheets set rank = rank where id = ${sheet._id}`);
    const fetched = await read();
    expect(JSON.stringify(fetched.body.data.sheet.config)).toBe(JSON.stringify(kept.body.data.sheet.config));
    expect(fetched.headers.get('etag')).toBe(kept.headers.get('etag'));
    etag = fetched.headers.get('etag') ?? '';
  });

  it('shows a question added and removed through the API', async () => {
    const added = await t.reply(
      sheets()['add-questions'][':id'].$post(
        { param: { id: sheet._id }, json: { data: [{ topic: '', subTopic: '', title: 'Second', problemUrl: 'https://leetcode.com/problems/cache-second/' }] } },
        t.as(token),
      ),
    );
    let data = await readChanged();
    expect(data.mappings.map((m) => m.title).sort()).toEqual(['Retitled', 'Second']);
    expect(data.sheet.totalQuestions).toBe(2);
    await t.reply(sheets()['remove-question'][':id'][':mappingId'].$delete({ param: { id: sheet._id, mappingId: added.body.data.mappings[0]!._id } }, t.as(token)));
    data = await readChanged();
    expect(data.mappings.map((m) => m.title)).toEqual(['Retitled']);
  });
});
