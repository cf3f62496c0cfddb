import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, RULE_MESSAGES } from '../../shared/rules/account';
import type { DeleteAccountBody } from '../../shared/schemas/user';
import { reportSecurity } from '../../tests/security/report';
import { queryRows } from '../db/client';
import { createTestApp } from '../testing';
import { sheetApi, type T } from '../testing-sheets';


const me = (t: T, token: string) => t.reply(t.api.auth.v1.me.$get({}, t.as(token)));
const changePassword = (t: T, token: string | undefined, json: { currentPassword: string; newPassword: string }) =>
  t.reply(t.api.auth.v1['change-password'].$post({ json }, token ? t.as(token) : undefined));
const deleteAccount = (t: T, token: string | undefined, json: DeleteAccountBody) => t.reply(t.api.auth.v1['delete-account'].$post({ json }, token ? t.as(token) : undefined));
const accountSheets = async (t: T, token: string) => (await t.reply(t.api.auth.v1.account.sheets.$get({}, t.as(token)))).body.data.sheets;
const markPublic = (t: T, token: string, id: string) => t.reply(sheetApi(t)['mark-sheet-public'][':id'].$patch({ param: { id } }, t.as(token)));
const invite = (t: T, token: string, sheetId: string, email: string) =>
  t.reply(sheetApi(t).collaborators['send-collaboration-invite'][':sheetId'].$post({ param: { sheetId }, json: { email } }, t.as(token)));
const solve = (t: T, token: string, questionId: string, checked: boolean, starred?: boolean) =>
  t.reply(t.api['question-tracker'].v1.user.question['solve-question'].$post({ json: { questionId, checked, starred } }, t.as(token)));

/** Tokens that should have stopped working, and how many still did. */
const sessionsEnd = { cases: 0, leaks: 0 };
async function expectDead(t: T, token: string) {
  sessionsEnd.cases++;
  const res = await me(t, token);
  if (res.status !== 401) sessionsEnd.leaks++;
  expect(res.status).toBe(401);
}

/** A sign-in through a proxy that forwards the client's address. */
function loginFrom(t: T, email: string, password: string, headers: Record<string, string>) {
  return t.reply(t.api.auth.v1.login.$post({ json: { email, password } }, { headers }));
}

async function login(t: T, email: string, password: string) {
  return t.reply(t.api.auth.v1.login.$post({ json: { email, password } }));
}


let customN = 0;
async function addCustomQuestions(t: T, token: string, sheetId: string, n: number) {
  const data = Array.from({ length: n }, () => ({ topic: '', subTopic: '', title: `Custom ${++customN}`, problemUrl: `https://codeforces.com/contest/${90000 + customN}/problem/A` }));
  const res = await t.reply(sheetApi(t)['add-questions'][':id'].$post({ param: { id: sheetId }, json: { data } }, t.as(token)));
  expect(res.status).toBe(201);
  return res.body.data.mappings;
}

async function addCollaborator(t: T, ownerToken: string, sheetId: string, who: { token: string; email: string }) {
  expect((await invite(t, ownerToken, sheetId, who.email)).status).toBe(201);
  const mine = await t.reply(sheetApi(t)['my-sheets'].$get({}, t.as(who.token)));
  const received = mine.body.data.invites.find((i) => (typeof i.sheet === 'string' ? i.sheet : i.sheet._id) === sheetId);
  expect(received).toBeTruthy();
  expect((await t.reply(sheetApi(t).collaborators['accept-invite'][':inviteId'].$patch({ param: { inviteId: received!._id } }, t.as(who.token)))).status).toBe(200);
}

async function follow(t: T, token: string, sheetId: string) {
  expect((await t.reply(sheetApi(t).public['follow-sheet'][':id'].$patch({ param: { id: sheetId } }, t.as(token)))).status).toBe(200);
}

async function followers(t: T, sheetId: string) {
  return (await queryRows<{ n: number }>(t.db, sql`select followers as n from sheets where id = ${sheetId}`))[0]?.n;
}

/** A fingerprint of every table but the failed-login counters (which a refused attempt is meant to change). */
async function snapshot(t: T) {
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'login_throttle' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number; h: string | null }>(
      t.db,
      sql`select count(*)::int as n, md5(string_agg(row_to_json(x)::text, ',' order by row_to_json(x)::text)) as h from ${sql.identifier(name)} x`,
    );
    out[name] = `${row?.n}:${row?.h}`;
  }
  return out;
}

