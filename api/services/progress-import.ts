import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { parseProblemUrl } from '../../shared/platforms/index';
import type { ParsedProblem } from '../../shared/platforms/types';
import { MAX_LISTED_FAILURES, MAX_LISTED_VALUE, parseSolvedCell, PROGRESS_LAYOUT, UPLOAD_MESSAGES } from '../../shared/rules/upload';
import { restoreCell } from '../../shared/rules/spreadsheet-safety';
import type { ProgressImportFailure, ProgressImportResult, UploadedFile } from '../../shared/schemas/workspace';
import { queryRows, type Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { AppError, badRequest } from '../lib/errors';
import { csvText } from '../lib/upload-form';
import { scheduleSolved } from './review-cards';
import { beginBulkImport, jsonColumns, newIds, problemKey, refreshStatistics, resolveQuestions } from './question-bulk';

export interface ImportDeps {
  db: Db;
  clock: Clock;
}

/** One distinct problem of the file, solved when any of its rows says so. */
interface Wanted {
  parsed: ParsedProblem;
  solved: boolean;
  /** The first row that named it, numbered as in a spreadsheet. */
  row: number;
}

interface ClassifiedRows {
  wanted: Map<string, Wanted>;
  duplicates: number;
  invalidUrl: number;
  error: number;
  total: number;
  /** The skipped rows, in file order, up to MAX_LISTED_FAILURES. */
  failed: ProgressImportFailure[];
}

const invalidFormat = () => new AppError(415, 'UnsupportedMediaType', UPLOAD_MESSAGES.invalidFormat);

/**
 * Parses the CSV and checks every row again (the browser's checks are a convenience): a problem URL
 * on a supported platform, and a solved value that reads as yes or no (empty means no). Each skipped
 * row is reported with its spreadsheet row number, the cell at fault and why.
 */
function classifyCsv(text: string): ClassifiedRows {
  // Binary content renamed to .csv is not a CSV.
  if (text.includes('\u0000')) throw invalidFormat();
  // Blank lines are kept (and skipped below), so a record's index gives its row number in the file.
  // A row longer than the header carries its extra cells as an array (__parsed_extra); a shorter one lacks fields.
  const parsed = Papa.parse<Record<string, string | string[] | undefined>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: false,
    transformHeader: (h) => h.trim(),
  });
  const fields = parsed.meta.fields ?? [];
  // Column names are matched regardless of case; the canonical name wins.
  const column = (name: string) => fields.find((f) => f === name) ?? fields.find((f) => f.toLowerCase() === name.toLowerCase());
  const missing = PROGRESS_LAYOUT.required.filter((c) => !column(c));
  if (missing.length) throw badRequest(UPLOAD_MESSAGES.missingColumns(missing));
  const urlColumn = column('problemUrl') ?? 'problemUrl';
  const solvedColumn = column('solved');
  // A quote error's row counts the header line among the records (Papa numbers the raw rows it read).
  const broken = new Set(parsed.errors.filter((e) => e.type === 'Quotes' && e.row !== undefined).map((e) => (e.row ?? 0) - 1));
  const blank = (row: Record<string, unknown>) => Object.values(row).every((v) => (Array.isArray(v) ? v : [v]).every((x) => String(x ?? '').trim() === ''));

  const out: ClassifiedRows = { wanted: new Map(), duplicates: 0, invalidUrl: 0, error: 0, total: 0, failed: [] };
  const fail = (failure: ProgressImportFailure) => {
    if (failure.status === 'invalidUrl') out.invalidUrl++;
    else out.error++;
    if (out.failed.length < MAX_LISTED_FAILURES) out.failed.push({ ...failure, value: failure.value.slice(0, MAX_LISTED_VALUE) });
  };
  parsed.data.forEach((row, i) => {
    if (blank(row)) return;
    out.total++;
    const at = i + 2;
    const url = restoreCell(String(row[urlColumn] ?? '').trim());
    if (broken.has(i)) {
      fail({ row: at, column: 'problemUrl', value: url, status: 'error', reason: UPLOAD_MESSAGES.rowBrokenQuotes });
      return;
    }
    const problem = parseProblemUrl(url);
    if (!problem) {
      fail({ row: at, column: 'problemUrl', value: url, status: 'invalidUrl', reason: url ? UPLOAD_MESSAGES.rowUrlUnsupported : UPLOAD_MESSAGES.rowUrlEmpty });
      return;
    }
    const cell = solvedColumn ? String(row[solvedColumn] ?? '') : (PROGRESS_LAYOUT.defaults.solved ?? '');
    const solved = parseSolvedCell(cell);
    if (solved === null) {
      fail({ row: at, column: 'solved', value: restoreCell(cell.trim()), status: 'error', reason: UPLOAD_MESSAGES.rowSolvedUnreadable });
      return;
    }
    const key = `${problem.platform}:${problem.key}`;
    const seen = out.wanted.get(key);
    if (seen) {
      out.duplicates++;
      seen.solved ||= solved;
    } else out.wanted.set(key, { parsed: problem, solved, row: at });
  });
  if (!out.total) throw badRequest(UPLOAD_MESSAGES.empty);
  return out;
}

