import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeSchema } from '../../shared/schemas/envelope';
import { reportSecurity } from './report';
import { NUL_MESSAGE, SURROGATE_MESSAGE } from '../../api/lib/no-nul';
import { createTestApp } from '../../api/testing';
import { changedTables, fingerprint, tableNames, type Fingerprint } from './fuzz-db';
import { bodyArb, queryArb, segmentArb, type BodyKind } from './fuzz-inputs';
import { World, type SheetRes, type TestApp } from './matrix-world';

/** Runs per route; with about 60 routes this keeps the file near a minute on PGlite. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const envelope = envelopeSchema(z.unknown());
/** Failed sign-ins (and wrong passwords on account changes) are counted by design, even when refused. */
const THROTTLED = ['/auth/v1/login', '/auth/v1/change-password', '/auth/v1/delete-account'];

function routesOf(app: TestApp['app']): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const r of app.routes) if (r.method !== 'ALL' && !r.path.includes('*')) seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  return [...seen.values()];
}

function toInit(body: BodyKind): { body?: BodyInit; headers: Record<string, string> } {
  if (body.kind === 'none') return { headers: {} };
  if (body.kind === 'json') return { body: body.text, headers: { 'content-type': body.contentType } };
  const form = new FormData();
  for (const [k, v] of body.fields) form.append(k, v);
  if (body.file !== null) form.set('file', new File([body.file], 'list.csv', { type: 'text/csv' }));
  return { body: form, headers: {} };
}

