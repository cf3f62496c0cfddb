/**
 * SIGKILL durability: the server is killed in the middle of a stream of concurrent writes, again and
 * again on the same data; after every restart each write it had acknowledged (2xx) must still be there.
 * On PGlite this also proves the lock file a killed process leaves behind does not block the next start.
 * On PostgreSQL only the API process is killed; the database server keeps running.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note, NotesPage } from '../../shared/schemas/note';
import type { Sheet } from '../../shared/schemas/sheet';
import type { SolveQuestionResult, WorkspacePage } from '../../shared/schemas/workspace';
import { databaseKind, reportSecurity } from './report';
import { createServerData, request, type ServerData, type ServerProcess } from './server-process';

const CYCLES = 20;
const WORKERS = 6;
const S = '/question-tracker/v2/sheet';
const W = '/question-tracker/v1/user/question';
const N = '/question-tracker/v1/user/notes';
const PASSWORD = 'correct horse battery';

type Kind = 'note' | 'record' | 'topic';

/** What the server acknowledged, by kind, as the ids or names a read-back lists. */
interface Acknowledged {
  note: Set<string>;
  record: Set<string>;
  topic: Set<string>;
}

const ok = (status: number) => status >= 200 && status < 300;

describe(`SIGKILL durability (${databaseKind()})`, () => {
  let data: ServerData;
  beforeAll(async () => {
    data = await createServerData();
  });
  afterAll(async () => {
    await data.close();
  });

  async function signIn(server: ServerProcess, email: string): Promise<string> {
    const res = await request<{ token: string }>(server.url, 'POST', '/auth/v1/login', { body: { email, password: PASSWORD } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body!.data.token;
  }

  /**
   * Fires writes from several workers at once until `killAfter` of them were acknowledged, then
   * SIGKILLs the server at once, with the other workers' requests still in flight.
   */
  async function writeUntilKilled(server: ServerProcess, token: string, sheetId: string, cycle: number, killAfter: number, acked: Acknowledged) {
    let seq = 0;
    let acks = 0;
    // Set once by whichever worker stops the stream; the others see it when their write returns.
    const stop: { killing: Promise<void> | null; refused: string | null } = { killing: null, refused: null };
    const stopStream = (refused: string | null = null) => {
      if (stop.killing) return;
      stop.refused = refused;
      stop.killing = server.kill();
    };
    const write = async (kind: Kind, n: number) => {
      const tag = `c${cycle}-${n}`;
      if (kind === 'note') {
        const res = await request<{ note: Note }>(server.url, 'POST', `${N}/create-note`, { token, body: { title: `Note ${tag}`, note: `<p>Written in ${tag}</p>` } });
        return ok(res.status) ? () => acked.note.add(res.body!.data.note._id) : null;
      }
      if (kind === 'record') {
        const contest = 100_000 + cycle * 1000 + n;
        const res = await request<SolveQuestionResult>(server.url, 'POST', `${W}/solve-question`, {
          token,
          body: { questionId: null, custom: { name: `Problem ${tag}`, problemUrl: `https://codeforces.com/contest/${contest}/problem/A` }, checked: true },
        });
        return ok(res.status) ? () => acked.record.add(res.body!.data.question._id) : null;
      }
      const topic = `Topic ${tag}`;
      const res = await request(server.url, 'POST', `${S}/add-topic/${sheetId}`, { token, body: { topic } });
      return ok(res.status) ? () => acked.topic.add(topic) : null;
    };
    const kinds: Kind[] = ['note', 'record', 'topic'];
    const worker = async () => {
      while (!stop.killing) {
        const n = seq++;
        let record: (() => void) | null;
        try {
          record = await write(kinds[n % kinds.length]!, n);
        } catch {
          continue; // the connection was cut by the kill: not acknowledged
        }
        if (!record) {
          // A refusal before the kill is a bug of its own: stop the stream and report it.
          stopStream(`write ${n} of cycle ${cycle} was refused before the kill`);
          continue;
        }
        record();
        if (++acks >= killAfter) stopStream();
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await stop.killing;
    if (stop.refused) throw new Error(stop.refused);
    return { sent: seq, acks };
  }

  /** Reads everything back through the API and returns what is missing. */
  async function missing(server: ServerProcess, token: string, slug: string, acked: Acknowledged): Promise<string[]> {
    const notes = new Set<string>();
    for (let page = 1; ; page++) {
      const res = await request<NotesPage>(server.url, 'GET', `${N}/get-notes?limit=100&page=${page}`, { token });
      expect(res.status).toBe(200);
      for (const note of res.body!.data.notes) notes.add(note._id);
      if (!res.body!.data.hasMore) break;
    }
    const records = new Set<string>();
    for (let page = 1; ; page++) {
      const res = await request<WorkspacePage>(server.url, 'GET', `${W}/get-questions?pageSize=100&page=${page}`, { token });
      expect(res.status).toBe(200);
      for (const record of res.body!.data.questions) records.add(record._id);
      if (page * 100 >= res.body!.data.total) break;
    }
    const sheet = await request<{ sheet: Sheet }>(server.url, 'GET', `${S}/get-sheet-data-by-slug/${slug}`, { token });
    expect(sheet.status).toBe(200);
    const topics = new Set(sheet.body!.data.sheet.config.topicOrder);
    return [
      ...[...acked.note].filter((id) => !notes.has(id)).map((id) => `note ${id}`),
      ...[...acked.record].filter((id) => !records.has(id)).map((id) => `workspace record ${id}`),
      ...[...acked.topic].filter((t) => !topics.has(t)).map((t) => `topic ${t}`),
    ];
  }

  it(`keeps every acknowledged write through ${CYCLES} kills in the middle of concurrent writes`, async () => {
    const email = `durable-${Date.now()}@example.com`;
    let server = await data.start();
    const signup = await request<{ token: string }>(server.url, 'POST', '/auth/v1/signup', { body: { email, password: PASSWORD, firstName: 'Durable' } });
    expect(signup.status).toBe(201);
    const created = await request<{ sheet: Sheet }>(server.url, 'POST', `${S}/create-sheet`, {
      token: signup.body!.data.token,
      body: { name: 'Durable Sheet', slug: `durable-${Date.now()}` },
    });
    expect(created.status).toBe(201);
    const { _id: sheetId, slug } = created.body!.data.sheet;

    const acked: Acknowledged = { note: new Set(), record: new Set(), topic: new Set() };
    const lost = new Set<string>();
    let sent = 0;
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      // Restarting on the same data must work although the last process was killed holding it.
      if (cycle > 0) server = await data.start();
      const token = await signIn(server, email);
      for (const m of await missing(server, token, slug, acked)) lost.add(m);
      // Somewhere between a few and a few dozen acknowledged writes: the kill lands mid-stream.
      const killAfter = 3 + Math.floor(Math.random() * 30);
      const stream = await writeUntilKilled(server, token, sheetId, cycle, killAfter, acked);
      sent += stream.sent;
      expect(stream.acks).toBeGreaterThanOrEqual(killAfter);
      expect(server.running).toBe(false);
    }
    server = await data.start();
    const token = await signIn(server, email);
    for (const m of await missing(server, token, slug, acked)) lost.add(m);
    await server.stop();

    const total = acked.note.size + acked.record.size + acked.topic.size;
    reportSecurity({ check: 'SIGKILL durability', cases: CYCLES, lostWrites: lost.size });
    expect(total).toBeGreaterThan(CYCLES * 3);
    expect(sent).toBeGreaterThan(total); // some writes were cut off by the kills
    expect([...lost]).toEqual([]);
  }, 360_000);
});
