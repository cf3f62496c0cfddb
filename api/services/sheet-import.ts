import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { parseProblemUrl } from '../../shared/platforms/index';
import type { ParsedProblem } from '../../shared/platforms/types';
import { checkUploadFile, isReservedTopicName, SERVER_UPLOAD_EXTENSIONS, SHEET_IMPORT_LAYOUT, UPLOAD_MESSAGES } from '../../shared/rules/upload';
import type { ImportRowResult } from '../../shared/schemas/sharing';
import { isEmbedded } from '../db/client';
import { AppError, badRequest } from '../lib/errors';
import { csvText } from '../lib/upload-form';
import { requireEditor, requireSignedIn, sheetAccess } from './access';
import type { UserRow } from './auth';
import { jsonColumns, newIds, problemKey, resolveQuestions } from './question-bulk';
import { parseOrThrow } from './questions';
import type { TreeDeps } from './sheet-tree';
import { lockSheet, saveConfig } from './sheets';

export interface SheetImportRow {
  row: number;
  problemUrl: string;
  topic: string;
  subTopic: string;
}

/**
 * Reads the CSV into rows by column position (never into plain objects keyed by header text, so a
 * header such as __proto__ is just text). Throws the spec's message when a mandatory column is missing.
 */
function readSheetCsv(text: string): SheetImportRow[] {
  // Binary content renamed to .csv is not a CSV.
  if (text.includes('\u0000')) throw new AppError(415, 'UnsupportedMediaType', UPLOAD_MESSAGES.invalidFormat);
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...rows] = parsed.data;
  if (!header) throw badRequest(UPLOAD_MESSAGES.empty);
  const names = header.map((h) => h.trim());
  const missing = SHEET_IMPORT_LAYOUT.required.filter((c) => !names.includes(c));
  if (missing.length) throw badRequest(UPLOAD_MESSAGES.missingColumns(missing));
  const at = (name: string) => names.indexOf(name);
  const [u, t, s] = [at('problemUrl'), at('topic'), at('subTopic')];
  const out = rows.map((cells, i) => ({
    row: i + 2,
    problemUrl: (cells[u] ?? '').trim(),
    topic: (cells[t] ?? '').trim().slice(0, 120),
    subTopic: (cells[s] ?? '').trim().slice(0, 120),
  }));
  if (!out.length) throw badRequest(UPLOAD_MESSAGES.empty);
  return out;
}

/**
 * The topic's own subtopic list, created when missing. Topic names are file text, so "__proto__" or
 * "toString" must name an own entry, never reach (or replace) the object's prototype.
 */
function ownList(order: Record<string, string[]>, topic: string): string[] {
  const own = Object.getOwnPropertyDescriptor(order, topic)?.value as unknown;
  if (Array.isArray(own)) return own as string[];
  const list: string[] = [];
  Object.defineProperty(order, topic, { value: list, writable: true, enumerable: true, configurable: true });
  return list;
}

/**
 * Imports rows into a sheet in file order, in one transaction: missing topics and subtopics are
 * created, known problems matched, unknown ones added as custom questions, duplicates skipped.
 * Rows with a URL that is not a problem are reported and skipped; any other failure changes nothing.
 */