/**
 * Imports progress from a CSV (problemUrl, solved) in one transaction: all or nothing. A problem not in
 * the workspace is added (ticked when solved); one already there is ticked when the file says solved and
 * it is not yet; anything else changes nothing, so importing the same file twice changes nothing.
 * Progress is never taken away: solved = false does not untick. Set-based (a handful of statements
 * whatever the size), so a 1 MB file takes well under two seconds.
 */
export async function importProgress(deps: ImportDeps, userId: string, file: UploadedFile): Promise<ProgressImportResult> {
  const rows = classifyCsv(await csvText(file));
  const wanted = [...rows.wanted.values()];

  const outcome = await deps.db.transaction(async (tx) => {
    const bulk = await beginBulkImport(deps.db, tx, userId);
    // Problems the catalogue does not know become custom (unverified) questions, as in the Add Question flow.
    const byKey = await resolveQuestions(tx, wanted.map((w) => w.parsed), userId, bulk);
    const pairs = wanted.map((w) => {
      const q = byKey.get(problemKey(w.parsed));
      if (!q) throw new Error(`question missing after insert: ${problemKey(w.parsed)}`);
      return { w, q };
    });

    const now = deps.clock.now().toISOString();
    // Ticks are stamped after the new records, as a tick of its own would be.
    const tickedAt = deps.clock.now().toISOString();
    const ids = newIds(pairs.length);
    const values = JSON.stringify(pairs.map(({ w, q }, i) => ({ id: ids[i], question_id: q.id, solved: w.solved })));
    // One statement: the user's records of these questions as they stand, then the new records (with the
    // fields upsertRecord gives a new record; one written meanwhile is left as it is) and the ticks of
    // existing unticked ones (upsertRecord's { checked: true } for all of them at once).
    const written = await jsonColumns<{ summary: { rows: number; toAdd: number }; added: [string, boolean][]; ticked: [string, boolean][] }>(
      tx,
      sql`with w as materialized (
            select w.id, w.question_id, w.solved, uq.checked as had
            from jsonb_to_recordset(${values}::jsonb) as w(id uuid, question_id uuid, solved boolean)
            join questions q on q.id = w.question_id
            left join user_questions uq on uq.user_id = ${userId} and uq.question_id = w.question_id),
          added as (
            insert into user_questions (id, user_id, question_id, checked, solved_at, created_at, updated_at)
            select w.id, ${userId}, w.question_id, w.solved, case when w.solved then ${now}::timestamptz end, ${now}::timestamptz, ${now}::timestamptz
            from w where w.had is null
            ${bulk.alone ? sql`` : sql`on conflict do nothing`}
            returning question_id, checked),
          ticked as (
            insert into user_questions (id, user_id, question_id, checked, starred, custom_tags, solved_at, created_at, updated_at)
            select w.id, ${userId}, w.question_id, true, false, '{}'::text[], ${tickedAt}::timestamptz, ${tickedAt}::timestamptz, ${tickedAt}::timestamptz
            from w where not w.had and w.solved
            on conflict (user_id, question_id) do update
              set checked = true, solved_at = coalesce(user_questions.solved_at, ${tickedAt}::timestamptz), updated_at = ${tickedAt}::timestamptz
            returning question_id, checked)
          select (select json_build_object('rows', count(*), 'toAdd', count(*) filter (where had is null)) from w)::text as summary,
            (select coalesce(json_agg(json_build_array(question_id, checked)), '[]') from added)::text as added,
            (select coalesce(json_agg(json_build_array(question_id, checked)), '[]') from ticked)::text as ticked`,
    );
    // Every record refers to a question (the join above checks it, whether or not the database does too).
    if (written.summary.rows !== pairs.length) throw new Error(`records of ${pairs.length - written.summary.rows} unknown questions`);
    const added = new Map(written.added);
    const ticked = new Map(written.ticked);

    // Problems the catalogue does not know, listed apart: a typo in a URL makes one, and can be taken back.
    const custom = pairs.filter(({ q }) => !q.verified).slice(0, MAX_LISTED_FAILURES).map(({ w, q }) => ({ _id: q.id, problemUrl: q.problem_url, name: q.name, row: w.row }));
    const result: ProgressImportResult = { questions: [], custom, new: 0, alreadySolved: rows.duplicates, invalidUrl: rows.invalidUrl, error: rows.error, total: rows.total, failed: rows.failed };
    // New records first, then ticks, each in file order; a record another request wrote meanwhile counts as already there.
    for (const { q } of pairs) {
      const checked = added.get(q.id);
      if (checked !== undefined) result.questions.push({ _id: q.id, problemUrl: q.problem_url, name: q.name, checked });
    }
    for (const { q } of pairs) {
      const checked = ticked.get(q.id);
      if (checked !== undefined) result.questions.push({ _id: q.id, problemUrl: q.problem_url, name: q.name, checked });
    }
    result.new = added.size + ticked.size;
    result.alreadySolved += pairs.length - written.summary.toAdd - ticked.size + (written.summary.toAdd - added.size);
    // What this import ticked joins the review queue from its solve, in the same transaction (one statement).
    await scheduleSolved(tx, deps.clock, userId, [...added.keys(), ...ticked.keys()].filter((id) => added.get(id) || ticked.get(id)));
    return { result, added: added.size };
  });
  await refreshStatistics(deps.db, outcome.added, ['user_questions', 'review_cards']);
  return outcome.result;
}

