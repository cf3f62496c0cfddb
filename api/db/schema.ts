import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SheetConfig } from '../../shared/schemas/sheet';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lower-cased; the login key. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  secondName: text('second_name').notNull().default(''),
  profileName: text('profile_name').notNull().unique(),
  imageUrl: text('image_url').notNull().default(''),
  /** Premium entitlement, granted by an administrator. */
  purchaseStatus: boolean('purchase_status').notNull().default(false),
  /**
   * Bumped by a database trigger on every change to the user's workspace records, so a cached answer
   * built from those records is known to be current by comparing one number (see services/sheet-cache).
   */
  recordsVersion: integer('records_version').notNull().default(0),
  /**
   * The address a verification link was followed for. The account's address is verified while this equals
   * `email`, so a changed address counts as unverified without anything else to reset.
   */
  verifiedEmail: text('verified_email'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed-login counters keyed by account (and later by address); lives in the database so any API instance sees it. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform').notNull(),
    /** The problem's stable id within its platform (see shared/platforms). */
    key: text('key').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    difficulty: text('difficulty').notNull().default('N/A'),
    problemUrl: text('problem_url').notNull(),
    topics: text('topics').array().notNull().default(sql`'{}'::text[]`),
    companies: text('companies').array().notNull().default(sql`'{}'::text[]`),
    verified: boolean('verified').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Name search goes through the trigram index of migration 0002 (lower(name) gin_trgm_ops).
    uniqueIndex('questions_platform_key_uq').on(t.platform, t.key),
  ],
);

/**
 * A user's own name, difficulty and topics for a custom (unverified) question: what they typed or what
 * their own extension read. The catalogue row of such a question holds only what its URL says, so
 * nothing one user types is seen by another. Rows are deleted when the question is verified.
 */
export const customQuestions = pgTable(
  'custom_questions',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').notNull().references(() => questions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    difficulty: text('difficulty').notNull().default('N/A'),
    topics: text('topics').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] }), index('custom_questions_question_idx').on(t.questionId)],
);

export const sheetVisibility = pgEnum('sheet_visibility', ['public', 'private']);

export const sheets = pgTable(
  'sheets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    slug: text('slug').notNull().unique(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    visibility: sheetVisibility('visibility').notNull().default('private'),
    authorId: uuid('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    link: text('link'),
    /** Explore category of a curated sheet (popular, dsa, ...); null for users' own sheets. */
    category: text('category'),
    premium: boolean('premium').notNull().default(false),
    /**
     * The follows this instance has, kept by a trigger on sheet_follows (migration 0013), never set by hand:
     * every count the product shows is counted from its own data.
     */
    followers: integer('followers').notNull().default(0),
    /** Editorial order of a curated sheet (1 first), from its seed file; orders ties in follower counts. Null for users' sheets. */
    rank: integer('rank'),
    config: jsonb('config').$type<SheetConfig>().notNull().default({ topicOrder: [], subTopicOrder: {}, questionOrder: [] }),
    /** Bumped on every structural edit; a config update based on an older version is refused (409). */
    version: integer('version').notNull().default(1),
    /**
     * Bumped by database triggers whenever the sheet's mappings or the questions they point at change,
     * however the change is made; the key of the cached question list (see services/sheet-cache).
     */
    contentVersion: integer('content_version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sheets_author_name_uq').on(t.authorId, sql`lower(${t.name})`),
    index('sheets_public_followers_idx').on(t.visibility, t.followers),
  ],
);

export const sheetFollows = pgTable(
  'sheet_follows',
  {
    sheetId: uuid('sheet_id').notNull().references(() => sheets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sheetId, t.userId] }), index('sheet_follows_user_idx').on(t.userId)],
);

export const mappings = pgTable(
  'mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sheetId: uuid('sheet_id').notNull().references(() => sheets.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').notNull().references(() => questions.id, { onDelete: 'restrict' }),
    topic: text('topic').notNull().default(''),
    subTopic: text('sub_topic').notNull().default(''),
    title: text('title').notNull(),
    resource: text('resource'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mappings_sheet_question_uq').on(t.sheetId, t.questionId), index('mappings_question_idx').on(t.questionId)],
);

export const collaborators = pgTable(
  'collaborators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sheetId: uuid('sheet_id').notNull().references(() => sheets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('collaborators_sheet_user_uq').on(t.sheetId, t.userId), index('collaborators_user_idx').on(t.userId)],
);