export async function importIntoSheet(deps: TreeDeps, user: UserRow | null, sheetId: string, file: File | null) {
  const signedIn = requireSignedIn(user);
  const access = await sheetAccess(deps.db, { id: sheetId }, signedIn);
  requireEditor(access, 'Only the creator and collaborators can import questions');
  const problem = checkUploadFile(file, SERVER_UPLOAD_EXTENSIONS);
  if (problem || !file) throw badRequest(problem ?? UPLOAD_MESSAGES.required);
  const rows = readSheetCsv(await csvText(file));

  // Every row is checked in memory first; the database then sees a few set-based statements.
  const results: (ImportRowResult | null)[] = [];
  const checked: { r: SheetImportRow; problem: ParsedProblem }[] = [];
  for (const r of rows) {
    const parsed = parseProblemUrl(r.problemUrl);
    if (!parsed) results.push({ row: r.row, problemUrl: r.problemUrl, status: 'invalidUrl', message: UPLOAD_MESSAGES.rowUrlUnsupported });
    else if (isReservedTopicName(r.topic)) results.push({ row: r.row, problemUrl: r.problemUrl, status: 'error', message: UPLOAD_MESSAGES.reservedTopic });
    else if (r.subTopic && !r.topic) results.push({ row: r.row, problemUrl: r.problemUrl, status: 'error', message: 'A subtopic needs a topic' });
    else {
      // The question is resolved from the canonical URL, as adding one question by URL does.
      checked.push({ r, problem: parseOrThrow(parsed.url) });
      results.push(null);
    }
  }
  const distinct = new Map(checked.map(({ problem }) => [problemKey(problem), problem]));

  return deps.db.transaction(async (tx) => {
    const sheet = await lockSheet(tx, sheetId);
    const config = structuredClone(sheet.config);
    const questionsByKey = await resolveQuestions(tx, [...distinct.values()], signedIn.id, { alone: isEmbedded(deps.db) });

    // The first row of each question claims it; later rows of the same question are duplicates.
    const claims: { questionId: string; topic: string; subTopic: string; title: string }[] = [];
    const rowQuestion: string[] = [];
    const seen = new Set<string>();
    for (const { r, problem } of checked) {
      if (r.topic && !config.topicOrder.includes(r.topic)) config.topicOrder.push(r.topic);
      const subs = r.topic ? ownList(config.subTopicOrder, r.topic) : [];
      if (r.subTopic && !subs.includes(r.subTopic)) subs.push(r.subTopic);
      const question = questionsByKey.get(problemKey(problem));
      if (!question) throw new Error(`question missing after insert: ${problemKey(problem)}`);
      rowQuestion.push(seen.has(question.id) ? '' : question.id);
      if (seen.has(question.id)) continue;
      seen.add(question.id);
      claims.push({ questionId: question.id, topic: r.topic, subTopic: r.subTopic, title: question.name });
    }
    // Questions already in the sheet insert nothing and so stay out of the answer: duplicates.
    const added = new Map<string, string>();
    if (claims.length) {
      const ids = newIds(claims.length);
      const values = JSON.stringify(claims.map((c, i) => ({ id: ids[i], question_id: c.questionId, topic: c.topic, sub_topic: c.subTopic, title: c.title })));
      const { inserted } = await jsonColumns<{ inserted: [id: string, questionId: string][] }>(
        tx,
        sql`with inserted as (
              insert into mappings (id, sheet_id, question_id, topic, sub_topic, title)
              select w.id, ${sheetId}, w.question_id, w.topic, w.sub_topic, w.title
              from jsonb_to_recordset(${values}::jsonb) as w(id uuid, question_id uuid, topic text, sub_topic text, title text)
              on conflict do nothing
              returning id, question_id)
            select (select coalesce(json_agg(json_build_array(id, question_id)), '[]') from inserted)::text as inserted`,
      );
      for (const [id, questionId] of inserted) added.set(questionId, id);
    }

    let next = 0;
    const final: ImportRowResult[] = results.map((res) => {
      if (res) return res;
      const { r } = checked[next] as (typeof checked)[number];
      const questionId = rowQuestion[next++] as string;
      const mappingId = questionId ? added.get(questionId) : undefined;
      if (!mappingId) return { row: r.row, problemUrl: r.problemUrl, status: 'duplicate' };
      config.questionOrder.push(mappingId);
      return { row: r.row, problemUrl: r.problemUrl, status: 'added' };
    });
    await saveConfig(tx, deps.clock, sheet, config);
    const count = (s: ImportRowResult['status']) => final.filter((x) => x.status === s).length;
    return { results: final, added: count('added'), duplicates: count('duplicate'), invalidUrl: count('invalidUrl'), error: count('error'), total: final.length };
  });
}
