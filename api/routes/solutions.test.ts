import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOLUTION_MAX_BYTES, SOLUTION_MESSAGES } from '../../shared/rules/solutions';
import type { SolutionBody } from '../../shared/schemas/solution';
import { questions, userQuestions } from '../db/schema';
import { seedDatabase } from '../db/seed/index';
import { createTestApp, dbKind } from '../testing';

const BASE = '/question-tracker/v1/user/solutions';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const ACCEPTED = '2024-03-01T10:00:00.000Z';

describe(`solutions API (${dbKind()})`, () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let twoSum: string;
  let addTwo: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
    const id = async (url: string) => (await t.reply(t.api['question-tracker'].v1.question['search-question2'].$get({ query: { problemUrl: url } }))).body.data.question._id;
    twoSum = await id('https://leetcode.com/problems/two-sum/');
    addTwo = await id('https://leetcode.com/problems/add-two-numbers/');
  });
  afterAll(() => t.close());

  const S = () => t.api['question-tracker'].v1.user.solutions;
  const body = (over: Partial<SolutionBody> = {}): SolutionBody => ({ questionId: twoSum, code: 'class Solution {}', language: 'java', acceptedAt: ACCEPTED, source: 'manual', ...over });
  const save = (token: string, json: SolutionBody) => t.reply(S().$post({ json }, t.as(token)));
  const list = (token: string, questionId: string) => t.reply(S().$get({ query: { questionId } }, t.as(token)));
  const remove = (token: string, id: string) => t.reply(S()[':id'].$delete({ param: { id } }, t.as(token)));
  const publish = (token: string, id: string, published: boolean) => t.reply(S()[':id'].$patch({ param: { id }, json: { published } }, t.as(token)));
  const record = async (userId: string, questionId: string) =>
    (await t.db.select().from(userQuestions).where(and(eq(userQuestions.userId, userId), eq(userQuestions.questionId, questionId))))[0];

  it('needs a signed-in user for every call', async () => {
    const calls = [
      await t.call('POST', BASE, { body: body() }),
      await t.call('GET', `${BASE}?questionId=${twoSum}`),
      await t.call('PATCH', `${BASE}/${MISSING_ID}`, { body: { published: true } }),
      await t.call('DELETE', `${BASE}/${MISSING_ID}`),
    ];
    for (const res of calls) expect(res.status).toBe(401);
  });

  it('keeps a version per distinct code, identical code adding none, newest first', async () => {
    const a = await t.signup('Keeper');
    const first = await save(a.token, body({ code: 'v1', attempts: 2, timeSpentSec: 600 }));
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ version: 1, created: true, code: 'v1', language: 'java', attempts: 2, timeSpentSec: 600, source: 'manual', published: false, acceptedAt: ACCEPTED });
    const again = await save(a.token, body({ code: 'v1', language: 'cpp', source: 'extension' }));
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: first.body.data.id, version: 1, created: false, language: 'java' });
    const second = await save(a.token, body({ code: 'v2', language: 'python3', source: 'extension' }));
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ version: 2, created: true, attempts: null, timeSpentSec: null });
    // The same code for another question is a version of that question.
    expect((await save(a.token, body({ questionId: addTwo, code: 'v1' }))).body.data).toMatchObject({ version: 1, created: true });

    const kept = await list(a.token, twoSum);
    expect(kept.status).toBe(200);
    expect(kept.body.data.items.map((s) => [s.version, s.code])).toEqual([
      [2, 'v2'],
      [1, 'v1'],
    ]);
  });

  it('puts the question in the workspace, solved at acceptedAt, and leaves an earlier solve as it was', async () => {
    const a = await t.signup('Solver');
    await save(a.token, body({ code: 'x' }));
    const rec = await record(a.user._id, twoSum);
    expect(rec).toMatchObject({ checked: true });
    expect(rec?.solvedAt?.toISOString()).toBe(ACCEPTED);
    // A later Accepted does not move the solve date later.
    await save(a.token, body({ code: 'y', acceptedAt: '2024-05-01T10:00:00.000Z' }));
    expect((await record(a.user._id, twoSum))?.solvedAt?.toISOString()).toBe(ACCEPTED);
    // Marked unsolved by hand, then a newer Accepted ticks it again.
    const ws = await t.call<{ questions: { _id: string }[] }>('GET', '/question-tracker/v1/user/question/get-questions', { token: a.token });
    const recordId = ws.body.data.questions[0]!._id;
    expect((await t.call('PATCH', `/question-tracker/v1/user/question/update-question/${recordId}`, { token: a.token, body: { checked: false } })).status).toBe(200);
    await save(a.token, body({ code: 'z', acceptedAt: new Date(Date.now() + 1000).toISOString() }));
    expect((await record(a.user._id, twoSum))?.checked).toBe(true);
  });

  it('resolves a URL as the workspace does, adding a question the catalogue does not know', async () => {
    const a = await t.signup('Paster');
    const known = await save(a.token, { url: 'https://leetcode.com/problems/two-sum/description/', code: 'a', language: 'cpp', acceptedAt: ACCEPTED, source: 'extension' });
    expect(known.status).toBe(201);
    expect(known.body.data.questionId).toBe(twoSum);
    const fresh = await save(a.token, { url: 'https://codeforces.com/contest/1999/problem/Z', code: 'b', language: 'cpp', acceptedAt: ACCEPTED, source: 'extension' });
    expect(fresh.status).toBe(201);
    const [q] = await t.db.select().from(questions).where(eq(questions.id, fresh.body.data.questionId));
    expect(q).toMatchObject({ platform: 'codeforces', verified: false });
    expect((await record(a.user._id, q!.id))?.checked).toBe(true);
    const unsupported = await t.call('POST', BASE, { token: a.token, body: { url: 'https://example.com/problem/1', code: 'c', language: 'cpp', acceptedAt: ACCEPTED, source: 'manual' } });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.status.error).toBe('InvalidPlatform');
  });

  it('refuses a missing question, someone else’s custom question and bad bodies', async () => {
    const a = await t.signup('Careful');
    const b = await t.signup('Other');
    const missing = await t.call('POST', BASE, { token: a.token, body: body({ questionId: MISSING_ID }) });
    expect(missing.status).toBe(404);
    expect(missing.body.status.message).toBe(SOLUTION_MESSAGES.unknownQuestion);
    const theirs = await save(b.token, { url: 'https://leetcode.com/problems/only-b-knows/', code: 'b', language: 'cpp', acceptedAt: ACCEPTED, source: 'manual' });
    const leaked = await t.call('POST', BASE, { token: a.token, body: body({ questionId: theirs.body.data.questionId }) });
    expect(leaked.status).toBe(404);
    const none = await t.call('POST', BASE, { token: a.token, body: { code: 'x', language: 'cpp', acceptedAt: ACCEPTED, source: 'manual' } });
    expect(none.status).toBe(400);
    expect(none.body.status.message).toBe(SOLUTION_MESSAGES.noQuestion);
    const empty = await t.call('POST', BASE, { token: a.token, body: body({ code: '   ' }) });
    expect(empty.status).toBe(400);
    expect(empty.body.status.message).toBe(SOLUTION_MESSAGES.empty);
    expect((await t.call('POST', BASE, { token: a.token, body: { ...body(), source: 'guess' } })).status).toBe(400);
    expect((await t.call('GET', `${BASE}?questionId=nope`, { token: a.token })).status).toBe(400);
  });

  it('keeps code up to 64 kB and answers 413 with the limit past it, whatever the body size', async () => {
    const a = await t.signup('Large');
    const exact = await save(a.token, body({ code: 'x'.repeat(SOLUTION_MAX_BYTES) }));
    expect(exact.status).toBe(201);
    // A 70 kB body, well under the API's general limit, and multi-byte code counted in bytes.
    for (const code of ['y'.repeat(70 * 1024), 'é'.repeat(SOLUTION_MAX_BYTES / 2 + 1)]) {
      const res = await t.call('POST', BASE, { token: a.token, body: body({ code }) });
      expect(res.status).toBe(413);
      expect(res.body.status).toMatchObject({ error: 'PayloadTooLarge', message: SOLUTION_MESSAGES.tooLarge });
    }
    // Too much code is the answer whatever else the body gets wrong.
    const alsoBad = await t.call('POST', BASE, { token: a.token, body: { code: 'w'.repeat(SOLUTION_MAX_BYTES + 1), language: '', source: 'guess' } });
    expect(alsoBad.status).toBe(413);
    expect(alsoBad.body.status.message).toBe(SOLUTION_MESSAGES.tooLarge);
    // A body past the route's own limit is refused unread, with the same message (not the file upload's).
    const huge = await t.call('POST', BASE, { token: a.token, body: body({ code: 'z'.repeat(2 * 1024 * 1024) }) });
    expect(huge.status).toBe(413);
    expect(huge.body.status.message).toBe(SOLUTION_MESSAGES.tooLarge);
    expect((await list(a.token, twoSum)).body.data.items).toHaveLength(1);
  });

  it('deletes and publishes only the owner’s versions; another person’s answer as missing', async () => {
    const a = await t.signup('Owner');
    const b = await t.signup('Intruder');
    const v1 = (await save(a.token, body({ code: 'one' }))).body.data;
    const v2 = (await save(a.token, body({ code: 'two' }))).body.data;
    expect((await list(b.token, twoSum)).body.data.items).toEqual([]);
    for (const res of [await remove(b.token, v1.id), await publish(b.token, v1.id, true)]) {
      expect(res.status).toBe(404);
      expect(res.body.status.message).toBe(SOLUTION_MESSAGES.notFound);
    }
    expect((await remove(a.token, 'not-a-uuid')).status).toBe(404);
    expect((await list(a.token, twoSum)).body.data.items.map((s) => s.published)).toEqual([false, false]);

    expect((await remove(a.token, v1.id)).status).toBe(200);
    expect((await remove(a.token, v1.id)).status).toBe(404);
    expect((await list(a.token, twoSum)).body.data.items.map((s) => s.id)).toEqual([v2.id]);
    // The deleted code may be kept again, as a new version.
    expect((await save(a.token, body({ code: 'one' }))).body.data).toMatchObject({ version: 3, created: true });

    const published = await publish(a.token, v2.id, true);
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ id: v2.id, published: true });
  });

  it('shows no code on the public profile until a version is published, then only that one', async () => {
    const a = await t.signup('Shower');
    const secret = 'int secretSolutionCode = 42;';
    const v1 = (await save(a.token, body({ code: secret }))).body.data;
    const v2 = (await save(a.token, body({ code: 'int shown = 1;', language: 'cpp' }))).body.data;
    const profile = async () => {
      const res = await t.call('GET', `/question-tracker/v1/profile/${a.user.profileName}`);
      expect(res.status).toBe(200);
      return res;
    };
    const before = await profile();
    expect((before.body.data as { profile: { solutions: unknown[] } }).profile.solutions).toEqual([]);
    expect(JSON.stringify(before.body)).not.toContain('secretSolutionCode');

    await publish(a.token, v2.id, true);
    const after = await profile();
    expect((after.body.data as { profile: { solutions: unknown[] } }).profile.solutions).toEqual([
      { id: v2.id, questionName: 'Two Sum', problemUrl: 'https://leetcode.com/problems/two-sum/', platform: 'leetcode', language: 'cpp', code: 'int shown = 1;', version: 2, acceptedAt: ACCEPTED },
    ]);
    expect(JSON.stringify(after.body)).not.toContain('secretSolutionCode');
    expect(v1.published).toBe(false);

    await publish(a.token, v2.id, false);
    expect(((await profile()).body.data as { profile: { solutions: unknown[] } }).profile.solutions).toEqual([]);
    // Nor does the code show in the workspace list, the notes, or a search.
    for (const path of ['/question-tracker/v1/user/question/get-questions', '/question-tracker/v1/user/notes/get-notes', '/question-tracker/v1/question/search-question2?problemUrl=https://leetcode.com/problems/two-sum/']) {
      expect(JSON.stringify((await t.call('GET', path, { token: a.token })).body)).not.toContain('secretSolutionCode');
    }
  });

  it('gives the workspace the latest version’s attempts and time, and filters by them', async () => {
    const a = await t.signup('Filterer');
    await save(a.token, body({ code: 'slow', attempts: 4, timeSpentSec: 3000 }));
    await save(a.token, body({ code: 'fast', attempts: 0, timeSpentSec: 240 }));
    await save(a.token, body({ questionId: addTwo, code: 'hard one', attempts: 5, timeSpentSec: 3600 }));
    // A question in the workspace with no solution kept.
    await t.call('POST', '/question-tracker/v1/user/question/solve-question', { token: a.token, body: { custom: { name: 'No code', problemUrl: 'https://leetcode.com/problems/no-code-kept/' } } });
    const W = () => t.api['question-tracker'].v1.user.question;
    const names = async (query: Record<string, string | string[]>) =>
      (await t.reply(W()['get-questions'].$get({ query }, t.as(a.token)))).body.data.questions.map((q) => [q.question.name, q.attempts, q.timeSpentSec, q.solutions]);
    expect(await names({})).toEqual(
      expect.arrayContaining([
        ['Two Sum', 0, 240, 2],
        ['Add Two Numbers', 5, 3600, 1],
        ['No code', null, null, 0],
      ]),
    );
    expect(await names({ attempts: 'first' })).toEqual([['Two Sum', 0, 240, 2]]);
    expect(await names({ attempts: ['few', 'many'] })).toEqual([['Add Two Numbers', 5, 3600, 1]]);
    expect(await names({ time: 'long' })).toEqual([['Add Two Numbers', 5, 3600, 1]]);
    expect(await names({ time: 'quick', attempts: 'many' })).toEqual([]);
    expect((await t.call('GET', '/question-tracker/v1/user/question/get-questions?attempts=lots', { token: a.token })).status).toBe(400);
  });

  it('numbers concurrent saves without gaps or duplicates, and keeps identical code once', async () => {
    const a = await t.signup('Racer');
    const n = 12;
    const distinct = await Promise.all(Array.from({ length: n }, (_, i) => t.call<{ version: number }>('POST', BASE, { token: a.token, body: body({ code: `race ${i}` }) })));
    expect(distinct.map((r) => r.status)).toEqual(Array(n).fill(201));
    expect(distinct.map((r) => r.body.data.version).sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i + 1));

    const same = await Promise.all(Array.from({ length: 8 }, () => t.call<{ created: boolean; version: number }>('POST', BASE, { token: a.token, body: body({ code: 'same code' }) })));
    expect(same.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(same.map((r) => r.body.data.version))).toEqual(new Set([n + 1]));
    expect((await list(a.token, twoSum)).body.data.items).toHaveLength(n + 1);
  });
});
