import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { parseProblemUrl } from '../../shared/platforms/index';
import type { ParsedProblem } from '../../shared/platforms/types';
import { parseSolvedCell, PROGRESS_LAYOUT, UPLOAD_MESSAGES } from '../../shared/rules/upload';
import { restoreCell } from '../../shared/rules/spreadsheet-safety';
import type { ProgressImportResult, UploadedFile } from '../../shared/schemas/workspace';
import { queryRows, type Db } from '../db/client';
import { questions, userQuestions } from '../db/schema';
import type { Clock } from '../lib/clock';
import { AppError, badRequest } from '../lib/errors';
import { nameFromKey, slugFromKey } from './questions';
import { upsertRecord } from './records';

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

/** Rows per INSERT statement, well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 1000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

interface Known {
  id: string;
  platform: string;
  key: string;
  name: string;
  problem_url: string;
  checked: boolean | null;
}

/** The questions of these problems with the user's record of each (checked null when none), in one query. */
function findKnown(tx: Db, userId: string, wanted: Wanted[]) {
  const pairs = JSON.stringify(wanted.map((w) => ({ platform: w.parsed.platform, key: w.parsed.key })));
  return queryRows<Known>(
    tx,
    sql`select q.id, q.platform, q.key, q.name, q.problem_url, uq.checked
        from jsonb_to_recordset(${pairs}::jsonb) as w(platform text, key text)
        join questions q on q.platform = w.platform and q.key = w.key
        left join user_questions uq on uq.question_id = q.id and uq.user_id = ${userId}`,
  );
}

const keyOf = (p: { platform: string; key: string }) => `${p.platform}:${p.key}`;

/**
 * Imports progress from a CSV (problemUrl, solved) in one transaction: all or nothing. A problem not in
 * the workspace is added (ticked when solved); one already there is ticked when the file says solved and
 * it is not yet; anything else changes nothing, so importing the same file twice changes nothing.
 * Progress is never taken away: solved = false does not untick. Set-based, so a 1 MB file takes seconds.
 */
export async function importProgress(deps: ImportDeps, userId: string, file: UploadedFile): Promise<ProgressImportResult> {
  const rows = classifyCsv(await file.text());
  const wanted = [...rows.wanted.values()];

  return deps.db.transaction(async (tx) => {
    const byKey = new Map((await findKnown(tx, userId, wanted)).map((k) => [keyOf(k), k]));
    // Problems the catalogue does not know become custom (unverified) questions, as in the Add Question flow.
    const unknown = wanted.filter((w) => !byKey.has(keyOf(w.parsed)));
    for (const part of chunks(unknown)) {
      await tx
        .insert(questions)
        .values(
          part.map((w) => ({
            platform: w.parsed.platform,
            key: w.parsed.key,
            name: nameFromKey(w.parsed.key),
            slug: slugFromKey(w.parsed.key),
            problemUrl: w.parsed.url,
            verified: false,
            createdBy: userId,
          })),
        )
        .onConflictDoNothing();
    }
    if (unknown.length) for (const k of await findKnown(tx, userId, unknown)) byKey.set(keyOf(k), k);

    const result: ProgressImportResult = { questions: [], new: 0, alreadySolved: rows.duplicates, invalidUrl: rows.invalidUrl, error: rows.error, total: rows.total };
    const toAdd: { w: Wanted; q: Known }[] = [];
    const toTick: Known[] = [];
    for (const w of wanted) {
      const q = byKey.get(keyOf(w.parsed));
      if (!q) throw new Error(`question missing after insert: ${keyOf(w.parsed)}`);
      if (q.checked === null) toAdd.push({ w, q });
      else if (q.checked === false && w.solved) toTick.push(q);
      else result.alreadySolved++;
    }

    // New records in bulk, with the fields upsertRecord gives a new record.
    const now = deps.clock.now();
    const byId = new Map(toAdd.map(({ q }) => [q.id, q]));
    for (const part of chunks(toAdd)) {
      const added = await tx
        .insert(userQuestions)
        .values(part.map(({ w, q }) => ({ userId, questionId: q.id, checked: w.solved, solvedAt: w.solved ? now : null, createdAt: now, updatedAt: now })))
        .onConflictDoNothing()
        .returning({ questionId: userQuestions.questionId, checked: userQuestions.checked });
      for (const r of added) {
        const q = byId.get(r.questionId);
        if (q) result.questions.push({ _id: q.id, problemUrl: q.problem_url, name: q.name, checked: r.checked });
      }
      result.new += added.length;
      result.alreadySolved += part.length - added.length;
    }
    // Ticks of existing records go through the one record writer.
    for (const q of toTick) {
      const record = await upsertRecord(tx, deps.clock, userId, q.id, { checked: true });
      result.questions.push({ _id: q.id, problemUrl: q.problem_url, name: q.name, checked: record.checked });
      result.new++;
    }
    return result;
  });
}
