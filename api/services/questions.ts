import { and, desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { parseProblemUrl } from '../../shared/platforms/index';
import { withScheme } from '../../shared/platforms/url';
import type { ParsedProblem } from '../../shared/platforms/types';
import { QUESTION_MESSAGES, type PopularSheet, type Question, type UnknownQuestion } from '../../shared/schemas/question';
import type { Db } from '../db/client';
import { customQuestions, mappings, questions, sheets } from '../db/schema';
import { AppError, badRequest } from '../lib/errors';
import type { UserRow } from './auth';
import { findRecordOf, ownCustom, seenColumns } from './custom-questions';
import { notesForQuestion } from './notes';
import { POPULAR_ORDER } from './sheet-lists';

export type QuestionRow = typeof questions.$inferSelect;

export function toQuestion(row: QuestionRow): Question {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    platform: row.platform,
    difficulty: row.difficulty,
    problemUrl: row.problemUrl,
    topics: row.topics,
    companies: row.companies,
    verified: row.verified,
  };
}


/** A readable name from a problem key, for questions the catalogue does not know yet ("two-sum" -> "Two Sum"). */
export function nameFromKey(key: string): string {
  const words = key.replace(/[-_]+/g, ' ').trim();
  return /\s/.test(words) ? words.replace(/\b\w/g, (c) => c.toUpperCase()) : words;
}

export function slugFromKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || key.toLowerCase();
}

/**
 * Resolves what a person pasted: a problem on a known platform, or a clear 400 — 'InvalidPlatform'
 * for a real URL we do not support, a validation error for something that is not a URL at all.
 */
export function parseOrThrow(input: string): ParsedProblem {
  const parsed = parseProblemUrl(input);
  if (parsed) return parsed;
  let looksLikeUrl = false;
  try {
    const url = new URL(withScheme(input));
    looksLikeUrl = (url.protocol === 'http:' || url.protocol === 'https:') && /\.[a-z]{2,}$/i.test(url.hostname);
  } catch {
    looksLikeUrl = false;
  }
  if (looksLikeUrl) throw new AppError(400, 'InvalidPlatform', QUESTION_MESSAGES.invalidPlatform);
  throw badRequest(QUESTION_MESSAGES.urlInvalid);
}

export async function findQuestion(db: Db, p: { platform: string; key: string }): Promise<QuestionRow | undefined> {
  const [row] = await db.select().from(questions).where(and(eq(questions.platform, p.platform), eq(questions.key, p.key)));
  return row;
}

/** Public sheets (premium ones only with the entitlement) that contain a question, most followed first. */
async function popularSheets(db: Db, questionId: string, user: UserRow | null): Promise<PopularSheet[]> {
  const rows = await db
    .select({ _id: sheets.id, name: sheets.name, slug: sheets.slug, followers: sheets.followers })
    .from(mappings)
    .innerJoin(sheets, eq(sheets.id, mappings.sheetId))
    .where(and(eq(mappings.questionId, questionId), eq(sheets.visibility, 'public'), user?.purchaseStatus ? undefined : eq(sheets.premium, false)))
    .orderBy(...POPULAR_ORDER)
    .limit(10);
  return rows;
}

/** The question of a problem as this user sees it (their own data for a custom question). */
async function findSeenQuestion(db: Db, p: { platform: string; key: string }, userId: string | null): Promise<(QuestionRow & { own: boolean }) | undefined> {
  const where = and(eq(questions.platform, p.platform), eq(questions.key, p.key));
  if (!userId) {
    const row = await findQuestion(db, p);
    return row && { ...row, own: false };
  }
  const [row] = await db
    .select({ ...seenColumns, own: sql<boolean>`${customQuestions.userId} is not null` })
    .from(questions)
    .leftJoin(customQuestions, ownCustom(userId))
    .where(where);
  return row;
}

/**
 * search-question2. A custom question the viewer has nothing of (no record, no name, no note) answers as
 * unknown (404), as if the catalogue did not have it: its existence and whatever others typed are theirs
 * alone, and the viewer adds it under a name of their own.
 */
