import { and, count, eq } from 'drizzle-orm';
import type { Profile } from '../../shared/schemas/profile';
import type { Db } from '../db/client';
import { customQuestions, judgeAccounts, questions, sheets, userQuestions, users } from '../db/schema';
import { judgeName } from '../judges/index';
import { profileUrl } from './judge-accounts';
import { ownCustom, seenColumns } from './custom-questions';
import { notFound } from '../lib/errors';
import type { Clock } from '../lib/clock';
import { getActivity } from './analytics';
import type { UserRow } from './auth';
import { listCards } from './sheet-lists';
import { currentProfileName } from './profile-settings';
import { publishedSolutions } from './solutions';

const PROFILE_NOT_FOUND = 'Profile not found';

/**
 * A public profile: name, avatar, solved counts by difficulty and platform, solved per day, public sheets
 * and public judge accounts, and the solutions the person published.
 * The email and private sheets are never part of it.
 */
export async function getProfile(db: Db, clock: Clock, viewer: UserRow | null, profileName: string): Promise<Profile> {
  const [person] = await db
    .select({ id: users.id, firstName: users.firstName, secondName: users.secondName, profileName: users.profileName, imageUrl: users.imageUrl, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.profileName, profileName.toLowerCase()));
  if (!person) {
    // A name the person used before leads to their profile; the client then shows the current name.
    const current = await currentProfileName(db, profileName);
    if (current && current !== profileName.toLowerCase()) return getProfile(db, clock, viewer, current);
    throw notFound(PROFILE_NOT_FOUND);
  }

  const counts = await db
    .select({ difficulty: seenColumns.difficulty, platform: questions.platform, n: count() })
    .from(userQuestions)
    .innerJoin(questions, eq(questions.id, userQuestions.questionId))
    .leftJoin(customQuestions, ownCustom(person.id))
    .where(and(eq(userQuestions.userId, person.id), eq(userQuestions.checked, true)))
    .groupBy(seenColumns.difficulty, questions.platform);
  const byDifficulty: Record<string, number> = {};
  const byPlatform: Record<string, number> = {};
  let total = 0;
  for (const row of counts) {
    const n = row.n;
    total += n;
    byDifficulty[row.difficulty] = (byDifficulty[row.difficulty] ?? 0) + n;
    byPlatform[row.platform] = (byPlatform[row.platform] ?? 0) + n;
  }

  const activity = await getActivity(db, clock, person.id);
  const publicSheets = await listCards(db, viewer, and(eq(sheets.authorId, person.id), eq(sheets.visibility, 'public')));
  const accounts = await db
    .select()
    .from(judgeAccounts)
    .where(and(eq(judgeAccounts.userId, person.id), eq(judgeAccounts.public, true)))
    .orderBy(judgeAccounts.platform);
  const cards = accounts.map((a) => ({
    platform: a.platform,
    name: judgeName(a.platform),
    handle: a.handle,
    rating: a.rating,
    maxRating: a.maxRating,
    rank: a.rank,
    solved: a.solved,
    contests: a.contests,
    profileUrl: profileUrl(a.platform, a.handle),
    refreshedAt: a.refreshedAt?.toISOString() ?? null,
    history: a.history.map((h) => ({ contest: h.contest, at: h.at, rating: h.rating })),
  }));
  return {
    firstName: person.firstName,
    secondName: person.secondName,
    profileName: person.profileName,
    imageUrl: person.imageUrl,
    joinedAt: person.createdAt.toISOString(),
    solved: { total, byDifficulty, byPlatform },
    sheets: publicSheets,
    activity,
    portfolio: {
      cards,
      contestsTaken: cards.reduce((n, c) => n + (c.contests ?? c.history.length), 0),
      totalSolved: cards.reduce((n, c) => n + (c.solved ?? 0), 0),
    },
    // Kept code is private: only the versions the person published themselves.
    solutions: await publishedSolutions(db, person.id),
  };
}
