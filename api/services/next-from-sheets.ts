import { sql } from 'drizzle-orm';
import { compareSheetPositions, sheetPositions } from '../../shared/rules/sheet';
import type { NextItem } from '../../shared/schemas/practice';
import type { SheetConfig } from '../../shared/schemas/sheet';
import { parsedJson, queryRows, type Db } from '../db/client';

interface Row {
  mapping_id: string;
  sheet_id: string;
  sheet_name: string;
  slug: string;
  config: SheetConfig | string;
  topic: string;
  sub_topic: string;
  question_id: string;
  name: string;
  url: string;
  platform: string;
  difficulty: string;
  solved: boolean;
}

/**
 * The next questions to solve for someone without a judge rating: unsolved questions of the sheets they
 * follow or own, in sheet order, taking in turn the next one of each topic, the topics with the lowest solved
 * share first. A question in several sheets is named once, by the first sheet that brings it.
 */
export async function nextFromSheets(db: Db, userId: string, limit: number): Promise<{ items: NextItem[] }> {
  const rows = await queryRows<Row>(
    db,
    // The sheets the user may read among those they own, work on or follow (access.ts's rule): a followed
    // sheet made private, or premium without a purchase, brings nothing.
    sql`with mine as (
          select s.id from sheets s join users u on u.id = ${userId}
          where s.author_id = u.id
             or exists (select 1 from collaborators c where c.sheet_id = s.id and c.user_id = u.id)
             or (s.visibility = 'public' and (not s.premium or u.purchase_status)
                 and exists (select 1 from sheet_follows f where f.sheet_id = s.id and f.user_id = u.id))
        )
        select m.id as mapping_id, s.id as sheet_id, s.name as sheet_name, s.slug, s.config, m.topic, m.sub_topic,
               q.id as question_id, case when q.verified then q.name else m.title end as name, q.problem_url as url, q.platform, q.difficulty,
               coalesce(uq.checked, false) as solved
        from mine join sheets s on s.id = mine.id
        join mappings m on m.sheet_id = s.id
        join questions q on q.id = m.question_id
        left join user_questions uq on uq.user_id = ${userId} and uq.question_id = q.id
        order by s.name, s.id`,
  );

  // Per sheet and topic: the questions in sheet order and the share solved.
  const groups = new Map<string, { rows: Row[]; solved: number }>();
  const positionOf = new Map<string, ReturnType<typeof sheetPositions>>();
  for (const r of rows) {
    if (!positionOf.has(r.sheet_id)) positionOf.set(r.sheet_id, sheetPositions(parsedJson(r.config)));
    const k = `${r.sheet_id}\u0000${r.topic}`;
    const g = groups.get(k) ?? { rows: [], solved: 0 };
    g.rows.push(r);
    if (r.solved) g.solved++;
    groups.set(k, g);
  }
  const sheetOrder = [...new Set(rows.map((r) => r.sheet_id))];
  const ranked: { row: Row; turn: number; share: number; sheet: number; at: readonly number[] }[] = [];
  for (const g of groups.values()) {
    const share = g.solved / g.rows.length;
    const unsolved = g.rows
      .filter((r) => !r.solved)
      .map((row) => ({ row, at: positionOf.get(row.sheet_id)?.({ id: row.mapping_id, topic: row.topic, subTopic: row.sub_topic }) ?? [] }));
    unsolved.sort((a, b) => compareSheetPositions(a.at, b.at));
    unsolved.forEach(({ row, at }, turn) => ranked.push({ row, turn, share, sheet: sheetOrder.indexOf(row.sheet_id), at }));
  }
  ranked.sort((a, b) => a.turn - b.turn || a.share - b.share || a.sheet - b.sheet || compareSheetPositions(a.at, b.at));

  const seen = new Set<string>();
  const items: NextItem[] = [];
  for (const { row, share } of ranked) {
    if (items.length >= limit) break;
    if (seen.has(row.question_id)) continue;
    seen.add(row.question_id);
    items.push({
      questionId: row.question_id,
      name: row.name,
      url: row.url,
      platform: row.platform,
      difficulty: row.difficulty,
      sheet: { id: row.sheet_id, name: row.sheet_name, slug: row.slug },
      topic: row.topic,
      topicSolvedShare: share,
    });
  }
  return { items };
}
