import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSecretsKey } from '../config';

/** Sealed text starts with its format, so a later format can sit beside this one. */
const PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals a secret kept for a user (a GitHub token) with AES-256-GCM under the server key: a fresh IV each
 * time, and the tag, so a changed or swapped value fails to open instead of opening to something else.
 * `context` (the owner's id) is bound in as associated data: a sealed value copied to another row does not open.
 */
export function sealSecret(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export class SecretUnreadableError extends Error {}

/** The secret a sealed value holds; throws SecretUnreadableError with another key, context or a damaged value. */
export function openSecret(key: Buffer, sealed: string, context: string): string {
  if (!sealed.startsWith(PREFIX)) throw new SecretUnreadableError('unknown sealed format');
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretUnreadableError('sealed value too short');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadableError('the sealed value does not open with this key');
  }
}

export const SECRETS_KEY_FILE = 'secrets.key';

/**
 * The key of a server started without SECRETS_KEY: read from the data directory, or made there (readable
 * by its owner only) on the first start. Written exclusively, so two processes starting at once agree.
 */
export function dataDirSecretsKey(dataDir: string): Buffer {
  const path = join(dataDir, SECRETS_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(path, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = parseSecretsKey(readFileSync(path, 'utf8').trim());
  if (!key) throw new Error(`${path} does not hold a 32-byte key (64 hex digits): remove it to make a new one, or set SECRETS_KEY`);
  return key;
}
