import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProblemUrl } from '../../../shared/platforms/index';
import { EXPLORE_CATEGORIES } from '../../../shared/rules/sheet';
import { openTestDatabase } from '../../testing';
import { queryRows, type Database } from '../client';
import { readSeed, seedDatabase } from './index';

const seed = readSeed();
const key = (p: { platform: string; key: string }) => `${p.platform}:${p.key}`;

describe('shipped catalogue', () => {
  it('has at least 1,000 real problems across at least 8 platforms', () => {
    const unique = new Set(seed.catalogue.map(key));
    expect(unique.size).toBeGreaterThanOrEqual(1000);
    expect(new Set(seed.catalogue.map((q) => q.platform)).size).toBeGreaterThanOrEqual(8);
  });

  it('lists every problem once, in the file of its own platform, under its canonical URL', () => {
    const seen = new Map<string, string>();
    for (const q of seed.catalogue) {
      const k = key(q);
      expect(seen.has(k), `${k} in ${q.file} and ${seen.get(k)}`).toBe(false);
      seen.set(k, q.file);
      expect(q.file.startsWith(q.platform), `${q.url} is ${q.platform} but in ${q.file}`).toBe(true);
      expect(q.sourceUrl, 'written in canonical form').toBe(q.url);
      expect(q.name.trim()).toBe(q.name);
    }
  });
});

describe('curated sheets', () => {
  const catalogue = new Set(seed.catalogue.map(key));

  it('ships at least 30 sheets, every explore category has some, slugs are unique', () => {
    expect(seed.sheets.length).toBeGreaterThanOrEqual(30);
    const categories = new Set(seed.sheets.map((s) => s.category));
    for (const c of EXPLORE_CATEGORIES.filter((c) => c !== 'all')) expect(categories.has(c), c).toBe(true);
    expect(new Set(seed.sheets.map((s) => s.slug)).size).toBe(seed.sheets.length);
    expect(seed.sheets.filter((s) => s.category === 'company-wise').every((s) => s.premium)).toBe(true);
  });

  it.each(seed.sheets.map((s) => [s.slug, s] as const))('%s: every question is in the catalogue, once', (_slug, sheet) => {
    const inSheet = new Set<string>();
    const refs = sheet.topics.flatMap((t) => [...t.questions, ...t.subTopics.flatMap((s) => s.questions)]);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const parsed = parseProblemUrl(ref.url);
      expect(parsed, ref.url).not.toBeNull();
      const k = key(parsed!);
      expect(catalogue.has(k), `${ref.url} missing from the catalogue`).toBe(true);
      expect(inSheet.has(k), `${ref.url} twice`).toBe(false);
      inSheet.add(k);
    }
    expect(sheet.description.length).toBeGreaterThan(20);
  });
});

describe('seeding the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const snapshot = async () => {
    const [row] = await queryRows<{ q: number; m: number; ids: string }>(
      database.db,
      sql`select (select count(*)::int from questions) as q, (select count(*)::int from mappings) as m, (select string_agg(id::text, ',' order by id) from mappings) as ids`,
    );
    return row;
  };

  it('loads everything, and a second run changes nothing', async () => {
    const first = await seedDatabase(database.db);
    expect(first.questions).toBe(new Set(seed.catalogue.map(key)).size);
    expect(first.sheets).toBe(seed.sheets.length);
    const before = await snapshot();
    const second = await seedDatabase(database.db);
    expect(second).toEqual(first);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps each sheet config consistent with its mappings', async () => {
    const rows = await queryRows<{ slug: string; ordered: number; mapped: number }>(
      database.db,
      sql`select s.slug, jsonb_array_length(s.config->'questionOrder') as ordered, count(m.id)::int as mapped
          from sheets s left join mappings m on m.sheet_id = s.id group by s.id`,
    );
    expect(rows.length).toBe(seed.sheets.length);
    for (const r of rows) expect(r.ordered, r.slug).toBe(r.mapped);
  });
});
