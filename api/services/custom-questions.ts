import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { customQuestions, questions, userQuestions } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { QuestionRow } from './questions';

/*
 * Custom questions belong to whoever typed them. A problem the catalogue does not know gets one shared,
 * unverified questions row that says only what its URL says (so a tick on it counts in every sheet that
 * holds it), and each user's own name, difficulty and topics for it live here, seen by that user alone.
 * A sheet shows such a question under its mapping title. Verifying a question deletes these rows.
 */

/**
 * A question as one user sees it: the catalogue's row, with that user's own name, difficulty and topics
 * for a custom question (custom_questions, left-joined with ownCustom). The same columns as QuestionRow.
 */
export const seenColumns = {
  id: questions.id,
  platform: questions.platform,
  key: questions.key,
  name: sql<string>`coalesce(${customQuestions.name}, ${questions.name})`,
  slug: questions.slug,
  difficulty: sql<string>`coalesce(${customQuestions.difficulty}, ${questions.difficulty})`,
  problemUrl: questions.problemUrl,
  topics: sql<string[]>`coalesce(${customQuestions.topics}, ${questions.topics})`,
  companies: questions.companies,
  verified: questions.verified,
  createdBy: questions.createdBy,
  createdAt: questions.createdAt,
  updatedAt: questions.updatedAt,
};

/** The join condition of a user's own data for the question of the row (see seenColumns). */
export const ownCustom = (userId: string): SQL => and(eq(customQuestions.questionId, questions.id), eq(customQuestions.userId, userId))!;

/** The same for SQL written by hand, where the question is `q` and the user's id is given as SQL. */
export const ownCustomJoin = (userId: SQL) => sql`left join custom_questions cq on cq.question_id = q.id and cq.user_id = ${userId}`;

export interface CustomData {
  name?: string;
  difficulty?: string;
  topics?: string[];
}

/** A user's own data for a custom question, as saved. */
export type CustomRow = Required<CustomData>;

/**
 * Writes a user's own name, difficulty and topics for a custom question. 'replace' sets what is given;
 * 'fill' (what a page the user visited shows) sets only what the user's data lacks: a name still the
 * URL's, an 'N/A' difficulty, no topics. Nothing is written for a verified question (the catalogue's data
 * wins, also when it was verified meanwhile). `question` is the catalogue's row. Answers the user's data
 * as saved, or undefined when nothing could be.
 */
export async function saveCustomData(db: Db, clock: Clock, userId: string, question: QuestionRow, data: CustomData, mode: 'replace' | 'fill'): Promise<CustomRow | undefined> {
  if (question.verified) return undefined;
  const now = clock.now().toISOString();
  const name = data.name?.replace(/\s+/g, ' ').trim() || null;
  const difficulty = data.difficulty && data.difficulty !== 'N/A' ? data.difficulty : null;
  // A list travels as JSON: one text parameter, whatever it holds.
  const list = (values: string[] | undefined) => (values?.length ? sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))` : sql`null::text[]`);
  const topics = list(data.topics);
  const update =
    mode === 'replace'
      ? sql`name = coalesce(${name}::text, c.name),
            difficulty = coalesce(${data.difficulty ?? null}::text, c.difficulty),
            topics = ${data.topics ? sql`coalesce(${topics}, '{}')` : sql`c.topics`}`
      : sql`name = case when c.name = '' or c.name = ${question.name} then coalesce(${name}::text, c.name) else c.name end,
            difficulty = case when c.difficulty = 'N/A' then coalesce(${difficulty}::text, c.difficulty) else c.difficulty end,
            topics = case when cardinality(c.topics) = 0 then coalesce(${topics}, c.topics) else c.topics end`;
  // Inserted only while the question is unverified, read in the same statement.
  const [row] = await queryRows<CustomRow>(
    db,
    sql`insert into custom_questions as c (user_id, question_id, name, difficulty, topics, created_at, updated_at)
        select ${userId}::uuid, q.id, coalesce(${name}::text, q.name), coalesce(${data.difficulty ?? null}::text, 'N/A'), coalesce(${topics}, '{}'),
          ${now}::timestamptz, ${now}::timestamptz
        from questions q where q.id = ${question.id} and not q.verified
        on conflict (user_id, question_id) do update set ${update}, updated_at = ${now}::timestamptz
        returning c.name, c.difficulty, c.topics`,
  );
  return row;
}

/** A user's workspace record of a question and their own data for it, either possibly missing. */
export async function findRecordOf(db: Db, userId: string, questionId: string) {
  const [record, custom] = await Promise.all([
    db.select().from(userQuestions).where(and(eq(userQuestions.userId, userId), eq(userQuestions.questionId, questionId))),
    db
      .select({ name: customQuestions.name, difficulty: customQuestions.difficulty, topics: customQuestions.topics })
      .from(customQuestions)
      .where(and(eq(customQuestions.userId, userId), eq(customQuestions.questionId, questionId))),
  ]);
  return { record: record[0], custom: custom[0] as CustomRow | undefined };
}
