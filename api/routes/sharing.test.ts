import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_MESSAGES, SHEET_MESSAGES } from '../../shared/rules/sheet';
import { UPLOAD_MESSAGES } from '../../shared/rules/upload';
import { queryRows } from '../db/client';
import { seedDatabase } from '../db/seed/index';
import { createTestApp } from '../testing';

type T = Awaited<ReturnType<typeof createTestApp>>;
const S = '/question-tracker/v2/sheet';
const C = `${S}/collaborators`;


function upload(t: T, token: string | undefined, sheetId: string, name: string, content: string) {
  const form = new FormData();
  form.set('sheetId', sheetId);
  form.set('file', new File([content], name, { type: name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream' }));
  return t.call('POST', '/question-tracker/v1/user/uploader/sheet', { token, body: form });
}

describe('sharing: invites and collaborators', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
  });
  afterAll(() => t.close());

  it('runs the invite lifecycle, including an invitee who signs up after the invite', async () => {
    const owner = await t.signup('Owner');
    const sheet = await t.createSheet(owner.token);
    const email = `later-${Date.now()}@example.com`;
    const bad = await t.call('POST', `${C}/send-collaboration-invite/${sheet._id}`, { token: owner.token, body: { email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(bad.body.status.message).toBe(SHARE_MESSAGES.invalidEmail);
    const sent = await t.call('POST', `${C}/send-collaboration-invite/${sheet._id}`, { token: owner.token, body: { email: email.toUpperCase() } });
    expect(sent.status).toBe(201);
    expect(sent.body.status.message).toBe('Collaborator invite sent');
    expect(sent.body.data).toMatchObject({ inviteeEmail: email, inviterEmail: owner.email, status: 'pending', sheet: sheet._id });
    expect((await t.call('POST', `${C}/send-collaboration-invite/${sheet._id}`, { token: owner.token, body: { email } })).status).toBe(409);
    expect((await t.call('POST', `${C}/send-collaboration-invite/${sheet._id}`, { token: owner.token, body: { email: owner.email } })).status).toBe(409);

    const pending = await t.call('GET', `${C}/get-sheet-collaborations-invites/${sheet._id}`, { token: owner.token });
    expect(pending.body.data.map((i: { inviteeEmail: string }) => i.inviteeEmail)).toEqual([email]);

    // The invitee signs up afterwards, sees the invite under My Sheets and accepts.
    const signup = await t.call('POST', '/auth/v1/signup', { body: { email, password: 'invitee-password', firstName: 'Late' } });
    const invitee = signup.body.data.token as string;
    const mine = await t.call('GET', `${S}/my-sheets`, { token: invitee });
    const invite = mine.body.data.invites.find((i: { sheet: { _id: string } | string }) => (typeof i.sheet === 'string' ? i.sheet : i.sheet._id) === sheet._id) ?? mine.body.data.invites[0];
    expect(invite).toBeTruthy();
    const accepted = await t.call('PATCH', `${S}/collaborators/accept-invite/${invite._id}`, { token: invitee });
    expect(accepted.status).toBe(200);
    // Now a collaborator: may edit structure and invite, may not change settings.
    expect((await t.call('POST', `${S}/add-topic/${sheet._id}`, { token: invitee, body: { topic: 'Shared' } })).status).toBe(201);
    const again = await t.call('POST', `${C}/send-collaboration-invite/${sheet._id}`, { token: owner.token, body: { email } });
    expect(again.status).toBe(409);
    expect(again.body.status.message).toBe(SHARE_MESSAGES.alreadyCollaborator);
    expect((await t.call('POST', `${C}/send-collaboration-invite/${sheet._id}`, { token: invitee, body: { email: 'third@example.com' } })).status).toBe(201);
    expect((await t.call('PATCH', `${S}/mark-sheet-public/${sheet._id}`, { token: invitee })).status).toBe(403);
    expect((await t.call('PATCH', `${S}/update-sheet-slug/${sheet._id}`, { token: invitee, body: { slug: 'stolen' } })).status).toBe(403);
    expect((await t.call('DELETE', `${S}/delete-sheet/${sheet._id}`, { token: invitee })).status).toBe(403);
    expect((await t.call('GET', `${C}/get-sheet-collaborations-invites/${sheet._id}`, { token: owner.token })).body.data).toHaveLength(1);

    // The collaborator leaves; the sheet is private again for them.
    const left = await t.call('DELETE', `${C}/remove-me/${sheet._id}`, { token: invitee });
    expect(left.body.status.message).toBe('You have left the sheet');
    expect((await t.call('GET', `${S}/get-sheet-data-by-slug/${sheet.slug}`, { token: invitee })).status).toBe(404);
  });

  it('lets the creator remove a collaborator; nobody else', async () => {
    const owner = await t.signup('Owner');
    const collab = await t.signup('Collab');
    const sheet = await t.createSheet(owner.token);
    await t.call('POST', `${C}/send-collaboration-invite/${sheet._id}`, { token: owner.token, body: { email: collab.email } });
    const inv = (await t.call('GET', `${S}/my-sheets`, { token: collab.token })).body.data.invites[0];
    await t.call('PATCH', `${S}/collaborators/accept-invite/${inv._id}`, { token: collab.token });
    const list = await t.call('GET', `${S}/collaborators/get-collaborators/${sheet._id}`, { token: owner.token });
    const id = list.body.data.collaborators[0]._id;
    const stranger = await t.signup('Stranger');
    expect((await t.call('DELETE', `${C}/remove-collaborator/${sheet._id}/${id}`, { token: stranger.token })).status).toBe(404);
    expect((await t.call('DELETE', `${C}/remove-collaborator/${sheet._id}/${id}`, { token: collab.token })).status).toBe(403);
    const removed = await t.call('DELETE', `${C}/remove-collaborator/${sheet._id}/${id}`, { token: owner.token });
    expect(removed.body.status.message).toBe('Collaborator removed');
    expect((await t.call('GET', `${S}/collaborators/get-collaborators/${sheet._id}`, { token: owner.token })).body.data.collaborators).toEqual([]);
  });
});

describe('administration: visibility, slug, delete', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('makes a sheet public and private (creator only); private is invisible to others', async () => {
    const owner = await t.signup('Owner');
    const other = await t.signup('Other');
    const sheet = await t.createSheet(owner.token);
    expect((await t.call('PATCH', `${S}/mark-sheet-public/${sheet._id}`, { token: other.token })).status).toBe(404);
    expect((await t.call('PATCH', `${S}/mark-sheet-public/${sheet._id}`, { token: owner.token })).status).toBe(200);
    expect((await t.call('GET', `${S}/get-sheet-data-by-slug/${sheet.slug}`, { token: other.token })).status).toBe(200);
    expect((await t.call('PATCH', `${S}/mark-sheet-public/${sheet._id}`, { token: other.token })).status).toBe(403);
    expect((await t.call('PATCH', `${S}/mark-sheet-private/${sheet._id}`, { token: owner.token })).status).toBe(200);
    expect((await t.call('GET', `${S}/get-sheet-data-by-slug/${sheet.slug}`, { token: other.token })).status).toBe(404);
  });

  it('changes the slug with the spec rules; the old link still leads to the sheet, under its new slug', async () => {
    const owner = await t.signup('Owner');
    const sheet = await t.createSheet(owner.token);
    const other = await t.createSheet(owner.token);
    expect((await t.call('PATCH', `${S}/update-sheet-slug/${sheet._id}`, { token: owner.token, body: { slug: '' } })).body.status.message).toBe(SHEET_MESSAGES.slugEmpty);
    expect((await t.call('PATCH', `${S}/update-sheet-slug/${sheet._id}`, { token: owner.token, body: { slug: 'Has Spaces' } })).body.status.message).toBe(SHEET_MESSAGES.slugPattern);
    expect((await t.call('PATCH', `${S}/update-sheet-slug/${sheet._id}`, { token: owner.token, body: { slug: other.slug } })).status).toBe(409);
    const res = await t.call('PATCH', `${S}/update-sheet-slug/${sheet._id}`, { token: owner.token, body: { slug: `${sheet.slug}-new` } });
    expect(res.body.status.message).toBe('Sheet URL updated successfully');
    expect((await t.call('GET', `${S}/get-sheet-data-by-slug/${sheet.slug}-new`, { token: owner.token })).status).toBe(200);
    const old = await t.call('GET', `${S}/get-sheet-data-by-slug/${sheet.slug}`, { token: owner.token });
    expect(old.status).toBe(200);
    expect(old.body.data.sheet).toMatchObject({ _id: sheet._id, slug: `${sheet.slug}-new` });
    // A slug nobody ever used is still No Sheet found.
    const never = await t.call('GET', `${S}/get-sheet-data-by-slug/${sheet.slug}-never`, { token: owner.token });
    expect(never.status).toBe(404);
    expect(never.body.status.message).toBe(SHEET_MESSAGES.notFound);
  });

  it('enforces the tag rules', async () => {
    const owner = await t.signup('Owner');
    const sheet = await t.createSheet(owner.token);
    const set = (tag: string[]) => t.call('PATCH', `${S}/update-sheet/${sheet._id}`, { token: owner.token, body: { tag } });
    const ok = await set(['  Graphs ', 'D.P!', '', 'two-pointers']);
    expect(ok.body.data.sheet.tag).toEqual(['Graphs', 'DP', 'two-pointers']);
    expect((await set(['a', 'A'])).body.status.message).toBe(SHEET_MESSAGES.tagExists);
    expect((await set(Array.from({ length: 11 }, (_, i) => `t${i}`))).body.status.message).toBe(SHEET_MESSAGES.tagLimit);
  });

  it('deletes a sheet (creator only) with everything in it', async () => {
    const owner = await t.signup('Owner');
    const sheet = await t.createSheet(owner.token);
    await t.call('POST', `${S}/add-questions/${sheet._id}`, { token: owner.token, body: { data: [{ problemUrl: 'https://leetcode.com/problems/two-sum/' }] } });
    const res = await t.call('DELETE', `${S}/delete-sheet/${sheet._id}`, { token: owner.token });
    expect(res.body.status.message).toBe('Sheet deleted successfully');
    expect((await t.call('GET', `${S}/get-sheet-data/${sheet._id}`, { token: owner.token })).status).toBe(404);
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

  const data = async (slug: string) => (await t.call('GET', `${S}/get-sheet-data-by-slug/${slug}`, { token: owner.token })).body.data;

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
    expect(res.body.data.results.map((r: { status: string }) => r.status)).toEqual(['added', 'added', 'duplicate', 'invalidUrl', 'added', 'added']);
    const d = await data(sheet.slug);
    expect(d.sheet.config.topicOrder).toEqual(['Arrays', 'Math']);
    expect(d.sheet.config.subTopicOrder.Arrays).toEqual(['Hashing', 'Two Pointers']);
    const byId = new Map(d.mappings.map((m: { _id: string; title: string }) => [m._id, m.title]));
    expect(d.sheet.config.questionOrder.map((id: string) => byId.get(id))).toEqual(['Two Sum', '3Sum', 'Watermelon', 'A Problem Not In The Catalogue']);
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
    const byId = new Map(d.mappings.map((m: { _id: string; title: string }) => [m._id, m.title]));
    expect(d.sheet.config.questionOrder.map((id: string) => byId.get(id))).toEqual(['3Sum', 'A Custom One For Order', 'Two Sum']);
  });

  it('refuses wrong types, missing files, missing columns and large files with the spec messages, changing nothing', async () => {
    const sheet = await t.createSheet(owner.token);
    expect((await upload(t, owner.token, sheet._id, 'sheet.txt', 'problemUrl,topic,subTopic\n')).body.status.message).toBe(UPLOAD_MESSAGES.invalidFormat);
    const form = new FormData();
    form.set('sheetId', sheet._id);
    expect((await t.call('POST', '/question-tracker/v1/user/uploader/sheet', { token: owner.token, body: form })).body.status.message).toBe(UPLOAD_MESSAGES.required);
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
