/**
 * npm test: typecheck, ESLint and knip side by side, unit and API tests (PGlite, then PostgreSQL when
 * TEST_DATABASE_URL is set), a build of what is stale, then the Playwright tests in Chromium beside the
 * Firefox add-on lint. Each step says how long it took; the run ends with one summary line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { isStale, targets } from './build-state';

const counts = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];
// Named again at the end, so a log's last lines say which tests failed.
const failedTests: string[] = [];
const reports = mkdtempSync(join(tmpdir(), 'pt-test-'));

interface Step {
  label: string;
  cmd: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Prints as it goes (at most one step of a group): a long step that shows nothing for minutes reads as stuck. */
  live?: boolean;
}

const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

function ended(label: string, ok: boolean, since: number): boolean {
  console.log(`${ok ? '✔' : '✘'} ${label} (${seconds(since)})`);
  if (!ok) failures.push(label);
  return ok;
}

function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${label}`);
  const since = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return ended(label, result.status === 0, since);
}

/**
 * Runs steps side by side (each of these keeps one core busy, and the machine has two or more), holding
 * each one's output and printing it whole when it ends, so that logs do not interleave.
 */
async function runTogether(steps: Step[]): Promise<boolean[]> {
  console.log(`\n▶ ${steps.map((s) => s.label).join(' | ')}`);
  return Promise.all(
    steps.map(
      ({ label, cmd, args, env = {}, live = false }) =>
        new Promise<boolean>((done) => {
          const since = Date.now();
          const child = spawn(cmd, args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
          const out: Buffer[] = [];
          child.stdout?.on('data', (c: Buffer) => out.push(c));
          child.stderr?.on('data', (c: Buffer) => out.push(c));
          child.on('error', (e) => out.push(Buffer.from(`${e.message}\n`)));
          child.on('close', (code) => {
            const text = Buffer.concat(out).toString('utf8').trimEnd();
            console.log(`\n── ${label}${text ? `\n${text}` : ''}`);
            done(ended(label, code === 0, since));
          });
        }),
    ),
  );
}

function addVitest(label: string, file: string) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: { name: string; status: string; assertionResults: { fullName: string; status: string; duration?: number; failureMessages: string[] }[] }[];
  };
  counts.passed += r.numPassedTests;
  counts.failed += r.numFailedTests;
  counts.skipped += r.numPendingTests + r.numTodoTests;
  for (const f of r.testResults) {
    const name = relative(process.cwd(), f.name);
    const failed = f.assertionResults.filter((t) => t.status === 'failed');
    // The time shows a timeout, whose report carries no message of its own.
    for (const t of failed) failedTests.push(`${label}: ${name} › ${t.fullName} (${Math.round(t.duration ?? 0)} ms): ${firstLine(t.failureMessages[0])}`);
    // A file that failed before its tests ran (an import or hook error) has no failed test of its own.
    if (f.status === 'failed' && failed.length === 0) failedTests.push(`${label}: ${name} (the file failed to run)`);
  }
}

function addPlaywright(file: string) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number }; suites: Suite[]; config: { rootDir: string } };
  counts.passed += r.stats.expected + r.stats.flaky;
  counts.failed += r.stats.unexpected;
  counts.skipped += r.stats.skipped;
  const walk = (suite: Suite) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((t) => t.status === 'unexpected')) failedTests.push(`Playwright: ${relative(process.cwd(), join(r.config.rootDir, spec.file))}:${spec.line} › ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of r.suites) walk(suite);
}

function firstLine(message = ''): string {
  return (message.split('\n', 1)[0] ?? '').slice(0, 200);
}

interface Suite {
  specs?: { title: string; file: string; line: number; tests: { status: string }[] }[];
  suites?: Suite[];
}

const only = process.argv[2]; // optional: unit | e2e

// The API tests wait on their databases, child processes and timers about as long as they compute, so
// twice as many test files as cores keep the cores busy.
const VITEST_WORKERS = `--maxWorkers=${Math.max(2, availableParallelism() * 2)}`;

if (!only || only === 'unit') {
  await runTogether([
    { label: 'Typecheck', cmd: 'npx', args: ['tsc', '--noEmit'] },
    { label: 'Lint (ESLint)', cmd: 'npx', args: ['eslint', '--max-warnings=0', '.'] },
    { label: 'Unused files, exports and dependencies (knip)', cmd: 'npx', args: ['knip'] },
  ]);
  const pglite = join(reports, 'vitest-pglite.json');
  run('Unit and API tests (PGlite)', 'npx', ['vitest', 'run', VITEST_WORKERS, '--reporter=default', '--reporter=json', `--outputFile.json=${pglite}`], { TEST_DATABASE_URL: '', TEST_REDIS_URL: '' });
  addVitest('PGlite', pglite);
  if (process.env.TEST_DATABASE_URL) {
    const pg = join(reports, 'vitest-postgres.json');
    run('API tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'api', VITEST_WORKERS, '--reporter=default', '--reporter=json', `--outputFile.json=${pg}`]);
    addVitest('PostgreSQL', pg);
  } else {
    console.log('\n(TEST_DATABASE_URL is not set: the API suite ran on PGlite only.)');
  }
}

if (!only || only === 'e2e') {
  for (const name of Object.keys(targets) as (keyof typeof targets)[]) {
    if (isStale(name)) run(`Build ${name}`, 'npm', ['run', '--silent', targets[name].script]);
  }
  const steps: Step[] = [];
  // The Firefox build as addons.mozilla.org checks it: errors fail the run (warnings, such as React's
  // innerHTML and the optional data-collection key, are listed but allowed).
  if (existsSync('.output/firefox-mv2/manifest.json')) steps.push({ label: 'Firefox add-on lint (addons-linter)', cmd: 'npm', args: ['run', '--silent', 'lint:firefox'] });
  else failures.push('Firefox add-on lint (no Firefox build)');
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const pw = join(reports, 'playwright.json');
  if (!existsSync(chromium)) {
    console.error(
      `\nChromium was not found at ${chromium}. Install it with\n  sudo apt-get install -y chromium\nor set CHROMIUM_PATH to a Chromium or Chrome binary, then run npm test again.`,
    );
    failures.push('Playwright (no Chromium)');
  } else {
    steps.push({ label: 'Browser tests (Playwright, Chromium)', cmd: 'npx', args: ['playwright', 'test'], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pw, CHROMIUM_PATH: chromium }, live: true });
  }
  await runTogether(steps);
  addPlaywright(pw);
}

if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
console.log(failures.length ? `\nFailed steps: ${failures.join(', ')}` : '\nAll steps passed.');
console.log(`Tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
