import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES } from '../../shared/rules/exports';
import type { GithubExportState } from '../../shared/schemas/export';
import type { SolutionBody } from '../../shared/schemas/solution';
import { createFakeGithub } from '../../tests/support/fake-github';
import { createApp } from '../app';
import { testConfig } from '../config';
import { githubExports } from '../db/schema';
import { seedDatabase } from '../db/seed/index';
import { manualQueue } from '../jobs/queue';
import { openSecret } from '../lib/secrets';
import { runExport } from '../services/github-export-run';
import { createTestApp, dbKind, openSecondProcessDatabase } from '../testing';

const E = '/question-tracker/v1/user/exports';
const TOKEN = 'github_pat_11AAAAAAA0exampleTokenForTests';
const ACCEPTED = '2024-03-01T10:00:00.000Z';

interface Answer<T> {
  status: number;
  text: string;
  headers: Headers;
  body: { status: { message: string }; data: T } | null;
}

describe(`solution exports (${dbKind()})`, () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let gh: ReturnType<typeof createFakeGithub>;
  let now = Date.parse('2026-03-01T12:00:00Z');
  const clock = { now: () => new Date(now) };
  const jobs = manualQueue();
  let app: ReturnType<typeof createApp>;
  let q: Record<'twoSum' | 'addTwo' | 'median', string>;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
    gh = createFakeGithub({ anyToken: true });
    const config = testConfig({ dashboardDir: '/nonexistent', githubApiOrigin: 'http://fake-github' });
    app = createApp({ db: t.db, config, clock, changes: t.changes, jobs, githubFetch: gh.fetch, runJobs: true });
    const id = async (url: string) => (await t.reply(t.api['question-tracker'].v1.question['search-question2'].$get({ query: { problemUrl: url } }))).body.data.question._id;
    q = {
      twoSum: await id('https://leetcode.com/problems/two-sum/'),
      addTwo: await id('https://leetcode.com/problems/add-two-numbers/'),
      median: await id('https://leetcode.com/problems/median-of-two-sorted-arrays/'),
    };
  });
  afterAll(() => t.close());

  /** A call to the app that talks to the fake GitHub, read whole, with the raw text for token checks. */
  async function call<T = unknown>(method: string, path: string, token: string | null, body?: unknown): Promise<Answer<T>> {
    await t.changes.settle();
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.fetch(new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
    const text = await res.text();
    const json = res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as { status: { message: string }; data: T }) : null;
    return { status: res.status, text, body: json, headers: res.headers };
  }
  const save = async (token: string, over: Partial<SolutionBody>) => {
    const json: SolutionBody = { questionId: q.twoSum, code: 'class Solution {}', language: 'Java', acceptedAt: ACCEPTED, source: 'manual', ...over };
    const res = await t.reply(t.api['question-tracker'].v1.user.solutions.$post({ json }, t.as(token)));
    expect(res.status).toBeLessThan(300);
  };
  const connect = (token: string, body: Record<string, unknown>) => call<GithubExportState>('PUT', `${E}/github`, token, { branch: 'main', token: TOKEN, ...body });
  const state = async (token: string) => (await call<GithubExportState>('GET', `${E}/github`, token)).body!.data;
  const run = async (token: string) => {
    const res = await call<{ jobId: string; started: boolean }>('POST', `${E}/github/run`, token);
    expect(res.status).toBe(200);
    return res.body!.data;
  };
  const commits = () => gh.count('POST', /\/git\/commits$/);
  const blobs = () => gh.count('POST', /\/git\/blobs$/);

  it('needs a signed-in user for every route', async () => {
    for (const [method, path] of [
      ['GET', `${E}/github`],
      ['PUT', `${E}/github`],
      ['DELETE', `${E}/github`],
      ['POST', `${E}/github/run`],
      ['GET', `${E}/solutions.zip`],
      ['GET', `${E}/anki.apkg`],
    ] as const) {
      expect((await call(method, path, null, method === 'PUT' ? { owner: 'a', repo: 'b', branch: 'main', token: TOKEN } : undefined)).status).toBe(401);
    }
  });

  it('checks the repository and the token before keeping it, and says what is wrong', async () => {
    const a = await t.signup('Checker');
    expect((await connect(a.token, { owner: '-bad', repo: 'x' })).body?.status.message).toBe(EXPORT_MESSAGES.badOwner);
    expect((await connect(a.token, { owner: 'ada', repo: 'x', branch: 'a..b' })).body?.status.message).toBe(EXPORT_MESSAGES.badBranch);
    expect((await connect(a.token, { owner: 'ada', repo: 'x', token: 'short' })).body?.status.message).toBe(EXPORT_MESSAGES.badToken);
    expect((await connect(a.token, { owner: 'ada', repo: 'x', token: undefined })).body?.status.message).toBe(EXPORT_MESSAGES.tokenNeeded);
    expect((await connect(a.token, { owner: 'ada', repo: 'x', token: 'github_pat_revoked_0000000000000' })).body?.status.message).toBe(EXPORT_MESSAGES.tokenRefused);
    expect((await connect(a.token, { owner: 'ada', repo: 'x', token: 'github_pat_readonly_000000000000' })).body?.status.message).toBe(EXPORT_MESSAGES.cannotWrite);
    // A token that sees only another repository: GitHub answers 404 for this one.
    gh.addRepo('grace', 'private-one', { token: 'ghp_onlyForPrivateOne000000000000000000' });
    gh.addRepo('grace', 'other', { token: 'ghp_someoneElsesToken00000000000000000000' });
    expect((await connect(a.token, { owner: 'grace', repo: 'other', token: 'ghp_onlyForPrivateOne000000000000000000' })).body?.status.message).toBe(EXPORT_MESSAGES.repoNotFound);
    expect(await state(a.token)).toEqual({ connection: null, run: null });
    expect(await t.db.select().from(githubExports).where(eq(githubExports.userId, a.user._id))).toEqual([]);
  });

  it('keeps the token sealed, never sends it back, and exports files and READMEs in one commit', async () => {
    const a = await t.signup('Exporter');
    await save(a.token, { code: 'class Solution { int[] twoSum() { return null; } }', attempts: 2, timeSpentSec: 900 });
    await save(a.token, { questionId: q.addTwo, code: 'def add(a, b):\n    return a + b\n', language: 'Python 3' });
    await t.call('POST', '/question-tracker/v1/user/notes/create-note', { token: a.token, body: { title: 'Hash map idea', note: '<p>Keep seen values in a map.</p>', questionId: q.twoSum } });

    const connected = await connect(a.token, { owner: 'ada', repo: 'solutions', includeNotes: true });
    expect(connected.status).toBe(200);
    expect(connected.body?.data.connection).toMatchObject({ owner: 'ada', repo: 'solutions', branch: 'main', auto: false, includeNotes: true, repoUrl: 'https://github.com/ada/solutions' });
    expect(connected.text).not.toContain(TOKEN);
    // Sealed in the database: not the token, and it opens only with the server key for this user.
    const [row] = await t.db.select().from(githubExports).where(eq(githubExports.userId, a.user._id));
    expect(row?.tokenSealed).not.toContain(TOKEN);
    expect(row?.tokenSealed).not.toContain(Buffer.from(TOKEN).toString('base64').slice(0, 20));
    expect(openSecret(testConfig().secretsKey!, row!.tokenSealed, a.user._id)).toBe(TOKEN);
    expect(() => openSecret(testConfig().secretsKey!, row!.tokenSealed, 'another-user')).toThrow();

    const before = commits();
    const start = await run(a.token);
    expect(start.started).toBe(true);
    // Asked again while it waits: the same run.
    expect(await run(a.token)).toEqual({ jobId: start.jobId, started: false });
    expect((await state(a.token)).run).toMatchObject({ id: start.jobId, state: 'queued', trigger: 'manual' });
    await jobs.drain();

    const after = await call<GithubExportState>('GET', `${E}/github`, a.token);
    expect(after.text).not.toContain(TOKEN);
    const finished = after.body!.data.run!;
    expect(finished).toMatchObject({ id: start.jobId, state: 'done', files: 5, done: 5, total: 5, error: null });
    expect(finished.commitUrl).toBe(`https://github.com/ada/solutions/commit/${finished.commitSha}`);
    expect(commits() - before).toBe(1);

    const files = gh.files('ada', 'solutions');
    expect(Object.keys(files).sort()).toEqual(['LICENSE', 'README.md', 'leetcode/add-two-numbers/README.md', 'leetcode/add-two-numbers/solution.py', 'leetcode/two-sum/README.md', 'leetcode/two-sum/solution.java']);
    expect(files['leetcode/two-sum/solution.java']).toBe('class Solution { int[] twoSum() { return null; } }\n');
    const readme = files['leetcode/two-sum/README.md']!;
    expect(readme).toContain('# Two Sum');
    expect(readme).toContain('- Problem: <https://leetcode.com/problems/two-sum/>');
    expect(readme).toMatch(/- Difficulty: Easy/);
    expect(readme).toMatch(/- Topics: .*Array/);
    expect(readme).toContain('| [solution.java](solution.java) | Java | 2024-03-01 | 2 | 15 min |');
    expect(readme).toContain('### Hash map idea');
    expect(readme).toContain('<p>Keep seen values in a map.</p>');
    expect(files['README.md']).toContain('2 problems, 2 solutions');
    expect(files['README.md']).toContain('| [Two Sum](leetcode/two-sum/) | Easy | Java | 1 |');
    expect(gh.history('ada', 'solutions')).toHaveLength(2);

    // Nothing new: no blob, no tree, no commit.
    const blobsBefore = blobs();
    await run(a.token);
    await jobs.drain();
    expect((await state(a.token)).run).toMatchObject({ state: 'done', files: 0, commitSha: null });
    expect(commits() - before).toBe(1);
    expect(blobs()).toBe(blobsBefore);
    expect(gh.history('ada', 'solutions')).toHaveLength(2);

    // A new version: its file and the READMEs that mention it, one more commit.
    await save(a.token, { code: 'class Solution { /* faster */ }' });
    await run(a.token);
    await jobs.drain();
    expect((await state(a.token)).run).toMatchObject({ state: 'done', files: 3 });
    expect(blobs() - blobsBefore).toBe(3);
    expect(gh.files('ada', 'solutions')['leetcode/two-sum/solution-v2.java']).toBe('class Solution { /* faster */ }\n');
    expect(gh.history('ada', 'solutions')).toHaveLength(3);

    // Reconnected without a token: the saved one stays, settings change.
    const kept = await connect(a.token, { owner: 'ada', repo: 'solutions', token: undefined, auto: true });
    expect(kept.status).toBe(200);
    expect(kept.body?.data.connection?.auto).toBe(true);
    expect(kept.text).not.toContain(TOKEN);
  });

  it('waits out a short rate limit in place, without a blob or commit twice', async () => {
    const a = await t.signup('Limited');
    await save(a.token, { code: 'a' });
    await save(a.token, { questionId: q.addTwo, code: 'b', language: 'C++' });
    await connect(a.token, { owner: 'ada', repo: 'limited' });
    gh.failNext('POST', /\/limited\/git\/blobs$/, { status: 429, headers: { 'retry-after': '1' }, skip: 1 });
    const [c0, b0] = [commits(), blobs()];
    await run(a.token);
    await jobs.drain();
    expect((await state(a.token)).run).toMatchObject({ state: 'done', files: 5 });
    expect(commits() - c0).toBe(1);
    expect(blobs() - b0).toBe(5);
    expect(gh.requests.filter((r) => r.status === 429)).toHaveLength(1);
  });

  it('parks the run on a long rate limit and carries it on later from where it stopped', async () => {
    const a = await t.signup('Parked');
    await save(a.token, { code: 'x1' });
    await save(a.token, { questionId: q.median, code: 'x2', language: 'Rust' });
    await connect(a.token, { owner: 'ada', repo: 'parked' });
    const reset = Math.floor(now / 1000) + 3600;
    gh.failNext('POST', /\/parked\/git\/commits$/, { status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) } });
    const [c0, b0] = [commits(), blobs()];
    const { jobId } = await run(a.token);
    await jobs.drain();
    const parked = (await state(a.token)).run!;
    expect(parked).toMatchObject({ id: jobId, state: 'waiting', waitUntil: new Date(reset * 1000).toISOString() });
    expect(jobs.sent.at(-1)).toMatchObject({ name: 'export-github', startAfterSeconds: 3600 });
    expect(blobs() - b0).toBe(5);
    expect(commits() - c0).toBe(0);
    // Asked to run meanwhile: the parked run is the run.
    expect(await run(a.token)).toEqual({ jobId, started: false });

    now += 3601_000;
    await jobs.send('export-due', {});
    await jobs.drain();
    expect((await state(a.token)).run).toMatchObject({ id: jobId, state: 'done', files: 5 });
    expect(blobs() - b0).toBe(5);
    expect(commits() - c0).toBe(1);
    expect(gh.history('ada', 'parked')).toHaveLength(2);
  });

  it('after a failure between the commit and the branch move, moves the branch to that commit', async () => {
    const a = await t.signup('Crashy');
    await save(a.token, { code: 'y' });
    await connect(a.token, { owner: 'ada', repo: 'crashy' });
    gh.failNext('PATCH', /\/crashy\/git\/refs\/heads\/main$/, { status: 502, message: 'Server Error' });
    const c0 = commits();
    await run(a.token);
    await jobs.drain();
    expect((await state(a.token)).run).toMatchObject({ state: 'done', files: 3 });
    expect(commits() - c0).toBe(1);
    expect(gh.history('ada', 'crashy')).toHaveLength(2);
  });

  it('writes the first commit of an empty repository the documented way, and can start a new branch', async () => {
    const a = await t.signup('Empty');
    await save(a.token, { code: 'z' });
    await connect(a.token, { owner: 'ada', repo: 'solutions-empty' });
    await run(a.token);
    await jobs.drain();
    expect((await state(a.token)).run).toMatchObject({ state: 'done' });
    expect(gh.history('ada', 'solutions-empty')).toEqual([expect.stringMatching(/^Export 1 solution of 1 problem/), 'Start the solutions export']);
    expect(Object.keys(gh.files('ada', 'solutions-empty')).sort()).toEqual(['README.md', 'leetcode/two-sum/README.md', 'leetcode/two-sum/solution.java']);

    const b = await t.signup('Brancher');
    await save(b.token, { code: 'w' });
    await connect(b.token, { owner: 'ada', repo: 'branched', branch: 'exports/solutions' });
    await run(b.token);
    await jobs.drain();
    expect((await state(b.token)).run).toMatchObject({ state: 'done' });
    expect(gh.history('ada', 'branched', 'exports/solutions')).toHaveLength(2);
    expect(gh.history('ada', 'branched', 'main')).toEqual(['Initial commit']);
  });

  it('a run whose process stalled is taken over after its lease, and the stalled process writes nothing more', async () => {
    const a = await t.signup('Stalled');
    await save(a.token, { code: 's1' });
    await connect(a.token, { owner: 'ada', repo: 'stalled' });
    await run(a.token);
    jobs.waiting().length = 0;
    const held = gh.hold('POST', /\/stalled\/git\/trees$/);
    const [c0, b0] = [commits(), blobs()];
    const deps = { db: t.db, clock, config: testConfig({ githubApiOrigin: 'http://fake-github' }), jobs: manualQueue(), githubFetch: gh.fetch };
    const first = runExport(deps, a.user._id);
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
      expect(check()).toBe(true);
    };
    // The first process has made its blobs and hangs on the tree.
    await until(() => held.waiting() === 1);
    expect(blobs() - b0).toBe(3);
    now += 6 * 60_000;
    // Past the lease, a second process takes the run over, makes no blob again, and reaches the tree too.
    const second = runExport(deps, a.user._id);
    await until(() => held.waiting() === 2);
    expect(blobs() - b0).toBe(3);
    held.release();
    await Promise.all([first, second]);
    expect((await state(a.token)).run).toMatchObject({ state: 'done', files: 3 });
    expect(blobs() - b0).toBe(3);
    expect(commits() - c0).toBe(1);
    expect(gh.history('ada', 'stalled')).toHaveLength(2);
  });

  it('two processes handed the same run make one export', async () => {
    const second = await openSecondProcessDatabase({ db: t.db, changes: t.changes, kind: t.kind } as never);
    const db2 = second?.db ?? t.db;
    try {
      const a = await t.signup('Twice');
      await save(a.token, { code: 't1' });
      await save(a.token, { questionId: q.addTwo, code: 't2' });
      await connect(a.token, { owner: 'ada', repo: 'twice' });
      await run(a.token);
      const config = testConfig({ githubApiOrigin: 'http://fake-github' });
      const one = { db: t.db, clock, config, jobs: manualQueue(), githubFetch: gh.fetch };
      const two = { db: db2, clock, config, jobs: manualQueue(), githubFetch: gh.fetch };
      const [c0, b0] = [commits(), blobs()];
      await Promise.all([runExport(one, a.user._id), runExport(two, a.user._id), runExport(one, a.user._id), runExport(two, a.user._id)]);
      await jobs.drain();
      expect((await state(a.token)).run).toMatchObject({ state: 'done', files: 5 });
      expect(commits() - c0).toBe(1);
      expect(blobs() - b0).toBe(5);
      // Started from both processes at once: one run.
      const [x, y] = await Promise.all([run(a.token), run(a.token)]);
      expect(x.jobId).toBe(y.jobId);
      expect([x.started, y.started].sort()).toEqual([false, true]);
      await jobs.drain();
    } finally {
      await second?.close();
    }
  });

  it('exports new solutions by itself when automatic, and leaves a connection without news alone', async () => {
    const a = await t.signup('Auto');
    await connect(a.token, { owner: 'ada', repo: 'auto', auto: true });
    await jobs.send('export-due', {});
    await jobs.drain();
    expect((await state(a.token)).run).toBeNull();
    await save(a.token, { code: 'auto-1' });
    await jobs.send('export-due', {});
    await jobs.drain();
    expect((await state(a.token)).run).toMatchObject({ state: 'done', trigger: 'auto', files: 3 });
    const c0 = commits();
    await jobs.send('export-due', {});
    await jobs.drain();
    expect(commits()).toBe(c0);
    await save(a.token, { questionId: q.addTwo, code: 'auto-2' });
    await jobs.send('export-due', {});
    await jobs.drain();
    expect(commits() - c0).toBe(1);
    expect(Object.keys(gh.files('ada', 'auto'))).toContain('leetcode/add-two-numbers/solution.java');
  });

  it('disconnects: the token is deleted and the state is empty', async () => {
    const a = await t.signup('Leaver');
    await connect(a.token, { owner: 'ada', repo: 'leaver' });
    const res = await call('DELETE', `${E}/github`, a.token);
    expect(res.status).toBe(200);
    expect(res.body?.status.message).toBe(EXPORT_MESSAGES.disconnected);
    expect(await t.db.select().from(githubExports).where(eq(githubExports.userId, a.user._id))).toEqual([]);
    expect(await state(a.token)).toEqual({ connection: null, run: null });
    expect((await call('DELETE', `${E}/github`, a.token)).status).toBe(404);
    expect((await call('POST', `${E}/github/run`, a.token)).status).toBe(404);
  });

  it('zips the same tree, with notes only when asked, and only the caller’s own code', async () => {
    const a = await t.signup('Zipper');
    await save(a.token, { code: 'zip-me' });
    await save(a.token, { code: 'zip-me-2', language: 'Go' });
    await t.call('POST', '/question-tracker/v1/user/notes/create-note', { token: a.token, body: { title: 'Private thought', note: '<p>secret</p>', questionId: q.twoSum } });
    const res = await app.fetch(new Request(`http://localhost${E}/solutions.zip`, { headers: { authorization: `Bearer ${a.token}` } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="solutions.zip"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['solutions/README.md', 'solutions/leetcode/two-sum/README.md', 'solutions/leetcode/two-sum/solution-v2.go', 'solutions/leetcode/two-sum/solution.java']);
    expect(strFromU8(files['solutions/leetcode/two-sum/solution.java']!)).toBe('zip-me\n');
    expect(strFromU8(files['solutions/leetcode/two-sum/README.md']!)).not.toContain('secret');
    const withNotes = unzipSync(new Uint8Array(await (await app.fetch(new Request(`http://localhost${E}/solutions.zip?notes=true`, { headers: { authorization: `Bearer ${a.token}` } }))).arrayBuffer()));
    expect(strFromU8(withNotes['solutions/leetcode/two-sum/README.md']!)).toContain('<p>secret</p>');

    const b = await t.signup('Nosy');
    const theirs = unzipSync(new Uint8Array(await (await app.fetch(new Request(`http://localhost${E}/solutions.zip`, { headers: { authorization: `Bearer ${b.token}` } }))).arrayBuffer()));
    expect(Object.keys(theirs)).toEqual(['solutions/README.md']);
    expect(strFromU8(theirs['solutions/README.md']!)).toContain('0 problems');
  });

  it('leaves notes off the Anki cards with ?notes=false, and keeps them by default', async () => {
    const a = await t.signup('AnkiNotes');
    await save(a.token, { code: 'seen = {}' });
    await t.call('POST', '/question-tracker/v1/user/notes/create-note', { token: a.token, body: { title: 'Hash map idea', note: '<p>keep seen values</p>', questionId: q.twoSum } });
    const SQL = await initSqlJs();
    /** The Notes field of each card in a downloaded deck, by problem name. */
    const notesOf = async (query: string): Promise<Record<string, string>> => {
      const res = await app.fetch(new Request(`http://localhost${E}/anki.apkg${query}`, { headers: { authorization: `Bearer ${a.token}` } }));
      expect(res.status).toBe(200);
      const db = new SQL.Database(unzipSync(new Uint8Array(await res.arrayBuffer()))['collection.anki2']);
      try {
        return Object.fromEntries(db.exec('select flds from notes')[0]!.values.map(([f]) => String(f).split('\x1f')).map((fields) => [fields[0] ?? '', fields[4] ?? '']));
      } finally {
        db.close();
      }
    };
    const byDefault = await notesOf('');
    expect(byDefault['Two Sum']).toContain('Hash map idea');
    expect(byDefault['Two Sum']).toContain('keep seen values');
    expect(await notesOf('?notes=true')).toEqual(byDefault);
    // The card is still there, with its solution; only the notes are left out.
    expect(await notesOf('?notes=false')).toEqual({ 'Two Sum': '' });
    expect((await call('GET', `${E}/anki.apkg?notes=no`, a.token)).status).toBe(400);
  });

  it('makes an Anki package: a SQLite collection with one note and card per solved question', async () => {
    const a = await t.signup('Anki');
    await save(a.token, { code: 'first', language: 'Java' });
    await save(a.token, { code: 'latest <code>', language: 'Python 3' });
    await save(a.token, { questionId: q.addTwo, code: 'other' });
    // Solved without kept code: still a note.
    const added = await t.call<{ question: { _id: string } }>('POST', '/question-tracker/v1/user/question/solve-question', { token: a.token, body: { questionId: q.median } });
    expect(added.status).toBeLessThan(300);
    const ticked = await t.call('PATCH', `/question-tracker/v1/user/question/update-question/${added.body.data.question._id}`, { token: a.token, body: { checked: true } });
    expect(ticked.status).toBe(200);
    await t.call('POST', '/question-tracker/v1/user/notes/create-note', { token: a.token, body: { title: 'Binary search', note: '<p>partition both arrays</p>', questionId: q.median } });

    const res = await app.fetch(new Request(`http://localhost${E}/anki.apkg`, { headers: { authorization: `Bearer ${a.token}` } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="practice-tracker-solved.apkg"');
    const pkg = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(pkg).sort()).toEqual(['collection.anki2', 'media']);
    expect(strFromU8(pkg.media!)).toBe('{}');
    const SQL = await initSqlJs();
    const db = new SQL.Database(pkg['collection.anki2']);
    try {
      const tables = db.exec("select name from sqlite_master where type = 'table' order by name")[0]!.values.flat();
      expect(tables).toEqual(['cards', 'col', 'graves', 'notes', 'revlog']);
      const [col] = db.exec('select ver, models, decks from col')[0]!.values;
      expect(col![0]).toBe(11);
      const models = JSON.parse(String(col![1])) as Record<string, { flds: { name: string }[]; tmpls: unknown[] }>;
      expect(Object.values(models)[0]!.flds.map((f) => f.name)).toEqual(['Problem', 'Link', 'Topics', 'Solution', 'Notes']);
      const decks = JSON.parse(String(col![2])) as Record<string, { name: string }>;
      expect(Object.values(decks).map((d) => d.name)).toContain('Practice Tracker::Solved problems');
      const notes = db.exec('select flds, guid, tags from notes order by id')[0]!.values.map(([f, g, tags]) => ({ fields: String(f).split('\x1f'), guid: String(g), tags: String(tags) }));
      expect(notes).toHaveLength(3);
      expect(new Set(notes.map((n) => n.guid)).size).toBe(3);
      const byName: Record<string, (typeof notes)[number]> = Object.fromEntries(notes.map((n) => [n.fields[0] ?? '', n]));
      expect(Object.keys(byName).sort()).toEqual(['Add Two Numbers', 'Median of Two Sorted Arrays', 'Two Sum']);
      const twoSum = byName['Two Sum']!;
      expect(twoSum.fields[1]).toContain('https://leetcode.com/problems/two-sum/');
      expect(twoSum.fields[2]).toContain('Array');
      expect(twoSum.fields[3]).toContain('latest &lt;code&gt;');
      expect(twoSum.fields[3]).not.toContain('first');
      expect(twoSum.tags).toContain(' leetcode ');
      expect(byName['Median of Two Sorted Arrays']!.fields[3]).toContain('No solution kept');
      expect(byName['Median of Two Sorted Arrays']!.fields[4]).toContain('partition both arrays');
      expect(db.exec('select count(*) from cards')[0]!.values[0]![0]).toBe(3);
      expect(db.exec('select count(*) from cards c join notes n on n.id = c.nid')[0]!.values[0]![0]).toBe(3);
    } finally {
      db.close();
    }
  });
});
