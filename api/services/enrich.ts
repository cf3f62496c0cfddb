import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ENRICH_MESSAGES, type enrichQuestionBodySchema, type Question } from '../../shared/schemas/question';
import type { Db } from '../db/client';
import { questions } from '../db/schema';
import type { Clock } from '../lib/clock';
import { notFound } from '../lib/errors';
import { findQuestion, parseOrThrow, toQuestion, type QuestionRow } from './questions';

export type EnrichBody = z.output<typeof enrichQuestionBodySchema>;

export interface EnrichResult {
  question: Question;
  /** The fields this call changed; empty for a verified question or when nothing differed. */
  updated: ('name' | 'difficulty' | 'topics')[];
}

/** Topics as stored: trimmed, repeats (any case) kept once, in the order the page lists them. */
function cleanTopics(topics: readonly string[]): string[] {
  const seen = new Set<string>();
  return topics
    .map((t) => t.replace(/\s+/g, ' ').trim())
    .filter((t) => {
      const key = t.toLowerCase();
      if (!t || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The changes the judge's page brings to an unverified question: only values it really shows, and only when they differ. */
function changesFor(row: QuestionRow, body: EnrichBody): Partial<Pick<QuestionRow, 'name' | 'difficulty' | 'topics'>> {
  const set: Partial<Pick<QuestionRow, 'name' | 'difficulty' | 'topics'>> = {};
  const name = body.name?.replace(/\s+/g, ' ').trim();
  if (name && name !== row.name) set.name = name;
  // 'N/A' says the page showed nothing: it never replaces a known difficulty.
  if (body.difficulty && body.difficulty !== 'N/A' && body.difficulty !== row.difficulty) set.difficulty = body.difficulty;
  const topics = body.topics ? cleanTopics(body.topics) : [];
  if (topics.length && !sameList(topics, row.topics)) set.topics = topics;
  return set;
}

/**
 * Enriches the catalogue with what the extension read on a problem page. Unverified (custom)
 * questions take the page's name, difficulty and topics; verified ones are answered unchanged.
 * An unknown problem is not created here (404): adding it is the workspace's job.
 */
export async function enrichQuestion(deps: { db: Db; clock: Clock }, body: EnrichBody): Promise<EnrichResult> {
  const parsed = parseOrThrow(body.problemUrl);
  const row = await findQuestion(deps.db, parsed);
  if (!row) throw notFound(ENRICH_MESSAGES.notFound);
  if (row.verified) return { question: toQuestion(row), updated: [] };
  const set = changesFor(row, body);
  const updated = Object.keys(set) as EnrichResult['updated'];
  if (!updated.length) return { question: toQuestion(row), updated: [] };
  const [saved] = await deps.db
    .update(questions)
    .set({ ...set, updatedAt: deps.clock.now() })
    // Verified in the meantime: the catalogue's data wins.
    .where(and(eq(questions.id, row.id), eq(questions.verified, false)))
    .returning();
  if (!saved) {
    const current = await findQuestion(deps.db, parsed);
    if (!current) throw notFound(ENRICH_MESSAGES.notFound);
    return { question: toQuestion(current), updated: [] };
  }
  return { question: toQuestion(saved), updated };
}
