/**
 * Shared pieces of the benchmark: the result rows and their targets, statistics, the final table,
 * and the child processes and databases the run starts (so every one of them is cleaned up).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../scripts/build-api';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export type Status = 'pass' | 'fail' | 'info' | 'skip';

export interface Target {
  /** How the value must compare with the limit to pass. */
  op: '<' | '<=' | '>=';
  limit: number;
  /** As printed, e.g. "≥ 50% of limit". */
  label: string;
}

export interface Row {
  step: string;
  name: string;
  value: number | null;
  unit: string;
  target?: string;
  status: Status;
  note?: string;
}

export const rows: Row[] = [];

function fmt(value: number | null, unit: string): string {
  if (value === null) return '—';
  if (unit === 'yes' || unit === 'no') return unit;
  const digits = Math.abs(value) >= 100 || Number.isInteger(value) ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const n = value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  return unit ? `${n} ${unit}` : n;
}

function printRow(r: Row) {
  const mark = { pass: 'PASS', fail: 'FAIL', info: '    ', skip: 'SKIP' }[r.status];
  const target = r.target ? `  [target ${r.target}]` : '';
  const note = r.note ? `  — ${r.note}` : '';
  console.log(`  ${mark}  ${r.step.padEnd(4)} ${r.name}: ${fmt(r.value, r.unit)}${target}${note}`);
}

/** Records a figure; with a target it passes or fails, without one it is information. */
export function record(step: string, name: string, value: number | null, unit: string, target?: Target, note?: string): Row {
  let status: Status = 'info';
  if (target) {
    if (value === null || !Number.isFinite(value)) status = 'fail';
    else if (target.op === '<') status = value < target.limit ? 'pass' : 'fail';
    else if (target.op === '<=') status = value <= target.limit ? 'pass' : 'fail';
    else status = value >= target.limit ? 'pass' : 'fail';
  }
  const row: Row = { step, name, value: value === null ? null : round(value), unit, status, ...(target && { target: target.label }), ...(note && { note }) };
  rows.push(row);
  printRow(row);
  return row;
}

/** A pass/fail fact that is not a number (e.g. "a write through A is seen through B"). */
export function check(step: string, name: string, ok: boolean, note?: string): Row {
  const row: Row = { step, name, value: ok ? 1 : 0, unit: ok ? 'yes' : 'no', target: 'yes', status: ok ? 'pass' : 'fail', ...(note && { note }) };
  rows.push(row);
  printRow(row);
  return row;
}

export function skip(step: string, name: string, why: string, target?: string): Row {
  const row: Row = { step, name, value: null, unit: '', status: 'skip', note: why, ...(target && { target }) };
  rows.push(row);
  printRow(row);
  return row;
}

export function heading(text: string) {
  console.log(`\n▶ ${text}`);
}

export function detail(text: string) {
  console.log(`        ${text}`);
}

const round = (n: number) => Math.round(n * 100) / 100;

export function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] as number;
}

export function summarize(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, median: quantile(s, 0.5), p95: quantile(s, 0.95), min: s[0] ?? NaN, max: s[s.length - 1] ?? NaN };
}

export const kB = (bytes: number) => bytes / 1000;

export function printTable(all: Row[]) {
  const header = ['Step', 'Figure', 'Value', 'Target', 'Result'];
  const body = all.map((r) => [r.step, r.name, fmt(r.value, r.unit), r.target ?? '', r.status === 'info' ? '' : r.status.toUpperCase()]);
  const widths = header.map((h, i) => Math.min(i === 1 ? 72 : 30, Math.max(h.length, ...body.map((b) => (b[i] ?? '').length))));
  const line = (cells: string[]) => cells.map((c, i) => (c.length > (widths[i] ?? 0) ? `${c.slice(0, (widths[i] ?? 1) - 1)}…` : c.padEnd(widths[i] ?? 0))).join(' │ ');
  console.log(line(header));
  console.log(widths.map((w) => '─'.repeat(w)).join('─┼─'));
  for (const b of body) console.log(line(b));
  const count = (s: Status) => all.filter((r) => r.status === s).length;
  console.log(`\n${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped, ${count('info')} informational`);
}