export async function lookupQuestion(db: Db, problemUrl: string, user: UserRow | null) {
  const parsed = parseOrThrow(problemUrl);
  const row = await findSeenQuestion(db, parsed, user?.id ?? null);
  const record = user && row ? (await findRecordOf(db, user.id, row.id)).record : undefined;
  // The full note shape of the notes tab (tags, linked questions, owning question), first written first.
  const userNotes = user && row ? await notesForQuestion(db, user.id, row.id) : [];
  if (!row || (!row.verified && !row.own && !record && !userNotes.length)) {
    const question: UnknownQuestion = {
      name: nameFromKey(parsed.key),
      slug: slugFromKey(parsed.key),
      platform: parsed.platform,
      problemUrl: parsed.url,
      difficulty: 'N/A',
      topics: [],
      verified: false,
    };
    throw new AppError(404, 'NotFoundError', QUESTION_MESSAGES.notFound, null, { question });
  }
  return {
    question: toQuestion(row),
    popularSheets: await popularSheets(db, row.id, user),
    solved: record?.checked ?? false,
    document: record
      ? { _id: record.id, checked: record.checked, starred: record.starred, customTags: record.customTags, updatedAt: record.updatedAt.toISOString() }
      : null,
    notes: userNotes,
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const LIMIT = 20;

/**
 * Name search: exact, then prefix, then word-prefix, then substring, then trigram-similar names. At most
 * 20. It reads verified questions, and the viewer's own custom ones under the viewer's own names: never
 * another user's custom question, so nothing only a private sheet or someone's workspace holds.
 */
export async function searchQuestions(db: Db, name: string, userId: string | null): Promise<Question[]> {
  const q = name.toLowerCase();
  const like = escapeLike(q);
  const ranked = (column: SQLWrapper) => {
    const lname = sql`lower(${column})`;
    return {
      matches: sql`(${lname} like ${'%' + like + '%'} or ${lname} % ${q} or ${q} <% ${lname})`,
      rank: sql<number>`case
        when ${lname} = ${q} then 0
        when ${lname} like ${like + '%'} then 1
        when ${lname} like ${'% ' + like + '%'} then 2
        when ${lname} like ${'%' + like + '%'} then 3
        else 4 end`,
      similarity: sql<number>`word_similarity(${q}, ${lname})`,
    };
  };
  // The catalogue through its trigram index (0002), then the viewer's few own names; merged in the same order.
  const catalogue = ranked(questions.name);
  const verified = db
    .select({ question: questions, rank: catalogue.rank, similarity: catalogue.similarity })
    .from(questions)
    .where(and(catalogue.matches, eq(questions.verified, true)))
    .orderBy(catalogue.rank, desc(catalogue.similarity), sql`length(${questions.name})`, questions.name)
    .limit(LIMIT);
  const own = ranked(customQuestions.name);
  const custom = userId
    ? db
        .select({ question: questions, custom: customQuestions, rank: own.rank, similarity: own.similarity })
        .from(customQuestions)
        .innerJoin(questions, eq(questions.id, customQuestions.questionId))
        .where(and(eq(customQuestions.userId, userId), eq(questions.verified, false), own.matches))
        .limit(LIMIT)
    : Promise.resolve([]);
  const [fromCatalogue, fromOwn] = await Promise.all([verified, custom]);
  const all = [
    ...fromCatalogue.map((r) => ({ ...r, question: toQuestion(r.question) })),
    ...fromOwn.map((r) => ({ ...r, question: toQuestion({ ...r.question, name: r.custom.name, difficulty: r.custom.difficulty, topics: r.custom.topics }) })),
  ];
  all.sort(
    (a, b) =>
      a.rank - b.rank ||
      b.similarity - a.similarity ||
      a.question.name.length - b.question.name.length ||
      (a.question.name < b.question.name ? -1 : a.question.name > b.question.name ? 1 : 0),
  );
  return all.slice(0, LIMIT).map((r) => r.question);
}

/**
 * The catalogue question for a URL, creating an unverified (custom) one when the catalogue does not
 * know it. The row is shared (every later user pasting that URL gets the same one, so a tick counts in
 * every sheet that holds it) and says only what the URL says; what a user names it is theirs
 * (saveCustomData).
 */
export async function ensureQuestion(db: Db, problemUrl: string, createdBy: string | null = null): Promise<QuestionRow> {
  const parsed = parseOrThrow(problemUrl);
  const existing = await findQuestion(db, parsed);
  if (existing) return existing;
  await db
    .insert(questions)
    .values({
      platform: parsed.platform,
      key: parsed.key,
      name: nameFromKey(parsed.key),
      slug: slugFromKey(parsed.key),
      problemUrl: parsed.url,
      verified: false,
      createdBy,
    })
    .onConflictDoNothing();
  const row = await findQuestion(db, parsed);
  if (!row) throw new Error('question vanished after insert');
  return row;
}

