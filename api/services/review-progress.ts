import { eq, sql } from 'drizzle-orm';
import { Rating, State } from 'ts-fsrs';
import { DEFAULT_GOAL, type Goal, type Retention, type StreakAnswer } from '../../shared/schemas/review';
import { queryRows, type Db } from '../db/client';
import { reviewSettings } from '../db/schema';
import { addDays, dayIn, startOfDayIn } from '../../shared/dates';
import type { ReviewDeps } from './review';

/* The revision goal, and how the user keeps to it: today's progress, the streak, the retention card. */

export async function getGoal(db: Db, userId: string): Promise<Goal> {
  const [row] = await db.select({ reviews: reviewSettings.reviews, newProblems: reviewSettings.newProblems }).from(reviewSettings).where(eq(reviewSettings.userId, userId));
  return { reviews: row?.reviews ?? DEFAULT_GOAL.reviews, newProblems: row?.newProblems ?? DEFAULT_GOAL.newProblems };
}

export async function setGoal(deps: ReviewDeps, userId: string, goal: Goal): Promise<Goal> {
  const now = deps.clock.now();
  await deps.db
    .insert(reviewSettings)
    .values({ userId, ...goal, updatedAt: now })
    .onConflictDoUpdate({ target: reviewSettings.userId, set: { ...goal, updatedAt: now } });
  return goal;
}

/** How many days back the streak looks. */
const STREAK_DAYS = 366;

/**
 * Today's progress and the streak of days meeting the goal, in the user's time zone. A day meets the goal
 * when its reviews and new problems each reach it, and something was done that day. An unmet today does
 * not break the streak (the day is not over): it counts from yesterday.
 */
export async function streak(deps: ReviewDeps, userId: string, tz: string): Promise<StreakAnswer> {
  const goal = await getGoal(deps.db, userId);
  const today = dayIn(deps.clock.now(), tz);
  const from = startOfDayIn(addDays(today, -(STREAK_DAYS - 1)), tz).toISOString();
  const rows = await queryRows<{ day: string; reviews: number; fresh: number }>(
    deps.db,
    sql`select day, sum(r)::int as reviews, sum(n)::int as fresh from (
          select to_char((reviewed_at at time zone ${tz})::date, 'YYYY-MM-DD') as day, 1 as r, 0 as n
            from review_logs where user_id = ${userId} and reviewed_at >= ${from}::timestamptz
          union all
          select to_char((solved_at at time zone ${tz})::date, 'YYYY-MM-DD'), 0, 1
            from user_questions where user_id = ${userId} and checked and solved_at >= ${from}::timestamptz
        ) d group by day`,
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const met = (day: string) => {
    const d = byDay.get(day);
    return !!d && d.reviews + d.fresh > 0 && d.reviews >= goal.reviews && d.fresh >= goal.newProblems;
  };
  let best = 0;
  let run = 0;
  for (let i = STREAK_DAYS - 1; i >= 0; i--) {
    run = met(addDays(today, -i)) ? run + 1 : 0;
    best = Math.max(best, run);
  }
  let current = 0;
  for (let day = met(today) ? today : addDays(today, -1); met(day); day = addDays(day, -1)) current++;
  const t = byDay.get(today);
  return { goal, today: { day: today, reviews: t?.reviews ?? 0, newProblems: t?.fresh ?? 0, met: met(today) }, current, best };
}

/** The Analysis tab's retention card. */
export async function retention(db: Db, userId: string): Promise<Retention> {
  const [row] = await queryRows<{ reviews: number; recalled: number; interval: number | null }>(
    db,
    sql`select (select count(*)::int from review_logs where user_id = ${userId}) as reviews,
          (select count(*)::int from review_logs where user_id = ${userId} and rating >= ${Rating.Good}) as recalled,
          (select avg(scheduled_days)::float8 from review_cards where user_id = ${userId} and state = ${State.Review} and not suspended) as interval`,
  );
  const reviews = row?.reviews ?? 0;
  return {
    reviews,
    recalled: reviews ? (row?.recalled ?? 0) / reviews : null,
    averageInterval: row?.interval === null || row?.interval === undefined ? null : Math.round(row.interval * 10) / 10,
  };
}
