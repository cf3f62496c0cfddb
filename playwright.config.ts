import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18787);
const dataDir = mkdtempSync(join(tmpdir(), 'pt-e2e-'));
// Away from the E2E ports of other runs on this machine (they pick ports next to each other).
const FAKE_JUDGE_PORT = Number(process.env.FAKE_JUDGE_PORT ?? E2E_PORT + 1000);
const FAKE_JUDGE = `http://127.0.0.1:${FAKE_JUDGE_PORT}`;
// A local SMTP server keeps the e-mails the API sends (reset links, invites); specs read them over HTTP.
const MAILBOX_SMTP_PORT = E2E_PORT + 2000;
const MAILBOX_HTTP = `http://127.0.0.1:${E2E_PORT + 2001}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    viewport: { width: 1280, height: 1400 },
    trace: 'retain-on-failure',
  },
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
    {
      // What npm start runs: the API's bundle, built first (a fraction of a second).
      command: 'npm run --silent build:api && node --enable-source-maps dist/api/server.mjs',
      url: `http://localhost:${E2E_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      // The specs sign up dozens of users, all from this machine's address.
      env: {
        PORT: String(E2E_PORT), DATA_DIR: dataDir, SCRYPT_N: '1024', LOG_LEVEL: 'error', DATABASE_URL: '', SIGNUP_LIMIT_PER_ADDRESS: '10000', TEST_CLOCK: '1',
        // No test reaches a real judge.
        CODEFORCES_ORIGIN: `${FAKE_JUDGE}/codeforces`, LEETCODE_ORIGIN: `${FAKE_JUDGE}/leetcode`, ATCODER_ORIGIN: `${FAKE_JUDGE}/atcoder`,
        CODECHEF_ORIGIN: `${FAKE_JUDGE}/codechef`, GEEKSFORGEEKS_ORIGIN: `${FAKE_JUDGE}/geeksforgeeks`,
        SMTP_URL: `smtp://127.0.0.1:${MAILBOX_SMTP_PORT}`, PUBLIC_URL: `http://localhost:${E2E_PORT}`,
      },
    },
  ],
});
