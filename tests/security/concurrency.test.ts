/**
 * Concurrent edits of one sheet: simultaneous reorders from the same version, and two collaborators
 * adding, removing, reordering and moving questions at once, retrying on 409 with a fresh read as the
 * dashboard does. Every acknowledged edit must be in the final sheet. Row-lock races only show on
 * PostgreSQL (TEST_DATABASE_URL); PGlite serialises every query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mapping, Sheet, SheetConfig } from '../../shared/schemas/sheet';
import { databaseKind, reportSecurity } from './report';
import { createTestApp } from '../../api/testing';

type T = Awaited<ReturnType<typeof createTestApp>>;
const S = '/question-tracker/v2/sheet';

let urlSeq = 0;
const customUrl = () => `https://codeforces.com/contest/${200_000 + urlSeq++}/problem/A`;

function shuffled<X>(list: readonly X[]): X[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}


async function read(t: T, token: string, sheetId: string) {
  const res = await t.call<{ sheet: Sheet; mappings: Mapping[] }>('GET', `${S}/get-sheet-data/${sheetId}`, { token });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe(`concurrent sheet edits (${databaseKind()})`, () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('applies exactly one of 50 simultaneous reorders from the same version, and stores the winner’s order', async () => {
    const owner = await t.signup('Owner');
    const sheet = await t.createSheet(owner.token);
    for (const topic of ['Arrays', 'Graphs', 'Trees', 'Strings']) {
      expect((await t.call('POST', `${S}/add-topic/${sheet._id}`, { token: owner.token, body: { topic } })).status).toBe(201);
    }
    const added = await t.call('POST', `${S}/add-questions/${sheet._id}`, {
      token: owner.token,
      body: { data: Array.from({ length: 6 }, (_, i) => ({ topic: '', subTopic: '', title: `Q${i}`, problemUrl: customUrl() })) },
    });
    expect(added.status).toBe(201);
    const before = (await read(t, owner.token, sheet._id)).sheet;

    // 50 different orders, all claiming the same version.
    const configs: SheetConfig[] = [];
    const seen = new Set<string>();
    while (configs.length < 50) {
      const config = { ...before.config, topicOrder: shuffled(before.config.topicOrder), questionOrder: shuffled(before.config.questionOrder) };
      const key = JSON.stringify(config);
      if (seen.has(key)) continue;
      seen.add(key);
      configs.push(config);
    }
    const results = await Promise.all(
      configs.map((config) => t.call<{ sheet: Sheet }>('PATCH', `${S}/update-sheet/${sheet._id}`, { token: owner.token, body: { config, version: before.version } })),
    );
    const winners = results.flatMap((r, i) => (r.status === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    const after = (await read(t, owner.token, sheet._id)).sheet;
    expect(after.config).toEqual(configs[winners[0]!]);
    expect(after.version).toBe(before.version + 1);
  });

  it('keeps every acknowledged edit of two collaborators editing at once', async () => {
    const owner = await t.signup('Owner');
    const collaborator = await t.signup('Collab');
    const sheet = await t.createSheet(owner.token);
    const invite = await t.call<{ _id: string }>('POST', `${S}/collaborators/send-collaboration-invite/${sheet._id}`, { token: owner.token, body: { email: collaborator.email } });
    expect(invite.status).toBe(201);
    expect((await t.call('PATCH', `${S}/collaborators/accept-invite/${invite.body.data._id}`, { token: collaborator.token })).status).toBe(200);
    for (const topic of ['Arrays', 'Graphs']) {
      expect((await t.call('POST', `${S}/add-topic/${sheet._id}`, { token: owner.token, body: { topic } })).status).toBe(201);
    }

    // What the server acknowledged.
    const addedIds = new Set<string>();
    const removedIds = new Set<string>();
    const topics = new Set<string>(['Arrays', 'Graphs']);
    /** The topic of each acknowledged move, with the version it produced: the highest version is the last move. */
    const moves = new Map<string, { version: number; topic: string }>();
    const unexpected: string[] = [];
    let edits = 0;

    /** A versioned edit as the dashboard makes it: read, edit, and on 409 read again and retry. */
    async function withRetry(token: string, label: string, attempt: (data: Awaited<ReturnType<typeof read>>) => Promise<{ status: number } | null>) {
      for (let tries = 0; tries < 30; tries++) {
        // Random back-off after a conflict, as a client would, so four busy lanes do not starve one another.
        if (tries) await new Promise((done) => setTimeout(done, Math.random() * 15 * tries));
        const res = await attempt(await read(t, token, sheet._id));
        if (!res) return; // nothing to do on this state
        if (res.status === 200) return;
        if (res.status !== 409) {
          unexpected.push(`${label}: ${res.status}`);
          return;
        }
      }
      unexpected.push(`${label}: still 409 after 30 tries`);
    }

    async function lane(token: string, name: string, steps: number) {
      const mine: string[] = []; // mappings this lane added and has not removed
      for (let step = 0; step < steps; step++) {
        const label = `${name} step ${step}`;
        edits++;
        switch (step % 5) {
          case 0:
          case 3: {
            const topic = shuffled(['', ...topics])[0]!;
            const res = await t.call<{ mappings: { _id: string }[] }>('POST', `${S}/add-questions/${sheet._id}`, {
              token,
              body: { data: [{ topic, subTopic: '', title: `${name} ${step}`, problemUrl: customUrl() }] },
            });
            if (res.status !== 201) unexpected.push(`${label} add: ${res.status}`);
            else {
              for (const m of res.body.data.mappings) {
                addedIds.add(m._id);
                mine.push(m._id);
              }
            }
            break;
          }
          case 1: {
            const topic = `${name} topic ${step}`;
            const res = await t.call('POST', `${S}/add-topic/${sheet._id}`, { token, body: { topic } });
            if (res.status !== 201) unexpected.push(`${label} add-topic: ${res.status}`);
            else topics.add(topic);
            break;
          }
          case 2: {
            await withRetry(token, `${label} reorder`, (d) =>
              t.call('PATCH', `${S}/update-sheet/${sheet._id}`, {
                token,
                body: { config: { ...d.sheet.config, topicOrder: shuffled(d.sheet.config.topicOrder), questionOrder: shuffled(d.sheet.config.questionOrder) }, version: d.sheet.version },
              }),
            );
            await withRetry(token, `${label} move`, async (d) => {
              const target = shuffled(d.mappings)[0];
              if (!target) return null;
              const topic = shuffled(['', ...d.sheet.config.topicOrder])[0]!;
              const res = await t.call<{ version: number }>('PATCH', `${S}/update-mapping/${sheet._id}/${target._id}`, {
                token,
                body: { topic, subTopic: '', questionOrder: shuffled(d.sheet.config.questionOrder), version: d.sheet.version },
              });
              // A mapping removed by the other collaborator between the read and the move answers 404 or 409.
              if (res.status === 404) return null;
              if (res.status === 200) {
                const last = moves.get(target._id);
                if (!last || last.version < res.body.data.version) moves.set(target._id, { version: res.body.data.version, topic });
              }
              return res;
            });
            break;
          }
          case 4: {
            const id = mine.shift();
            if (!id) break;
            const res = await t.call('DELETE', `${S}/remove-question/${sheet._id}/${id}`, { token });
            if (res.status !== 200) unexpected.push(`${label} remove: ${res.status}`);
            else removedIds.add(id);
            break;
          }
        }
      }
    }

    await Promise.all([lane(owner.token, 'owner-a', 20), lane(owner.token, 'owner-b', 20), lane(collaborator.token, 'collab-a', 20), lane(collaborator.token, 'collab-b', 20)]);

    const final = await read(t, owner.token, sheet._id);
    const { config } = final.sheet;
    const present = new Set(final.mappings.map((m) => m._id));
    const lost: string[] = [];
    for (const id of addedIds) if (!removedIds.has(id) && !present.has(id)) lost.push(`added question ${id} is missing`);
    for (const id of removedIds) if (present.has(id)) lost.push(`removed question ${id} is back`);
    for (const topic of topics) if (!config.topicOrder.includes(topic)) lost.push(`topic ${topic} is missing`);
    for (const [id, move] of moves) {
      const m = final.mappings.find((x) => x._id === id);
      if (m && m.topic !== move.topic) lost.push(`move of ${id} to "${move.topic}" is lost (topic "${m.topic}")`);
    }
    if (new Set(config.questionOrder).size !== config.questionOrder.length) lost.push('questionOrder has duplicates');
    for (const id of config.questionOrder) if (!present.has(id)) lost.push(`questionOrder lists ${id}, which is not in the sheet`);
    for (const id of present) if (!config.questionOrder.includes(id)) lost.push(`question ${id} is missing from questionOrder`);
    for (const m of final.mappings) if (m.topic && !config.topicOrder.includes(m.topic)) lost.push(`question ${m._id} is in unknown topic ${m.topic}`);
    if (new Set(config.topicOrder).size !== config.topicOrder.length) lost.push('topicOrder has duplicates');

    reportSecurity({ check: 'concurrent edits', cases: edits, lostWrites: lost.length });
    expect(unexpected).toEqual([]);
    expect(addedIds.size).toBeGreaterThan(0);
    expect(removedIds.size).toBeGreaterThan(0);
    expect(moves.size).toBeGreaterThan(0);
    expect(lost).toEqual([]);
  }, 120_000);
});
