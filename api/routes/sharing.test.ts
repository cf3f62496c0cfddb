import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_MESSAGES, SHEET_MESSAGES } from '../../shared/rules/sheet';
import { UPLOAD_MESSAGES } from '../../shared/rules/upload';
import { queryRows } from '../db/client';
import { seedDatabase } from '../db/seed/index';
import { createTestApp } from '../testing';
import { sheetApi, signedIn, type T } from '../testing-sheets';


const bySlug = (t: T, slug: string, token: string) => t.reply(sheetApi(t)['get-sheet-data-by-slug'][':slug'].$get({ param: { slug } }, t.as(token)));

/**
 * The import route reads its multipart form itself (no validator the client could type it from), so the
 * form goes as the request's own body, which hono's client lets `init` set.
 */
function postForm(t: T, token: string | undefined, form: FormData) {
  return t.reply(t.api['question-tracker'].v1.user.uploader.sheet.$post({}, { ...signedIn(t, token), init: { body: form } }));
}

function upload(t: T, token: string | undefined, sheetId: string, name: string, content: string) {
  const form = new FormData();
  form.set('sheetId', sheetId);
  form.set('file', new File([content], name, { type: name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream' }));
  return postForm(t, token, form);
}

describe('sharing: invites and collaborators', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
  });
  afterAll(() => t.close());

  const collaboration = () => sheetApi(t).collaborators;
  const invite = (sheetId: string, token: string, email: string) =>
    t.reply(collaboration()['send-collaboration-invite'][':sheetId'].$post({ param: { sheetId }, json: { email } }, t.as(token)));
  const pendingInvites = (sheetId: string, token: string) =>
    t.reply(collaboration()['get-sheet-collaborations-invites'][':sheetId'].$get({ param: { sheetId } }, t.as(token)));
  const accept = (inviteId: string, token: string) => t.reply(collaboration()['accept-invite'][':inviteId'].$patch({ param: { inviteId } }, t.as(token)));
  const mySheets = (token: string) => t.reply(sheetApi(t)['my-sheets'].$get({}, t.as(token)));
  const collaboratorsOf = (id: string, token: string) => t.reply(collaboration()['get-collaborators'][':id'].$get({ param: { id } }, t.as(token)));
  const removeCollaborator = (sheetId: string, collaboratorId: string, token: string) =>
    t.reply(collaboration()['remove-collaborator'][':sheetId'][':collaboratorId'].$delete({ param: { sheetId, collaboratorId } }, t.as(token)));

  it('runs the invite lifecycle, including an invitee who signs up after the invite', async () => {
    const owner = await t.signup('Owner');
    const sheet = await t.createSheet(owner.token);
    const email = `later-${Date.now()}@example.com`;
    const bad = await invite(sheet._id, owner.token, 'not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body.status.message).toBe('Please enter a valid email address');
    const sent = await invite(sheet._id, owner.token, email.toUpperCase());
    expect(sent.status).toBe(201);
    expect(sent.body.status.message).toBe('Collaborator invite sent');
    expect(sent.body.data).toMatchObject({ inviteeEmail: email, inviterEmail: owner.email, status: 'pending', sheet: sheet._id });
    expect((await invite(sheet._id, owner.token, email)).status).toBe(409);
    expect((await invite(sheet._id, owner.token, owner.email)).status).toBe(409);

    const pending = await pendingInvites(sheet._id, owner.token);
    expect(pending.body.data.map((i) => i.inviteeEmail)).toEqual([email]);

    // The invitee signs up afterwards, sees the invite under My Sheets and accepts.
    const signup = await t.reply(t.api.auth.v1.signup.$post({ json: { email, password: 'invitee-password', firstName: 'Late' } }));
    const invitee = signup.body.data.token;
    const mine = await mySheets(invitee);
    const received = mine.body.data.invites.find((i) => i.sheet._id === sheet._id) ?? mine.body.data.invites[0];
    expect(received).toBeTruthy();
    const accepted = await accept(received!._id, invitee);
    expect(accepted.status).toBe(200);
    // Now a collaborator: may edit structure and invite, may not change settings.
    expect((await t.reply(sheetApi(t)['add-topic'][':id'].$post({ param: { id: sheet._id }, json: { topic: 'Shared' } }, t.as(invitee)))).status).toBe(201);
    const again = await invite(sheet._id, owner.token, email);
    expect(again.status).toBe(409);
    expect(again.body.status.message).toBe(SHARE_MESSAGES.alreadyCollaborator);
    expect((await invite(sheet._id, invitee, 'third@example.com')).status).toBe(201);
    const param = { id: sheet._id };
    expect((await t.reply(sheetApi(t)['mark-sheet-public'][':id'].$patch({ param }, t.as(invitee)))).status).toBe(403);
    expect((await t.reply(sheetApi(t)['update-sheet-slug'][':id'].$patch({ param, json: { slug: 'stolen' } }, t.as(invitee)))).status).toBe(403);
    expect((await t.reply(sheetApi(t)['delete-sheet'][':id'].$delete({ param }, t.as(invitee)))).status).toBe(403);
    expect((await pendingInvites(sheet._id, owner.token)).body.data).toHaveLength(1);

    // The collaborator leaves; the sheet is private again for them.
    const left = await t.reply(collaboration()['remove-me'][':sheetId'].$delete({ param: { sheetId: sheet._id } }, t.as(invitee)));
    expect(left.body.status.message).toBe('You have left the sheet');
    expect((await bySlug(t, sheet.slug, invitee)).status).toBe(404);
  });

  it('lets the creator remove a collaborator; nobody else', async () => {
    const owner = await t.signup('Owner');
    const collab = await t.signup('Collab');
    const sheet = await t.createSheet(owner.token);
    await invite(sheet._id, owner.token, collab.email);
    const inv = (await mySheets(collab.token)).body.data.invites[0]!;
    await accept(inv._id, collab.token);
    const list = await collaboratorsOf(sheet._id, owner.token);
    const id = list.body.data.collaborators[0]!._id;
    const stranger = await t.signup('Stranger');
    expect((await removeCollaborator(sheet._id, id, stranger.token)).status).toBe(404);
    expect((await removeCollaborator(sheet._id, id, collab.token)).status).toBe(403);
    const removed = await removeCollaborator(sheet._id, id, owner.token);
    expect(removed.body.status.message).toBe('Collaborator removed');
    expect((await collaboratorsOf(sheet._id, owner.token)).body.data.collaborators).toEqual([]);
  });
});

describe('administration: visibility, slug, delete', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const markPublic = (id: string, token: string) => t.reply(sheetApi(t)['mark-sheet-public'][':id'].$patch({ param: { id } }, t.as(token)));
  const updateSlug = (id: string, token: string, slug: string) =>
    t.reply(sheetApi(t)['update-sheet-slug'][':id'].$patch({ param: { id }, json: { slug } }, t.as(token)));

  it('makes a sheet public and private (creator only); private is invisible to others', async () => {
    const owner = await t.signup('Owner');
    const other = await t.signup('Other');
    const sheet = await t.createSheet(owner.token);
    expect((await markPublic(sheet._id, other.token)).status).toBe(404);
    expect((await markPublic(sheet._id, owner.token)).status).toBe(200);
    expect((await bySlug(t, sheet.slug, other.token)).status).toBe(200);
    expect((await markPublic(sheet._id, other.token)).status).toBe(403);
    expect((await t.reply(sheetApi(t)['mark-sheet-private'][':id'].$patch({ param: { id: sheet._id } }, t.as(owner.token)))).status).toBe(200);
    expect((await bySlug(t, sheet.slug, other.token)).status).toBe(404);
  });

  it('changes the slug with the spec rules; the old link still leads to the sheet, under its new slug', async () => {
    const owner = await t.signup('Owner');
    const sheet = await t.createSheet(owner.token);
    const other = await t.createSheet(owner.token);
    expect((await updateSlug(sheet._id, owner.token, '')).body.status.message).toBe(SHEET_MESSAGES.slugEmpty);
    expect((await updateSlug(sheet._id, owner.token, 'Has Spaces')).body.status.message).toBe(SHEET_MESSAGES.slugPattern);
    expect((await updateSlug(sheet._id, owner.token, other.slug)).status).toBe(409);
    const res = await updateSlug(sheet._id, owner.token, `${sheet.slug}-new`);
    expect(res.body.status.message).toBe('Sheet URL updated successfully');
    expect((await bySlug(t, `${sheet.slug}-new`, owner.token)).status).toBe(200);
    const old = await bySlug(t, sheet.slug, owner.token);
    expect(old.status).toBe(200);
    expect(old.body.data.sheet).toMatchObject({ _id: sheet._id, slug: `${sheet.slug}-new` });
    // A slug nobody ever used is still No Sheet found.
    const never = await bySlug(t, `${sheet.slug}-never`, owner.token);
    expect(never.status).toBe(404);
    expect(never.body.status.message).toBe(SHEET_MESSAGES.notFound);
  });

  it('enforces the tag rules', async () => {
    const owner = await t.signup('Owner');
    const sheet = await t.createSheet(owner.token);
    const set = (tag: string[]) => t.reply(sheetApi(t)['update-sheet'][':id'].$patch({ param: { id: sheet._id }, json: { tag } }, t.as(owner.token)));
    const ok = await set(['  Graphs ', 'D.P!', '', 'two-pointers']);
    expect(ok.body.data.sheet.tag).toEqual(['Graphs', 'DP', 'two-pointers']);
    expect((await set(['a', 'A'])).body.status.message).toBe(SHEET_MESSAGES.tagExists);
    expect((await set(Array.from({ length: 11 }, (_, i) => `t${i}`))).body.status.message).toBe(SHEET_MESSAGES.tagLimit);
  });

  it('deletes a sheet (creator only) with everything in it', async () => {
    const owner = await t.signup('Owner');
    const sheet = await t.createSheet(owner.token);
    const param = { id: sheet._id };
    await t.reply(sheetApi(t)['add-questions'][':id'].$post({ param, json: { data: [{ problemUrl: 'https://leetcode.com/problems/two-sum/' }] } }, t.as(owner.token)));
    const res = await t.reply(sheetApi(t)['delete-sheet'][':id'].$delete({ param }, t.as(owner.token)));
    expect(res.body.status.message).toBe('Sheet deleted successfully');
    expect((await t.reply(sheetApi(t)['get-sheet-data'][':id'].$get({ param }, t.as(owner.token)))).status).toBe(404);
    const [left] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from mappings where sheet_id = ${sheet._id}`);
    expect(left?.n).toBe(0);
  });
});

describe('bulk import to sheet', () => {
  let t: T;
  let owner: Awaited<ReturnType<T['signup']>>;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
    owner = await t.signup('Importer');
  });
  afterAll(() => t.close());

  const data = async (slug: string) => (await bySlug(t, slug, owner.token)).body.data;

  it('imports a CSV in file order, creating topics and subtopics, skipping duplicates and bad URLs', async () => {
    const sheet = await t.createSheet(owner.token);
    const csv = [
      'problemUrl,topic,subTopic',
      'https://leetcode.com/problems/two-sum/,Arrays,Hashing',
      'https://leetcode.com/problems/3sum/,Arrays,Two Pointers',
      'https://leetcode.com/problems/two-sum/description/,Arrays,Hashing',
      'https://example.com/nope,Arrays,',
      'https://codeforces.com/problemset/problem/4/A,Math,',
      'https://leetcode.com/problems/a-problem-not-in-the-catalogue/,,',
    ].join('\n');
    const res = await upload(t, owner.token, sheet._id, 'sheet.csv', csv);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ added: 4, duplicates: 1, invalidUrl: 1, total: 6 });
    expect(res.body.data.results.map((r) => r.status)).toEqual(['added', 'added', 'duplicate', 'invalidUrl', 'added', 'added']);
    const d = await data(sheet.slug);
    expect(d.sheet.config.topicOrder).toEqual(['Arrays', 'Math']);
    expect(d.sheet.config.subTopicOrder.Arrays).toEqual(['Hashing', 'Two Pointers']);
    const byId = new Map(d.mappings.map((m) => [m._id, m.title]));
    expect(d.sheet.config.questionOrder.map((id) => byId.get(id))).toEqual(['Two Sum', '3Sum', 'Watermelon', 'A Problem Not In The Catalogue']);
    // Importing again adds nothing.
    const again = await upload(t, owner.token, sheet._id, 'sheet.csv', csv);
    expect(again.body.data).toMatchObject({ added: 0, duplicates: 5 });
  });

  it('reports every row in file order: rows already in the sheet, repeats, bad URLs and bad topics', async () => {
    const sheet = await t.createSheet(owner.token);
    await upload(t, owner.token, sheet._id, 'sheet.csv', 'problemUrl,topic,subTopic\nhttps://leetcode.com/problems/3sum/,Arrays,\n');
    const csv = [
      'problemUrl,topic,subTopic',
      'https://leetcode.com/problems/two-sum/,,Hashing',
      'https://leetcode.com/problems/3sum/,Arrays,Later',
      'not a url,Arrays,',
      'https://leetcode.com/problems/a-custom-one-for-order/,Graphs,BFS',
      'https://leetcode.com/problems/a-custom-one-for-order/description/,Graphs,DFS',
      'https://leetcode.com/problems/two-sum/,Arrays,',
    ].join('\n');
    const res = await upload(t, owner.token, sheet._id, 'sheet.csv', csv);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ added: 2, duplicates: 2, invalidUrl: 1, error: 1, total: 6 });
    expect(res.body.data.results).toEqual([
      { row: 2, problemUrl: 'https://leetcode.com/problems/two-sum/', status: 'error', message: 'A subtopic needs a topic' },
      { row: 3, problemUrl: 'https://leetcode.com/problems/3sum/', status: 'duplicate' },
      { row: 4, problemUrl: 'not a url', status: 'invalidUrl', message: 'Not a problem URL of a supported platform' },
      { row: 5, problemUrl: 'https://leetcode.com/problems/a-custom-one-for-order/', status: 'added' },
      { row: 6, problemUrl: 'https://leetcode.com/problems/a-custom-one-for-order/description/', status: 'duplicate' },
      { row: 7, problemUrl: 'https://leetcode.com/problems/two-sum/', status: 'added' },
    ]);
    const d = await data(sheet.slug);
    // Topics and subtopics of duplicate rows are still created, as they always were.
    expect(d.sheet.config.topicOrder).toEqual(['Arrays', 'Graphs']);
    expect(d.sheet.config.subTopicOrder).toEqual({ Arrays: ['Later'], Graphs: ['BFS', 'DFS'] });
    const byId = new Map(d.mappings.map((m) => [m._id, m.title]));
    expect(d.sheet.config.questionOrder.map((id) => byId.get(id))).toEqual(['3Sum', 'A Custom One For Order', 'Two Sum']);
  });

  it('refuses wrong types, missing files, missing columns and large files with the spec messages, changing nothing', async () => {
    const sheet = await t.createSheet(owner.token);
    expect((await upload(t, owner.token, sheet._id, 'sheet.txt', 'problemUrl,topic,subTopic\n')).body.status.message).toBe(UPLOAD_MESSAGES.invalidFormat);
    const form = new FormData();
    form.set('sheetId', sheet._id);
    expect((await postForm(t, owner.token, form)).body.status.message).toBe(UPLOAD_MESSAGES.required);
    const missing = await upload(t, owner.token, sheet._id, 'sheet.csv', 'problemUrl,topic\nhttps://leetcode.com/problems/two-sum/,A\n');
    expect(missing.status).toBe(400);
    expect(missing.body.status.message).toBe(UPLOAD_MESSAGES.missingColumns(['subTopic']));
    const big = await upload(t, owner.token, sheet._id, 'sheet.csv', `problemUrl,topic,subTopic\n${'x'.repeat(1024 * 1024)}`);
    expect([400, 413]).toContain(big.status);
    expect(big.body.status.message).toBe(UPLOAD_MESSAGES.tooLarge);
    const proto = await upload(t, owner.token, sheet._id, 'sheet.csv', '__proto__,problemUrl,topic,subTopic\n{"polluted":1},https://leetcode.com/problems/two-sum/,A,\n');
    expect(proto.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await data(sheet.slug)).mappings).toHaveLength(1);
  });

  it('only editors may import; a stranger gets 404 on a private sheet', async () => {
    const sheet = await t.createSheet(owner.token);
    const stranger = await t.signup('Stranger');
    const csv = 'problemUrl,topic,subTopic\nhttps://leetcode.com/problems/two-sum/,A,\n';
    expect((await upload(t, stranger.token, sheet._id, 'sheet.csv', csv)).status).toBe(404);
    expect((await upload(t, undefined, sheet._id, 'sheet.csv', csv)).status).toBe(401);
  });

  it('a failure half way leaves the sheet unchanged', async () => {
    const sheet = await t.createSheet(owner.token);
    // The database refuses the third row (a trigger stands in for any failure), after two rows went in.
    await t.db.execute(sql`create function refuse_watermelon() returns trigger language plpgsql as $$
      begin if new.title = 'Watermelon' then raise exception 'refused'; end if; return new; end $$`);
    await t.db.execute(sql`create trigger refuse_watermelon before insert on mappings for each row execute function refuse_watermelon()`);
    const rows = [
      'problemUrl,topic,subTopic',
      'https://leetcode.com/problems/two-sum/,Arrays,',
      'https://leetcode.com/problems/3sum/,Arrays,Pairs',
      'https://codeforces.com/problemset/problem/4/A,Math,',
    ];
    const res = await upload(t, owner.token, sheet._id, 'sheet.csv', rows.join('\n'));
    await t.db.execute(sql`drop trigger refuse_watermelon on mappings`);
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('refused');
    const d = await data(sheet.slug);
    expect(d.mappings).toHaveLength(0);
    expect(d.sheet.config.topicOrder).toEqual([]);
  });
});