export const inviteStatus = pgEnum('invite_status', ['pending', 'accepted', 'declined', 'cancelled']);

export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sheetId: uuid('sheet_id').notNull().references(() => sheets.id, { onDelete: 'cascade' }),
    inviteeEmail: text('invitee_email').notNull(),
    inviterEmail: text('inviter_email').notNull(),
    status: inviteStatus('status').notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invites_pending_uq').on(t.sheetId, t.inviteeEmail).where(sql`${t.status} = 'pending'`),
    index('invites_invitee_idx').on(t.inviteeEmail),
  ],
);

/** A user's record of one question: the workspace row, and the tick/star shown in every sheet. */
export const userQuestions = pgTable(
  'user_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').notNull().references(() => questions.id, { onDelete: 'cascade' }),
    checked: boolean('checked').notNull().default(false),
    starred: boolean('starred').notNull().default(false),
    customTags: text('custom_tags').array().notNull().default(sql`'{}'::text[]`),
    solvedAt: timestamp('solved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Migration 0020 adds INCLUDE (checked, starred), which Drizzle cannot state: a sheet read's progress is then index-only.
    uniqueIndex('user_questions_user_question_uq').on(t.userId, t.questionId),
    // The id completes the workspace's sort order (an import writes many records at one instant), so a page is an index range.
    index('user_questions_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('user_questions_user_updated_idx').on(t.userId, t.updatedAt, t.id),
  ],
);

export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Null for a general note. */
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    note: text('note').notNull(),
    /**
     * The body's text as the note search matches it: tags replaced by spaces, in lower case (so
     * `search_text LIKE lower(p)` is exactly `text ILIKE p`, without lower-casing every body per search).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(regexp_replace(note, '<[^>]*>', ' ', 'g'))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Nothing indexes updatedAt, so a save (which sets it) can be a heap-only update; the list's order is indexed.
  (t) => [index('notes_user_question_idx').on(t.userId, t.questionId), index('notes_user_created_idx').on(t.userId, t.createdAt, t.id)],
);

export const noteTags = pgTable(
  'note_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('note_tags_user_name_uq').on(t.userId, t.name)],
);

export const noteTagLinks = pgTable(
  'note_tag_links',
  {
    noteId: uuid('note_id').notNull().references(() => notes.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id').notNull().references(() => noteTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.noteId, t.tagId] })],
);

export const noteQuestionLinks = pgTable(
  'note_question_links',
  {
    noteId: uuid('note_id').notNull().references(() => notes.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').notNull().references(() => questions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.noteId, t.questionId] })],
);

/**
 * Names a sheet or a person no longer uses: an old slug or an old profile name still leads to its owner
 * (the client replaces the URL with the current name) and nobody else may take it. One table for both
 * kinds, so one lookup and one database rule (migration 0013's refuse_retired_name trigger) serve both;
 * the owner sits in a column per kind so that each has a real foreign key and goes with its sheet or person.
 */
export const retiredNames = pgTable(
  'retired_names',
  {
    kind: text('kind').$type<RetiredNameKind>().notNull(),
    /** As the owner's current name is kept: lower case. */
    name: text('name').notNull(),
    sheetId: uuid('sheet_id').references(() => sheets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.name] }),
    index('retired_names_sheet_idx').on(t.sheetId),
    index('retired_names_user_idx').on(t.userId),
    check(
      'retired_names_owner_ck',
      sql`(${t.kind} = 'sheet-slug' and ${t.sheetId} is not null and ${t.userId} is null) or (${t.kind} = 'profile-name' and ${t.userId} is not null and ${t.sheetId} is null)`,
    ),
  ],
);
export type RetiredNameKind = 'sheet-slug' | 'profile-name';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A user's avatar as the server re-encoded it (never the uploaded bytes); users.image_url names its version. */
export const userAvatars = pgTable('user_avatars', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  image: bytea('image').notNull(),
  contentType: text('content_type').notNull(),
  /** A hash of the image: its URL's version and its ETag. */
  hash: text('hash').notNull(),
  updatedAt: updatedAt(),
});

