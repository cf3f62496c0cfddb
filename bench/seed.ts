/**
 * The benchmark's data set, on a fresh database: the shipped catalogue (seedDatabase), then
 * - a 455-question public sheet of real catalogue questions (topped up with custom questions where the
 *   catalogue has too few of a platform), in 12 topics with subtopics;
 * - a big user (created through the signup endpoint, so its token is real) with 10,000 workspace
 *   records, 500 notes, following 20 curated sheets and collaborating on the 455-question sheet
 *   (so the browser can drag its questions);
 * - 20 other users with 500 records each, so the user's rows are not the whole table.
 * Everything past the catalogue is bulk-inserted in batches.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import { createApp, type AppType } from '../api/app';
import { testConfig } from '../api/config';
import type { Db } from '../api/db/client';
import { collaborators, mappings, noteQuestionLinks, notes, noteTagLinks, noteTags, questions, sheetFollows, sheets, userQuestions, users } from '../api/db/schema';
import { CURATOR, seedDatabase } from '../api/db/seed/index';
import type { SheetConfig } from '../shared/schemas/sheet';
import { ROOT } from './lib';

/** The configuration of every in-process app of the benchmark: cheap password hashing, no dashboard to serve. */
export const benchConfig = () => testConfig({ scryptN: 1024, dashboardDir: join(ROOT, 'bench', 'no-dashboard') });

/** An in-process app on `db`, for seeding through the API and timing requests without the network. */
export const benchApp = (db: Db) => createApp({ db, config: benchConfig() });

const SHEET_SLUG = 'bench-455-sheet';
const SHEET_SIZE = 455;
const RECORDS = 10_000;
const NOTES = 500;
const FOLLOWED = 20;
export const PASSWORD = 'bench-password-1';
/** A word every tenth note contains, for the note search. */
export const NOTE_SEARCH = 'monotonic';

interface BenchUser {
  id: string;
  email: string;
  token: string;
}

export interface BenchData {
  big: BenchUser;
  author: BenchUser;
  sheet: { id: string; slug: string; mappingIds: string[]; questionIds: string[] };
  counts: { questions: number; records: number; notes: number; followed: number; otherUsers: number };
}

/** A small deterministic generator, so every run seeds the same data. */
function prng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const TOPICS = ['Arrays', 'Strings', 'Linked List', 'Stack', 'Queue', 'Binary Search', 'Trees', 'Graphs', 'Dynamic Programming', 'Greedy', 'Backtracking', 'Math', 'Bit Manipulation', 'Heap', 'Trie', 'Sliding Window'];
const COMPANIES = ['Amazon', 'Google', 'Meta', 'Microsoft', 'Apple', 'Adobe', 'Uber', 'Flipkart', 'Bloomberg', 'Oracle'];
const CUSTOM_TAGS = ['revise', 'hard-for-me', 'interview', 'contest', 'pattern', 'tricky', 'favourite', 'redo'];
const NOTE_TAGS = ['dp', 'graphs', 'two-pointers', 'binary-search', 'greedy', 'trees', 'math', 'strings', 'revise', 'mistakes', 'template', 'edge-cases', 'proof', 'complexity', 'patterns'];
const WORDS = (
  'the array is sorted so we can use two pointers from both ends and move the smaller one each step; keep a hash map of seen values ' +
  'to find the complement in constant time; recursion with memoisation turns the exponential search into a table of states; ' +
  'binary search on the answer works because feasibility is monotone; a stack keeps the candidates in order; the heap gives the ' +
  'smallest element in logarithmic time; watch the overflow when multiplying; edge cases: empty input, one element, duplicates'
).split(' ');

/** Signs up through the API itself (the signup endpoint), so the token is a real session. */
async function signupUser(app: AppType, email: string, firstName: string): Promise<BenchUser> {
  const res = await app.request('/auth/v1/signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, firstName, secondName: 'Bench' }),
  });
  const body = (await res.json()) as { data?: { token: string; user: { _id: string } }; status: { message: string } };
  if (res.status !== 201 || !body.data) throw new Error(`signup ${email}: ${res.status} ${body.status.message}`);
  return { id: body.data.user._id, email, token: body.data.token };
}

interface QRow {
  id: string;
  platform: string;
  key: string;
  name: string;
  verified: boolean;
}