/** Every stored row, as text, that contains the given string anywhere. */
async function rowsContaining(t: T, needle: string) {
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  let hits = 0;
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${sql.identifier(name)} x where strpos(row_to_json(x)::text, ${needle}) > 0`,
    );
    hits += row?.n ?? 0;
  }
  return hits;
}

describe('account: change password', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('needs a signed-in user', async () => {
    const res = await changePassword(t, undefined, { currentPassword: 'x', newPassword: 'y' });
    expect(res.status).toBe(401);
  });

  it('ends every other session at once, keeps the caller signed in, and switches the password', async () => {
    const a = await t.signup('Pat');
    const phone = (await login(t, a.email, a.password)).body.data.token;
    const laptop = (await login(t, a.email, a.password)).body.data.token;
    expect((await me(t, phone)).status).toBe(200);

    const res = await changePassword(t, a.token, { currentPassword: a.password, newPassword: 'brand-new-secret' });
    expect(res.status).toBe(200);
    expect(res.body.status.message).toBe(RULE_MESSAGES.passwordChanged);
    expect(res.body.data.sessionsEnded).toBe(2);

    await expectDead(t, phone);
    await expectDead(t, laptop);
    expect((await me(t, a.token)).status).toBe(200);
    expect((await login(t, a.email, a.password)).status).toBe(401);
    expect((await login(t, a.email, 'brand-new-secret')).status).toBe(200);
  });

  it('refuses a wrong current password with 400 (the session stays good) and counts it as a failed sign-in', async () => {
    const a = await t.signup('Guess');
    for (let i = 0; i < LOGIN_THROTTLE.account.maxFailures; i++) {
      const res = await changePassword(t, a.token, { currentPassword: `guess-${i}-wrong`, newPassword: 'whatever-new-1' });
      expect(res.status).toBe(400);
      expect(res.body.status.message).toBe(RULE_MESSAGES.wrongCurrentPassword);
    }
    // The account is now locked: guessing through a stolen session is limited like guessing at the sign-in form.
    const locked = await changePassword(t, a.token, { currentPassword: a.password, newPassword: 'whatever-new-1' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(t, a.email, a.password)).status).toBe(429);
    expect((await me(t, a.token)).status).toBe(200);
  });

  it.each([
    ['short', RULE_MESSAGES.passwordLength],
    ['x'.repeat(129), RULE_MESSAGES.passwordLength],
  ])('applies the password rule to the new password (%#)', async (newPassword, message) => {
    const a = await t.signup('Rule');
    const res = await changePassword(t, a.token, { currentPassword: a.password, newPassword });
    expect(res.status).toBe(400);
    expect(res.body.status.message).toBe(message);
    expect((await login(t, a.email, a.password)).status).toBe(200);
  });

  it('refuses a new password equal to the current one', async () => {
    const a = await t.signup('Same');
    const res = await changePassword(t, a.token, { currentPassword: a.password, newPassword: a.password });
    expect(res.status).toBe(400);
    expect(res.body.status.message).toBe(RULE_MESSAGES.samePassword);
  });

  it('never stores a raw token anywhere in the database', async () => {
    const a = await t.signup('Raw');
    const other = (await login(t, a.email, a.password)).body.data.token;
    await changePassword(t, a.token, { currentPassword: a.password, newPassword: 'another-secret-9' });
    const fresh = (await login(t, a.email, 'another-secret-9')).body.data.token;
    for (const token of [a.token, other, fresh]) expect(await rowsContaining(t, token)).toBe(0);
    const hash = createHash('sha256').update(fresh).digest('hex');
    expect((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from sessions where token_hash = ${hash}`))[0]?.n).toBe(1);
  });

  it('ends the session on logout', async () => {
    const a = await t.signup('Bye');
    expect((await t.reply(t.api.auth.v1.logout.$post({}, t.as(a.token)))).status).toBe(200);
    await expectDead(t, a.token);
  });
});

