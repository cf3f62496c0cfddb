import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { RULE_MESSAGES } from '../../shared/rules/account';
import type { Config } from '../config';
import { AppError } from '../lib/errors';
import { QueueFullError, Semaphore } from '../lib/semaphore';

const R = 8;
const P = 1;
const KEYLEN = 32;

function derive(password: string, salt: Buffer, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEYLEN, { N: n, r: R, p: P, maxmem: 128 * n * R * 2 + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` so the cost can change without breaking old hashes. */
async function hashPassword(password: string, n: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, n);
  return ['scrypt', n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !n || !salt || !hash || Number(r) !== R || Number(p) !== P) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the account does not exist, so timing does not reveal which emails exist. */
let dummy: Promise<string> | undefined;
function dummyHash(n: number): Promise<string> {
  dummy ??= hashPassword('not-a-real-password', n);
  return dummy;
}

type HasherConfig = Pick<Config, 'scryptN' | 'hashConcurrency' | 'hashQueue'>;

/** Password hashing for one app, a few hashes at a time (see createPasswordHasher). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Checks a password against a stored hash, or against a dummy one (`null`: no such account), in the same time. */
  verify(password: string, stored: string | null): Promise<boolean>;
}

/**
 * scrypt is slow on purpose and runs on libuv's small thread pool: a burst of sign-ins would take every
 * core and thread from the rest of the process. Hashes run `hashConcurrency` at a time; once `hashQueue`
 * are waiting, more are refused with 429 and an estimated Retry-After.
 */
export function createPasswordHasher(config: HasherConfig): PasswordHasher {
  const gate = new Semaphore(config.hashConcurrency, config.hashQueue);
  const run = async <T>(task: () => Promise<T>): Promise<T> => {
    try {
      return await gate.run(task);
    } catch (err) {
      if (!(err instanceof QueueFullError)) throw err;
      throw new AppError(429, 'TooManyRequests', RULE_MESSAGES.busy, Math.max(1, Math.ceil(err.retryAfterMs / 1000)));
    }
  };
  return {
    hash: (password) => run(() => hashPassword(password, config.scryptN)),
    verify: async (password, stored) => {
      const against = stored ?? (await dummyHash(config.scryptN));
      return run(() => verifyPassword(password, against));
    },
  };
}


