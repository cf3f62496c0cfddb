/**
 * npm run test:security: the security and reliability checks on their own, on PGlite and (when
 * TEST_DATABASE_URL is set) PostgreSQL, then the XSS corpus and hostile uploads in Chromium. Every check
 * reports what it counted through tests/security/report.ts; this prints one summary table of them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isStale, targets } from './build-state';

/** The vitest files that hold the security checks (names are substring filters). */
const API_FILES = ['tests/security/', 'api/routes/auth.test.ts', 'api/routes/account.test.ts', 'api/routes/notes.test.ts', 'api/db/client.test.ts'];
/** The Playwright specs (and the test titles within them) that run in the browser. */
const BROWSER_SPECS = ['tests/e2e/notes.spec.ts', 'tests/e2e/uploads.spec.ts'];
const BROWSER_GREP = 'XSS corpus|upload|spreadsheet|zip';

const dir = mkdtempSync(join(tmpdir(), 'pt-security-'));
const reportFile = join(dir, 'figures.jsonl');
const env = { SECURITY_REPORT_FILE: reportFile };
const failures: string[] = [];
const counts = { passed: 0, failed: 0, skipped: 0 };

function run(label: string, cmd: string, args: string[], extra: NodeJS.ProcessEnv = {}): void {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env, ...extra } });
  if (result.status !== 0) failures.push(label);
}

function addVitest(file: string) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number };
  counts.passed += r.numPassedTests;
  counts.failed += r.numFailedTests;
  counts.skipped += r.numPendingTests;
}

const apiFiles = API_FILES.filter((f) => existsSync(f.replace(/\/$/, '')));
const pgliteJson = join(dir, 'vitest-pglite.json');
run('Security checks (PGlite)', 'npx', ['vitest', 'run', '--project', 'api', ...apiFiles, '--reporter=default', '--reporter=json', `--outputFile.json=${pgliteJson}`], {
  TEST_DATABASE_URL: '',
});
addVitest(pgliteJson);
if (process.env.TEST_DATABASE_URL) {
  const pgJson = join(dir, 'vitest-postgres.json');
  run('Security checks (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'api', ...apiFiles, '--reporter=default', '--reporter=json', `--outputFile.json=${pgJson}`]);
  addVitest(pgJson);
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the checks ran on PGlite only.)');
}

if (isStale('dashboard')) run('Build dashboard', 'npm', ['run', '--silent', targets.dashboard.script]);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const specs = BROWSER_SPECS.filter((s) => existsSync(s));
if (!existsSync(chromium)) {
  console.error(`\nChromium was not found at ${chromium}: install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
  failures.push('Browser checks (no Chromium)');
} else {
  const pw = join(dir, 'playwright.json');
  run('Browser checks (Playwright, Chromium)', 'npx', ['playwright', 'test', ...specs, '-g', BROWSER_GREP], { PLAYWRIGHT_JSON_OUTPUT_NAME: pw, CHROMIUM_PATH: chromium });
  if (existsSync(pw)) {
    const r = JSON.parse(readFileSync(pw, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
    counts.passed += r.stats.expected + r.stats.flaky;
    counts.failed += r.stats.unexpected;
    counts.skipped += r.stats.skipped;
  }
}

interface Row {
  check: string;
  database: string;
  cases: number;
  leaks?: number;
  lostWrites?: number;
  serverErrors?: number;
  payloadsExecuted?: number;
}

const rows: Row[] = existsSync(reportFile)
  ? readFileSync(reportFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Row)
  : [];

// One row per check and database: a check reported from several tests adds up.
const merged = new Map<string, Row>();
for (const r of rows) {
  const key = `${r.check}\u0000${r.database}`;
  const m = merged.get(key) ?? { check: r.check, database: r.database, cases: 0 };
  m.cases += r.cases;
  for (const f of ['leaks', 'lostWrites', 'serverErrors', 'payloadsExecuted'] as const) {
    if (r[f] !== undefined) m[f] = (m[f] ?? 0) + r[f];
  }
  merged.set(key, m);
}

const table = [...merged.values()];
const total = (f: 'cases' | 'leaks' | 'lostWrites' | 'serverErrors' | 'payloadsExecuted') => table.reduce((n, r) => n + (r[f] ?? 0), 0);
const cell = (v: number | undefined) => (v === undefined ? '—' : String(v));
const header = ['check', 'database', 'cases', 'leaks', 'lost writes', '5xx', 'payloads executed'];
const body = table.map((r) => [r.check, r.database, String(r.cases), cell(r.leaks), cell(r.lostWrites), cell(r.serverErrors), cell(r.payloadsExecuted)]);
const footer = ['total', '', String(total('cases')), String(total('leaks')), String(total('lostWrites')), String(total('serverErrors')), String(total('payloadsExecuted'))];
const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]?.length ?? 0), footer[i]?.length ?? 0));
const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
const rule = `|${widths.map((w, i) => (i < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;

console.log('\nSecurity summary');
console.log([line(header), rule, ...body.map(line), line(footer)].join('\n'));
const bad = total('leaks') + total('lostWrites') + total('serverErrors') + total('payloadsExecuted');
if (!table.length) failures.push('no check reported any figures');
if (bad > 0) failures.push(`${bad} leaks, lost writes, 5xx or executed payloads`);
console.log(failures.length ? `\nFailed: ${failures.join(', ')}` : '\nAll security checks passed.');
console.log(`Tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
