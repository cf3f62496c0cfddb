import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { createEmptyCard, fsrs, generatorParameters, Rating } from 'ts-fsrs';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { SPREAD_DAYS } from '../../shared/rules/review';

/*
 * Spaced repetition (FSRS, through ts-fsrs: the scheduler is the library's, never ours). No same-day
 * learning steps: re-solving a problem minutes later teaches nothing, so the shortest interval is one day
 * and Again brings a question back tomorrow. Every schedule is made here, with the injected clock.
 */
export const scheduler = fsrs(generatorParameters({ enable_short_term: false, enable_fuzz: false }));

// Each spread question's day comes from a hash of its id (SPREAD_DAYS, in shared/rules, says how many days).
export { SPREAD_DAYS };

/** The card a first solve gives: a first Good review at the solve. The same for every question but its dates. */
const FIRST_SOLVE = (() => {
  const at = new Date(0);
  const { card } = scheduler.next(createEmptyCard(at), at, Rating.Good);
  return { ...card, intervalMs: card.due.getTime() - at.getTime() };
})();

/** A value in a statement: given now, a placeholder filled when a prepared statement runs, or a column of its rows. */
type Bound = string | Placeholder | SQL;

/**
 * The first-solve card's due, stability, difficulty, scheduled days, reps, lapses, state and last review,
 * for a question (an SQL expression) solved at `solved` (another): due one first interval after the solve,
 * or, when that has passed, on a day spread over the next SPREAD_DAYS.
 */
function firstSolveColumns(now: Bound, questionId: SQL, solved: SQL): SQL {
  const natural = sql`(${solved} + ${FIRST_SOLVE.intervalMs} * interval '1 millisecond')`;
  return sql`case when ${natural} > ${now}::timestamptz then ${natural}
      else ${now}::timestamptz + (abs(hashtext(${questionId}::text)) % ${SPREAD_DAYS}) * interval '1 day' end,
    ${FIRST_SOLVE.stability}::float8, ${FIRST_SOLVE.difficulty}::float8, ${FIRST_SOLVE.scheduled_days}::int, ${FIRST_SOLVE.reps}::int, 0, ${FIRST_SOLVE.state}::smallint, ${solved}`;
}

/** A new card's columns in firstSolveColumns' order: nothing learnt yet, due at once. */
const newCardColumns = (now: Bound) => sql`${now}::timestamptz, 0::float8, 0::float8, 0, 0, 0, 0::smallint, null::timestamptz`;

/**
 * Schedules the user's solved questions that have no card yet (all of them, or only these), from their
 * real solved date (see firstSolveColumns). One statement, however many; questions that have a card keep it.
 */
export async function scheduleSolved(db: Db, clock: Clock, userId: string, questionIds?: readonly string[]): Promise<void> {
  if (questionIds && !questionIds.length) return;
  const now = clock.now().toISOString();
  // The ids as a table of their own, hash-joined: an IN over a set-returning function of thousands of ids
  // can be planned as a nested loop, thousands squared.
  const only = questionIds
    ? sql`join (select distinct id::uuid as id from jsonb_array_elements_text(${JSON.stringify(questionIds)}::jsonb) as t(id)) ids on ids.id = uq.question_id`
    : sql``;
  await db.execute(sql`
    insert into review_cards as c (user_id, question_id, due, stability, difficulty, scheduled_days, reps, lapses, state, last_review, created_at, updated_at)
    select uq.user_id, uq.question_id, ${firstSolveColumns(now, sql`uq.question_id`, sql`coalesce(uq.solved_at, uq.updated_at)`)},
      ${now}::timestamptz, ${now}::timestamptz
    from user_questions uq ${only}
    where uq.user_id = ${userId} and uq.checked
      and not exists (select 1 from review_cards x where x.user_id = uq.user_id and x.question_id = uq.question_id)
    on conflict (user_id, question_id) do nothing`);
}

/**
 * The review cards the ticks and stars of the statement's relation `i` give its records (user_id,
 * question_id, checked, starred, now; a null value leaves that field as it is), as two statements to run
 * with the records' own (see records.upsertRecords), each when the change sets its field. A first
 * tick schedules the question from its solve (the record's solved date, or now); a star puts it in the
 * queue now, with a card of its own if it has none. A question that has a card keeps its schedule, but for
 * a star's earlier due. `starred` writes the starred rows' cards, `plain` the ticked ones' that are not
 * starred: a row is in one of them at most, so the two never write one card.
 */
export function cardsOfMark(sets: { checked: boolean; starred: boolean }): { starred?: SQL; plain?: SQL } {
  const now = sql`i.now`;
  // Read before the records' own write lands (one statement, one snapshot): the solved date a tick keeps.
  const solved = sql`coalesce(r.solved_at, ${now}::timestamptz)`;
  const ticked = sets.checked ? sql`coalesce(i.checked, false)` : sql`false`;
  const starred = sets.starred ? sql`coalesce(i.starred, false)` : sql`false`;
  // Each row's card: a first solve's where the row ticks, a new card's otherwise.
  const columns = sets.checked
    ? sql`select ${firstSolveColumns(now, sql`i.question_id`, solved)} where ${ticked} union all select ${newCardColumns(now)} where not ${ticked}`
    : sql`select ${newCardColumns(now)}`;
  const insert = (due: SQL, which: SQL, onConflict: SQL) => sql`insert into review_cards as c (user_id, question_id, due, stability, difficulty, scheduled_days, reps, lapses, state, last_review, created_at, updated_at)
    select i.user_id, i.question_id, ${due}, d.stability, d.difficulty, d.scheduled_days, d.reps, d.lapses, d.state, d.last_review, ${now}::timestamptz, ${now}::timestamptz
    from i
      left join user_questions r on r.user_id = i.user_id and r.question_id = i.question_id
      cross join lateral (${columns}) as d(due, stability, difficulty, scheduled_days, reps, lapses, state, last_review)
    where ${which}
    on conflict (user_id, question_id) ${onConflict}`;
  return {
    ...(sets.starred && { starred: insert(sql`${now}::timestamptz`, starred, sql`do update set due = least(c.due, excluded.due), updated_at = excluded.updated_at`) }),
    ...(sets.checked && { plain: insert(sql`d.due`, sql`${ticked} and not ${starred}`, sql`do nothing`) }),
  };
}
