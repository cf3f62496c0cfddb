import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_LIMITS, GROUP_MESSAGES as M } from '../../shared/rules/groups';
import type { Assignment, Grid, Group, GroupDetail, GroupLeaderboard, MyGroups } from '../../shared/schemas/group';
import { gridCsvRows, myGroupsSchema } from '../../shared/schemas/group';
import type { Sheet } from '../../shared/schemas/sheet';
import type { Mailer } from '../lib/mail';
import { createTestApp } from '../testing';

const G = '/question-tracker/v1/groups';
const S = '/question-tracker/v2/sheet';
const WS = '/question-tracker/v1/user/question';

type T = Awaited<ReturnType<typeof createTestApp>>;
type Person = Awaited<ReturnType<T['signup']>>;

/** A clock the test moves: due dates, late solves and weeks depend on it. */
let now = new Date('2030-03-06T12:00:00Z'); // a Wednesday
const clock = { now: () => new Date(now) };

const sent: { to: string; subject: string; text: string }[] = [];
const mailer: Mailer = { enabled: true, send: (m) => void sent.push(m), settle: async () => {}, close: async () => {} };

describe('groups', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp({ clock, mailer });
  });
  afterAll(() => t.close());

  async function person(name: string): Promise<Person> {
    const p = await t.signup(name);
    // Mail is on in this app: invites are taken up with a verified address only.
    await t.db.execute(sql`update users set verified_email = email where id = ${p.user._id}`);
    return p;
  }
  const create = (token: string, body: object) => t.call<{ group: Group }>('POST', G, { token, body });
  const detail = (token: string, id: string) => t.call<GroupDetail>('GET', `${G}/${id}`, { token });
  const mine = (token: string, query = '') => t.call<MyGroups>('GET', `${G}${query}`, { token });
  const join = (token: string, code: string) => t.call<{ group: Group }>('POST', `${G}/join/${code}`, { token });
  const grid = (token: string, id: string, aid: string) => t.call<Grid>('GET', `${G}/${id}/assignments/${aid}/grid`, { token });
  const board = (token: string, id: string, period: 'week' | 'all') => t.call<GroupLeaderboard>('GET', `${G}/${id}/leaderboard?period=${period}`, { token });
  const assign = (token: string, id: string, body: object) => t.call<{ assignment: Assignment }>('POST', `${G}/${id}/assignments`, { token, body });

  /** A sheet of `owner` with `n` LeetCode questions, public unless asked. */
  async function sheetWith(owner: Person, n: number, visibility: 'public' | 'private' = 'public') {
    const slug = `g-${randomBytes(4).toString('hex')}`;
    const created = await t.call<{ sheet: Sheet }>('POST', `${S}/create-sheet`, { token: owner.token, body: { name: `Sheet ${slug}`, slug, visibility } });
    expect(created.status).toBe(201);
    const id = created.body.data.sheet._id;
    expect((await t.call('POST', `${S}/add-topic/${id}`, { token: owner.token, body: { topic: 'Arrays' } })).status).toBe(201);
    const data = Array.from({ length: n }, (_, i) => ({ topic: 'Arrays', subTopic: '', title: `Q${i + 1} ${slug}`, problemUrl: `https://leetcode.com/problems/${slug}-${i}/` }));
    const added = await t.call<{ mappings: { _id: string; questionId: string }[] }>('POST', `${S}/add-questions/${id}`, { token: owner.token, body: { data } });
    expect(added.status).toBe(201);
    return { id, slug, questionIds: added.body.data.mappings.map((m) => m.questionId), urls: data.map((d) => d.problemUrl) };
  }

  /** A group of `owner` with `members` joined by its link. */
  async function groupOf(owner: Person, members: Person[], body: object = {}) {
    const made = await create(owner.token, { name: 'Club', ...body });
    expect(made.status).toBe(201);
    const group = made.body.data.group;
    for (const m of members) expect((await join(m.token, group.inviteCode!)).status).toBe(200);
    return group;
  }

  const tick = (token: string, questionId: string) => t.call('POST', `${WS}/solve-question`, { token, body: { questionId, checked: true } });

  it('creates a group with a join code, lists it as mine and shows it to members only (404 to anyone else)', async () => {
    const owner = await person('Owner');
    const outsider = await person('Outsider');
    const bad = await create(owner.token, { name: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.status.message).toBe(M.name);
    expect((await create(owner.token, { name: 'x', timeZone: 'Mars/Olympus' })).body.status.message).toBe(M.timeZone);
    const made = await create(owner.token, { name: 'Algo Club', description: 'Weekly sets', timeZone: 'Asia/Kolkata' });
    expect(made.status).toBe(201);
    expect(made.body.status.message).toBe(M.created);
    const group = made.body.data.group;
    expect(group).toMatchObject({ name: 'Algo Club', description: 'Weekly sets', timeZone: 'Asia/Kolkata', role: 'owner', memberCount: 1, joinLinkEnabled: true });
    expect(group.inviteCode).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect((await mine(owner.token)).body.data.groups.map((g) => g.id)).toEqual([group.id]);

    const seen = await detail(owner.token, group.id);
    expect(seen.status).toBe(200);
    expect(seen.body.data.members).toEqual([expect.objectContaining({ userId: owner.user._id, role: 'owner' })]);
    for (const path of [`${G}/${group.id}`, `${G}/${group.id}/assignments`, `${G}/${group.id}/leaderboard`]) {
      const hidden = await t.call('GET', path, { token: outsider.token });
      expect(hidden.status).toBe(404);
      expect(hidden.body.status.message).toBe(M.notFound);
    }
    expect((await t.call('GET', `${G}/not-a-uuid`, { token: owner.token })).status).toBe(404);
    expect((await t.call('GET', G)).status).toBe(401);
    expect((await mine(outsider.token)).body.data.groups).toEqual([]);
  });

  it('joins by link; the owner turns the link off, on and renews it; members never see the code', async () => {
    const owner = await person('Owner');
    const a = await person('Ann');
    const b = await person('Bob');
    const group = await groupOf(owner, [a]);
    const again = await join(a.token, group.inviteCode!);
    expect(again.status).toBe(200);
    expect(again.body.status.message).toBe(M.alreadyMember);
    const asMember = await detail(a.token, group.id);
    expect(asMember.body.data.group).toMatchObject({ role: 'member', inviteCode: null, memberCount: 2 });

    // Only the owner changes settings.
    expect((await t.call('PATCH', `${G}/${group.id}`, { token: a.token, body: { joinLinkEnabled: false } })).status).toBe(403);
    const off = await t.call<{ group: Group }>('PATCH', `${G}/${group.id}`, { token: owner.token, body: { joinLinkEnabled: false } });
    expect(off.body.data.group.joinLinkEnabled).toBe(false);
    const refused = await join(b.token, group.inviteCode!);
    expect(refused.status).toBe(404);
    expect(refused.body.status.message).toBe(M.joinLinkInvalid);
    const renewed = await t.call<{ group: Group }>('PATCH', `${G}/${group.id}`, { token: owner.token, body: { joinLinkEnabled: true, renewCode: true } });
    const code = renewed.body.data.group.inviteCode!;
    expect(code).not.toBe(group.inviteCode);
    expect((await join(b.token, group.inviteCode!)).status).toBe(404);
    const joined = await join(b.token, code);
    expect(joined.status).toBe(200);
    expect(joined.body.status.message).toBe(M.joined);
    expect((await t.call('PATCH', `${G}/${group.id}`, { token: owner.token, body: {} })).body.status.message).toBe(M.nothingToChange);
    expect((await join(b.token, 'short')).status).toBe(404);
  });

  it('refuses an invite to a bad address with the spec’s own message, and mails nobody', async () => {
    const owner = await person('Owner');
    const group = await groupOf(owner, []);
    sent.length = 0;
    for (const email of ['nope', 'a@', '@example.com', 'two words@example.com', `${'x'.repeat(250)}@example.com`, '', 42]) {
      const res = await t.call('POST', `${G}/${group.id}/invites`, { token: owner.token, body: { email } });
      expect(res.status).toBe(400);
      // Spec §5, collaborator email: the same words for every invite by address.
      expect(res.body.status.message).toBe('Please enter a valid email address');
    }
    expect(sent).toEqual([]);
    expect((await detail(owner.token, group.id)).body.data.invites).toEqual([]);
  });

  it('invites by e-mail: the invitee sees it in their groups, gets a mail, and accepts or declines', async () => {
    const owner = await person('Owner');
    const member = await person('Mia');
    const group = await groupOf(owner, [member]);
    const invitee = await person('Ivy');
    const other = await person('Otto');
    sent.length = 0;

    expect((await t.call('POST', `${G}/${group.id}/invites`, { token: member.token, body: { email: invitee.email } })).status).toBe(403);
    const invited = await t.call('POST', `${G}/${group.id}/invites`, { token: owner.token, body: { email: invitee.email.toUpperCase() } });
    expect(invited.status).toBe(201);
    expect(invited.body.status.message).toBe(M.inviteSent);
    expect(sent.map((m) => m.to)).toEqual([invitee.email]);
    expect(sent[0]!.subject).toContain('"Club"');
    expect(sent[0]!.text).toContain('tab=groups');
    const twice = await t.call('POST', `${G}/${group.id}/invites`, { token: owner.token, body: { email: invitee.email } });
    expect(twice.status).toBe(409);
    expect(twice.body.status.message).toBe(M.alreadyInvited);
    expect((await t.call('POST', `${G}/${group.id}/invites`, { token: owner.token, body: { email: member.email } })).body.status.message).toBe(M.inviteeIsMember);

    // The owner sees the address waiting; a member sees no addresses at all.
    expect((await detail(owner.token, group.id)).body.data.invites.map((i) => i.email)).toEqual([invitee.email]);
    expect(JSON.stringify((await detail(member.token, group.id)).body.data)).not.toContain('@');

    const waiting = await mine(invitee.token);
    expect(waiting.body.data.invites).toEqual([expect.objectContaining({ groupId: group.id, groupName: 'Club', invitedBy: 'Owner' })]);
    // An invitee is not a member yet.
    expect((await detail(invitee.token, group.id)).status).toBe(404);
    expect((await t.call('POST', `${G}/${group.id}/accept`, { token: other.token })).body.status.message).toBe(M.noInvite);
    const accepted = await t.call<{ group: Group }>('POST', `${G}/${group.id}/accept`, { token: invitee.token });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.group.role).toBe('member');
    expect((await mine(invitee.token)).body.data.invites).toEqual([]);

    await t.call('POST', `${G}/${group.id}/invites`, { token: owner.token, body: { email: other.email } });
    expect((await t.call('DELETE', `${G}/${group.id}/invite`, { token: other.token })).body.status.message).toBe(M.inviteDeclined);
    expect((await t.call('DELETE', `${G}/${group.id}/invite`, { token: other.token })).status).toBe(404);
    expect((await detail(other.token, group.id)).status).toBe(404);
  });

  it('keeps roles: the owner promotes, hands over, removes; a member leaves; mentors invite and assign only', async () => {
    const owner = await person('Olga');
    const a = await person('Abe');
    const b = await person('Bea');
    const group = await groupOf(owner, [a, b]);
    const member = (u: Person) => `${G}/${group.id}/members/${u.user._id}`;

    expect((await t.call('PATCH', member(b), { token: a.token, body: { role: 'mentor' } })).status).toBe(403);
    const promoted = await t.call<GroupDetail>('PATCH', member(a), { token: owner.token, body: { role: 'mentor' } });
    expect(promoted.status).toBe(200);
    expect(promoted.body.status.message).toBe(M.roleChanged);
    expect(promoted.body.data.members.find((m) => m.userId === a.user._id)?.role).toBe('mentor');
    // A mentor: invites and sees the code, may not remove, promote or change settings.
    expect((await detail(a.token, group.id)).body.data.group.inviteCode).toBe(group.inviteCode);
    expect((await t.call('POST', `${G}/${group.id}/invites`, { token: a.token, body: { email: `m-${randomBytes(3).toString('hex')}@example.com` } })).status).toBe(201);
    expect((await t.call('DELETE', member(b), { token: a.token })).status).toBe(403);
    expect((await t.call('PATCH', member(b), { token: a.token, body: { role: 'mentor' } })).status).toBe(403);
    expect((await t.call('DELETE', `${G}/${group.id}`, { token: a.token })).status).toBe(403);
    expect((await t.call('PATCH', member(owner), { token: owner.token, body: { role: 'member' } })).body.status.message).toBe(M.ownRole);
    expect((await t.call('PATCH', member(b), { token: owner.token, body: { hideFromLeaderboards: true } })).body.status.message).toBe(M.hideOwnOnly);

    // The owner cannot leave or be removed; a member leaves; the owner removes.
    expect((await t.call('DELETE', member(owner), { token: owner.token })).body.status.message).toBe(M.ownerCannotLeave);
    const left = await t.call('DELETE', member(b), { token: b.token });
    expect(left.body.status.message).toBe(M.left);
    expect((await detail(b.token, group.id)).status).toBe(404);
    expect((await detail(owner.token, group.id)).body.data.members.map((m) => m.userId)).not.toContain(b.user._id);
    expect((await t.call('DELETE', member(b), { token: owner.token })).status).toBe(404);

    // Hand over: the new owner holds every owner's right, the old one is a mentor.
    const handed = await t.call('PATCH', member(a), { token: owner.token, body: { role: 'owner' } });
    expect(handed.body.status.message).toBe(M.handedOver);
    expect((await detail(owner.token, group.id)).body.data.group.role).toBe('mentor');
    expect((await detail(a.token, group.id)).body.data.group.role).toBe('owner');
    expect((await t.call('DELETE', member(a), { token: owner.token })).status).toBe(403);
    expect((await t.call('DELETE', member(a), { token: a.token })).body.status.message).toBe(M.ownerCannotLeave);
    const removed = await t.call('DELETE', member(owner), { token: a.token });
    expect(removed.body.status.message).toBe(M.removed);
    expect((await detail(owner.token, group.id)).status).toBe(404);
    expect((await t.call('DELETE', `${G}/${group.id}`, { token: a.token })).body.status.message).toBe(M.deleted);
    expect((await detail(a.token, group.id)).status).toBe(404);
  });

  it('assigns a readable sheet, whole or in part; a member sees it with its due date, also on a problem page', async () => {
    const owner = await person('Owner');
    const a = await person('Ann');
    const stranger = await person('Stranger');
    const group = await groupOf(owner, [a], { name: 'Bootcamp' });
    const sheet = await sheetWith(owner, 4);
    const theirs = await sheetWith(stranger, 2, 'private');
    const mineHidden = await sheetWith(owner, 2, 'private');
    const dueAt = '2030-03-08T17:00:00.000Z';

    expect((await assign(a.token, group.id, { sheetId: sheet.id, dueAt })).status).toBe(403);
    expect((await assign(owner.token, group.id, { sheetId: theirs.id, dueAt })).body.status.message).toBe(M.sheetNotReadable);
    expect((await assign(owner.token, group.id, { sheetId: sheet.id, dueAt: 'friday' })).body.status.message).toBe(M.dueAt);
    expect((await assign(owner.token, group.id, { sheetId: sheet.id, dueAt, questionIds: [theirs.questionIds[0]] })).body.status.message).toBe(M.questionsNotInSheet);
    const whole = await assign(owner.token, group.id, { sheetId: sheet.id, dueAt });
    expect(whole.status).toBe(201);
    expect(whole.body.data.assignment).toMatchObject({ sheetId: sheet.id, questionCount: 4, dueAt });
    // A private sheet its creator assigns is shared with the group through the assignment.
    const part = await assign(owner.token, group.id, { sheetId: mineHidden.id, dueAt: '2030-03-20T00:00:00Z', questionIds: [mineHidden.questionIds[1]] });
    expect(part.status).toBe(201);
    expect(part.body.data.assignment.questionCount).toBe(1);

    await tick(a.token, sheet.questionIds[0]!);
    const list = await t.call<{ assignments: Assignment[] }>('GET', `${G}/${group.id}/assignments`, { token: a.token });
    expect(list.body.data.assignments.map((x) => [x.questionCount, x.solved])).toEqual([
      [1, 0],
      [4, 1],
    ]);
    const due = (await mine(a.token)).body.data.assignments;
    expect(due.map((x) => [x.groupName, x.dueAt])).toEqual([
      ['Bootcamp', dueAt],
      ['Bootcamp', '2030-03-20T00:00:00.000Z'],
    ]);
    const onPage = (await mine(a.token, `?problem=${encodeURIComponent(sheet.urls[2]!)}`)).body.data.assignments;
    expect(onPage.map((x) => x.id)).toEqual([whole.body.data.assignment.id]);
    expect((await mine(a.token, `?problem=${encodeURIComponent('https://example.com/x')}`)).body.data.assignments).toEqual([]);
    // On a problem page the answer is the full list's entry for it (progress and all), and nothing else is read.
    const onFirst = (await mine(a.token, `?problem=${encodeURIComponent(sheet.urls[0]!)}`)).body.data;
    expect(myGroupsSchema.parse(onFirst)).toEqual({ groups: [], invites: [], assignments: [due[0]] });
    expect(due[0]!.solved).toBe(1);
    // A problem the catalogue knows but no assignment of the caller's holds; someone in no group.
    expect((await mine(a.token, `?problem=${encodeURIComponent(theirs.urls[0]!)}`)).body.data.assignments).toEqual([]);
    expect((await mine(stranger.token, `?problem=${encodeURIComponent(sheet.urls[0]!)}`)).body.data.assignments).toEqual([]);
    // Long past due: off the list.
    now = new Date('2030-03-28T00:01:00Z');
    expect((await mine(a.token)).body.data.assignments).toEqual([]);
    expect((await mine(a.token, `?problem=${encodeURIComponent(sheet.urls[0]!)}`)).body.data.assignments).toEqual([]);
    now = new Date('2030-03-06T12:00:00Z');
    expect((await t.call('DELETE', `${G}/${group.id}/assignments/${part.body.data.assignment.id}`, { token: a.token })).status).toBe(403);
    expect((await t.call('DELETE', `${G}/${group.id}/assignments/${part.body.data.assignment.id}`, { token: owner.token })).status).toBe(200);
  });

  it('shows the class grid: solved, late or open from ticks, synced history and sheet ticks, with totals', async () => {
    now = new Date('2030-03-06T12:00:00Z');
    const owner = await person('Owner');
    const mentor = await person('Mentor');
    const ann = await person('Ann');
    const bob = await person('Bob');
    const outsider = await person('Zed');
    const group = await groupOf(owner, [mentor, ann, bob]);
    await t.call('PATCH', `${G}/${group.id}/members/${mentor.user._id}`, { token: owner.token, body: { role: 'mentor' } });
    const sheet = await sheetWith(owner, 3);
    const made = await assign(mentor.token, group.id, { sheetId: sheet.id, dueAt: '2030-03-07T00:00:00Z' });
    const aid = made.body.data.assignment.id;

    // Before the due date: Ann ticks in her workspace; Bob's history sync brings one in; Bob ticks from the sheet.
    await tick(ann.token, sheet.questionIds[0]!);
    const synced = await t.call('POST', '/question-tracker/v1/user/sync/import', { token: bob.token, body: { platform: 'leetcode', submissions: [{ problemUrl: sheet.urls[1], solvedAt: '2030-03-06T10:00:00Z' }] } });
    expect(synced.status).toBe(200);
    expect((await t.call('PATCH', `${S}/public/follow-sheet/${sheet.id}`, { token: bob.token })).status).toBe(200);
    const data = await t.call<{ sheet: Sheet; mappings: { _id: string; questionId: { _id: string } }[] }>('GET', `${S}/get-sheet-data/${sheet.id}`, { token: bob.token });
    const mapping = data.body.data.mappings.find((m) => m.questionId._id === sheet.questionIds[0])!;
    expect((await t.call('PATCH', `${S}/mark-question/${sheet.id}/${mapping._id}`, { token: bob.token, body: { checked: true } })).status).toBe(200);

    const first = await grid(ann.token, group.id, aid);
    expect(first.status).toBe(200);
    expect(first.body.data.questions.map((q) => q.id)).toEqual(sheet.questionIds);
    expect(first.body.data.questions[0]!.name).toBe(`Q1 ${sheet.slug}`);
    const row = (g: Grid, p: Person) => g.cells[g.members.findIndex((m) => m.userId === p.user._id)];
    expect(row(first.body.data, ann)).toEqual(['solved', 'open', 'open']);
    expect(row(first.body.data, bob)).toEqual(['solved', 'solved', 'open']);
    expect(first.body.data.members.map((m) => m.name)).toEqual([...first.body.data.members.map((m) => m.name)].sort((x, y) => x.localeCompare(y)));

    // After the due date a solve is late; an unticked one opens again. The kept grid follows each change.
    now = new Date('2030-03-09T12:00:00Z');
    await tick(ann.token, sheet.questionIds[2]!);
    expect((await t.call('PATCH', `${S}/mark-question/${sheet.id}/${mapping._id}`, { token: bob.token, body: { checked: false } })).status).toBe(200);
    const later = (await grid(owner.token, group.id, aid)).body.data;
    expect(row(later, ann)).toEqual(['solved', 'open', 'late']);
    expect(row(later, bob)).toEqual(['open', 'solved', 'open']);
    expect(later.members.find((m) => m.userId === ann.user._id)).toMatchObject({ solved: 1, late: 1 });
    expect(gridCsvRows(later)[0]).toEqual(['Member', 'Solved', 'Late', ...later.questions.map((q) => q.name)]);

    // Nobody outside the group reads it, and an unknown assignment is a 404 for members too.
    expect((await grid(outsider.token, group.id, aid)).status).toBe(404);
    expect((await grid(ann.token, group.id, '00000000-0000-0000-0000-000000000000')).status).toBe(404);
    const otherGroup = await groupOf(outsider, []);
    expect((await grid(outsider.token, otherGroup.id, aid)).status).toBe(404);

    // A removed member disappears from the grid at once, and can no longer read it.
    await t.call('DELETE', `${G}/${group.id}/members/${bob.user._id}`, { token: owner.token });
    expect((await grid(owner.token, group.id, aid)).body.data.members.map((m) => m.userId)).not.toContain(bob.user._id);
    expect((await grid(bob.token, group.id, aid)).status).toBe(404);
    // So does one who deletes their account.
    expect((await t.call('POST', '/auth/v1/delete-account', { token: ann.token, body: { password: ann.password } })).status).toBe(200);
    const afterDelete = (await grid(owner.token, group.id, aid)).body.data;
    expect(afterDelete.members.map((m) => m.userId)).not.toContain(ann.user._id);
    expect((await detail(owner.token, group.id)).body.data.members.map((m) => m.userId)).not.toContain(ann.user._id);
  });

  it('lays the grid out in the sheet page’s order: topics, a topic’s own questions, then its subtopics', async () => {
    const owner = await person('Owner');
    const group = await groupOf(owner, []);
    const slug = `o-${randomBytes(4).toString('hex')}`;
    const created = await t.call<{ sheet: Sheet }>('POST', `${S}/create-sheet`, { token: owner.token, body: { name: `Sheet ${slug}`, slug, visibility: 'public' } });
    const id = created.body.data.sheet._id;
    for (const topic of ['Arrays', 'Graphs']) expect((await t.call('POST', `${S}/add-topic/${id}`, { token: owner.token, body: { topic } })).status).toBe(201);
    expect((await t.call('POST', `${S}/add-subTopic/${id}`, { token: owner.token, body: { topic: 'Arrays', subTopic: 'Prefix Sums' } })).status).toBe(201);
    // Added (so in the question order) against the topic order: Graphs, the subtopic, then Arrays' own.
    const data = [
      { topic: 'Graphs', subTopic: '', title: 'Graph one', problemUrl: `https://leetcode.com/problems/${slug}-g/` },
      { topic: 'Arrays', subTopic: 'Prefix Sums', title: 'Prefix one', problemUrl: `https://leetcode.com/problems/${slug}-p/` },
      { topic: 'Arrays', subTopic: '', title: 'Array one', problemUrl: `https://leetcode.com/problems/${slug}-a/` },
    ];
    expect((await t.call('POST', `${S}/add-questions/${id}`, { token: owner.token, body: { data } })).status).toBe(201);
    const made = await assign(owner.token, group.id, { sheetId: id, dueAt: '2030-03-07T00:00:00Z' });
    expect(made.status).toBe(201);
    const shown = (await grid(owner.token, group.id, made.body.data.assignment.id)).body.data;
    expect(shown.questions.map((q) => q.name)).toEqual(['Array one', 'Prefix one', 'Graph one']);
  });

  it('shows members name, avatar and assigned solves only: no e-mail, no kept code, nothing else', async () => {
    now = new Date('2030-03-06T12:00:00Z');
    const owner = await person('Owner');
    const mentor = await person('Mentor');
    const ann = await person('Ann');
    const group = await groupOf(owner, [mentor, ann]);
    await t.call('PATCH', `${G}/${group.id}/members/${mentor.user._id}`, { token: owner.token, body: { role: 'mentor' } });
    const sheet = await sheetWith(owner, 2);
    const aid = (await assign(owner.token, group.id, { sheetId: sheet.id, dueAt: '2030-03-10T00:00:00Z' })).body.data.assignment.id;
    await tick(ann.token, sheet.questionIds[0]!);
    const secretCode = `int main() { return ${randomBytes(6).toString('hex')}; }`;
    await t.db.execute(
      sql`insert into solutions (user_id, question_id, version, code, code_hash, language, accepted_at, source) values (${ann.user._id}, ${sheet.questionIds[0]}, 1, ${secretCode}, ${randomBytes(32).toString('hex')}, 'cpp', now(), 'extension')`,
    );
    // Her other records: a question outside every assignment, with a tag.
    const privateTag = `secret${randomBytes(3).toString('hex')}`;
    await t.call('POST', `${WS}/solve-question`, { token: ann.token, body: { custom: { name: 'Private practice', problemUrl: `https://leetcode.com/problems/private-${randomBytes(3).toString('hex')}/` }, customTags: [privateTag] } });
    const everything = [
      await detail(mentor.token, group.id),
      await grid(mentor.token, group.id, aid),
      await board(mentor.token, group.id, 'all'),
      await board(mentor.token, group.id, 'week'),
      await t.call('GET', `${G}/${group.id}/assignments`, { token: mentor.token }),
    ]
      .map((r) => JSON.stringify(r.body))
      .join('\n');
    for (const secret of [ann.email, secretCode, privateTag, 'Private practice', 'cpp']) expect(everything).not.toContain(secret);
    expect(everything).toContain(ann.user._id);
  });

  it('ranks the week (in the group’s time zone, ties by earliest) and all time; a member may hide from both', async () => {
    now = new Date('2030-03-13T12:00:00Z'); // Wednesday; in Tokyo the week began Monday 2030-03-11 00:00 +09:00
    const owner = await person('Owner');
    const ann = await person('Ann');
    const bob = await person('Bob');
    const cat = await person('Cat');
    const group = await groupOf(owner, [ann, bob, cat], { timeZone: 'Asia/Tokyo' });
    const sheet = await sheetWith(owner, 4);
    await assign(owner.token, group.id, { sheetId: sheet.id, dueAt: '2030-03-20T00:00:00Z' });
    const at = async (p: Person, q: number, iso: string) => {
      now = new Date(iso);
      expect((await tick(p.token, sheet.questionIds[q]!)).status).toBe(201);
    };
    // Sunday 2030-03-10 16:00 UTC is Monday 01:00 in Tokyo: this week there, last week in UTC.
    await at(ann, 0, '2030-03-10T16:00:00Z');
    await at(bob, 0, '2030-03-10T14:00:00Z'); // Sunday 23:00 in Tokyo: last week
    await at(bob, 1, '2030-03-12T09:00:00Z');
    await at(cat, 1, '2030-03-12T08:00:00Z'); // one each this week for Ann, Bob, Cat; Ann first, then Cat, then Bob
    // A question outside every assignment never counts.
    await t.call('POST', `${WS}/solve-question`, { token: cat.token, body: { custom: { name: 'Extra', problemUrl: `https://leetcode.com/problems/extra-${randomBytes(3).toString('hex')}/` } } });
    now = new Date('2030-03-13T12:00:00Z');

    const week = (await board(owner.token, group.id, 'week')).body.data;
    expect(week.since).toBe('2030-03-10T15:00:00.000Z');
    expect(week.rows.map((r) => [r.name, r.solved, r.rank])).toEqual([
      ['Ann', 1, 1],
      ['Cat', 1, 2],
      ['Bob', 1, 3],
      ['Owner', 0, 4],
    ]);
    const all = (await board(ann.token, group.id, 'all')).body.data;
    expect(all.rows.map((r) => [r.name, r.solved])).toEqual([
      ['Bob', 2],
      ['Ann', 1],
      ['Cat', 1],
      ['Owner', 0],
    ]);
    expect(all.since).toBeNull();

    const hide = await t.call('PATCH', `${G}/${group.id}/members/${bob.user._id}`, { token: bob.token, body: { hideFromLeaderboards: true } });
    expect(hide.status).toBe(200);
    expect((await board(owner.token, group.id, 'all')).body.data.rows.map((r) => r.name)).toEqual(['Ann', 'Cat', 'Owner']);
    expect((await mine(bob.token)).body.data.groups[0]!.hideFromLeaderboards).toBe(true);
    // Hidden from leaderboards, never from assignments.
    const aid = (await t.call<{ assignments: Assignment[] }>('GET', `${G}/${group.id}/assignments`, { token: owner.token })).body.data.assignments[0]!.id;
    expect((await grid(owner.token, group.id, aid)).body.data.members.map((m) => m.name)).toContain('Bob');
    expect((await t.call('GET', `${G}/${group.id}/leaderboard?period=year`, { token: owner.token })).status).toBe(400);
  });

  it('refuses past the limits with a clear 400: groups a user, members a group, assignments a group', async () => {
    now = new Date('2030-03-06T12:00:00Z');
    const busy = await person('Busy');
    for (let i = 0; i < GROUP_LIMITS.groupsPerUser; i++) expect((await create(busy.token, { name: `G${i}` })).status).toBe(201);
    const over = await create(busy.token, { name: 'One more' });
    expect(over.status).toBe(400);
    expect(over.body.status.message).toBe(M.tooManyGroups);
    const elsewhere = await groupOf(await person('Host'), []);
    expect((await join(busy.token, elsewhere.inviteCode!)).body.status.message).toBe(M.tooManyGroups);

    const owner = await person('Owner');
    const group = await groupOf(owner, []);
    // Fill the group straight in the database: 499 more members.
    await t.db.execute(sql`
      with made as (
        insert into users (email, password_hash, first_name, profile_name)
        select 'filler-' || ${group.id}::text || '-' || n || '@example.com', 'x', 'Filler', 'filler-' || substr(${group.id}::text, 1, 8) || '-' || n
          from generate_series(1, ${GROUP_LIMITS.membersPerGroup - 1}) n
        returning id)
      insert into group_members (group_id, user_id) select ${group.id}::uuid, id from made`);
    const late = await person('Late');
    const full = await join(late.token, group.inviteCode!);
    expect(full.status).toBe(400);
    expect(full.body.status.message).toBe(M.groupFull);

    const sheet = await sheetWith(owner, 1);
    await t.db.execute(sql`
      insert into group_assignments (group_id, sheet_id, question_ids, due_at)
      select ${group.id}::uuid, ${sheet.id}::uuid, array[${sheet.questionIds[0]}::uuid], now() from generate_series(1, ${GROUP_LIMITS.assignmentsPerGroup}) n`);
    const tooMany = await assign(owner.token, group.id, { sheetId: sheet.id, dueAt: '2030-03-10T00:00:00Z' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.status.message).toBe(M.tooManyAssignments);
  }, 60_000);
});