/** Hashes of the shipped seed data already loaded, so a restart does no work when nothing changed. */
export const seedState = pgTable('seed_state', {
  name: text('name').primaryKey(),
  hash: text('hash').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's spaced-repetition card of a question (FSRS state, scheduled by services/review.ts with
 * ts-fsrs). Made when the question is first ticked, or starred, or rated.
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').notNull().references(() => questions.id, { onDelete: 'cascade' }),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: smallint('state').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    suspended: boolean('suspended').notNull().default(false),
    /**
     * Whether the question is in the queue's scope: in the workspace, solved or starred. Kept by a trigger on
     * user_questions (migration 0010), so the queue reads its cards without joining the records.
     */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    index('review_cards_queue_idx').on(t.userId, t.due).where(sql`${t.active} and not ${t.suspended}`),
  ],
);

/** One row per rating, as rated (kept so that scheduling parameters can be fitted to a user later). */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').notNull().references(() => questions.id, { onDelete: 'cascade' }),
    /** ts-fsrs Rating: 1 again, 2 hard, 3 good, 4 easy. */
    rating: smallint('rating').notNull(),
    /** The card's state, due, stability and difficulty before this rating. */
    state: smallint('state').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('review_logs_user_reviewed_idx').on(t.userId, t.reviewedAt)],
);

/** A user's review settings: the daily goal (reviews plus new problems; null for the default) and bookkeeping. */
export const reviewSettings = pgTable('review_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reviews: integer('reviews'),
  newProblems: integer('new_problems'),
  /**
   * users.records_version when the user's solved questions were last all scheduled: a queue read schedules
   * what has no card only when the records changed since (every tick also schedules its own question).
   */
  scheduledVersion: integer('scheduled_version').notNull().default(-1),
  updatedAt: updatedAt(),
});

/** Why an account's figures are what they are (see services/judge-accounts). */
export type JudgeAccountStatus = 'pending' | 'ok' | 'could-not-read' | 'judge-down' | 'not-found';

/** One rating change: the contest, when its rating was published, the rating after it. */
export interface RatingPoint {
  contest: string;
  at: string;
  rating: number;
}

/**
 * A user's handle on a judge and the figures last read from it. A failed read keeps the last good
 * figures (refreshed_at says how old they are) and records why in status.
 */