/**
 * Takes custom questions an import added back out of the user's workspace: their record, review card and
 * own naming of each. A question row this user made and nobody has anything of (no record, sheet, note,
 * card or naming) goes too; a verified question is never touched.
 */
export async function removeImported(db: Db, userId: string, questionIds: readonly string[]): Promise<{ removed: number }> {
  if (!questionIds.length) return { removed: 0 };
  const ids = JSON.stringify([...new Set(questionIds)]);
  return db.transaction(async (tx) => {
    const [gone] = await queryRows<{ removed: number }>(
      tx,
      sql`with target as (select q.id from jsonb_array_elements_text(${ids}::jsonb) as w(id) join questions q on q.id = w.id::uuid and not q.verified),
            records as (delete from user_questions where user_id = ${userId} and question_id in (select id from target) returning question_id),
            cards as (delete from review_cards where user_id = ${userId} and question_id in (select id from target)),
            logs as (delete from review_logs where user_id = ${userId} and question_id in (select id from target)),
            names as (delete from custom_questions where user_id = ${userId} and question_id in (select id from target))
          select count(*)::int as removed from records`,
    );
    // After the statement above: what it deleted is gone when these checks run.
    await tx.execute(sql`delete from questions q
      where q.id in (select w.id::uuid from jsonb_array_elements_text(${ids}::jsonb) as w(id)) and not q.verified and q.created_by = ${userId}
        and not exists (select 1 from user_questions x where x.question_id = q.id)
        and not exists (select 1 from mappings x where x.question_id = q.id)
        and not exists (select 1 from notes x where x.question_id = q.id)
        and not exists (select 1 from note_question_links x where x.question_id = q.id)
        and not exists (select 1 from review_cards x where x.question_id = q.id)
        and not exists (select 1 from review_logs x where x.question_id = q.id)
        and not exists (select 1 from custom_questions x where x.question_id = q.id)`);
    return { removed: gone?.removed ?? 0 };
  });
}