// ---------------------------------------------------------------------------------------------
// Cleanup: every child process and database this run started, released once.

type Cleanup = { label: string; run: () => Promise<void> | void };
const cleanups: Cleanup[] = [];

export function onCleanup(label: string, run: () => Promise<void> | void): () => Promise<void> {
  const entry = { label, run };
  cleanups.push(entry);
  return async () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) cleanups.splice(i, 1);
    await run();
  };
}

let cleaning: Promise<void> | null = null;
export function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    for (const c of cleanups.splice(0).reverse()) {
      try {
        await c.run();
      } catch (err) {
        console.error(`cleanup of ${c.label} failed: ${(err as Error).message}`);
      }
    }
  })();
  return cleaning;
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// The API server in a child process (bench/server.ts), so the load generator has its own event loop.

export interface ServerInfo {
  port: number;
  bytes: number;
  etag: string;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Ends one child we started, by its pid: SIGTERM, then SIGKILL after a grace period. */
function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    const timer = setTimeout(() => {
      if (child.pid && child.exitCode === null) process.kill(child.pid, 'SIGKILL');
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.pid) process.kill(child.pid, 'SIGTERM');
  });
}

let bundled: Promise<string> | null = null;

/** bench/server.ts built as npm start builds the API, so the servers measured are what a deployment runs. */
function benchServerBundle(): Promise<string> {
  bundled ??= bundleServer(join(ROOT, 'bench', 'server.ts'), join(ROOT, 'dist', 'bench', 'server.mjs'));
  return bundled;
}

export async function startServer(label: string, env: Record<string, string>, timeoutMs = 120_000, bundle?: string): Promise<ServerInfo> {
  // BENCH_SERVER_NODE_ARGS passes Node flags to the servers only, e.g. '--cpu-prof --cpu-prof-dir=prof'.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, bundle ?? (await benchServerBundle())], {
    cwd: ROOT,
    // JOBS=false: no background jobs, which would read the judges' real sites (step 15 runs its own queue).
    env: { ...process.env, JOBS: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stopping = false;
  const stop = onCleanup(`server ${label} (pid ${child.pid})`, () => {
    stopping = true;
    return stopChild(child);
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
  });
  const ready = await new Promise<{ port: number; bytes: number; etag: string }>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server ${label} did not start in ${timeoutMs} ms\n${stderr}`)), timeoutMs);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('BENCH_READY '));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice('BENCH_READY '.length)) as { port: number; bytes: number; etag: string });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server ${label} exited with ${code}\n${stderr}`));
    });
  }).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`  !! server ${label} (pid ${child.pid}) exited by itself (${signal ?? code}): ${stderr.trim().split('\n').slice(-6).join(' | ')}`);
  });
  return { ...ready, url: `http://127.0.0.1:${ready.port}`, pid: child.pid ?? 0, stop };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How many requests the server is answering right now. */
export async function inflight(server: ServerInfo): Promise<number> {
  const res = await fetch(`${server.url}/__bench/inflight`, { signal: AbortSignal.timeout(10_000) });
  return ((await res.json()) as { inflight: number }).inflight;
}

/** Waits until the server has answered every request it received; returns how long that took (ms). */
export async function drain(server: ServerInfo, maxMs = 120_000): Promise<number> {
  const t = performance.now();
  while (performance.now() - t < maxMs) {
    try {
      const res = await fetch(`${server.url}/__bench/inflight`, { signal: AbortSignal.timeout(10_000) });
      const { inflight } = (await res.json()) as { inflight: number };
      if (inflight === 0) return performance.now() - t;
    } catch {
      // busy: ask again
    }
    await sleep(100);
  }
  return performance.now() - t;
}

export function errorText(err: unknown): string {
  // Anything may be thrown: an Error (whose cause may carry a code), a string, even null.
  const e = err as { message?: string; cause?: { code?: string; message?: string } } | null | undefined;
  const cause = e?.cause ? ` (${e.cause.code ?? ''} ${e.cause.message ?? ''})`.replace('( ', '(') : '';
  return `${(e?.message ?? String(err)).split('\n')[0]?.slice(0, 200) ?? 'error'}${cause}`;
}
