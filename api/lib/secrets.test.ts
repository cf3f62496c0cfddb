import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { dataDirSecretsKey, openSecret, sealSecret, SECRETS_KEY_FILE, SecretUnreadableError } from './secrets';

const KEY = Buffer.alloc(32, 1);

describe('sealed secrets', () => {
  it('seals with a fresh IV each time and opens only with the key and owner it was sealed for', () => {
    const a = sealSecret(KEY, 'github_pat_secret', 'user-1');
    const b = sealSecret(KEY, 'github_pat_secret', 'user-1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('github_pat');
    expect(openSecret(KEY, a, 'user-1')).toBe('github_pat_secret');
    expect(() => openSecret(Buffer.alloc(32, 2), a, 'user-1')).toThrow(SecretUnreadableError);
    expect(() => openSecret(KEY, a, 'user-2')).toThrow(SecretUnreadableError);
    const flipped = a.slice(0, -2) + (a.at(-2) === 'A' ? 'B' : 'A') + a.slice(-1);
    expect(() => openSecret(KEY, flipped, 'user-1')).toThrow(SecretUnreadableError);
    expect(() => openSecret(KEY, 'v2.abc', 'user-1')).toThrow(SecretUnreadableError);
  });

  it('reads SECRETS_KEY as hex or base64, and refuses anything else', () => {
    expect(loadConfig({ SECRETS_KEY: 'ab'.repeat(32) }).secretsKey).toEqual(Buffer.alloc(32, 0xab));
    expect(loadConfig({ SECRETS_KEY: Buffer.alloc(32, 9).toString('base64') }).secretsKey).toEqual(Buffer.alloc(32, 9));
    expect(loadConfig({}).secretsKey).toBeUndefined();
    expect(() => loadConfig({ SECRETS_KEY: 'too-short' })).toThrow(/SECRETS_KEY must be 32 bytes/);
    expect(loadConfig({ GITHUB_API_ORIGIN: 'http://127.0.0.1:9/github/' }).githubApiOrigin).toBe('http://127.0.0.1:9/github');
    expect(loadConfig({}).githubApiOrigin).toBe('https://api.github.com');
  });

  it('without SECRETS_KEY, makes a key in the data directory once and keeps using it', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'pt-secrets-')), 'data');
    const first = dataDirSecretsKey(dir);
    expect(first).toHaveLength(32);
    expect(statSync(join(dir, SECRETS_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(dataDirSecretsKey(dir)).toEqual(first);
    expect(readFileSync(join(dir, SECRETS_KEY_FILE), 'utf8').trim()).toBe(first.toString('hex'));
    writeFileSync(join(dir, SECRETS_KEY_FILE), 'garbage');
    expect(() => dataDirSecretsKey(dir)).toThrow(/does not hold a 32-byte key/);
  });
});
