import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { SIGNUP_THROTTLE } from '../shared/rules/account';
import { githubFacts } from '../shared/platforms/github';
import { REFRESH_COOLDOWN_SECONDS } from '../shared/rules/judge-accounts';
import { judgeById, judges, originEnvVar } from './judges/index';
import { problemOrigins } from './judges/problem-sources';

/**
 * Password hashes run at once by default: one core stays free for the event loop, and at most three of
 * libuv's four threads, so file and DNS work never waits behind scrypt.
 */
const HASH_CONCURRENCY = Math.max(1, Math.min(3, availableParallelism() - 1));

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Connections each API process keeps to PostgreSQL. Few is faster: queries that arrive together share a
   * connection and one write to it (pipelined), where many connections cost a round trip each.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(4),
  /** Optional: count failed sign-ins in Redis instead of PostgreSQL (several API processes share it either way). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Prefixes every Redis key, so several deployments can share one Redis server. */
  REDIS_PREFIX: z.string().max(100).default('tracker:'),
  DASHBOARD_DIR: z.string().default('./dist/dashboard'),
  /** Where the extension's packages are (the build's zips, served under /downloads). */
  EXTENSION_DIR: z.string().default('./.output'),
  /** scrypt cost; 2^17 in production, lowered in tests. */
  SCRYPT_N: z.coerce
    .number()
    .int()
    .refine((n) => n >= 2 && (n & (n - 1)) === 0, 'SCRYPT_N must be a power of two')
    .default(131072),
  /** Password hashes (sign-in, sign-up, password checks) run at once; the rest wait in a queue. */
  HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(HASH_CONCURRENCY),
  /** Hashes allowed to wait; beyond that a request is answered 429 at once instead of piling up. */
  HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
  /** Sign-ups per client address per hour. */
  SIGNUP_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(SIGNUP_THROTTLE.maxAttempts),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24 * 30),
  /** Comma-separated origins allowed to call the API from a browser (besides the API's own origin). */
  CORS_ORIGINS: z.string().default(''),
  LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
  SEED: z.enum(['true', 'false']).default('true'),
  /** Behind a reverse proxy: take the client address from the first X-Forwarded-For entry. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Least seconds between two refreshes of one account asked for by its owner. */
  ACCOUNT_REFRESH_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(REFRESH_COOLDOWN_SECONDS),
  /** Accounts are refreshed in the background when their figures are older than this. */
  ACCOUNT_REFRESH_HOURS: z.coerce.number().positive().default(24),
  /** How often the contest lists are read again. */
  CONTEST_REFRESH_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** A judge that has not answered by then counts as down. */
  JUDGE_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Start the background jobs (pg-boss) with the server; false leaves refreshes queued for another process. */
  JOBS: z.enum(['true', 'false']).default('true'),
  /** Optional: where e-mail goes out (reset links, invites), e.g. smtp://user:pass@mail.example.com:587 or smtps://…:465. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The From of every e-mail. */
  MAIL_FROM: z.string().min(3).default('Practice Tracker <no-reply@localhost>'),
  /** The dashboard's address as users reach it, for links in e-mails (without it, the request's own origin). */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, 'PUBLIC_URL must be an http(s) URL')
    .transform((s) => s.replace(/\/+$/, ''))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The key that seals secrets kept for users (GitHub tokens), 32 bytes as 64 hex digits or base64. Unset,
   * the server makes one in DATA_DIR/secrets.key at start; several processes must share one key.
   */
  SECRETS_KEY: z
    .string()
    .trim()
    .refine((s) => parseSecretsKey(s) !== null, 'SECRETS_KEY must be 32 bytes: 64 hex digits or 44 base64 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Where GitHub's REST API answers (solution exports). */
  GITHUB_API_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'GITHUB_API_ORIGIN must be an http(s) URL')
    .transform((s) => s.replace(/\/+$/, ''))
    .default(githubFacts.origins.api),
});

/** A 32-byte key from 64 hex digits or base64 (standard or URL-safe); null when it is neither. */
export function parseSecretsKey(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return key.length === 32 ? key : null;
  }
  return null;
}

const origin = z
  .string()
  .regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL')
  .transform((s) => s.replace(/\/+$/, ''));
