import { and, eq, sql, type SQL } from 'drizzle-orm';
import { createEmptyCard, dateDiffInDays, Rating, State, TypeConvert, type Card, type Grade } from 'ts-fsrs';
import { isUuid } from '../../shared/schemas/note';
import {
  CARD_STATES,
  DUE_LIST_LIMIT,
  REVIEW_MESSAGES,
  UPCOMING_DAYS,
  type DueAnswer,
  type DueQuestion,
  type NextDues,
  type RateAnswer,
  type ReviewCard,
  type ReviewRating,
} from '../../shared/schemas/review';
import { queryRows, type Db } from '../db/client';
import { questions, reviewCards, reviewLogs } from '../db/schema';
import type { Clock } from '../lib/clock';
import { notFound } from '../lib/errors';
import { ownCustomJoin } from './custom-questions';
import { addDays, dayIn, startOfDayIn } from '../../shared/dates';
import { DAY_MS } from '../../shared/day';
import { upsertRecord } from './records';
import { scheduleSolved, scheduler } from './review-cards';
import { solutionStats } from './solutions';

// Rating a card: the library's schedule (review-cards.ts holds the scheduler and the first-solve cards).
const GRADES: Record<ReviewRating, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };

export interface ReviewDeps {
  db: Db;
  clock: Clock;
}

type CardRow = typeof reviewCards.$inferSelect;

