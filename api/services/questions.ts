import { and, desc, eq, or, sql } from 'drizzle-orm';
import { parseProblemUrl } from '../../shared/platforms/index';
import type { ParsedProblem } from '../../shared/platforms/types';
import { QUESTION_MESSAGES, type PopularSheet, type Question, type UnknownQuestion } from '../../shared/schemas/question';
import type { Db } from '../db/client';
import { mappings, questions, sheets, userQuestions } from '../db/schema';
import { AppError, badRequest } from '../lib/errors';
import type { UserRow } from './auth';
import { notesForQuestion } from './notes';

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
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(input) ? input : `https://${input}`);
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
    .orderBy(desc(sheets.followers))
    .limit(10);
  return rows;
}

export async function lookupQuestion(db: Db, problemUrl: string, user: UserRow | null) {
  const parsed = parseOrThrow(problemUrl);
  const row = await findQuestion(db, parsed);
  if (!row) {
    const question: UnknownQuestion = {
      name: nameFromKey(parsed.key),
      slug: slugFromKey(parsed.key),
      platform: parsed.platform,
      problemUrl: parsed.url,
      difficulty: 'N/A',
      topics: [],
      verified: false,
    };
    throw new AppError(404, 'NotFoundError', QUESTION_MESSAGES.notFound, {}, { question });
  }
  const [record] = user
    ? await db.select().from(userQuestions).where(and(eq(userQuestions.userId, user.id), eq(userQuestions.questionId, row.id)))
    : [];
  // The full note shape of the notes tab (tags, linked questions, owning question), first written first.
  const userNotes = user ? await notesForQuestion(db, user.id, row.id) : [];
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

/** Name search: exact, then prefix, then word-prefix, then substring, then trigram-similar names. At most 20. */
export async function searchQuestions(db: Db, name: string): Promise<Question[]> {
  const q = name.toLowerCase();
  const like = escapeLike(q);
  const lname = sql`lower(${questions.name})`;
  const rank = sql<number>`case
    when ${lname} = ${q} then 0
    when ${lname} like ${like + '%'} then 1
    when ${lname} like ${'% ' + like + '%'} then 2
    when ${lname} like ${'%' + like + '%'} then 3
    else 4 end`;
  const rows = await db
    .select()
    .from(questions)
    .where(or(sql`${lname} like ${'%' + like + '%'}`, sql`${lname} % ${q}`, sql`${q} <% ${lname}`))
    .orderBy(rank, sql`word_similarity(${q}, ${lname}) desc`, sql`length(${questions.name})`, questions.name)
    .limit(20);
  return rows.map(toQuestion);
}

/**
 * The catalogue question for a URL, creating an unverified (custom) one when the catalogue does not
 * know it. A custom question is shared: every later user pasting that URL gets the same one.
 */
export async function ensureQuestion(
  db: Db,
  problemUrl: string,
  custom: { name?: string; difficulty?: string; topics?: string[] } = {},
  createdBy: string | null = null,
): Promise<QuestionRow> {
  const parsed = parseOrThrow(problemUrl);
  const existing = await findQuestion(db, parsed);
  if (existing) return existing;
  await db
    .insert(questions)
    .values({
      platform: parsed.platform,
      key: parsed.key,
      name: custom.name?.trim() || nameFromKey(parsed.key),
      slug: slugFromKey(parsed.key),
      difficulty: custom.difficulty ?? 'N/A',
      problemUrl: parsed.url,
      topics: custom.topics ?? [],
      verified: false,
      createdBy,
    })
    .onConflictDoNothing();
  const row = await findQuestion(db, parsed);
  if (!row) throw new Error('question vanished after insert');
  return row;
}
