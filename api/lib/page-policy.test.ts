import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_POLICY_FILE, readPagePolicy, scriptHashSource, writePagePolicy } from './page-policy';

const page = (code: string) => `<!doctype html><html><head><script type="module" src="/assets/index.js"></script><script data-x="1">${code}</script></head></html>`;

describe('scriptHashSource', () => {
  it('is the hash source a browser computes for the script text, line breaks made \\n', () => {
    // Expected values from `printf … | openssl dgst -sha256 -binary | base64`.
    expect(scriptHashSource('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    expect(scriptHashSource('a\nb')).toBe("'sha256-fhj3NzEbLcOy8mndeDlrA1HxT7Zu+oefdoyyMYGIPHg='");
    expect(scriptHashSource('a\r\nb')).toBe(scriptHashSource('a\nb'));
    expect(scriptHashSource('a\rb')).toBe(scriptHashSource('a\nb'));
  });
});

describe('the page policy', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pt-policy-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is written beside index.html and read back with the page', () => {
    writeFileSync(join(dir, 'index.html'), page('window.early = 1;'));
    writePagePolicy(dir, ['window.early = 1;']);
    const read = readPagePolicy(dir);
    expect(read.scriptSources).toEqual([scriptHashSource('window.early = 1;')]);
    expect(read.html.toString('utf8')).toBe(page('window.early = 1;'));
  });

  it('is not written for a script the page does not carry', () => {
    writeFileSync(join(dir, 'index.html'), page('window.early = 1;'));
    expect(() => writePagePolicy(dir, ['window.other = 2;'])).toThrow(/does not carry/);
  });

  it('refuses a missing, malformed or stale policy', () => {
    writeFileSync(join(dir, 'index.html'), page('window.early = 1;'));
    expect(() => readPagePolicy(dir)).toThrow(/no readable index\.csp\.json/);
    writeFileSync(join(dir, PAGE_POLICY_FILE), '{"page": "nope", "scriptSources": []}');
    expect(() => readPagePolicy(dir)).toThrow(/malformed/);
    writePagePolicy(dir, ['window.early = 1;']);
    // A rebuilt page whose policy has not been written yet.
    writeFileSync(join(dir, 'index.html'), page('window.early = 2;'));
    expect(() => readPagePolicy(dir)).toThrow(/written for another index\.html/);
    expect(JSON.parse(readFileSync(join(dir, PAGE_POLICY_FILE), 'utf8'))).toHaveProperty('scriptSources');
  });
});