/** Custom (unverified) questions on real platforms with valid problem URLs, in one batch insert per 1000. */
async function insertCustomQuestions(db: Db, specs: { platform: string; key: string; url: string; name: string }[], rand: ReturnType<typeof prng>) {
  for (const part of chunks(specs, 1000)) {
    await db
      .insert(questions)
      .values(
        part.map((s) => ({
          platform: s.platform,
          key: s.key,
          name: s.name,
          slug: s.key.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
          difficulty: s.platform === 'codeforces' ? String(800 + 100 * rand.int(28)) : rand.pick(['Easy', 'Medium', 'Hard']),
          problemUrl: s.url,
          topics: [rand.pick(TOPICS), rand.pick(TOPICS)].filter((t, i, a) => a.indexOf(t) === i),
          companies: rand.chance(0.5) ? [rand.pick(COMPANIES)] : [],
          verified: false,
        })),
      )
      .onConflictDoNothing();
  }
}

function customSpec(platform: 'leetcode' | 'codeforces' | 'geeksforgeeks', n: number) {
  if (platform === 'leetcode') {
    const key = `bench-problem-${n}`;
    return { platform, key, url: `https://leetcode.com/problems/${key}/`, name: `Bench Problem ${n}` };
  }
  if (platform === 'codeforces') {
    // Contest ids past any real one in the catalogue; six problems per contest.
    const contest = 5000 + Math.floor(n / 6);
    const index = 'ABCDEF'[n % 6];
    return { platform, key: `${contest}${index}`, url: `https://codeforces.com/problemset/problem/${contest}/${index}`, name: `Bench Round ${contest} ${index}` };
  }
  const key = `bench-practice-${n}`;
  return { platform, key, url: `https://www.geeksforgeeks.org/problems/${key}/1`, name: `Bench Practice ${n}` };
}

export async function seedBench(db: Db, app: AppType, log: (line: string) => void = () => {}): Promise<BenchData> {
  const t0 = performance.now();
  const summary = await seedDatabase(db);
  log(`catalogue: ${summary.questions} questions, ${summary.sheets} curated sheets (${Math.round(performance.now() - t0)} ms)`);
  const big = await signupUser(app, 'big-user@bench.example.com', 'Big');
  const author = await signupUser(app, 'sheet-author@bench.example.com', 'Author');
  // One transaction: the bulk load commits once.
  const data = await db.transaction((tx) => seedRest(tx, big, author, log));
  // Planner statistics after a bulk load, as autovacuum would gather them in production.
  await db.execute(sql`analyze`);
  return data;
}

