import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { fakeJudgeEnv } from './tests/support/fake-judge';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18787);
const TEST_DIR = 'tests/e2e';
// A run's ports: E2E_PORT..E2E_PORT+49 for the API servers, +1000 and +2000 for the judges and the mailbox.
const WORKERS = Math.min(Number(process.env.E2E_WORKERS ?? 2), 48);
// Away from the E2E ports of other runs on this machine (they pick ports next to each other).
const FAKE_JUDGE_PORT = Number(process.env.FAKE_JUDGE_PORT ?? E2E_PORT + 1000);
const FAKE_JUDGE = `http://127.0.0.1:${FAKE_JUDGE_PORT}`;
// A local SMTP server keeps the e-mails the API sends (reset links, invites); specs read them over HTTP.
const MAILBOX_SMTP_PORT = E2E_PORT + 2000;
const MAILBOX_HTTP = `http://127.0.0.1:${E2E_PORT + 2001}`;

/**
 * Each worker has an API server and a data directory of its own, so specs running side by side never
 * see each other's users or sheets. Playwright loads this file again in every worker, with the worker's
 * slot in TEST_PARALLEL_INDEX; the runner itself reads slot 0. The fake judge and the mailbox are shared:
 * they keep nothing a spec can disturb (answers come from the handle asked, mail is read by address).
 */
const workerPort = (slot: number) => E2E_PORT + 1 + slot;
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/**
 * Specs that move the server's clock (they post to /__test/clock) run one at a time on a server of
 * their own at E2E_PORT, the only one with TEST_CLOCK=1, so a moved clock never reaches another spec.
 */
const clockSpecs = readdirSync(TEST_DIR, { recursive: true, encoding: 'utf8' }).filter(
  (f) => f.endsWith('.spec.ts') && readFileSync(join(TEST_DIR, f), 'utf8').includes('/__test/clock'),
);
const CLOCK_PORT = E2E_PORT;

// Made by the runner only: the workers load this file too, and start no server.
const dataRoot = process.env.TEST_WORKER_INDEX === undefined ? mkdtempSync(join(tmpdir(), 'pt-e2e-')) : '';

function apiServer(port: number, name: string, build: boolean, clock: boolean) {
  const dataDir = join(dataRoot, name);
  if (dataRoot) mkdirSync(dataDir);
  return {
    // What npm start runs: the API's bundle, built once by the first server (servers start in order).
    command: `${build ? 'npm run --silent build:api && ' : ''}node --enable-source-maps dist/api/server.mjs`,
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The specs sign up dozens of users, all from this machine's address.
    env: {
      PORT: String(port), DATA_DIR: dataDir, SCRYPT_N: '1024', LOG_LEVEL: 'error', DATABASE_URL: '', SIGNUP_LIMIT_PER_ADDRESS: '10000', TEST_CLOCK: clock ? '1' : '',
      // No test reaches a real judge: every judge's and problem list's origin is the fake judge's.
      ...fakeJudgeEnv(FAKE_JUDGE),
      SMTP_URL: `smtp://127.0.0.1:${MAILBOX_SMTP_PORT}`, PUBLIC_URL: `http://localhost:${port}`,
      // Solution exports go to the fake judge's GitHub; without SECRETS_KEY the server makes its key in DATA_DIR.
      GITHUB_API_ORIGIN: `${FAKE_JUDGE}/github`,
    },
  };
}

export default defineConfig({
  testDir: TEST_DIR,
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    viewport: { width: 1280, height: 1400 },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'chromium', testIgnore: clockSpecs.map((f) => `**/${f}`), use: { baseURL: `http://localhost:${workerPort(slot)}` } },
    { name: 'clock', testMatch: clockSpecs.map((f) => `**/${f}`), workers: 1, use: { baseURL: `http://localhost:${CLOCK_PORT}` } },
  ],
  webServer: [
    // The judges as saved answers (tests/support/fake-judge.ts), up before the API reads contests.
    {
      command: `npx tsx tests/support/fake-judge.ts --port ${FAKE_JUDGE_PORT}`,
      url: `${FAKE_JUDGE}/codeforces/api/contest.list`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx tsx tests/support/mailbox.ts --smtp-port ${MAILBOX_SMTP_PORT} --http-port ${E2E_PORT + 2001}`,
      url: `${MAILBOX_HTTP}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    apiServer(CLOCK_PORT, 'clock', true, true),
    ...Array.from({ length: WORKERS }, (_, i) => apiServer(workerPort(i), `worker-${i}`, false, false)),
  ],
});
