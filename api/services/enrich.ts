import type { z } from 'zod';
import { ENRICH_MESSAGES, type enrichQuestionBodySchema, type Question } from '../../shared/schemas/question';
import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { notFound } from '../lib/errors';
import { findRecordOf, saveCustomData, type CustomRow } from './custom-questions';
import { findQuestion, parseOrThrow, toQuestion } from './questions';
import { canonicalTopics } from '../../shared/rules/topics';

export type EnrichBody = z.output<typeof enrichQuestionBodySchema>;

export interface EnrichResult {
  question: Question;
  /** The fields this call changed; empty for a verified question or when nothing differed. */
  updated: ('name' | 'difficulty' | 'topics')[];
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

function changed(before: CustomRow, after: CustomRow): EnrichResult['updated'] {
  const out: EnrichResult['updated'] = [];
  if (before.name !== after.name) out.push('name');
  if (before.difficulty !== after.difficulty) out.push('difficulty');
  if (!sameList(before.topics, after.topics)) out.push('topics');
  return out;
}

/**
 * What the extension read on a problem page, for the caller's own copy of a custom question: it fills in
 * only what the caller's data lacks (see saveCustomData 'fill') and changes nothing anyone else sees.
 * A verified question is answered unchanged; so is a custom question the caller has not added (their
 * workspace holds no record of it and they never named it). An unknown problem is not created here (404):
 * adding it is the workspace's job.
 */
export async function enrichQuestion(deps: { db: Db; clock: Clock }, userId: string, body: EnrichBody): Promise<EnrichResult> {
  const parsed = parseOrThrow(body.problemUrl);
  const row = await findQuestion(deps.db, parsed);
  if (!row) throw notFound(ENRICH_MESSAGES.notFound);
  if (row.verified) return { question: toQuestion(row), updated: [] };
  const { record, custom } = await findRecordOf(deps.db, userId, row.id);
  const seen = (data: CustomRow | undefined): Question => toQuestion(data ? { ...row, ...data } : row);
  if (!record && !custom) return { question: seen(undefined), updated: [] };
  const before: CustomRow = custom ?? { name: row.name, difficulty: row.difficulty, topics: row.topics };
  const name = body.name?.replace(/\s+/g, ' ').trim();
  const topics = body.topics ? canonicalTopics(body.topics) : [];
  const saved = await saveCustomData(deps.db, deps.clock, userId, row, { name, difficulty: body.difficulty, topics }, 'fill');
  if (!saved) {
    // Verified meanwhile: the catalogue's data wins.
    const current = await findQuestion(deps.db, parsed);
    if (!current) throw notFound(ENRICH_MESSAGES.notFound);
    return { question: toQuestion(current), updated: [] };
  }
  return { question: seen(saved), updated: changed(before, saved) };
}