async function seedRest(db: Db, big: BenchUser, author: BenchUser, log: (line: string) => void): Promise<BenchData> {
  const rand = prng(455);
  let lap = performance.now();
  const step = (what: string) => {
    const t = performance.now();
    log(`${what} (${Math.round(t - lap)} ms)`);
    lap = t;
  };

  // ---- the 455-question sheet: real catalogue questions per platform, topped up with custom ones.
  const want: Record<string, number> = { leetcode: 300, geeksforgeeks: 100, codeforces: 30, interviewbit: 25 };
  const verified = await db.select({ id: questions.id, platform: questions.platform, key: questions.key, name: questions.name, verified: questions.verified }).from(questions).where(eq(questions.verified, true));
  const byPlatform = new Map<string, QRow[]>();
  for (const q of verified) byPlatform.set(q.platform, [...(byPlatform.get(q.platform) ?? []), q]);
  const topUp: ReturnType<typeof customSpec>[] = [];
  for (const [platform, n] of Object.entries(want)) {
    const have = byPlatform.get(platform)?.length ?? 0;
    if (have >= n) continue;
    if (platform !== 'leetcode' && platform !== 'codeforces' && platform !== 'geeksforgeeks') throw new Error(`the catalogue has only ${have} ${platform} questions`);
    for (let i = have; i < n; i++) topUp.push(customSpec(platform, 900_000 + i));
  }
  // ---- custom questions so the big user reaches 10,000 records (the catalogue has about 2,000).
  const extra = Math.max(0, RECORDS - verified.length);
  const kinds = ['leetcode', 'codeforces', 'geeksforgeeks'] as const;
  const customs = Array.from({ length: extra + 200 }, (_, i) => customSpec(kinds[i % 3] as (typeof kinds)[number], i));
  await insertCustomQuestions(db, [...topUp, ...customs], rand);

  step(`${topUp.length + customs.length} custom questions`);
  const all = await db.select({ id: questions.id, platform: questions.platform, key: questions.key, name: questions.name, verified: questions.verified }).from(questions);
  const keyed = new Map(all.map((q) => [`${q.platform}:${q.key}`, q]));
  const sheetQuestions: QRow[] = [];
  for (const [platform, n] of Object.entries(want)) {
    const real = (byPlatform.get(platform) ?? []).slice(0, n);
    sheetQuestions.push(...real);
  }
  for (const s of topUp) {
    const q = keyed.get(`${s.platform}:${s.key}`);
    if (q && sheetQuestions.length < SHEET_SIZE) sheetQuestions.push(q);
  }
  if (sheetQuestions.length !== SHEET_SIZE) throw new Error(`sheet has ${sheetQuestions.length} questions, wanted ${SHEET_SIZE}`);

  const [sheet] = await db
    .insert(sheets)
    .values({
      name: 'Bench 455: the complete interview sheet',
      description: 'Four hundred and fifty-five problems across twelve topics, for the benchmark.',
      slug: SHEET_SLUG,
      tags: ['dsa', 'interview'],
      visibility: 'public',
      authorId: author.id,
    })
    .returning({ id: sheets.id });
  if (!sheet) throw new Error('sheet insert returned nothing');
  const config: SheetConfig = { topicOrder: [], subTopicOrder: {}, questionOrder: [] };
  const topics = TOPICS.slice(0, 12);
  for (const t of topics) {
    config.topicOrder.push(t);
    config.subTopicOrder[t] = ['Basics', 'Patterns', 'Advanced'].map((s) => `${t} ${s}`);
  }
  const mappingRows = sheetQuestions.map((q, i) => {
    const topic = topics[Math.floor((i * topics.length) / SHEET_SIZE)] as string;
    const subs = config.subTopicOrder[topic] ?? [];
    const sub = i % 4 === 0 ? '' : (subs[i % subs.length] ?? '');
    return { id: randomUUID(), sheetId: sheet.id, questionId: q.id, topic, subTopic: sub, title: q.name, resource: i % 3 === 0 ? 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' : null };
  });
  // The order groups by topic then subtopic, as the dashboard shows it.
  config.questionOrder = mappingRows.map((m) => m.id);
  for (const part of chunks(mappingRows, 500)) await db.insert(mappings).values(part);
  await db.update(sheets).set({ config, version: 2 }).where(eq(sheets.id, sheet.id));
  await db.insert(collaborators).values({ sheetId: sheet.id, userId: big.id });
  step('455-question sheet');

  // ---- the big user's 10,000 records: every sheet question, every catalogue question, then custom ones.
  const chosen = new Map<string, QRow>();
  for (const q of sheetQuestions) chosen.set(q.id, q);
  for (const q of verified) if (chosen.size < RECORDS) chosen.set(q.id, q);
  for (const q of all) {
    if (chosen.size >= RECORDS) break;
    if (!q.verified) chosen.set(q.id, q);
  }
  const now = Date.now();
  const span = 730 * 86_400_000; // two years of history
  const records = [...chosen.values()].map((q, i) => {
    const createdAt = new Date(now - span + Math.floor((i / RECORDS) * span) + rand.int(3_600_000));
    const checked = rand.chance(0.7);
    const solvedAt = checked ? new Date(createdAt.getTime() + rand.int(20 * 86_400_000)) : null;
    const updatedAt = new Date(Math.min(now, (solvedAt ?? createdAt).getTime() + rand.int(5 * 86_400_000)));
    return {
      userId: big.id,
      questionId: q.id,
      checked,
      // The newest record is never starred, so the starred filter always changes the first page.
      starred: i % 7 === 1 && i !== RECORDS - 1,
      customTags: rand.chance(0.3) ? [rand.pick(CUSTOM_TAGS), rand.pick(CUSTOM_TAGS)].filter((t, j, a) => a.indexOf(t) === j) : [],
      solvedAt: solvedAt && solvedAt.getTime() > now ? new Date(now) : solvedAt,
      createdAt,
      updatedAt,
    };
  });
  for (const part of chunks(records, 1000)) await db.insert(userQuestions).values(part);

  step(`${records.length} records of the big user`);
  // ---- 20 other users with 500 records each.
  const others = await db
    .insert(users)
    .values(Array.from({ length: 20 }, (_, i) => ({ email: `other-${i}@bench.example.com`, passwordHash: '!', firstName: `Other${i}`, profileName: `bench-other-${i}` })))
    .returning({ id: users.id });
  const otherRecords = others.flatMap((u) =>
    Array.from({ length: 500 }, () => all[rand.int(all.length)] as QRow)
      .filter((q, i, list) => list.findIndex((x) => x.id === q.id) === i)
      .map((q) => ({ userId: u.id, questionId: q.id, checked: rand.chance(0.6), starred: rand.chance(0.1), solvedAt: new Date(now - rand.int(span)), createdAt: new Date(now - rand.int(span)), updatedAt: new Date(now - rand.int(span / 2)) })),
  );
  for (const part of chunks(otherRecords, 1000)) await db.insert(userQuestions).values(part);

  step(`${otherRecords.length} records of 20 other users`);
  // ---- 500 notes: 400 on questions of the workspace, 100 general; tags and linked questions on some.
  const tagRows = await db.insert(noteTags).values(NOTE_TAGS.map((name) => ({ userId: big.id, name }))).returning({ id: noteTags.id });
  const recordQuestions = records.map((r) => r.questionId);
  const noteRows = Array.from({ length: NOTES }, (_, i) => {
    const words = Array.from({ length: 40 + rand.int(160) }, () => rand.pick(WORDS));
    if (i % 10 === 0) words.splice(rand.int(words.length), 0, NOTE_SEARCH);
    const paragraphs = chunks(words, 30).map((p) => `<p>${p.join(' ')}</p>`);
    if (i % 5 === 0) paragraphs.push('<pre><code class="language-cpp">for (int i = 0; i &lt; n; ++i) sum += a[i];</code></pre>');
    const createdAt = new Date(now - rand.int(span));
    return {
      id: randomUUID(),
      userId: big.id,
      questionId: i < 400 ? rand.pick(recordQuestions) : null,
      title: i < 400 ? rand.pick(['Approach', 'Mistakes', 'Optimal', 'Revision']) : `General note ${i}`,
      note: paragraphs.join(''),
      createdAt,
      updatedAt: new Date(createdAt.getTime() + rand.int(86_400_000)),
    };
  });
  for (const part of chunks(noteRows, 250)) await db.insert(notes).values(part);
  const links = noteRows.flatMap((n) =>
    [...new Set(Array.from({ length: rand.int(3) }, () => rand.pick(tagRows).id))].map((tagId) => ({ noteId: n.id, tagId })),
  );
  for (const part of chunks(links, 1000)) if (part.length) await db.insert(noteTagLinks).values(part);
  const qLinks = noteRows
    .filter((_, i) => i % 5 === 1)
    .flatMap((n) => [...new Set([rand.pick(recordQuestions), rand.pick(recordQuestions)])].map((questionId) => ({ noteId: n.id, questionId })));
  for (const part of chunks(qLinks, 1000)) if (part.length) await db.insert(noteQuestionLinks).values(part);

  step(`${noteRows.length} notes`);
  // ---- following 20 curated (non-premium) sheets; the records above give progress in each.
  const [curator] = await db.select({ id: users.id }).from(users).where(eq(users.email, CURATOR.email));
  const curated = await db
    .select({ id: sheets.id })
    .from(sheets)
    .where(and(eq(sheets.authorId, curator?.id ?? ''), eq(sheets.premium, false), ne(sheets.slug, SHEET_SLUG)))
    .orderBy(sheets.slug)
    .limit(FOLLOWED);
  if (curated.length) {
    // The follower counts move with the follows (a trigger).
    await db.insert(sheetFollows).values(curated.map((s) => ({ sheetId: s.id, userId: big.id })));
  }

  step('follows');

  const [{ n: totalQuestions } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(questions);
  const [{ n: recordCount } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(userQuestions).where(eq(userQuestions.userId, big.id));
  const [{ n: noteCount } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(notes).where(eq(notes.userId, big.id));
  return {
    big,
    author,
    sheet: { id: sheet.id, slug: SHEET_SLUG, mappingIds: mappingRows.map((m) => m.id), questionIds: mappingRows.map((m) => m.questionId) },
    counts: { questions: totalQuestions, records: recordCount, notes: noteCount, followed: curated.length, otherUsers: others.length },
  };
}
