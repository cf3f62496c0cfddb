import { sql } from 'drizzle-orm';
import { parseProblemUrl, platformById } from '../../shared/platforms/index';
import type { ParsedProblem } from '../../shared/platforms/types';
import { QUESTION_MESSAGES } from '../../shared/schemas/question';
import type { SyncImportResult, SyncSubmission } from '../../shared/schemas/sync';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { saveCustomDataOf } from './custom-questions';
import { beginBulkImport, jsonColumns, newIds, problemKey, refreshStatistics, resolveQuestions } from './question-bulk';
import { scheduleSolved } from './review-cards';

export interface SyncDeps {
  db: Db;
  clock: Clock;
}

/** One problem of the history: its first and last Accepted, and what the judge says of it (first given wins). */
interface Solved {
  parsed: ParsedProblem;
  earliest: number;
  latest: number;
  name?: string;
  difficulty?: string;
  topics?: string[];
}

/** The submissions by problem; a URL that names no problem of this judge counts as invalid. */
function groupSubmissions(platform: string, submissions: readonly SyncSubmission[], now: number) {
  const solved = new Map<string, Solved>();
  let invalidUrl = 0;
  for (const s of submissions) {
    const parsed = parseProblemUrl(s.problemUrl);
    if (!parsed || parsed.platform !== platform) {
      invalidUrl++;
      continue;
    }
    // A judge's clock a little ahead of ours does not put a solve in the future.
    const at = Math.min(Date.parse(s.solvedAt), now);
    const key = problemKey(parsed);
    const seen = solved.get(key);
    if (!seen) {
      solved.set(key, { parsed, earliest: at, latest: at, name: s.name, difficulty: s.difficulty, topics: s.topics?.length ? s.topics : undefined });
      continue;
    }
    seen.earliest = Math.min(seen.earliest, at);
    seen.latest = Math.max(seen.latest, at);
    seen.name ??= s.name;
    seen.difficulty ??= s.difficulty;
    if (!seen.topics && s.topics?.length) seen.topics = s.topics;
  }
  return { solved: [...solved.values()], invalidUrl };
}

/**
 * Brings a judge's history of Accepted submissions into the workspace, in one transaction. A problem not
 * in the workspace becomes a solved record dated by its first Accepted; one solved already keeps its
 * record, its date moved earlier when the history knows an earlier solve (never later); one the user
 * unticked is ticked again only by an Accepted newer than that change. Problems the catalogue does not
 * know become the user's own custom questions, named as the judge names them. The same chunk twice
 * changes nothing. Solved problems join the review queue from their real dates.
 */
export async function importHistory(deps: SyncDeps, userId: string, platform: string, submissions: readonly SyncSubmission[]): Promise<SyncImportResult> {
  if (!platformById(platform)) throw new AppError(400, 'InvalidPlatform', QUESTION_MESSAGES.invalidPlatform);
  const now = deps.clock.now();
  const { solved, invalidUrl } = groupSubmissions(platform, submissions, now.getTime());
  const result: SyncImportResult = { new: 0, alreadySolved: 0, custom: 0, invalidUrl, total: submissions.length };
  if (!solved.length) return result;

  await deps.db.transaction(async (tx) => {
    const bulk = await beginBulkImport(deps.db, tx, userId);
    const byKey = await resolveQuestions(tx, solved.map((s) => s.parsed), userId, bulk);
    const items = solved.map((s) => ({ s, question: byKey.get(problemKey(s.parsed)) }));
    const written = await markSolved(
      tx,
      deps.clock,
      userId,
      items.flatMap(({ s, question }) => (question ? [{ questionId: question.id, earliest: new Date(s.earliest), latest: new Date(s.latest) }] : [])),
    );
    const { already, added, reticked, custom } = written;
    result.new = added + reticked;
    result.alreadySolved = already;
    result.custom = custom;
    // What the judge says of problems the catalogue does not know: the user's own, filling what they lack.
    const described = items.flatMap(({ s, question }) =>
      question && (s.name || s.difficulty || s.topics) ? [{ questionId: question.id, name: s.name, difficulty: s.difficulty, topics: s.topics }] : [],
    );
    await saveCustomDataOf(
      tx,
      deps.clock,
      userId,
      described,
      'fill',
    );
  });
  await refreshStatistics(deps.db, result.new, ['user_questions', 'review_cards']);
  return result;
}

/** A question solved between two moments (the same moment when one Accepted is known). */
export interface SolvedDates {
  questionId: string;
  earliest: Date;
  latest: Date;
}

/**
 * The rule by which an Accepted marks the workspace, shared by history sync and kept solutions: a
 * question not in the workspace becomes a solved record dated by its first Accepted; one solved already
 * keeps its record, its date moved earlier when an earlier solve is known (never later); one the user
 * unticked is ticked again only by an Accepted newer than that change. Questions newly solved join the
 * review queue from their real dates. Runs inside the caller's transaction.
 */
export async function markSolved(tx: Db, clock: Clock, userId: string, solved: readonly SolvedDates[]) {
  const ids = newIds(solved.length);
  const rows = JSON.stringify(solved.map((s, i) => ({ id: ids[i], question_id: s.questionId, earliest: s.earliest.toISOString(), latest: s.latest.toISOString() })));
  const at = clock.now().toISOString();
  const written = await jsonColumns<{ summary: { already: number; added: number; reticked: number; custom: number }; fresh: string[] }>(
    tx,
    sql`with w as materialized (
          select w.id, w.question_id, w.earliest, w.latest, q.verified, uq.id as record_id, uq.checked, uq.solved_at, uq.updated_at
          from jsonb_to_recordset(${rows}::jsonb) as w(id uuid, question_id uuid, earliest timestamptz, latest timestamptz)
          join questions q on q.id = w.question_id
          left join user_questions uq on uq.user_id = ${userId} and uq.question_id = w.question_id),
        added as (
          insert into user_questions (id, user_id, question_id, checked, solved_at, created_at, updated_at)
          select w.id, ${userId}, w.question_id, true, w.earliest, ${at}::timestamptz, ${at}::timestamptz from w where w.record_id is null
          on conflict (user_id, question_id) do nothing
          returning question_id),
        earlier as (
          update user_questions uq set solved_at = w.earliest, updated_at = ${at}::timestamptz
          from w where uq.id = w.record_id and w.checked and (uq.solved_at is null or uq.solved_at > w.earliest)
          returning uq.question_id),
        reticked as (
          update user_questions uq set checked = true, solved_at = w.latest, updated_at = ${at}::timestamptz
          from w where uq.id = w.record_id and not w.checked and w.latest > w.updated_at
          returning uq.question_id),
        fresh as (select question_id from added union all select question_id from reticked)
        select json_build_object(
          'already', (select count(*) from w where w.checked),
          'added', (select count(*) from added),
          'reticked', (select count(*) from reticked),
          'custom', (select count(*) from fresh join w using (question_id) where not w.verified),
          'earlier', (select count(*) from earlier))::text as summary,
          (select coalesce(json_agg(question_id), '[]') from fresh)::text as fresh`,
  );
  await scheduleSolved(tx, clock, userId, written.fresh);
  return { ...written.summary, fresh: written.fresh };
}
