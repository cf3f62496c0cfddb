import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LISTED_FAILURES, MAX_LISTED_VALUE, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../shared/rules/upload';
import { EXPORT_COLUMNS, progressImportResultSchema, type ProgressImportResult, type SolveQuestionBody } from '../../shared/schemas/workspace';
import { queryRows } from '../db/client';
import { questions, userQuestions } from '../db/schema';
import { seedDatabase } from '../db/seed/index';
import { beginBulkImport } from '../services/question-bulk';
import { createTestApp, dbKind } from '../testing';

const UP = '/question-tracker/v1/user/uploader/progress';

/** A clock that can be told to fail after a number of further reads, to break an import half-way. */
const clock = {
  failAfter: Infinity,
  reads: 0,
  now() {
    this.reads++;
    if (this.failAfter-- <= 0) throw new Error('clock failure injected by the test');
    return new Date();
  },
};

describe('progress import and export', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    await seedDatabase(t.db);
  });
  afterAll(() => t.close());

  const form = (content: string | Uint8Array<ArrayBuffer>, name = 'progress.csv', type = 'text/csv') => {
    const fd = new FormData();
    fd.append('file', new File([content], name, { type }));
    return fd;
  };
  // Uploads are raw multipart forms, some malformed on purpose (no file, a text field named file).
  const upload = (token: string | undefined, body: FormData) => t.call<ProgressImportResult>('POST', UP, { token, body });
  const W = () => t.api['question-tracker'].v1.user.question;
  const solve = (token: string, json: SolveQuestionBody) => t.reply(W()['solve-question'].$post({ json }, t.as(token)));
  const listQuestions = (token: string, pageSize: string) => t.reply(W()['get-questions'].$get({ query: { pageSize } }, t.as(token)));
  const snapshot = async (userId: string) =>
    (await t.db.select().from(userQuestions).where(eq(userQuestions.userId, userId))).map((r) => ({ ...r })).sort((x, y) => x.id.localeCompare(y.id));
  const lookupId = async (url: string) => (await t.reply(t.api['question-tracker'].v1.question['search-question2'].$get({ query: { problemUrl: url } }))).body.data.question._id;

  it('refuses a missing file, other formats, and files of 1 MB or more, with the spec messages', async () => {
    const u = await t.signup('Rules');
    const cases: [FormData, number, string][] = [
      [new FormData(), 400, UPLOAD_MESSAGES.required],
      [(() => { const f = new FormData(); f.append('file', 'problemUrl\nx'); return f; })(), 400, UPLOAD_MESSAGES.required],
      [form('problemUrl\n', 'progress.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'), 400, UPLOAD_MESSAGES.invalidFormat],
      [form('problemUrl\n', 'progress.txt', 'text/plain'), 400, UPLOAD_MESSAGES.invalidFormat],
      [form('problemUrl\n', 'progress', 'text/csv'), 400, UPLOAD_MESSAGES.invalidFormat],
      [form(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x41]), 'renamed.csv'), 415, UPLOAD_MESSAGES.invalidFormat],
      // Windows-1252 text: the é of a URL is one byte, not UTF-8.
      [form(new Uint8Array(Buffer.concat([Buffer.from('problemUrl,solved\nhttps://leetcode.com/problems/caf'), Buffer.from([0xe9]), Buffer.from('/,true\n')]))), 415, UPLOAD_MESSAGES.badEncoding],
      [form(`problemUrl,solved\n${'x'.repeat(MAX_UPLOAD_BYTES)}`), 400, UPLOAD_MESSAGES.tooLarge],
      [form('x'.repeat(MAX_UPLOAD_BYTES * 2)), 413, UPLOAD_MESSAGES.tooLarge],
      [form('url,solved\nhttps://leetcode.com/problems/two-sum/,true\n'), 400, UPLOAD_MESSAGES.missingColumns(['problemUrl'])],
      [form('problemUrl,solved\n'), 400, UPLOAD_MESSAGES.empty],
    ];
    for (const [body, code, message] of cases) {
      const res = await upload(u.token, body);
      expect(res.status, message).toBe(code);
      expect(res.body.status.message).toBe(message);
    }
    expect(await snapshot(u.user._id)).toEqual([]);
    // One byte under the limit is accepted.
    const header = 'problemUrl,solved\nhttps://leetcode.com/problems/two-sum/,true\n';
    const ok = await upload(u.token, form(header + ' '.repeat(MAX_UPLOAD_BYTES - 1 - header.length)));
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ new: 1, total: 1 });
  });

  it('counts new, already solved, invalid URLs and errors, and applies exactly the new ones', async () => {
    const u = await t.signup('Counts');
    // Before the import: Two Sum solved, Add Two Numbers in the workspace but not solved, Climbing Stairs not solved.
    const [twoSum, addTwo, stairs] = await Promise.all([
      lookupId('https://leetcode.com/problems/two-sum/'),
      lookupId('https://leetcode.com/problems/add-two-numbers/'),
      lookupId('https://leetcode.com/problems/climbing-stairs/'),
    ]);
    await solve(u.token, { questionId: twoSum, checked: true });
    await solve(u.token, { questionId: addTwo, checked: false });
    await solve(u.token, { questionId: stairs, checked: false });

    const csv = [
      '\uFEFFProblemURL,Solved,extra',
      'https://leetcode.com/problems/two-sum/,false,a', // already solved (never unticked)
      'https://leetcode.com/problems/add-two-numbers/description/,TRUE,b', // in workspace, now solved: new
      'https://leetcode.com/problems/climbing-stairs/,,c', // in workspace, still not solved: already there
      'https://codeforces.com/contest/4/problem/A,yes', // new, solved
      'https://codeforces.com/problemset/problem/4/A,no', // duplicate of the row above: already there
      'https://leetcode.com/problems/a-problem-nobody-knows/,1', // new custom question, solved
      'https://www.hackerrank.com/challenges/solve-me-first/problem,0', // new, not solved
      'https://example.com/problems/two-sum,true', // invalid URL (unsupported platform)
      'not a url,true', // invalid URL
      ',true', // invalid URL (empty)
      'https://leetcode.com/problems/valid-parentheses/,maybe', // error: unreadable solved value
      '', // blank lines are skipped
    ].join('\r\n');
    const res = await upload(u.token, form(csv));
    expect(res.status).toBe(200);
    expect(res.body.status.message).toBe(UPLOAD_MESSAGES.progressSynced);
    expect(res.body.data).toMatchObject({ new: 4, alreadySolved: 3, invalidUrl: 3, error: 1, total: 11 });
    // New records first, then ticks, each in file order.
    expect(res.body.data.questions.map((q) => [q.problemUrl, q.checked])).toEqual([
      ['https://codeforces.com/problemset/problem/4/A', true],
      ['https://leetcode.com/problems/a-problem-nobody-knows/', true],
      ['https://www.hackerrank.com/challenges/solve-me-first/problem', false],
      ['https://leetcode.com/problems/add-two-numbers/', true],
    ]);
    expect(res.body.data.questions.find((q) => q.problemUrl.includes('nobody'))).toMatchObject({ name: 'A Problem Nobody Knows' });

    const list = (await listQuestions(u.token, '100')).body.data;
    const state = Object.fromEntries(list.questions.map((q) => [q.question.problemUrl, q.checked]));
    expect(state).toEqual({
      'https://leetcode.com/problems/two-sum/': true,
      'https://leetcode.com/problems/add-two-numbers/': true,
      'https://leetcode.com/problems/climbing-stairs/': false,
      'https://codeforces.com/problemset/problem/4/A': true,
      'https://leetcode.com/problems/a-problem-nobody-knows/': true,
      'https://www.hackerrank.com/challenges/solve-me-first/problem': false,
    });
    const [custom] = await t.db.select().from(questions).where(eq(questions.key, 'a-problem-nobody-knows'));
    expect(custom).toMatchObject({ verified: false, name: 'A Problem Nobody Knows', createdBy: u.user._id });

    // Importing the same file again changes nothing at all.
    const before = await snapshot(u.user._id);
    const again = await upload(u.token, form(csv));
    expect(again.body.data).toMatchObject({ new: 0, alreadySolved: 7, invalidUrl: 3, error: 1, total: 11, questions: [] });
    expect(await snapshot(u.user._id)).toEqual(before);
  });

  it('lists apart the problems the catalogue does not know, and takes them back out on request', async () => {
    const u = await t.signup('Typo');
    const other = await t.signup('SameTypo');
    const csv = ['problemUrl,solved', 'https://leetcode.com/problems/two-sum/,true', 'https://leetcode.com/problems/tow-sum-typo/,true', 'https://leetcode.com/problems/two-sum/,true', 'https://leetcode.com/problems/only-mine-typo/,false'].join('\n');
    const res = await upload(u.token, form(csv));
    expect(res.status).toBe(200);
    const result = progressImportResultSchema.parse(res.body.data);
    expect(result.custom.map((c) => [c.row, c.problemUrl, c.name])).toEqual([
      [3, 'https://leetcode.com/problems/tow-sum-typo/', 'Tow Sum Typo'],
      [5, 'https://leetcode.com/problems/only-mine-typo/', 'Only Mine Typo'],
    ]);
    // Someone else made the same typo: the question is shared from then on.
    await upload(other.token, form('problemUrl,solved\nhttps://leetcode.com/problems/tow-sum-typo/,true'));

    const twoSum = await lookupId('https://leetcode.com/problems/two-sum/');
    const remove = (token: string, questionIds: string[]) => t.reply(W()['remove-imported'].$post({ json: { questionIds } }, t.as(token)));
    // A verified question is never taken out this way.
    expect((await remove(u.token, [...result.custom.map((c) => c._id), twoSum])).body.data).toEqual({ removed: 2 });
    const urls = async (token: string) => (await listQuestions(token, '100')).body.data.questions.map((q) => q.question.problemUrl);
    expect(await urls(u.token)).toEqual(['https://leetcode.com/problems/two-sum/']);
    // The question only u had is gone; the shared one stays for the other user, then goes with their record.
    const left = async () => (await t.db.select({ key: questions.key }).from(questions).where(sql`${questions.key} like '%-typo'`)).map((q) => q.key);
    expect(await left()).toEqual(['tow-sum-typo']);
    expect(await urls(other.token)).toEqual(['https://leetcode.com/problems/tow-sum-typo/']);
    expect((await remove(other.token, [result.custom[0]!._id])).body.data).toEqual({ removed: 1 });
    // Made by u, but nobody has anything of it any more.
    expect(await left()).toEqual(['tow-sum-typo']);
    expect((await remove(u.token, [result.custom[0]!._id])).body.data).toEqual({ removed: 0 });
    expect(await left()).toEqual([]);
    expect((await t.call('POST', '/question-tracker/v1/user/question/remove-imported', { body: { questionIds: ['nope'] }, token: u.token })).status).toBe(400);
  });

  it('lists the rows it skipped: the spreadsheet row number, the cell at fault and why', async () => {
    const u = await t.signup('Failures');
    const csv = [
      'problemUrl,solved',
      'https://leetcode.com/problems/two-sum/,true', // row 2: fine
      '', // row 3: blank, skipped and not counted
      'https://example.com/problems/two-sum,true', // row 4: unsupported platform
      ',true', // row 5: empty URL
      'https://leetcode.com/problems/valid-parentheses/,maybe', // row 6: unreadable solved value
      "'=cmd|' /C calc'!A0,yes", // row 7: a formula-like cell, reported as the file had it
      'https://leetcode.com/problems/climbing-stairs/,"no', // row 8: an unclosed quote
    ].join('\n');
    const res = await upload(u.token, form(csv));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ new: 1, invalidUrl: 3, error: 2, total: 6 });
    expect(res.body.data.failed).toEqual([
      { row: 4, column: 'problemUrl', value: 'https://example.com/problems/two-sum', status: 'invalidUrl', reason: UPLOAD_MESSAGES.rowUrlUnsupported },
      { row: 5, column: 'problemUrl', value: '', status: 'invalidUrl', reason: UPLOAD_MESSAGES.rowUrlEmpty },
      { row: 6, column: 'solved', value: 'maybe', status: 'error', reason: UPLOAD_MESSAGES.rowSolvedUnreadable },
      { row: 7, column: 'problemUrl', value: "=cmd|' /C calc'!A0", status: 'invalidUrl', reason: UPLOAD_MESSAGES.rowUrlUnsupported },
      { row: 8, column: 'problemUrl', value: 'https://leetcode.com/problems/climbing-stairs/', status: 'error', reason: UPLOAD_MESSAGES.rowBrokenQuotes },
    ]);
    // The answer keeps to its wire shape.
    expect(progressImportResultSchema.safeParse(res.body.data).success).toBe(true);
    // A clean file lists nothing.
    const clean = await upload(u.token, form('problemUrl,solved\nhttps://leetcode.com/problems/two-sum/,true\n'));
    expect(clean.body.data.failed).toEqual([]);
  });

  it('lists at most MAX_LISTED_FAILURES skipped rows, with long values cut; the counts cover them all', async () => {
    const u = await t.signup('ManyFailures');
    const long = `https://example.com/${'x'.repeat(MAX_LISTED_VALUE * 2)}`;
    const rows = Array.from({ length: MAX_LISTED_FAILURES + 20 }, () => `${long},true`);
    const res = await upload(u.token, form(['problemUrl,solved', ...rows].join('\n')));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ invalidUrl: MAX_LISTED_FAILURES + 20, total: MAX_LISTED_FAILURES + 20 });
    expect(res.body.data.failed).toHaveLength(MAX_LISTED_FAILURES);
    expect(res.body.data.failed[0]).toMatchObject({ row: 2, value: long.slice(0, MAX_LISTED_VALUE) });
    expect(res.body.data.failed.at(-1)!.row).toBe(MAX_LISTED_FAILURES + 1);
  });

  it('defaults solved to false when the column is absent', async () => {
    const u = await t.signup('NoSolved');
    const res = await upload(u.token, form('problemUrl\nhttps://leetcode.com/problems/two-sum/\n'));
    expect(res.body.data).toMatchObject({ new: 1, total: 1 });
    expect((await snapshot(u.user._id))[0]?.checked).toBe(false);
  });

  it('is all or nothing: a failure half-way leaves the workspace as it was', async () => {
    const u = await t.signup('Rollback');
    const urls = ['two-sum', 'add-two-numbers', 'climbing-stairs', 'valid-parentheses', 'merge-two-sorted-lists'].map((s) => `https://leetcode.com/problems/${s}/`);
    for (const url of urls) await solve(u.token, { questionId: await lookupId(url), checked: false });
    const before = await snapshot(u.user._id);
    const csv = ['problemUrl,solved', ...urls.map((u) => `${u},true`), 'https://leetcode.com/problems/brand-new-for-rollback/,true'].join('\n');
    // Reads: the session check, the new records' timestamp, then the ticks' timestamp once the custom
    // question is written: fail there.
    clock.reads = 0;
    clock.failAfter = 2;
    const res = await upload(u.token, form(csv));
    clock.failAfter = Infinity;
    expect(clock.reads).toBeGreaterThanOrEqual(3);
    expect(res.status).toBe(500);
    expect(await snapshot(u.user._id)).toEqual(before);
    expect(await t.db.select().from(questions).where(eq(questions.key, 'brand-new-for-rollback'))).toEqual([]);
    // The same file goes through once nothing fails.
    const ok = await upload(u.token, form(csv));
    expect(ok.body.data).toMatchObject({ new: 6, alreadySolved: 0 });
  });

  it('skips only foreign-key checks in a bulk import: every trigger of ours still fires, and the references are checked', async () => {
    // Triggers the database makes for foreign keys are internal; ours must all be ENABLE ALWAYS ('A'), or an
    // import on the embedded database (session_replication_role = replica) would skip them.
    const triggers = await queryRows<{ name: string; enabled: string }>(t.db, sql`select tgname as name, tgenabled as enabled from pg_trigger where not tgisinternal`);
    expect(triggers.length).toBeGreaterThanOrEqual(12);
    expect(triggers.filter((tr) => tr.enabled !== 'A')).toEqual([]);

    // An import announces its records (the workspace and its kept answers follow), and leaves the
    // connection's role as it was.
    const u = await t.signup('Bulk');
    const csv = ['problemUrl,solved', 'https://leetcode.com/problems/two-sum/,yes', 'https://leetcode.com/problems/bulk-check-new-one/,no'].join('\n');
    const empty = await listQuestions(u.token, '10');
    expect(empty.body.data.questions).toEqual([]);
    expect((await upload(u.token, form(csv))).body.data).toMatchObject({ new: 2 });
    const after = await listQuestions(u.token, '10');
    expect(after.body.data.questions.map((q) => q.checked).sort()).toEqual([false, true]);
    const [role] = await queryRows<{ role: string }>(t.db, sql`select current_setting('session_replication_role') as role`);
    expect(role?.role).toBe('origin');

    // The references the skipped checks would have covered: a user that is gone is refused.
    if (dbKind() === 'pglite') {
      const gone = '00000000-0000-4000-8000-000000000000';
      await expect(t.db.transaction((tx) => beginBulkImport(t.db, tx, gone))).rejects.toMatchObject({ code: 401 });
    }
  });

  it('needs a session', async () => {
    expect((await upload(undefined, form('problemUrl\n'))).status).toBe(401);
  });

  it('exports CSV that imports back unchanged, with formula-like cells neutralised', async () => {
    const u = await t.signup('Export');
    const dangerous = ['=HYPERLINK("https://evil.example","click")', '+SUM(1,2)', '-2+3', '@cmd'];
    for (const [i, name] of dangerous.entries()) {
      await solve(u.token, { custom: { name, problemUrl: `https://leetcode.com/problems/formula-case-${i}/` }, checked: i % 2 === 0 });
    }
    await solve(u.token, { questionId: await lookupId('https://leetcode.com/problems/two-sum/'), checked: true, starred: true, customTags: ['dp', 'graphs'] });

    const res = await t.reply(W().export.$get({ query: {} }, t.as(u.token)));
    expect(res.status).toBe(200);
    const { csv, rows, columns, total } = res.body.data;
    expect(columns).toEqual([...EXPORT_COLUMNS]);
    expect(total).toBe(5);
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual([...EXPORT_COLUMNS]);
    for (const row of parsed.data) for (const cell of Object.values(row)) expect(cell, cell).not.toMatch(/^[=+\-@]/);
    expect(parsed.data.map((r) => r.name).sort()).toEqual([...dangerous.map((d) => `'${d}`), 'Two Sum'].sort());
    expect(rows.find((r) => r.name === 'Two Sum')).toMatchObject({ solved: true, starred: true, customTags: 'dp, graphs', difficulty: 'Easy' });

    // Filters apply to the export too.
    const solvedOnly = await t.reply(W().export.$get({ query: { status: 'marked' } }, t.as(u.token)));
    expect(solvedOnly.body.data.rows.every((r) => r.solved)).toBe(true);
    expect(solvedOnly.body.data.total).toBe(3);

    // Round trip: into an empty workspace it recreates the same progress; into the same one it changes nothing.
    const other = await t.signup('Importer');
    const into = await upload(other.token, form(csv, 'export.csv'));
    expect(into.body.data).toMatchObject({ new: 5, alreadySolved: 0, invalidUrl: 0, error: 0, total: 5 });
    const progress = async (token: string) =>
      (await listQuestions(token, '100')).body.data.questions.map((q) => `${q.question.problemUrl} ${q.checked}`).sort();
    expect(await progress(other.token)).toEqual(await progress(u.token));
    const before = await snapshot(u.user._id);
    const back = await upload(u.token, form(csv, 'export.csv'));
    expect(back.body.data).toMatchObject({ new: 0, alreadySolved: 5, total: 5 });
    expect(await snapshot(u.user._id)).toEqual(before);
  });
});