export const judgeAccounts = pgTable(
  'judge_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    handle: text('handle').notNull(),
    /** Shown on the public profile; also the only accounts the leaderboard counts. */
    public: boolean('public').notNull().default(false),
    rating: integer('rating'),
    maxRating: integer('max_rating'),
    rank: text('rank'),
    solved: integer('solved'),
    /** Solved counts by the judge's own difficulty names, where the judge gives them. */
    solvedByDifficulty: jsonb('solved_by_difficulty').$type<Record<string, number>>(),
    contests: integer('contests'),
    history: jsonb('history').$type<RatingPoint[]>().notNull().default([]),
    status: text('status').$type<JudgeAccountStatus>().notNull().default('pending'),
    statusDetail: text('status_detail'),
    /** When the figures were last read successfully. */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** The last refresh the user asked for (the per-user limit). */
    refreshRequestedAt: timestamp('refresh_requested_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('judge_accounts_user_platform_uq').on(t.userId, t.platform), index('judge_accounts_platform_idx').on(t.platform)],
);

/**
 * A user's leaderboard figures (shared/rules/ranking), recomputed whenever one of their accounts changes,
 * so a page is one index range. Only opted-in rows are ranked.
 */
export const userRankings = pgTable(
  'user_rankings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    optedIn: boolean('opted_in').notNull().default(false),
    cScore: integer('c_score').notNull().default(0),
    totalQuestions: integer('total_questions').notNull().default(0),
    leetcodeRating: integer('leetcode_rating'),
    codeforcesRating: integer('codeforces_rating'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('user_rankings_c_score_idx').on(t.cScore.desc(), t.userId).where(sql`${t.optedIn}`),
    index('user_rankings_total_questions_idx').on(t.totalQuestions.desc(), t.userId).where(sql`${t.optedIn}`),
    index('user_rankings_leetcode_rating_idx').on(t.leetcodeRating.desc(), t.userId).where(sql`${t.optedIn} and ${t.leetcodeRating} is not null`),
    index('user_rankings_codeforces_rating_idx').on(t.codeforcesRating.desc(), t.userId).where(sql`${t.optedIn} and ${t.codeforcesRating} is not null`),
  ],
);

/** Upcoming and running contests, as the judges' lists last gave them. */
export const contests = pgTable(
  'contests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform').notNull(),
    /** The contest's id on its judge. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('contests_platform_code_uq').on(t.platform, t.code), index('contests_starts_at_idx').on(t.startsAt)],
);

/** The last refresh of each judge's contest list: when it was reached, and when it last could not be. */
export const contestSources = pgTable('contest_sources', {
  platform: text('platform').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  reachedAt: timestamp('reached_at', { withTimezone: true }),
  /** Set while the latest refresh failed (the judge down, or an answer the reader did not know). */
  failedAt: timestamp('failed_at', { withTimezone: true }),
});

/** A user's subscribable calendar: only the SHA-256 of its secret token is kept. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** Judges whose contests it lists; empty for all. */
  platforms: text('platforms').array().notNull().default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

/**
 * One-time password reset links. Only the SHA-256 of the token is kept; a row is used at most once
 * (used_at), and every row of the user goes when a reset succeeds.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** One-time links that prove a user reads the address they were sent to; only the token's hash is kept. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was mailed to: following it verifies this address only. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/**
 * When each judge may next be called: every API process books its requests here (services/judge-client),
 * so a judge's rate limit holds for the deployment, not per process.
 */
export const judgeTurns = pgTable('judge_turns', {
  judge: text('judge').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
});

/**
 * One-off rewrites of stored data and the version each last ran at (db/topic-vocabulary): a process
 * starting runs one only when its version is newer, so starts stay cheap however much data there is.
 */
export const maintenanceVersions = pgTable('maintenance_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each judge's problems with a difficulty on the judge's rating scale, as its list was last read whole
 * (services/problem-ratings). A problem the judge has not rated has a null difficulty.
 */
export const problemRatings = pgTable(
  'problem_ratings',
  {
    platform: text('platform').notNull(),
    /** The catalogue's key of the problem (questions.key). */
    key: text('key').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    difficulty: integer('difficulty'),
    /** The difficulty is an estimate (from a level and acceptance, or an experimental model). */
    estimated: boolean('estimated').notNull().default(false),
    topics: text('topics').array().notNull().default(sql`'{}'::text[]`),
    contestId: text('contest_id'),
    problemIndex: text('problem_index'),
  },
  (t) => [
    primaryKey({ columns: [t.platform, t.key] }),
    index('problem_ratings_difficulty_idx').on(t.platform, t.difficulty).where(sql`${t.difficulty} is not null`),
    index('problem_ratings_contest_idx').on(t.platform, t.contestId),
  ],
);

/** The state of each judge's problem list: how many it had when last read whole, and the last attempt. */
export const problemLists = pgTable('problem_lists', {
  platform: text('platform').primaryKey(),
  count: integer('count').notNull().default(0),
  status: text('status').$type<'ok' | 'could-not-read' | 'judge-down' | 'partial'>().notNull(),
  statusDetail: text('status_detail'),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});

/** Problems a user said they are not interested in: never recommended until undone. */
export const practiceDismissals = pgTable(
  'practice_dismissals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.platform, t.key] })],
);

/**
 * The problems a linked account solved, as the judge's own accepted list gives them: the first accepted
 * time, and whether an accepted came during a contest the account took part in.
 */
export const judgeSolves = pgTable(
  'judge_solves',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    key: text('key').notNull(),
    solvedAt: timestamp('solved_at', { withTimezone: true }).notNull(),
    inContest: boolean('in_contest').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.platform, t.key] })],
);

/** The contests a linked account took part in (for the upsolve list). */
export const judgeContestEntries = pgTable(
  'judge_contest_entries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    contestId: text('contest_id').notNull(),
    name: text('name').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.platform, t.contestId] }), index('judge_contest_entries_user_ended_idx').on(t.userId, t.endedAt)],
);

export const solutionSource = pgEnum('solution_source', ['extension', 'sync', 'manual']);

/**
 * A user's accepted code for a question, one row per distinct version. The hash of the code makes a
 * repeated save of identical code a no-op under concurrency (the unique index), and `version` numbers
 * the distinct versions of one question in the order they were kept. Private to the user unless
 * `published`.
 */