describe('fuzzing every route', () => {
  let t: TestApp;
  let world: World;
  let tables: string[];
  let real: string[];
  beforeAll(async () => {
    t = await createTestApp();
    world = new World(t);
    await world.build();
    tables = await tableNames(t.db);
    const sheets = [world.shared.publicSheet, world.shared.privateSheet] as SheetRes[];
    const c = world.people.creator;
    real = [
      ...sheets.flatMap((s) => [s.id, s.slug, s.topic, s.subTopic, ...s.mappingIds, ...s.questionIds, ...s.problemUrls, s.collaboratorEntryId]),
      world.shared.note.id,
      world.shared.record.id,
      world.shared.invite.id,
      c.profileName,
      c.email,
      c.id,
    ];
  });
  afterAll(() => t.close());

  // Inputs the fuzzer found reaching PostgreSQL as errors: a NUL character, and ids that are not uuids.
  it('refuses a NUL character in a path, a query or a JSON body, and stores nothing', async () => {
    const token = world.people.creator.token;
    const pub = world.shared.publicSheet as SheetRes;
    const before = await fingerprint(t.db, tables);
    const cases: [string, string, unknown?][] = [
      ['GET', '/question-tracker/v1/profile/a%00b'],
      ['GET', '/question-tracker/v2/sheet/get-sheet-data-by-slug/%00'],
      ['GET', '/question-tracker/v2/sheet/public/get-public-sheets?search=a%00b'],
      ['POST', '/question-tracker/v1/user/notes/create-note', { title: 'a\u0000b', note: '<p>text</p>' }],
      ['POST', '/question-tracker/v2/sheet/create-sheet', { name: 'ok', slug: 'nul-sheet', description: 'a\u0000b' }],
      ['POST', `/question-tracker/v2/sheet/add-topic/${pub.id}`, { topic: 'a\u0000b' }],
      ['POST', '/auth/v1/signup', { email: 'nul@example.com', password: 'long enough password', firstName: 'a\u0000b' }],
    ];
    for (const [method, path, body] of cases) {
      const res = await t.call(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.status.message).toBe(NUL_MESSAGE);
    }
    expect(changedTables(before, await fingerprint(t.db, tables))).toEqual([]);
  });

  // PostgreSQL's jsonb refuses a lone surrogate (a 500 for a topic) and its text columns store U+FFFD for one.
  it('refuses an unpaired surrogate in a path, a query or a JSON body, and stores nothing', async () => {
    const token = world.people.creator.token;
    const pub = world.shared.publicSheet as SheetRes;
    const S = '/question-tracker/v2/sheet';
    const before = await fingerprint(t.db, tables);
    const cases: [string, string, unknown?][] = [
      ['GET', '/question-tracker/v1/profile/a%ED%A0%80b'],
      ['GET', `${S}/get-sheet-data-by-slug/%ed%b0%80`],
      ['GET', `${S}/public/get-public-sheets?search=%ED%A0%80`],
      ['POST', `${S}/add-topic/${pub.id}`, { topic: '\ud800' }],
      ['POST', `${S}/add-subTopic/${pub.id}`, { topic: pub.topic, subTopic: 'tail \ud83d' }],
      ['PATCH', `${S}/update-topic/${pub.id}`, { oldTopic: pub.topic, newTopic: '\udc00 head' }],
      ['PATCH', `${S}/update-subTopic/${pub.id}`, { topic: pub.topic, oldSubTopic: pub.subTopic, newSubTopic: 'a\ude00b' }],
      ['POST', '/question-tracker/v1/user/notes/create-note', { title: 'a\ud800b', note: '<p>text</p>' }],
      ['POST', `${S}/create-sheet`, { name: 'ok', slug: 'surrogate-sheet', description: 'x\udfff' }],
      ['POST', '/auth/v1/signup', { email: 'surrogate@example.com', password: 'long enough password', firstName: 'Ada', ['\ud800']: 1 }],
    ];
    for (const [method, path, body] of cases) {
      const res = await t.call(method, path, { token, body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.status.message).toBe(SURROGATE_MESSAGE);
    }
    expect(changedTables(before, await fingerprint(t.db, tables))).toEqual([]);
    // A surrogate pair is an ordinary character.
    const emoji = await t.call('POST', `${S}/add-topic/${pub.id}`, { token, body: { topic: 'Graphs \ud83d\ude00' } });
    expect(emoji.status).toBe(201);
    const read = await t.call<{ sheet: { config: { topicOrder: string[] } } }>('GET', `${S}/get-sheet-data/${pub.id}`, { token });
    expect(read.body.data.sheet.config.topicOrder).toContain('Graphs 😀');
    expect((await t.call('DELETE', `${S}/delete-topic/${pub.id}?topic=${encodeURIComponent('Graphs 😀')}`, { token })).status).toBe(200);
  });

  it('answers 404 for a mapping or collaborator id that is not a uuid', async () => {
    const token = world.people.creator.token;
    const pub = world.shared.publicSheet as SheetRes;
    const S = '/question-tracker/v2/sheet';
    const version = (await t.call<{ sheet: { version: number; config: { questionOrder: string[] } } }>('GET', `${S}/get-sheet-data/${pub.id}`, { token })).body.data.sheet;
    const replies = [
      await t.call('DELETE', `${S}/remove-question/${pub.id}/not-a-uuid`, { token }),
      await t.call('PATCH', `${S}/mark-question/${pub.id}/not-a-uuid`, { token, body: { checked: true } }),
      await t.call('PATCH', `${S}/update-mapping/${pub.id}/not-a-uuid`, {
        token,
        body: { topic: '', subTopic: '', questionOrder: version.config.questionOrder, version: version.version },
      }),
      await t.call('DELETE', `${S}/collaborators/remove-collaborator/${pub.id}/${'-'.repeat(36)}`, { token }),
    ];
    expect(replies.map((r) => r.status)).toEqual([404, 404, 404, 404]);
  });

  it('never answers 5xx, always answers an envelope, and stores nothing from a refused request', async () => {
    const problems: string[] = [];
    let cases = 0;
    let serverErrors = 0;
    let before: Fingerprint = await fingerprint(t.db, tables);

    for (const route of routesOf(t.app)) {
      const params = route.path.match(/:[A-Za-z]+/g) ?? [];
      const property = fc.asyncProperty(
        fc.constantFrom<'anonymous' | 'creator' | 'stranger'>('anonymous', 'creator', 'stranger'),
        fc.tuple(...params.map(() => segmentArb(real))),
        queryArb(real),
        bodyArb(real),
        async (actor, values, query, body) => {
          let token = actor === 'anonymous' ? null : world.people[actor].token;
          // Signing out would end the session later runs use: a throwaway account signs out instead.
          if (token && route.path === '/auth/v1/logout') {
            token = (await world.throwaway()).token;
            before = await fingerprint(t.db, tables);
          }
          let path = route.path;
          params.forEach((p, i) => (path = path.replace(p, values[i] || 'x')));
          // GET requests cannot carry a body.
          const init = toInit(route.method === 'GET' ? { kind: 'none' } : body);
          if (token) init.headers.authorization = `Bearer ${token}`;
          const label = `${route.method} ${route.path} as ${actor}: ${path.slice(0, 120)}${query.slice(0, 120)} ${body.kind === 'json' ? body.text.slice(0, 160) : body.kind}`;
          const res = await t.app.fetch(new Request(`http://localhost${path}${query}`, { method: route.method, headers: init.headers, body: init.body }));
          const text = await res.text();
          cases++;
          if (res.status >= 500) {
            serverErrors++;
            problems.push(`${res.status} ${label} -> ${text.slice(0, 200)}`);
          }
          // Files are the answers that are not JSON: a 2xx of an .ics route is a calendar, of a .zip or .apkg
          // route a zip archive (an Anki package is one).
          if (route.path.endsWith('.ics') && res.ok) {
            if (!res.headers.get('content-type')?.startsWith('text/calendar') || !text.startsWith('BEGIN:VCALENDAR')) problems.push(`not a calendar: ${label}`);
          } else if (/\.(zip|apkg)$/.test(route.path) && res.ok) {
            if (!text.startsWith('PK\u0003\u0004') || !res.headers.get('content-disposition')?.startsWith('attachment')) problems.push(`not a zip download: ${label}`);
          } else {
            let parsed: unknown = null;
            try {
              parsed = JSON.parse(text);
            } catch {
              problems.push(`not JSON: ${label}`);
            }
            const env = envelope.safeParse(parsed);
            if (!env.success) problems.push(`not an envelope: ${label}`);
            else if (env.data.status.code !== res.status) problems.push(`status.code ${env.data.status.code} for HTTP ${res.status}: ${label}`);
          }
          const after = await fingerprint(t.db, tables);
          if (res.status >= 400) {
            const changed = changedTables(before, after, THROTTLED.includes(route.path) ? ['login_throttle'] : []);
            if (changed.length) problems.push(`refused (${res.status}) but changed ${changed.join(', ')}: ${label}`);
          }
          before = after;
        },
      );
      await fc.assert(property, { numRuns: RUNS });
    }

    console.log(`fuzzing: ${cases} cases, ${serverErrors} server errors`);
    reportSecurity({ check: 'fuzzing', cases, serverErrors });
    expect(problems).toEqual([]);
    expect(serverErrors).toBe(0);
  }, 300_000);
});
