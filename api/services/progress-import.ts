import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { parseProblemUrl } from '../../shared/platforms/index';
import type { ParsedProblem } from '../../shared/platforms/types';
import { parseSolvedCell, PROGRESS_LAYOUT, UPLOAD_MESSAGES } from '../../shared/rules/upload';
import { restoreCell } from '../../shared/rules/spreadsheet-safety';
import type { ProgressImportResult, UploadedFile } from '../../shared/schemas/workspace';
import { queryRows, type Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { AppError, badRequest } from '../lib/errors';
import { problemKey, resolveQuestions } from './question-bulk';

export interface ImportDeps {
  db: Db;
  clock: Clock;
}

/** One distinct problem of the file, solved when any of its rows says so. */
interface Wanted {
  parsed: ParsedProblem;
  solved: boolean;
}

export interface ClassifiedRows {
  wanted: Map<string, Wanted>;
  duplicates: number;
  invalidUrl: number;
  error: number;
  total: number;
}

const invalidFormat = () => new AppError(415, 'UnsupportedMediaType', UPLOAD_MESSAGES.invalidFormat);

/**
 * Parses the CSV and checks every row again (the browser's checks are a convenience): a problem URL
 * on a supported platform, and a solved value that reads as yes or no (empty means no).
 */
export function classifyCsv(text: string): ClassifiedRows {
  // Binary content renamed to .csv is not a CSV.
  if (text.includes('\u0000')) throw invalidFormat();
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  const fields = parsed.meta.fields ?? [];
  // Column names are matched regardless of case; the canonical name wins.
  const column = (name: string) => fields.find((f) => f === name) ?? fields.find((f) => f.toLowerCase() === name.toLowerCase());
  const missing = PROGRESS_LAYOUT.required.filter((c) => !column(c));
  if (missing.length) throw badRequest(UPLOAD_MESSAGES.missingColumns(missing));
  const urlColumn = column('problemUrl') ?? 'problemUrl';
  const solvedColumn = column('solved');
  const broken = new Set(parsed.errors.filter((e) => e.type === 'Quotes' && e.row !== undefined).map((e) => e.row));

  const out: ClassifiedRows = { wanted: new Map(), duplicates: 0, invalidUrl: 0, error: 0, total: parsed.data.length };
  if (!out.total) throw badRequest(UPLOAD_MESSAGES.empty);
  parsed.data.forEach((row, i) => {
    if (broken.has(i)) {
      out.error++;
      return;
    }
    const problem = parseProblemUrl(restoreCell(String(row[urlColumn] ?? '').trim()));
    if (!problem) {
      out.invalidUrl++;
      return;
    }
    const solved = parseSolvedCell(solvedColumn ? String(row[solvedColumn] ?? '') : PROGRESS_LAYOUT.defaults.solved);
    if (solved === null) {
      out.error++;
      return;
    }
    const key = `${problem.platform}:${problem.key}`;
    const seen = out.wanted.get(key);
    if (seen) {
      out.duplicates++;
      seen.solved ||= solved;
    } else out.wanted.set(key, { parsed: problem, solved });
  });
  return out;
}

/** The user's records of these questions (question id -> checked), in one query. */
async function findRecords(tx: Db, userId: string, ids: string[]): Promise<Map<string, boolean>> {
  const rows = await queryRows<{ question_id: string; checked: boolean }>(
    tx,
    sql`select uq.question_id, uq.checked
        from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as w(id)
        join user_questions uq on uq.user_id = ${userId} and uq.question_id = w.id::uuid`,
  );
  return new Map(rows.map((r) => [r.question_id, r.checked]));
}

/**
 * Imports progress from a CSV (problemUrl, solved) in one transaction: all or nothing. A problem not in
 * the workspace is added (ticked when solved); one already there is ticked when the file says solved and
 * it is not yet; anything else changes nothing, so importing the same file twice changes nothing.
 * Progress is never taken away: solved = false does not untick. Set-based (a handful of statements
 * whatever the size), so a 1 MB file takes well under two seconds.
 */
export async function importProgress(deps: ImportDeps, userId: string, file: UploadedFile): Promise<ProgressImportResult> {
  const rows = classifyCsv(await file.text());
  const wanted = [...rows.wanted.values()];

  return deps.db.transaction(async (tx) => {
    // Problems the catalogue does not know become custom (unverified) questions, as in the Add Question flow.
    const byKey = await resolveQuestions(tx, wanted.map((w) => w.parsed), userId);
    const pairs = wanted.map((w) => {
      const q = byKey.get(problemKey(w.parsed));
      if (!q) throw new Error(`question missing after insert: ${problemKey(w.parsed)}`);
      return { w, q };
    });
    const records = await findRecords(tx, userId, pairs.map(({ q }) => q.id));

    const result: ProgressImportResult = { questions: [], new: 0, alreadySolved: rows.duplicates, invalidUrl: rows.invalidUrl, error: rows.error, total: rows.total };
    const toAdd: typeof pairs = [];
    const toTick: typeof pairs = [];
    for (const pair of pairs) {
      const checked = records.get(pair.q.id);
      if (checked === undefined) toAdd.push(pair);
      else if (!checked && pair.w.solved) toTick.push(pair);
      else result.alreadySolved++;
    }

    const now = deps.clock.now().toISOString();
    // New records, with the fields upsertRecord gives a new record; one written meanwhile is left as it is.
    if (toAdd.length) {
      const values = JSON.stringify(toAdd.map(({ w, q }) => ({ question_id: q.id, checked: w.solved })));
      const added = await queryRows<{ question_id: string; checked: boolean }>(
        tx,
        sql`insert into user_questions (user_id, question_id, checked, solved_at, created_at, updated_at)
            select ${userId}, w.question_id, w.checked, case when w.checked then ${now}::timestamptz end, ${now}::timestamptz, ${now}::timestamptz
            from jsonb_to_recordset(${values}::jsonb) as w(question_id uuid, checked boolean)
            on conflict do nothing
            returning question_id, checked`,
      );
      const checkedById = new Map(added.map((r) => [r.question_id, r.checked]));
      for (const { q } of toAdd) {
        const checked = checkedById.get(q.id);
        if (checked !== undefined) result.questions.push({ _id: q.id, problemUrl: q.problem_url, name: q.name, checked });
      }
      result.new += added.length;
      result.alreadySolved += toAdd.length - added.length;
    }
    // Ticks of existing records: the same upsert as upsertRecord's { checked: true }, for all of them at once.
    if (toTick.length) {
      // Read after the new records are written, as a tick of its own would be.
      const tickedAt = deps.clock.now().toISOString();
      const ids = JSON.stringify(toTick.map(({ q }) => q.id));
      const ticked = await queryRows<{ question_id: string; checked: boolean }>(
        tx,
        sql`insert into user_questions (user_id, question_id, checked, starred, custom_tags, solved_at, created_at, updated_at)
            select ${userId}, w.id::uuid, true, false, '{}'::text[], ${tickedAt}::timestamptz, ${tickedAt}::timestamptz, ${tickedAt}::timestamptz
            from jsonb_array_elements_text(${ids}::jsonb) as w(id)
            on conflict (user_id, question_id) do update
              set checked = true, solved_at = coalesce(user_questions.solved_at, ${tickedAt}::timestamptz), updated_at = ${tickedAt}::timestamptz
            returning question_id, checked`,
      );
      const checkedById = new Map(ticked.map((r) => [r.question_id, r.checked]));
      for (const { q } of toTick) {
        result.questions.push({ _id: q.id, problemUrl: q.problem_url, name: q.name, checked: checkedById.get(q.id) ?? true });
        result.new++;
      }
    }
    return result;
  });
}
