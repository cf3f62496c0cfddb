import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { customQuestions, questions, userQuestions } from '../db/schema';
import type { Clock } from '../lib/clock';
import { canonicalTopics } from '../../shared/rules/topics';

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

/** The join condition of a user's own data for the question of the row (see seenColumns); the user may be a column (a note's owner). */
export const ownCustom = (userId: string | Placeholder | SQL): SQL => sql`(${eq(customQuestions.questionId, questions.id)} and ${eq(customQuestions.userId, userId)})`;

/** The same for SQL written by hand, where the question is `q` and the user's id is given as SQL. */
export const ownCustomJoin = (userId: SQL) => sql`left join custom_questions cq on cq.question_id = q.id and cq.user_id = ${userId}`;

export interface CustomData {
  name?: string;
  difficulty?: string;
  topics?: string[];
}

/** A user's own data for a custom question, as saved. */
export type CustomRow = Required<CustomData>;

/** One question's data to save, for saveCustomDataOf. */
export interface CustomItem extends CustomData {
  questionId: string;
}

/** A name as it is kept: its runs of white space made one space; null when nothing is left. */
export const customName = (name: string | null | undefined): string | null => name?.replace(/\s+/g, ' ').trim() || null;

/**
 * Writes users' own name, difficulty and topics for custom questions, as two data-modifying statements
 * to run in one (CTEs named `custom_kept` and `custom_added`), over the relation `w` (user_id, question_id,
 * name, difficulty, topics; an absent value null) at the moment `now`. 'replace' sets what is given; 'fill'
 * (what a judge or a sheet shows: a page the user visited, their history, a tick from a sheet) sets only
 * what the user's data lacks: a name still the URL's, an 'N/A' difficulty, no topics. A user's row that
 * is missing is added with the catalogue's data where `w` has none. Nothing is written for a verified
 * question (the catalogue's data wins, also when it was verified meanwhile). Both return (user_id,
 * question_id, name, difficulty, topics).
 */
export function customDataWrites(mode: 'replace' | 'fill', now: SQL): { kept: SQL; added: SQL } {
  const set =
    mode === 'replace'
      ? sql`name = coalesce(w.name, c.name), difficulty = coalesce(w.difficulty, c.difficulty), topics = coalesce(w.topics, c.topics)`
      : sql`name = case when c.name = '' or c.name = q.name then coalesce(w.name, c.name) else c.name end,
            difficulty = case when c.difficulty = 'N/A' and coalesce(w.difficulty, 'N/A') <> 'N/A' then w.difficulty else c.difficulty end,
            topics = case when cardinality(c.topics) = 0 and cardinality(w.topics) > 0 then w.topics else c.topics end`;
  const kept = sql`update custom_questions c set ${set}, updated_at = ${now}
    from w join questions q on q.id = w.question_id and not q.verified
    where c.user_id = w.user_id and c.question_id = w.question_id
    returning c.user_id, c.question_id, c.name, c.difficulty, c.topics`;
  // A row another writer adds meanwhile keeps what that writer gave it.
  const added = sql`insert into custom_questions (user_id, question_id, name, difficulty, topics, created_at, updated_at)
    select w.user_id, q.id, coalesce(w.name, q.name), coalesce(w.difficulty, 'N/A'), coalesce(w.topics, '{}'), ${now}, ${now}
    from w join questions q on q.id = w.question_id and not q.verified
    where not exists (select 1 from custom_kept k where k.user_id = w.user_id and k.question_id = w.question_id)
    on conflict (user_id, question_id) do nothing
    returning user_id, question_id, name, difficulty, topics`;
  return { kept, added };
}

/**
 * Writes a user's own name, difficulty and topics for custom questions, in one statement however many
 * (customDataWrites). Answers the saved rows by question id.
 */
export async function saveCustomDataOf(db: Db, clock: Clock, userId: string, items: readonly CustomItem[], mode: 'replace' | 'fill'): Promise<Map<string, CustomRow>> {
  const out = new Map<string, CustomRow>();
  if (!items.length) return out;
  // Rows travel as one JSON document; absent values are null.
  const rows = JSON.stringify(
    items.map((item) => ({
      question_id: item.questionId,
      name: customName(item.name),
      difficulty: item.difficulty || null,
      topics: item.topics ? canonicalTopics(item.topics) : null,
    })),
  );
  const { kept, added } = customDataWrites(mode, sql`${clock.now().toISOString()}::timestamptz`);
  const saved = await queryRows<CustomRow & { question_id: string }>(
    db,
    sql`with w as (select ${userId}::uuid as user_id, x.* from jsonb_to_recordset(${rows}::jsonb) as x(question_id uuid, name text, difficulty text, topics text[])),
      custom_kept as (${kept}), custom_added as (${added})
    select question_id, name, difficulty, topics from custom_kept
    union all select question_id, name, difficulty, topics from custom_added`,
  );
  for (const r of saved) out.set(r.question_id, { name: r.name, difficulty: r.difficulty, topics: r.topics });
  return out;
}

/** saveCustomDataOf for one question (`question`: the catalogue's row); undefined when nothing could be saved. */
export async function saveCustomData(db: Db, clock: Clock, userId: string, question: Pick<typeof questions.$inferSelect, 'id' | 'verified'>, data: CustomData, mode: 'replace' | 'fill'): Promise<CustomRow | undefined> {
  if (question.verified) return undefined;
  return (await saveCustomDataOf(db, clock, userId, [{ questionId: question.id, ...data }], mode)).get(question.id);
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
  return { record: record[0], custom: custom[0] };
}
