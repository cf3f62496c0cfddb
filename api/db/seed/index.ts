import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../lib/project-root';
import { and, eq, sql } from 'drizzle-orm';
import { parseProblemUrl } from '../../../shared/platforms/index';
import type { ParsedProblem } from '../../../shared/platforms/types';
import type { SheetConfig } from '../../../shared/schemas/sheet';
import type { Db } from '../client';
import { mappings, questions, retiredNames, seedState, sheets, users } from '../schema';
import { seedQuestionSchema, seedSheetSchema, type SeedQuestion, type SeedSheet } from './format';
import { canonicalTopics } from '../../../shared/rules/topics';

export interface SeedSummary {
  questions: number;
  sheets: number;
}

const SEED_DIR = join(PROJECT_ROOT, 'api/db/seed');

/** The author of every curated sheet; it has no password and cannot sign in. */
export const CURATOR = {
  email: 'curator@practice-tracker.invalid',
  firstName: 'Practice Tracker',
  secondName: 'Team',
  profileName: 'practice-tracker',
} as const;

/** A catalogue entry with its parsed identity; `sourceUrl` is the URL as written in the file. */
export type CatalogueEntry = SeedQuestion & ParsedProblem & { file: string; sourceUrl: string };

function readJsonFiles(dir: string): { file: string; raw: string; json: unknown }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file), 'utf8');
      return { file, raw, json: JSON.parse(raw) as unknown };
    });
}

