/**
 * Two API server processes on one PostgreSQL database: a write through one is visible in the very next
 * read through the other (no process keeps a stale copy: a write answers once every process holding a
 * lease to answer from memory has heard it), and sessions, logout and the sign-in lockout hold across
 * both. PostgreSQL only: a PGlite directory belongs to one process (see api/db/client.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_MESSAGES } from '../../shared/rules/account';
import type { Note } from '../../shared/schemas/note';
import type { Grid } from '../../shared/schemas/group';
import type { Mapping, Sheet, SheetProgress } from '../../shared/schemas/sheet';
import { createServerData, request, type ServerData, type ServerProcess } from './server-process';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const S = '/question-tracker/v2/sheet';
const N = '/question-tracker/v1/user/notes';
const PASSWORD = 'correct horse battery';

type SheetData = { sheet: Sheet; mappings: Mapping[]; progress: SheetProgress };

if (!onPostgres) {
  describe('two API processes on one database', () => {
    it.skip('needs PostgreSQL (set TEST_DATABASE_URL): a PGlite directory is held by one process only', () => {});
  });
}

describe.runIf(onPostgres)('two API processes on one PostgreSQL database', () => {
  let data: ServerData;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    data = await createServerData();
    a = await data.start();
    b = await data.start();
  });
  afterAll(async () => {
    await data.close();
  });

  let seq = 0;
  async function signup(server: ServerProcess, name: string) {
    const email = `${name.toLowerCase()}${++seq}-${Date.now()}@example.com`;
    const res = await request<{ token: string }>(server.url, 'POST', '/auth/v1/signup', { body: { email, password: PASSWORD, firstName: name } });
    expect(res.status).toBe(201);
    return { email, token: res.body!.data.token };
  }
  const bySlug = (server: ServerProcess, slug: string, token: string, headers: Record<string, string> = {}) =>
    request<SheetData>(server.url, 'GET', `${S}/get-sheet-data-by-slug/${slug}`, { token, headers });

  it('shows a write through one process in the very next read through the other', async () => {
    const owner = await signup(a, 'Owner');
    const slug = `mp-${Date.now()}`;
    const created = await request<{ sheet: Sheet }>(a.url, 'POST', `${S}/create-sheet`, { token: owner.token, body: { name: 'Two Processes', slug } });
    expect(created.status).toBe(201);
    const sheetId = created.body!.data.sheet._id;
    for (const topic of ['Arrays', 'Graphs']) {
      expect((await request(a.url, 'POST', `${S}/add-topic/${sheetId}`, { token: owner.token, body: { topic } })).status).toBe(201);
    }
    const added = await request<{ mappings: { _id: string; questionId: string }[] }>(a.url, 'POST', `${S}/add-questions/${sheetId}`, {
      token: owner.token,
      body: {
        data: [
          { topic: 'Arrays', subTopic: '', title: 'First', problemUrl: 'https://codeforces.com/contest/300001/problem/A' },
          { topic: 'Graphs', subTopic: '', title: 'Second', problemUrl: 'https://codeforces.com/contest/300002/problem/A' },
        ],
      },
    });
    expect(added.status).toBe(201);
    const [first, second] = added.body!.data.mappings;

    // ETag revalidation through B: unchanged answers 304; after a write through A, the old ETag gets 200 and the new data.
    const before = await bySlug(b, slug, owner.token);
    expect(before.status).toBe(200);
    const etag = before.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await bySlug(b, slug, owner.token, { 'if-none-match': etag! })).status).toBe(304);
    expect((await request(a.url, 'PATCH', `${S}/update-topic/${sheetId}`, { token: owner.token, body: { oldTopic: 'Arrays', newTopic: 'Array Basics' } })).status).toBe(200);
    const revalidated = await bySlug(b, slug, owner.token, { 'if-none-match': etag! });
    expect(revalidated.status).toBe(200);
    expect(revalidated.headers.get('etag')).not.toBe(etag);
    expect(revalidated.body!.data.sheet.config.topicOrder).toEqual(['Array Basics', 'Graphs']);
    expect(revalidated.body!.data.mappings.find((m) => m._id === first!._id)?.topic).toBe('Array Basics');

    // Tick and star through A, read through B.
    expect((await request(a.url, 'PATCH', `${S}/mark-question/${sheetId}/${first!._id}`, { token: owner.token, body: { checked: true } })).status).toBe(200);
    expect((await request(a.url, 'PATCH', `${S}/mark-question/${sheetId}/${second!._id}`, { token: owner.token, body: { starred: true } })).status).toBe(200);
    const progress = (await bySlug(b, slug, owner.token)).body!.data.progress;
    expect(progress.solved).toEqual([first!.questionId]);
    expect(progress.starred).toEqual([second!.questionId]);

    // Reorder through B, read through A.
    const current = (await bySlug(b, slug, owner.token)).body!.data.sheet;
    const order = { ...current.config, topicOrder: ['Graphs', 'Array Basics'], questionOrder: [...current.config.questionOrder].reverse() };
    expect((await request(b.url, 'PATCH', `${S}/update-sheet/${sheetId}`, { token: owner.token, body: { config: order, version: current.version } })).status).toBe(200);
    const reordered = (await bySlug(a, slug, owner.token)).body!.data.sheet;
    expect(reordered.config).toEqual(order);
    expect(reordered.version).toBe(current.version + 1);
    // A's own stale version is refused, as it would be on one process.
    expect((await request(a.url, 'PATCH', `${S}/update-sheet/${sheetId}`, { token: owner.token, body: { config: current.config, version: current.version } })).status).toBe(409);

    // A note created through A and changed through B reads back changed through A.
    const note = await request<{ note: Note }>(a.url, 'POST', `${N}/create-note`, { token: owner.token, body: { title: 'Before', note: '<p>one</p>' } });
    expect(note.status).toBe(201);
    const noteId = note.body!.data.note._id;
    expect((await request(b.url, 'PATCH', `${N}/update-note/${noteId}`, { token: owner.token, body: { title: 'After', note: '<p>two</p>' } })).status).toBe(200);
    const reread = await request<{ note: Note }>(a.url, 'GET', `${N}/get-note/${noteId}`, { token: owner.token });
    expect(reread.body!.data.note).toMatchObject({ title: 'After', note: '<p>two</p>' });

    // Following through B shows through A, on both the follower's and the owner's reads.
    expect((await request(a.url, 'PATCH', `${S}/mark-sheet-public/${sheetId}`, { token: owner.token })).status).toBe(200);
    const follower = await signup(b, 'Follower');
    expect((await request(b.url, 'PATCH', `${S}/public/follow-sheet/${sheetId}`, { token: follower.token })).status).toBe(200);
    expect((await bySlug(a, slug, follower.token)).body!.data.sheet).toMatchObject({ isFollowing: true, followers: 1 });
    expect((await bySlug(a, slug, owner.token)).body!.data.sheet.followers).toBe(1);
  });

  it('answers a write only once a process that may answer from memory has heard it, or its lease has run out', async () => {
    const owner = await signup(a, 'Paused');
    const slug = `mp-paused-${Date.now()}`;
    const created = await request<{ sheet: Sheet }>(a.url, 'POST', `${S}/create-sheet`, { token: owner.token, body: { name: 'Paused', slug } });
    const sheetId = created.body!.data.sheet._id;
    expect((await request(a.url, 'POST', `${S}/add-topic/${sheetId}`, { token: owner.token, body: { topic: 'Heaps' } })).status).toBe(201);
    const kept = async () => {
      const read = await bySlug(b, slug, owner.token);
      const etag = read.headers.get('etag')!;
      expect((await bySlug(b, slug, owner.token, { 'if-none-match': etag })).status).toBe(304);
      return etag;
    };
    const rename = (from: string, to: string) => request(a.url, 'PATCH', `${S}/update-topic/${sheetId}`, { token: owner.token, body: { oldTopic: from, newTopic: to } });

    // B cannot hear anything while it is stopped, so A's write waits for it (B's lease has 2 s or more left).
    let etag = await kept();
    process.kill(b.pid, 'SIGSTOP');
    let answered = false;
    let write: Promise<{ status: number }>;
    try {
      write = rename('Heaps', 'Priority Queues').finally(() => (answered = true));
      await new Promise((r) => setTimeout(r, 600));
      expect(answered).toBe(false);
    } finally {
      process.kill(b.pid, 'SIGCONT');
    }
    expect((await write).status).toBe(200);
    let read = await bySlug(b, slug, owner.token, { 'if-none-match': etag });
    expect(read.status).toBe(200);
    expect(read.body!.data.sheet.config.topicOrder).toEqual(['Priority Queues']);

    // Stopped for longer than its lease, B no longer holds up A's writes, and answers nothing from memory
    // until it has heard what it missed.
    etag = await kept();
    process.kill(b.pid, 'SIGSTOP');
    try {
      expect((await rename('Priority Queues', 'Heaps')).status).toBe(200);
    } finally {
      process.kill(b.pid, 'SIGCONT');
    }
    read = await bySlug(b, slug, owner.token, { 'if-none-match': etag });
    expect(read.status).toBe(200);
    expect(read.body!.data.sheet.config.topicOrder).toEqual(['Heaps']);
  });

  it("shows a member's tick through one process in the class grid kept warm by the other", async () => {
    const G = '/question-tracker/v1/groups';
    const owner = await signup(a, 'Teacher');
    const member = await signup(b, 'Student');
    const group = await request<{ group: { id: string; inviteCode: string } }>(a.url, 'POST', G, { token: owner.token, body: { name: 'Two processes' } });
    const { id, inviteCode } = group.body!.data.group;
    expect((await request(b.url, 'POST', `${G}/join/${inviteCode}`, { token: member.token })).status).toBe(200);
    const created = await request<{ sheet: Sheet }>(a.url, 'POST', `${S}/create-sheet`, { token: owner.token, body: { name: 'Grid sheet', slug: `mp-grid-${Date.now()}`, visibility: 'public' } });
    const sheetId = created.body!.data.sheet._id;
    await request(a.url, 'POST', `${S}/add-topic/${sheetId}`, { token: owner.token, body: { topic: 'Arrays' } });
    const added = await request<{ mappings: { questionId: string }[] }>(a.url, 'POST', `${S}/add-questions/${sheetId}`, {
      token: owner.token,
      body: { data: [1, 2].map((n) => ({ topic: 'Arrays', subTopic: '', problemUrl: `https://codeforces.com/contest/30010${n}/problem/A` })) },
    });
    const [first] = added.body!.data.mappings;
    const assigned = await request<{ assignment: { id: string } }>(a.url, 'POST', `${G}/${id}/assignments`, { token: owner.token, body: { sheetId, dueAt: '2099-01-01T00:00:00Z' } });
    const path = `${G}/${id}/assignments/${assigned.body!.data.assignment.id}/grid`;
    const rowOf = async () => {
      const grid = (await request<Grid>(b.url, 'GET', path, { token: owner.token })).body!.data;
      const i = grid.members.findIndex((m) => m.name === 'Student');
      return i < 0 ? null : grid.cells[i];
    };
    // B reads the grid twice: the second read is answered from what B keeps.
    expect(await rowOf()).toEqual(['open', 'open']);
    expect(await rowOf()).toEqual(['open', 'open']);
    // The member ticks through A; B's very next read shows it, and the member leaving through A as well.
    expect((await request(a.url, 'POST', '/question-tracker/v1/user/question/solve-question', { token: member.token, body: { questionId: first!.questionId, checked: true } })).status).toBe(201);
    expect(await rowOf()).toEqual(['solved', 'open']);
    const me = await request<{ user: { _id: string } }>(a.url, 'GET', '/auth/v1/me', { token: member.token });
    expect((await request(a.url, 'DELETE', `${G}/${id}/members/${me.body!.data.user._id}`, { token: member.token })).status).toBe(200);
    expect(await rowOf()).toBeNull();
    expect((await request(b.url, 'GET', path, { token: member.token })).status).toBe(404);
  });

  it('shares sessions, logout and the sign-in lockout between the processes', async () => {
    const user = await signup(a, 'Session');
    expect((await request(b.url, 'GET', '/auth/v1/me', { token: user.token })).status).toBe(200);
    const second = await request<{ token: string }>(b.url, 'POST', '/auth/v1/login', { body: { email: user.email, password: PASSWORD } });
    expect(second.status).toBe(200);
    expect((await request(a.url, 'GET', '/auth/v1/me', { token: second.body!.data.token })).status).toBe(200);

    // Logout through A ends the token on B at once; the other session lives on.
    expect((await request(a.url, 'POST', '/auth/v1/logout', { token: user.token })).status).toBe(200);
    expect((await request(b.url, 'GET', '/auth/v1/me', { token: user.token })).status).toBe(401);
    expect((await request(b.url, 'GET', '/auth/v1/me', { token: second.body!.data.token })).status).toBe(200);

    // Five wrong passwords through A lock the account on B, even with the right password.
    const target = await signup(b, 'Locked');
    for (let i = 0; i < 5; i++) {
      const wrong = await request(a.url, 'POST', '/auth/v1/login', { body: { email: target.email, password: `wrong password ${i}` } });
      expect(wrong.status).toBe(401);
    }
    const locked = await request(b.url, 'POST', '/auth/v1/login', { body: { email: target.email, password: PASSWORD } });
    expect(locked.status).toBe(429);
    expect(locked.body!.status.message).toBe(RULE_MESSAGES.throttled);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
