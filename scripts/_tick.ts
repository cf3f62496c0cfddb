import { openPostgres } from '../api/db/client';
import { markRecord } from '../api/services/records';
import postgres from 'postgres';
const url = process.argv[2]!;
const d = await openPostgres(url, 8);
const raw = postgres(url);
const pairs = await raw<{ user_id: string; question_id: string }[]>`select distinct on (user_id) user_id, question_id from user_questions order by user_id limit 5000`;
const clock = { now: () => new Date() };
async function round(starred: boolean, n: number) {
  const slice = pairs.slice(0, n);
  await Promise.all(slice.map((p) => markRecord(d.db, clock as never, p.user_id, p.question_id, { starred })));
}
for (let i = 0; i < 10; i++) await round(i % 2 === 0, 50);
const t = performance.now();
let count = 0;
for (let i = 0; i < 100; i++) { await round(i % 2 === 0, 50); count += 50; }
const ms = performance.now() - t;
console.log(`${count} marks in ${ms.toFixed(0)} ms: ${(count / ms * 1000).toFixed(0)}/s`);
await raw.end(); await d.close();