const interval = z.coerce.number().int().min(0).max(600_000);
/** Per judge: <ID>_ORIGIN (where its requests go) and <ID>_MIN_INTERVAL_MS (its rate limit). */
const judgeSchema = z.object(
  Object.fromEntries(
    judges.flatMap((j) => [
      [originEnvVar(j.id), origin.default(j.defaultOrigin)],
      [`${j.id.toUpperCase()}_MIN_INTERVAL_MS`, interval.default(j.minIntervalMs)],
    ]),
  ),
).extend(Object.fromEntries(problemOrigins.filter((o) => !judgeById(o.name)).map((o) => [o.envVar, origin.default(o.defaultOrigin)])));

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  redisPrefix: string;
  dashboardDir: string;
  extensionDir: string;
  scryptN: number;
  hashConcurrency: number;
  hashQueue: number;
  signupLimitPerAddress: number;
  sessionTtlMs: number;
  corsOrigins: string[];
  logLevel: 'silent' | 'error' | 'info';
  seed: boolean;
  trustProxy: boolean;
  /** Judge id to the origin its requests go to. */
  judgeOrigins: Record<string, string>;
  /** Judge id to the least milliseconds between two requests to it. */
  judgeIntervalsMs: Record<string, number>;
  /** Where each problem list is read from, by origin name (api/judges/problem-sources.ts). */
  problemOrigins: Record<string, string>;
  accountRefreshCooldownSeconds: number;
  accountRefreshHours: number;
  contestRefreshMinutes: number;
  judgeTimeoutMs: number;
  jobs: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  /** The key sealing users' secrets; set from SECRETS_KEY, or by startServer from the data directory's key file. */
  secretsKey: Buffer | undefined;
  githubApiOrigin: string;
}

export class ConfigError extends Error {}

/** Reads the configuration from the environment; throws one readable message listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  const judgeParsed = judgeSchema.safeParse(env);
  if (!parsed.success || !judgeParsed.success) {
    const issues = [...(parsed.error?.issues ?? []), ...(judgeParsed.error?.issues ?? [])];
    const lines = issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const j = judgeParsed.data as Record<string, string | number>;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    dashboardDir: resolve(e.DASHBOARD_DIR),
    extensionDir: resolve(e.EXTENSION_DIR),
    scryptN: e.SCRYPT_N,
    hashConcurrency: e.HASH_CONCURRENCY,
    hashQueue: e.HASH_QUEUE,
    signupLimitPerAddress: e.SIGNUP_LIMIT_PER_ADDRESS,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    corsOrigins: e.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    logLevel: e.LOG_LEVEL,
    seed: e.SEED === 'true',
    trustProxy: e.TRUST_PROXY === 'true',
    judgeOrigins: Object.fromEntries(judges.map((g) => [g.id, String(j[originEnvVar(g.id)])])),
    judgeIntervalsMs: Object.fromEntries(judges.map((g) => [g.id, Number(j[`${g.id.toUpperCase()}_MIN_INTERVAL_MS`])])),
    problemOrigins: Object.fromEntries(problemOrigins.map((o) => [o.name, String(j[o.envVar])])),
    accountRefreshCooldownSeconds: e.ACCOUNT_REFRESH_COOLDOWN_SECONDS,
    accountRefreshHours: e.ACCOUNT_REFRESH_HOURS,
    contestRefreshMinutes: e.CONTEST_REFRESH_MINUTES,
    judgeTimeoutMs: e.JUDGE_TIMEOUT_MS,
    jobs: e.JOBS === 'true',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    secretsKey: e.SECRETS_KEY ? (parseSecretsKey(e.SECRETS_KEY) ?? undefined) : undefined,
    githubApiOrigin: e.GITHUB_API_ORIGIN,
  };
}

/**
 * Settings that start the server but are likely a mistake, as lines to print at start-up. E-mail without
 * PUBLIC_URL builds its links from each request's Host header, which a client chooses.
 */
export function configWarnings(config: Pick<Config, 'smtpUrl' | 'publicUrl'>): string[] {
  const warnings: string[] = [];
  if (config.smtpUrl && !config.publicUrl) {
    warnings.push('SMTP_URL is set without PUBLIC_URL: links in e-mails (password resets, invites) take their address from the request. Set PUBLIC_URL to the address users open.');
  }
  return warnings;
}

const TEST_SECRETS_KEY = Buffer.alloc(32, 7);

/**
 * Defaults for tests: cheap hashing, no seeding, no logs. Suites sign up dozens of users from one address
 * and fire requests in parallel: the sign-up limit and the hashing queue are high unless a test lowers them.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ SCRYPT_N: '1024', LOG_LEVEL: 'silent', SEED: 'false', SIGNUP_LIMIT_PER_ADDRESS: '10000', HASH_QUEUE: '10000' }), secretsKey: TEST_SECRETS_KEY, ...overrides };
}