function toFsrs(row: CardRow): Card {
  // An empty card gives the fields not stored here (elapsed days, learning steps) their zero.
  return {
    ...createEmptyCard(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    scheduled_days: row.scheduledDays,
    reps: row.reps,
    lapses: row.lapses,
    state: TypeConvert.state(row.state),
    last_review: row.lastReview ?? undefined,
  };
}

/** Whole days since the card's previous review (none for a new card): what its review log records. */
const elapsedDays = (card: Card, now: Date) => (card.state !== State.New && card.last_review ? dateDiffInDays(card.last_review, now) : 0);

function toCard(row: CardRow): ReviewCard {
  return {
    due: row.due.toISOString(),
    state: CARD_STATES[row.state] ?? 'new',
    reps: row.reps,
    lapses: row.lapses,
    lastReview: row.lastReview?.toISOString() ?? null,
    scheduledDays: row.scheduledDays,
    suspended: row.suspended,
  };
}

/**
 * The library's schedule for a rating, with one rule of ours on top: Again brings the question back
 * tomorrow (the library may say two days after a lapse of a well-known card), never later.
 */
function schedule(row: CardRow, now: Date, rating: ReviewRating) {
  const result = scheduler.next(toFsrs(row), now, GRADES[rating]);
  if (rating === 'again') {
    const tomorrow = new Date(now.getTime() + DAY_MS);
    if (result.card.due > tomorrow) result.card = { ...result.card, due: tomorrow, scheduled_days: 1 };
  }
  return result;
}

/** The due date each rating would give a card now (one pass of the scheduler for all four). */
function nextDues(row: CardRow, now: Date): NextDues {
  const preview = scheduler.repeat(toFsrs(row), now);
  const at = (r: ReviewRating) => preview[GRADES[r]].card.due;
  const again = at('again');
  return { again: (again.getTime() > now.getTime() + DAY_MS ? new Date(now.getTime() + DAY_MS) : again).toISOString(), hard: at('hard').toISOString(), good: at('good').toISOString(), easy: at('easy').toISOString() };
}

export interface DueFilters {
  tz: string;
  sheet?: string;
  platform: string[];
  topic: string[];
  difficulty: string[];
}

/** The sheets a user owns, edits or follows: the ones the queue may name and filter by. */
const viewerSheets = (userId: string) => sql`(
  select s.id, s.name, s.slug from sheets s where s.author_id = ${userId}
  union select s.id, s.name, s.slug from sheets s join collaborators co on co.sheet_id = s.id where co.user_id = ${userId}
  union select s.id, s.name, s.slug from sheets s join sheet_follows f on f.sheet_id = s.id where f.user_id = ${userId})`;

function filterSql(userId: string, f: DueFilters): SQL {
  const parts: SQL[] = [];
  if (f.platform.length) parts.push(sql`and q.platform in (select jsonb_array_elements_text(${JSON.stringify(f.platform)}::jsonb))`);
  if (f.difficulty.length) parts.push(sql`and coalesce(cq.difficulty, q.difficulty) in (select jsonb_array_elements_text(${JSON.stringify(f.difficulty)}::jsonb))`);
  if (f.topic.length) parts.push(sql`and coalesce(cq.topics, q.topics) && array(select jsonb_array_elements_text(${JSON.stringify(f.topic)}::jsonb))`);
  if (f.sheet) {
    // An unknown or foreign sheet filters everything out rather than telling what it holds.
    const sheetId = isUuid(f.sheet) ? f.sheet : '00000000-0000-0000-0000-000000000000';
    parts.push(sql`and exists (select 1 from mappings m join ${viewerSheets(userId)} vs on vs.id = m.sheet_id where m.sheet_id = ${sheetId} and m.question_id = c.question_id)`);
  }
  return sql.join(parts, sql` `);
}

/**
 * The cards in the queue: not suspended, of questions in the workspace that are solved or starred
 * (review_cards.active, kept by a trigger on the records). The record and the question (as the user sees
 * it) are joined when the caller reads them or filters by them.
 */
const queueFrom = (userId: string, withQuestion = true) => sql`from review_cards c
  ${withQuestion ? sql`join user_questions uq on uq.user_id = c.user_id and uq.question_id = c.question_id join questions q on q.id = c.question_id ${ownCustomJoin(sql`c.user_id`)}` : sql``}
  where c.user_id = ${userId} and c.active and not c.suspended`;

const filtersNeedQuestion = (f: DueFilters) => f.platform.length > 0 || f.topic.length > 0 || f.difficulty.length > 0;

/**
 * Schedules the user's solved questions that have no card, when their records changed since this was last
 * done (users.records_version): a queue read then costs one primary-key statement, not a pass over every
 * record. Marked first, so a tick racing with it leaves a newer version for the next read.
 */
async function scheduleIfChanged(db: Db, clock: Clock, userId: string): Promise<void> {
  const [changed] = await queryRows<{ v: number }>(
    db,
    sql`insert into review_settings as s (user_id, scheduled_version)
        select id, records_version from users where id = ${userId}
        on conflict (user_id) do update set scheduled_version = excluded.scheduled_version
          where s.scheduled_version is distinct from excluded.scheduled_version
        returning s.scheduled_version as v`,
  );
  if (changed) await scheduleSolved(db, clock, userId);
}

interface DueRow {
  question_id: string;
  name: string;
  platform: string;
  difficulty: string;
  problem_url: string;
  topics: string[];
  solved_at: string | Date | null;
  reviews: number;
  card: CardRow;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** GET /review/due: what is due today and overdue (oldest first), with counts and the next days' load. */
export async function dueList(deps: ReviewDeps, userId: string, f: DueFilters): Promise<DueAnswer> {
  const { db, clock } = deps;
  // Solved before cards existed, or by a path that schedules lazily: scheduled now from their real dates.
  await scheduleIfChanged(db, clock, userId);
  const now = clock.now();
  const today = dayIn(now, f.tz);
  const dayStart = startOfDayIn(today, f.tz).toISOString();
  const dayEnd = startOfDayIn(addDays(today, 1), f.tz).toISOString();
  const horizon = startOfDayIn(addDays(today, UPCOMING_DAYS + 1), f.tz).toISOString();
  const filters = filterSql(userId, f);
  const [rows, counts] = await Promise.all([
    queryRows<Omit<DueRow, 'card'> & { c: Record<string, unknown> }>(
      db,
      sql`select c.question_id, coalesce(cq.name, q.name) as name, q.platform, coalesce(cq.difficulty, q.difficulty) as difficulty,
            q.problem_url, coalesce(cq.topics, q.topics) as topics, uq.solved_at,
            (select count(*)::int from review_logs l where l.user_id = c.user_id and l.question_id = c.question_id) as reviews,
            row_to_json(c) as c
          ${queueFrom(userId)} ${filters} and c.due < ${dayEnd}::timestamptz
          order by c.due, c.question_id limit ${DUE_LIST_LIMIT}`,
    ),
    queryRows<{ day: string | null; n: number }>(
      db,
      sql`select case when c.due < ${dayStart}::timestamptz then 'overdue' when c.due < ${dayEnd}::timestamptz then 'today'
              else to_char((c.due at time zone ${f.tz})::date, 'YYYY-MM-DD') end as day, count(*)::int as n
          ${queueFrom(userId, filtersNeedQuestion(f))} ${filters} and c.due < ${horizon}::timestamptz
          group by 1`,
    ),
  ]);
  const count = (day: string) => counts.find((r) => r.day === day)?.n ?? 0;
  const upcoming = Array.from({ length: UPCOMING_DAYS }, (_, i) => {
    const day = addDays(today, i + 1);
    return { day, count: count(day) };
  });
  const ids = rows.map((r) => r.question_id);
  const [sheets, solved] = await Promise.all([sheetsOf(db, userId, ids), solutionStats(db, userId, ids)]);
  const questionsOut: DueQuestion[] = rows.map((r) => {
    const card = cardFromJson(r.c);
    return {
      _id: r.question_id,
      name: r.name,
      platform: r.platform,
      difficulty: r.difficulty,
      problemUrl: r.problem_url,
      topics: r.topics,
      sheets: sheets.get(r.question_id) ?? [],
      solvedAt: iso(r.solved_at),
      reviews: r.reviews,
      attempts: solved.get(r.question_id)?.attempts ?? null,
      timeSpentSec: solved.get(r.question_id)?.timeSpentSec ?? null,
      overdue: card.due.getTime() < new Date(dayStart).getTime(),
      card: toCard(card),
      next: nextDues(card, now),
    };
  });
  return {
    questions: questionsOut,
    counts: { due: count('today'), overdue: count('overdue'), upcoming: upcoming.reduce((n, d) => n + d.count, 0) },
    upcoming,
    now: now.toISOString(),
  };
}

/** A card row as row_to_json gives it (snake_case, dates as text). */
function cardFromJson(j: Record<string, unknown>): CardRow {
  const date = (v: unknown) => new Date(String(v));
  return {
    userId: String(j.user_id),
    questionId: String(j.question_id),
    due: date(j.due),
    stability: Number(j.stability),
    difficulty: Number(j.difficulty),
    scheduledDays: Number(j.scheduled_days),
    reps: Number(j.reps),
    lapses: Number(j.lapses),
    state: Number(j.state),
    lastReview: j.last_review ? date(j.last_review) : null,
    suspended: Boolean(j.suspended),
    active: Boolean(j.active),
    createdAt: date(j.created_at),
    updatedAt: date(j.updated_at),
  };
}

async function sheetsOf(db: Db, userId: string, questionIds: string[]) {
  const out = new Map<string, { _id: string; name: string; slug: string }[]>();
  if (!questionIds.length) return out;
  const rows = await queryRows<{ question_id: string; id: string; name: string; slug: string }>(
    db,
    sql`select m.question_id, vs.id, vs.name, vs.slug from mappings m join ${viewerSheets(userId)} vs on vs.id = m.sheet_id
        where m.question_id in (select jsonb_array_elements_text(${JSON.stringify(questionIds)}::jsonb)::uuid)
        order by vs.name`,
  );
  for (const r of rows) {
    const list = out.get(r.question_id) ?? [];
    list.push({ _id: r.id, name: r.name, slug: r.slug });
    out.set(r.question_id, list);
  }
  return out;
}

async function requireQuestion(db: Db, questionId: string): Promise<void> {
  if (!isUuid(questionId)) throw notFound(REVIEW_MESSAGES.notFound);
  const [q] = await db.select({ id: questions.id }).from(questions).where(eq(questions.id, questionId));
  if (!q) throw notFound(REVIEW_MESSAGES.notFound);
}

/**
 * Rates a question now. A question not in the workspace is added to it (rated after solving: ticked).
 * The card row is locked for the rating, so ratings from two devices at once apply one after the other,
 * each logged. `id` (the client's id of this rating) makes a repeated submit answer without rating twice.
 */
export async function rate(deps: ReviewDeps, userId: string, questionId: string, rating: ReviewRating, id?: string): Promise<RateAnswer> {
  await requireQuestion(deps.db, questionId);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    // A solve without a card yet is scheduled from its real date first; anything else starts from a new card,
    // which the rating itself schedules (so adding the record below schedules nothing of its own).
    await scheduleSolved(tx, deps.clock, userId, [questionId]);
    await tx
      .insert(reviewCards)
      .values({ userId, questionId, due: now, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
    const [record] = await queryRows<{ id: string }>(tx, sql`select id from user_questions where user_id = ${userId} and question_id = ${questionId}`);
    if (!record) await upsertRecord(tx, deps.clock, userId, questionId, { checked: true });
    const [row] = await tx
      .select()
      .from(reviewCards)
      .where(and(eq(reviewCards.userId, userId), eq(reviewCards.questionId, questionId)))
      .for('update');
    if (!row) throw new Error('card vanished');
    if (id) {
      const [seen] = await tx.select({ id: reviewLogs.id }).from(reviewLogs).where(and(eq(reviewLogs.id, id), eq(reviewLogs.userId, userId)));
      if (seen) return { card: toCard(row), next: nextDues(row, now) };
    }
    const { card, log } = schedule(row, now, rating);
    await tx
      .insert(reviewLogs)
      .values({
        ...(id && { id }),
        userId,
        questionId,
        rating: log.rating,
        state: log.state,
        due: log.due,
        stability: log.stability,
        difficulty: log.difficulty,
        elapsedDays: elapsedDays(toFsrs(row), now),
        scheduledDays: log.scheduled_days,
        reviewedAt: now,
      })
      // The same client id from another user is a clash of ids, not a repeat: theirs stays theirs.
      .onConflictDoNothing();
    const [saved] = await tx
      .update(reviewCards)
      .set({
        due: card.due,
        stability: card.stability,
        difficulty: card.difficulty,
        scheduledDays: card.scheduled_days,
        reps: card.reps,
        lapses: card.lapses,
        state: card.state,
        lastReview: now,
        updatedAt: now,
      })
      .where(and(eq(reviewCards.userId, userId), eq(reviewCards.questionId, questionId)))
      .returning();
    if (!saved) throw new Error('card vanished');
    return { card: toCard(saved), next: nextDues(saved, now) };
  });
}

/** Suspends ("don't review") or resumes a question of the workspace. */
export async function setSuspended(deps: ReviewDeps, userId: string, questionId: string, suspended: boolean): Promise<ReviewCard> {
  await requireQuestion(deps.db, questionId);
  const [record] = await queryRows<{ id: string; active: boolean }>(
    deps.db,
    sql`select id, (checked or starred) as active from user_questions where user_id = ${userId} and question_id = ${questionId}`,
  );
  if (!record) throw notFound(REVIEW_MESSAGES.notFound);
  const now = deps.clock.now();
  await scheduleSolved(deps.db, deps.clock, userId, [questionId]);
  const [row] = await deps.db
    .insert(reviewCards)
    .values({ userId, questionId, due: now, suspended, active: record.active, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [reviewCards.userId, reviewCards.questionId], set: { suspended, updatedAt: now } })
    .returning();
  if (!row) throw new Error('card vanished');
  return toCard(row);
}

/** Questions due now, for the extension's badge. */
export async function dueCount(deps: ReviewDeps, userId: string): Promise<number> {
  await scheduleIfChanged(deps.db, deps.clock, userId);
  const [row] = await queryRows<{ n: number }>(deps.db, sql`select count(*)::int as n ${queueFrom(userId, false)} and c.due <= ${deps.clock.now().toISOString()}::timestamptz`);
  return row?.n ?? 0;
}