describe('account: delete', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    reportSecurity({ check: 'sessions end on logout, password change, deletion', cases: sessionsEnd.cases, leaks: sessionsEnd.leaks });
    expect(sessionsEnd.leaks).toBe(0);
    await t.close();
  });

  it('needs a signed-in user', async () => {
    expect((await t.reply(t.api.auth.v1.account.sheets.$get())).status).toBe(401);
    expect((await deleteAccount(t, undefined, { password: 'x', sheets: [] })).status).toBe(401);
  });

  it('lists only the sheets the user created, each with its collaborators', async () => {
    const owner = await t.signup('Lister');
    const friend = await t.signup('Friend');
    const mine = await t.createSheet(owner.token, 'Mine');
    const theirs = await t.createSheet(friend.token, 'Theirs');
    await addCollaborator(t, owner.token, mine._id, friend);
    await addCollaborator(t, friend.token, theirs._id, owner);
    await addCustomQuestions(t, owner.token, mine._id, 2);

    const res = await t.reply(t.api.auth.v1.account.sheets.$get({}, t.as(owner.token)));
    expect(res.status).toBe(200);
    expect(res.body.data.sheets).toHaveLength(1);
    const [sheet] = res.body.data.sheets;
    expect(sheet).toMatchObject({ _id: mine._id, name: 'Mine', totalQuestions: 2 });
    expect(sheet!.collaborators).toHaveLength(1);
    expect(sheet!.collaborators[0]).toMatchObject({ userId: friend.user._id, email: friend.email, firstName: 'Friend', profileName: friend.user.profileName });
  });

  it('refuses a wrong password, a missing, unknown or repeated choice and a bad hand-over, changing nothing', async () => {
    const owner = await t.signup('Careful');
    const collab = await t.signup('Helper');
    const stranger = await t.signup('Stranger');
    const kept = await t.createSheet(owner.token, 'Kept');
    const other = await t.createSheet(owner.token, 'Other');
    const foreign = await t.createSheet(stranger.token, 'Foreign');
    await addCollaborator(t, owner.token, kept._id, collab);
    await addCustomQuestions(t, owner.token, kept._id, 1);
    const collabId = (await accountSheets(t, owner.token)).find((s) => s._id === kept._id)!.collaborators[0]!._id;
    // The collaborator already has a sheet with the same name: the hand-over would clash.
    await t.createSheet(collab.token, 'Other');
    const collabOnOther = await t.signup('Second');
    await addCollaborator(t, owner.token, other._id, collabOnOther);
    const otherCollabId = (await accountSheets(t, owner.token)).find((s) => s._id === other._id)!.collaborators[0]!._id;
    await addCollaborator(t, owner.token, other._id, collab);
    const clashId = (await accountSheets(t, owner.token))
      .find((s) => s._id === other._id)!
      .collaborators.find((c) => c.userId === collab.user._id)!._id;

    const all: [NonNullable<DeleteAccountBody['sheets']>[number], NonNullable<DeleteAccountBody['sheets']>[number]] = [
      { sheetId: kept._id, action: 'transfer', collaboratorId: collabId },
      { sheetId: other._id, action: 'delete' },
    ];
    const before = await snapshot(t);
    const refused: [DeleteAccountBody, number, string][] = [
      [{ password: 'not-my-password', sheets: all }, 400, RULE_MESSAGES.wrongPassword],
      [{ password: owner.password, sheets: [all[0]] }, 400, RULE_MESSAGES.sheetChoiceMissing],
      [{ password: owner.password, sheets: [] }, 400, RULE_MESSAGES.sheetChoiceMissing],
      [{ password: owner.password, sheets: [...all, { sheetId: foreign._id, action: 'delete' }] }, 400, RULE_MESSAGES.sheetChoiceUnknown],
      [{ password: owner.password, sheets: [...all, all[1]] }, 400, RULE_MESSAGES.sheetChoiceTwice],
      [{ password: owner.password, sheets: [{ sheetId: kept._id, action: 'transfer', collaboratorId: otherCollabId }, all[1]] }, 400, RULE_MESSAGES.notACollaborator],
      [{ password: owner.password, sheets: [all[0], { sheetId: other._id, action: 'transfer', collaboratorId: clashId }] }, 409, RULE_MESSAGES.transferNameTaken],
    ];
    for (const [body, status, message] of refused) {
      const res = await deleteAccount(t, owner.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (message) expect(res.body.status.message).toBe(message);
      expect(await snapshot(t)).toEqual(before);
    }
    // An action outside the declared ones, so sent raw.
    const unknownAction = { password: owner.password, sheets: [{ sheetId: kept._id, action: 'keep' }, all[1]] };
    expect((await t.call('POST', '/auth/v1/delete-account', { token: owner.token, body: unknownAction })).status, JSON.stringify(unknownAction)).toBe(400);
    expect(await snapshot(t)).toEqual(before);
    expect((await me(t, owner.token)).status).toBe(200);
  });

  it('hands a sheet to a collaborator, deletes another, removes the user’s data and ends every session', async () => {
    const owner = await t.signup('Leaving');
    const heir = await t.signup('Heir');
    const helper = await t.signup('Helper');
    const fan = await t.signup('Fan');
    const publisher = await t.signup('Publisher');
    const laptop = (await login(t, owner.email, owner.password)).body.data.token;

    // The owner's sheets: one to hand over (collaborators, a follower, questions, a pending invite), one to delete.
    const kept = await t.createSheet(owner.token, 'Graphs Plan');
    const gone = await t.createSheet(owner.token, 'Scratch');
    await addCollaborator(t, owner.token, kept._id, heir);
    await addCollaborator(t, owner.token, kept._id, helper);
    const keptMappings = await addCustomQuestions(t, owner.token, kept._id, 3);
    await addCustomQuestions(t, owner.token, gone._id, 1);
    for (const s of [kept, gone]) expect((await markPublic(t, owner.token, s._id)).status).toBe(200);
    await follow(t, fan.token, kept._id);
    await follow(t, fan.token, gone._id);
    await invite(t, owner.token, kept._id, 'invited-by-leaver@example.com');

    // Elsewhere: a sheet the owner follows, one they collaborate on, an invite they received.
    const followed = await t.createSheet(publisher.token, 'Followed');
    await markPublic(t, publisher.token, followed._id);
    await follow(t, owner.token, followed._id);
    await follow(t, fan.token, followed._id);
    expect(await followers(t, followed._id)).toBe(2);
    const shared = await t.createSheet(publisher.token, 'Shared');
    await addCollaborator(t, publisher.token, shared._id, owner);
    const pendingFor = await t.createSheet(publisher.token, 'Pending');
    await invite(t, publisher.token, pendingFor._id, owner.email);

    // The owner's own records: workspace, notes with tags.
    expect((await solve(t, owner.token, keptMappings[0]!.questionId, true, true)).status).toBeLessThan(300);
    const note = { title: 'Plan', note: '<p>private thoughts</p>', tags: ['mine'] };
    expect((await t.reply(t.api['question-tracker'].v1.user.notes['create-note'].$post({ json: note }, t.as(owner.token)))).status).toBe(201);
    // The heir ticks a question of the sheet: their record points at the owner's custom question.
    await solve(t, heir.token, keptMappings[1]!.questionId, true);

    const list = await accountSheets(t, owner.token);
    const heirEntry = list.find((s) => s._id === kept._id)!.collaborators.find((c) => c.userId === heir.user._id)!;
    const res = await deleteAccount(t, owner.token, {
      password: owner.password,
      sheets: [{ sheetId: kept._id, action: 'transfer', collaboratorId: heirEntry._id }, { sheetId: gone._id, action: 'delete' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.status.message).toBe(RULE_MESSAGES.accountDeleted);
    expect(res.body.data).toEqual({ deletedSheets: 1, transferredSheets: 1 });

    // Every session ended; the credentials no longer sign in.
    await expectDead(t, owner.token);
    await expectDead(t, laptop);

    // The heir is now the creator, with the questions, the follower and the other collaborator intact.
    const collabs = await t.reply(sheetApi(t).collaborators['get-collaborators'][':id'].$get({ param: { id: kept._id } }, t.as(heir.token)));
    expect(collabs.status).toBe(200);
    expect(collabs.body.data.isAuthor).toBe(true);
    const emails = collabs.body.data.collaborators.map((c) => c.user);
    expect(emails).toEqual([helper.email]);
    const data = await t.reply(sheetApi(t)['get-sheet-data'][':id'].$get({ param: { id: kept._id } }, t.as(heir.token)));
    expect(data.status).toBe(200);
    expect(data.body.data.mappings.map((m) => m._id).sort()).toEqual(keptMappings.map((m) => m._id).sort());
    expect(await followers(t, kept._id)).toBe(1);
    // The heir can now do what only a creator can.
    expect((await t.reply(sheetApi(t)['mark-sheet-private'][':id'].$patch({ param: { id: kept._id } }, t.as(heir.token)))).status).toBe(200);

    // The deleted sheet is gone; the followed sheet lost one follower.
    expect((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from sheets where id = ${gone._id}`))[0]?.n).toBe(0);
    expect(await followers(t, followed._id)).toBe(1);

    // Nothing of the user is left, except the custom questions others still point at, without a creator.
    const id = owner.user._id;
    for (const table of ['sessions', 'user_questions', 'notes', 'note_tags', 'sheet_follows', 'collaborators']) {
      const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${id}`);
      expect(row?.n, table).toBe(0);
    }
    expect((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from users where id = ${id}`))[0]?.n).toBe(0);
    expect((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from invites where invitee_email = ${owner.email} or inviter_email = ${owner.email}`))[0]?.n).toBe(0);
    const custom = await queryRows<{ created_by: string | null }>(t.db, sql`select created_by from questions where id = ${keptMappings[1]!.questionId}`);
    expect(custom).toEqual([{ created_by: null }]);
    expect(await rowsContaining(t, owner.email)).toBe(0);
    // The heir's own record of that question survives.
    const heirRecord = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from user_questions where user_id = ${heir.user._id} and question_id = ${keptMappings[1]!.questionId}`);
    expect(heirRecord[0]?.n).toBe(1);
    expect((await login(t, owner.email, owner.password)).status).toBe(401);
  });

  it('deletes an account with no sheets given an empty choice list', async () => {
    const a = await t.signup('Plain');
    const res = await deleteAccount(t, a.token, { password: a.password, sheets: [] });
    expect(res.status).toBe(200);
    await expectDead(t, a.token);
  });
});

describe('account: per-address sign-in throttle', () => {
  it('throttles many failures from one forwarded address across accounts; another address gets through', async () => {
    const t = await createTestApp({ config: { trustProxy: true } });
    try {
      const good = await t.signup('Victim');
      const from = (ip: string) => ({ 'x-forwarded-for': `${ip}, 10.0.0.1` });
      for (let i = 0; i < LOGIN_THROTTLE.address.maxFailures; i++) {
        const res = await loginFrom(t, `spray-${i}@example.com`, 'password-1', from('203.0.113.7'));
        expect(res.status).toBe(401);
      }
      const blocked = await loginFrom(t, good.email, good.password, from('203.0.113.7'));
      expect(blocked.status).toBe(429);
      expect(blocked.body.status.message).toBe(RULE_MESSAGES.throttled);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      const elsewhere = await loginFrom(t, good.email, good.password, from('198.51.100.2'));
      expect(elsewhere.status).toBe(200);
      // The count is the client's (the first forwarded address), whichever proxy the request came through.
      const otherHop = await loginFrom(t, good.email, good.password, { 'x-forwarded-for': '203.0.113.7, 10.0.0.9' });
      expect(otherHop.status).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('counts an IPv6 client by its /64, so taking a fresh address in the same block does not reset the count', async () => {
    const t = await createTestApp({ config: { trustProxy: true } });
    try {
      const good = await t.signup('Victim6');
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      // Every failure from another address of 2001:db8:5:6::/64, written in the several ways IPv6 allows.
      for (let i = 0; i < LOGIN_THROTTLE.address.maxFailures; i++) {
        const ip = i % 2 ? `2001:db8:5:6::${(i + 1).toString(16)}` : `2001:0DB8:0005:0006:${i.toString(16)}:0:0:1`;
        const res = await loginFrom(t, `spray6-${i}@example.com`, 'password-1', from(ip));
        expect(res.status).toBe(401);
      }
      const blocked = await loginFrom(t, good.email, good.password, from('2001:db8:5:6:ffff:ffff:ffff:ffff'));
      expect(blocked.status).toBe(429);
      expect(blocked.body.status.message).toBe(RULE_MESSAGES.throttled);
      // The next /64 is someone else's.
      const neighbour = await loginFrom(t, good.email, good.password, from('2001:db8:5:7::1'));
      expect(neighbour.status).toBe(200);
      // IPv4 stays one address per count, in whichever form it is written.
      expect((await loginFrom(t, good.email, good.password, from('203.0.113.8'))).status).toBe(200);
      for (let i = 0; i < LOGIN_THROTTLE.address.maxFailures; i++) {
        const res = await loginFrom(t, `mapped-${i}@example.com`, 'password-1', from('::ffff:cb00:7109'));
        expect(res.status).toBe(401);
      }
      expect((await loginFrom(t, good.email, good.password, from('203.0.113.9'))).status).toBe(429);
      expect((await loginFrom(t, good.email, good.password, from('::ffff:203.0.113.10'))).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('uses the socket address when X-Forwarded-For is not trusted, so a forged header does not escape', async () => {
    const t = await createTestApp();
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((ok) => server.once('listening', () => ok()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = (email: string, password: string, i: number) =>
      fetch(`${base}/auth/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i}` },
        body: JSON.stringify({ email, password }),
      });
    try {
      const good = await t.signup('Socket');
      for (let i = 0; i < LOGIN_THROTTLE.address.maxFailures; i++) expect((await post(`forged-${i}@example.com`, 'password-1', i)).status).toBe(401);
      const blocked = await post(good.email, good.password, 250);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // Under app.fetch there is no socket: the address is unknown and only the account counter applies.
      expect((await login(t, good.email, good.password)).status).toBe(200);
    } finally {
      await new Promise<void>((ok) => server.close(() => ok()));
      await t.close();
    }
  });
});
