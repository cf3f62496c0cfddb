/**
 * Step 4: server time for the big user, in-process with app.fetch (no network): sequential requests,
 * median and p95, then one more request of each with its statements re-run under EXPLAIN ANALYZE, so
 * a slow endpoint names the query at fault.
 */
import type { AppType } from '../api/app';
import type { Db } from '../api/db/client';
import { captureStatements, explainStatements, type StatementProfile } from './databases';
import { detail, record, summarize, type Target } from './lib';
import { NOTE_SEARCH, type BenchData } from './seed';

interface Endpoint {
  key: string;
  name: string;
  path: string;
  /** A write: sent as JSON with POST. */
  body?: unknown;
  target?: Target;
}

const UNDER_50: Target = { op: '<', limit: 50, label: '< 50 ms' };
const UNDER_30: Target = { op: '<', limit: 30, label: '< 30 ms' };

function endpoints(data: BenchData): Endpoint[] {
  return [
    { key: 'analytics', name: 'analytics (days=-1)', path: '/question-tracker/v1/user/analytics/get?days=-1', target: UNDER_50 },
    {
      key: 'workspace',
      name: 'workspace page: 3 filters, sorted, page 2',
      path: '/question-tracker/v1/user/question/get-questions?difficulty=Medium&difficulty=Hard&platform=leetcode&platform=codeforces&status=marked&sortBy=updatedAt&order=latest&page=2&pageSize=20',
      target: UNDER_50,
    },
    { key: 'notes', name: `note search "${NOTE_SEARCH}"`, path: `/question-tracker/v1/user/notes/get-notes?search=${NOTE_SEARCH}`, target: UNDER_50 },
    // Not targets of the issue, but on the same screens: the workspace's first page and its filter menus, and the sheet.
    { key: 'workspace-first', name: 'workspace first page', path: '/question-tracker/v1/user/question/get-questions' },
    { key: 'workspace-filters', name: 'workspace filter menus (get-filters)', path: '/question-tracker/v1/user/question/get-filters' },
    { key: 'sheet', name: 'sheet GET (455 questions)', path: `/question-tracker/v2/sheet/get-sheet-data-by-slug/${data.sheet.slug}` },
    // The review queue of a user with 7,000 solved questions scheduled (spread over 30 days, so ~230 due).
    { key: 'review-due', name: 'review due list (Review tab)', path: '/question-tracker/v1/user/review/due?tz=Europe%2FBerlin', target: UNDER_30 },
    { key: 'review-rate', name: 'review rating (Good)', path: `/question-tracker/v1/user/review/rate/${data.sheet.questionIds[0]}`, body: { rating: 'good' }, target: UNDER_50 },
  ];
}

export interface ServerTimeResult {
  key: string;
  median: number;
  p95: number;
  statements: number;
  profile: StatementProfile[];
}

export async function measureServerTime(dbLabel: string, app: AppType, db: Db, data: BenchData, samples: number, step = '4'): Promise<ServerTimeResult[]> {
  const headers = { authorization: `Bearer ${data.big.token}` };
  const call = async (path: string, body?: unknown) => {
    const res = await app.request(
      path,
      body === undefined ? { headers } : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) },
    );
    await res.arrayBuffer();
    return res.status;
  };
  const out: ServerTimeResult[] = [];
  for (const e of endpoints(data)) {
    const status = await call(e.path, e.body);
    if (status !== 200) {
      record(step, `${dbLabel}: ${e.name}`, null, 'ms', e.target, `answered ${status}`);
      continue;
    }
    for (let i = 0; i < 2; i++) await call(e.path, e.body); // warm: JIT and plan caches
    const times: number[] = [];
    for (let i = 0; i < samples; i++) {
      const t = performance.now();
      await call(e.path, e.body);
      times.push(performance.now() - t);
    }
    const s = summarize(times);
    const statements = await captureStatements(db, () => call(e.path, e.body));
    const profile = await explainStatements(db, statements);
    const dbMs = profile.reduce((sum, p) => sum + (Number.isFinite(p.ms) ? p.ms : 0), 0);
    record(step, `${dbLabel}: ${e.name} — median`, s.median, 'ms', e.target, `p95 ${s.p95.toFixed(1)} ms, min ${s.min.toFixed(1)} ms, ${s.n} requests; ${statements.length} statements, ${dbMs.toFixed(1)} ms under EXPLAIN ANALYZE (instrumented, slower than a plain run); ${e.path.split('?')[1] ?? ''}`);
    for (const p of profile.slice(0, 2)) if (p.ms >= 1 || e.target) detail(`${Number.isFinite(p.ms) ? p.ms.toFixed(1) : '?'} ms  ${p.sql.slice(0, 110)}…  [${p.plan}]`);
    out.push({ key: e.key, median: s.median, p95: s.p95, statements: statements.length, profile });
  }
  return out;
}
