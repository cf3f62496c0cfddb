import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing';

describe('extension downloads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pt-ext-'));
  // A zip's first bytes: enough for the answer to be checked byte for byte.
  const chrome = Buffer.from('PK\u0003\u0004chrome-package');
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    writeFileSync(join(dir, 'extension-chrome.zip'), chrome);
    t = await createTestApp({ config: { extensionDir: dir } });
  });
  afterAll(() => t.close());

  it('serves a built package as a zip download, to anyone', async () => {
    const res = await t.app.fetch(new Request('http://localhost/downloads/extension-chrome.zip'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="extension-chrome.zip"');
    expect(Buffer.from(await res.arrayBuffer()).equals(chrome)).toBe(true);
  });

  it('answers a package the server has not built with a 404 that says so', async () => {
    const res = await t.call('GET', '/downloads/extension-firefox.zip');
    expect(res.status).toBe(404);
    expect(res.body.status.message).toBe('The Firefox extension package is not on this server yet. Ask its administrator to start it with the extension built.');
  });

  it('knows no other file', async () => {
    const res = await t.call('GET', '/downloads/extension-safari.zip');
    expect(res.status).toBe(404);
    expect(res.body.status.message).toBe('Route not found');
  });
});
