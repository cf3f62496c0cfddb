/**
 * The two databases of a run: PGlite in a temporary DATA_DIR and a fresh PostgreSQL database
 * (bench_<random>), both dropped at the end. Plus a query profiler: the statements one request runs,
 * each re-run under EXPLAIN ANALYZE, so a slow endpoint names its slow query and plan.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { Db } from '../api/db/client';
import { onCleanup, removeDir } from './lib';

export const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function pgliteDir(): { dataDir: string; remove(): Promise<void> } {
  const root = mkdtempSync(join(tmpdir(), 'pt-bench-'));
  const remove = onCleanup(`PGlite dir ${root}`, () => removeDir(root));
  return { dataDir: join(root, 'data'), remove };
}

/** A new database on the local PostgreSQL, or why there is none. */
export async function createPgDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> } | { error: string }> {
  const admin = postgres(ADMIN_URL, { max: 1, connect_timeout: 5, onnotice: () => {} });
  const name = `bench_${randomBytes(5).toString('hex')}`;
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (err) {
    await admin.end({ timeout: 1 }).catch(() => {});
    return { error: `PostgreSQL at ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')} is not answering: ${(err as Error).message}` };
  }
  await admin.end({ timeout: 1 });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const drop = onCleanup(`database ${name}`, async () => {
    const sql = postgres(ADMIN_URL, { max: 1, connect_timeout: 5, onnotice: () => {} });
    try {
      await sql.unsafe(`drop database if exists ${name} with (force)`);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
  return { url: url.toString(), name, drop };
}

// ---------------------------------------------------------------------------------------------
// Query profile

interface Captured {
  sql: string;
  params: unknown[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Actual Total Time'?: number;
  Plans?: PlanNode[];
}

export interface StatementProfile {
  sql: string;
  ms: number;
  plan: string;
}

type Logger = { logQuery(q: string, p: unknown[]): void };

/**
 * Runs `fn` while recording every statement drizzle sends, through the session's logger (and the
 * options a transaction's session is made from).
 */
export async function captureStatements(db: Db, fn: () => Promise<unknown>): Promise<Captured[]> {
  const session = (db as unknown as { session: { logger: Logger; options?: { logger?: Logger } } }).session;
  const previous = { own: session.logger, options: session.options?.logger };
  const captured: Captured[] = [];
  const logger: Logger = { logQuery: (q, p) => captured.push({ sql: q, params: p }) };
  session.logger = logger;
  if (session.options) session.options.logger = logger;
  try {
    await fn();
  } finally {
    session.logger = previous.own;
    if (session.options) session.options.logger = previous.options;
  }
  return captured;
}

function describePlan(node: PlanNode): string {
  const parts: string[] = [];
  const walk = (n: PlanNode) => {
    const rowsSeen = (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1);
    if (/Seq Scan|Bitmap Heap Scan|Index Scan|Index Only Scan|Sort|Hash Join|Nested Loop|Aggregate|Function Scan/.test(n['Node Type'])) {
      const on = n['Relation Name'] ? ` on ${n['Relation Name']}` : '';
      const via = n['Index Name'] ? ` using ${n['Index Name']}` : '';
      parts.push(`${n['Node Type']}${on}${via} (${rowsSeen} rows, ${Math.round((n['Actual Total Time'] ?? 0) * 10) / 10} ms)`);
    }
    n.Plans?.forEach(walk);
  };
  walk(node);
  return parts.slice(0, 4).join(' → ');
}

/** EXPLAIN ANALYZE of each captured SELECT; the slowest first. */
export async function explainStatements(db: Db, statements: Captured[]): Promise<StatementProfile[]> {
  const client = (db as unknown as { $client: unknown }).$client as
    | { unsafe(q: string, p: unknown[]): Promise<Record<string, unknown>[]> }
    | { query(q: string, p: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
  const out: StatementProfile[] = [];
  for (const s of statements) {
    if (!/^\s*(select|with)\b/i.test(s.sql)) continue;
    const text = `explain (analyze, format json) ${s.sql}`;
    try {
      const rows = 'unsafe' in client ? await client.unsafe(text, s.params) : (await client.query(text, s.params)).rows;
      const raw = rows[0]?.['QUERY PLAN'];
      const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }[];
      const top = parsed[0];
      if (!top) continue;
      out.push({ sql: s.sql.replace(/\s+/g, ' ').slice(0, 160), ms: top['Execution Time'] + top['Planning Time'], plan: describePlan(top.Plan) });
    } catch (err) {
      out.push({ sql: s.sql.replace(/\s+/g, ' ').slice(0, 160), ms: NaN, plan: `explain failed: ${(err as Error).message}` });
    }
  }
  return out.sort((a, b) => (b.ms || 0) - (a.ms || 0));
}