/** Reads and validates the shipped data; throws with the file and entry at fault. */
export function readSeed(dir = SEED_DIR): { catalogue: CatalogueEntry[]; sheets: (SeedSheet & { hash: string })[]; catalogueHash: string } {
  const hash = createHash('sha256');
  const catalogue: CatalogueEntry[] = [];
  for (const { file, raw, json } of readJsonFiles(join(dir, 'catalogue'))) {
    hash.update(file).update(raw);
    const entries = seedQuestionSchema.array().safeParse(json);
    if (!entries.success) throw new Error(`catalogue/${file}: ${entries.error.issues[0]?.path.join('.')} ${entries.error.issues[0]?.message}`);
    for (const entry of entries.data) {
      const parsed = parseProblemUrl(entry.url);
      if (!parsed) throw new Error(`catalogue/${file}: not a problem URL: ${entry.url}`);
      catalogue.push({ ...entry, ...parsed, file, sourceUrl: entry.url });
    }
  }
  const sheetList = readJsonFiles(join(dir, 'sheets')).map(({ file, raw, json }) => {
    const parsed = seedSheetSchema.safeParse(json);
    if (!parsed.success) throw new Error(`sheets/${file}: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
    return { ...parsed.data, hash: createHash('sha256').update(raw).digest('hex') };
  });
  const ranks = new Set(sheetList.map((s) => s.rank));
  if (ranks.size !== sheetList.length) throw new Error('sheets: two curated sheets share a rank');
  return { catalogue, sheets: sheetList, catalogueHash: hash.digest('hex') };
}

const problemId = (p: { platform: string; key: string }) => `${p.platform}:${p.key}`;

function slugFor(p: ParsedProblem): string {
  return p.key.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || p.key;
}

async function seedHash(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db.select({ hash: seedState.hash }).from(seedState).where(eq(seedState.name, name));
  return row?.hash;
}

async function setSeedHash(db: Db, name: string, hash: string) {
  await db
    .insert(seedState)
    .values({ name, hash })
    .onConflictDoUpdate({ target: seedState.name, set: { hash, loadedAt: sql`now()` } });
}

async function ensureCurator(db: Db): Promise<string> {
  await db
    .insert(users)
    .values({ ...CURATOR, passwordHash: '!' })
    .onConflictDoNothing();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, CURATOR.email));
  if (!row) throw new Error('curator account missing');
  return row.id;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Loads the catalogue and the curated sheets. Idempotent: unchanged data is skipped by hash; a changed
 * sheet is rebuilt in place (same id and slug, follows kept).
 */
export async function seedDatabase(db: Db, dir = SEED_DIR): Promise<SeedSummary> {
  const seed = readSeed(dir);
  return db.transaction(async (tx) => {
    const curatorId = await ensureCurator(tx);

    if ((await seedHash(tx, 'catalogue')) !== seed.catalogueHash) {
      const unique = new Map(seed.catalogue.map((q) => [problemId(q), q]));
      for (const batch of chunks([...unique.values()], 400)) {
        await tx
          .insert(questions)
          .values(
            batch.map((q) => ({
              platform: q.platform,
              key: q.key,
              name: q.name,
              slug: slugFor(q),
              difficulty: q.difficulty,
              problemUrl: q.url,
              topics: canonicalTopics(q.topics),
              companies: q.companies,
              verified: true,
            })),
          )
          .onConflictDoUpdate({
            target: [questions.platform, questions.key],
            set: {
              name: sql`excluded.name`,
              difficulty: sql`excluded.difficulty`,
              problemUrl: sql`excluded.problem_url`,
              topics: sql`excluded.topics`,
              companies: sql`excluded.companies`,
              verified: sql`true`,
              updatedAt: sql`now()`,
            },
          });
      }
      await setSeedHash(tx, 'catalogue', seed.catalogueHash);
    }

    const ids = new Map(
      (await tx.select({ id: questions.id, platform: questions.platform, key: questions.key }).from(questions).where(eq(questions.verified, true))).map(
        (q) => [problemId(q), q.id],
      ),
    );
    const names = new Map(seed.catalogue.map((q) => [problemId(q), q.name]));

    for (const sheet of seed.sheets) {
      const stateKey = `sheet:${sheet.slug}`;
      if ((await seedHash(tx, stateKey)) === sheet.hash) continue;
      const [existing] = await tx.select({ id: sheets.id, authorId: sheets.authorId }).from(sheets).where(eq(sheets.slug, sheet.slug));
      if (existing && existing.authorId !== curatorId) {
        console.warn(`Curated sheet ${sheet.slug} skipped: a user's sheet already has that slug.`);
        continue;
      }
      // A slug a user's sheet used before stays that sheet's (migration 0013 refuses it to any other).
      const [kept] = existing ? [] : await tx.select({ sheetId: retiredNames.sheetId }).from(retiredNames).where(and(eq(retiredNames.kind, 'sheet-slug'), eq(retiredNames.name, sheet.slug)));
      if (kept) {
        console.warn(`Curated sheet ${sheet.slug} skipped: a user's sheet used that slug before and keeps it.`);
        continue;
      }
      const fields = {
        name: sheet.name,
        description: sheet.description,
        tags: sheet.tags,
        link: sheet.link,
        category: sheet.category,
        premium: sheet.premium,
        rank: sheet.rank,
        visibility: 'public' as const,
      };
      let sheetId: string;
      if (existing) {
        sheetId = existing.id;
        await tx.delete(mappings).where(eq(mappings.sheetId, sheetId));
        await tx.update(sheets).set(fields).where(eq(sheets.id, sheetId));
      } else {
        const [row] = await tx.insert(sheets).values({ ...fields, slug: sheet.slug, authorId: curatorId }).returning({ id: sheets.id });
        if (!row) throw new Error('sheet insert returned nothing');
        sheetId = row.id;
      }

      const config: SheetConfig = { topicOrder: [], subTopicOrder: {}, questionOrder: [] };
      const rows: (typeof mappings.$inferInsert)[] = [];
      const seen = new Set<string>();
      const place = (ref: { url: string; title?: string; resource?: string }, topic: string, subTopic: string) => {
        const parsed = parseProblemUrl(ref.url);
        const id = parsed ? ids.get(problemId(parsed)) : undefined;
        if (!parsed || !id) throw new Error(`sheets/${sheet.slug}: ${ref.url} is not in the catalogue`);
        if (seen.has(id)) return;
        seen.add(id);
        const mappingId = randomUUID();
        rows.push({ id: mappingId, sheetId, questionId: id, topic, subTopic, title: ref.title ?? names.get(problemId(parsed)) ?? parsed.key, resource: ref.resource ?? null });
        config.questionOrder.push(mappingId);
      };
      for (const topic of sheet.topics) {
        config.topicOrder.push(topic.name);
        config.subTopicOrder[topic.name] = topic.subTopics.map((s) => s.name);
        topic.questions.forEach((q) => place(q, topic.name, ''));
        for (const sub of topic.subTopics) sub.questions.forEach((q) => place(q, topic.name, sub.name));
      }
      for (const batch of chunks(rows, 400)) await tx.insert(mappings).values(batch);
      await tx
        .update(sheets)
        .set({ config, version: sql`${sheets.version} + 1`, updatedAt: sql`now()` })
        .where(eq(sheets.id, sheetId));
      await setSeedHash(tx, stateKey, sheet.hash);
    }

    const [counts] = await tx
      .select({
        questions: sql<number>`(select count(*)::int from ${questions} where ${questions.verified})`,
        sheets: sql<number>`(select count(*)::int from ${sheets} where ${sheets.authorId} = ${curatorId})`,
      })
      .from(sql`(select 1) as one`);
    return { questions: counts?.questions ?? 0, sheets: counts?.sheets ?? 0 };
  });
}