export const solutions = pgTable(
  'solutions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').notNull().references(() => questions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    code: text('code').notNull(),
    /** SHA-256 of the code as kept, hex. */
    codeHash: text('code_hash').notNull(),
    language: text('language').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    /** Wrong verdicts seen on the problem before this Accepted, where known. */
    attempts: integer('attempts'),
    /** Seconds the problem's tab was visible that day until Accepted, where known. */
    timeSpentSec: integer('time_spent_sec'),
    source: solutionSource('source').notNull(),
    published: boolean('published').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('solutions_user_question_hash_uq').on(t.userId, t.questionId, t.codeHash),
    uniqueIndex('solutions_user_question_version_uq').on(t.userId, t.questionId, t.version),
    index('solutions_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export const groupRole = pgEnum('group_role', ['owner', 'mentor', 'member']);

/**
 * People practising together (issue 61). The owner is also a member row with the role 'owner'; owner_id
 * names them for the lookups that need only the owner. The join link's code is unique and may be
 * turned off or renewed.
 */
export const groups = pgTable('groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The IANA zone the weekly leaderboard's weeks are counted in. */
  timeZone: text('time_zone').notNull().default('UTC'),
  inviteCode: text('invite_code').notNull().unique(),
  joinEnabled: boolean('join_enabled').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: groupRole('role').notNull().default('member'),
    /** The member's own choice: left out of the group's leaderboards (never out of assignments). */
    hideFromLeaderboards: boolean('hide_from_leaderboards').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId)],
);

/** An e-mail invite to a group; it goes when accepted or declined. */
export const groupInvites = pgTable(
  'group_invites',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** Stored lower-cased, as users.email is. */
    email: text('email').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.email] }), index('group_invites_email_idx').on(t.email)],
);

/**
 * A sheet, whole or in part, given to a group with a due date. The questions are kept as they were
 * chosen, in the sheet's order, so a later edit of the sheet does not change what was assigned.
 */
export const groupAssignments = pgTable(
  'group_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    sheetId: uuid('sheet_id')
      .notNull()
      .references(() => sheets.id, { onDelete: 'cascade' }),
    questionIds: uuid('question_ids').array().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('group_assignments_group_due_idx').on(t.groupId, t.dueAt), index('group_assignments_sheet_idx').on(t.sheetId)],
);
/**
 * A user's connected GitHub repository for solution exports, and the state of its current or last run.
 * The token is sealed with AES-256-GCM under the server key (api/lib/secrets.ts) and never leaves the server.
 * One run at a time: a process claims it with a lease (run_lease_owner/run_lease_until), so two processes
 * given the same job never both write; each step's result is kept (blobs created, the commit made), so a
 * run taken again after a crash or a rate limit carries on without making anything twice.
 */
export const githubExports = pgTable('github_exports', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  owner: text('owner').notNull(),
  repo: text('repo').notNull(),
  branch: text('branch').notNull(),
  tokenSealed: text('token_sealed').notNull(),
  /** Export each new accepted solution by itself (the export-due job, once a minute). */
  auto: boolean('auto').notNull().default(false),
  /** Put the user's notes on a problem into its README. */
  includeNotes: boolean('include_notes').notNull().default(false),
  connectedAt: createdAt(),
  runId: uuid('run_id'),
  /** queued, running, waiting (rate limited until run_wait_until), done, failed. */
  runState: text('run_state'),
  runTrigger: text('run_trigger'),
  runQueuedAt: timestamp('run_queued_at', { withTimezone: true }),
  runStartedAt: timestamp('run_started_at', { withTimezone: true }),
  runFinishedAt: timestamp('run_finished_at', { withTimezone: true }),
  runLeaseOwner: text('run_lease_owner'),
  runLeaseUntil: timestamp('run_lease_until', { withTimezone: true }),
  runWaitUntil: timestamp('run_wait_until', { withTimezone: true }),
  /** Times the run was taken up; past a few, a run that keeps failing on GitHub's side stops. */
  runAttempts: integer('run_attempts').notNull().default(0),
  runDone: integer('run_done').notNull().default(0),
  runTotal: integer('run_total').notNull().default(0),
  runError: text('run_error'),
  /** Blob shas this run has created, so a resumed run does not create them again. */
  runBlobs: jsonb('run_blobs').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** The commit this run made and the head it sits on: a resumed run only moves the branch. */
  runCommitSha: text('run_commit_sha'),
  runCommitParent: text('run_commit_parent'),
  /** Files the run changed (0: nothing new, no commit). */
  runFiles: integer('run_files'),
  /** The newest solution's created_at the last finished run included (automatic exports look past it). */
  exportedThrough: timestamp('exported_through', { withTimezone: true }),
});
