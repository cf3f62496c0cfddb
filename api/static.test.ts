import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './testing';

const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
const page = (code: string, more = '') =>
  `<!doctype html><html><head><script type="module" src="/assets/index.js"></script><script data-src="/assets/a.js">${code}</script >${more}</head><body></body></html>`;
const scriptSrc = (csp: string | null) => / ?script-src ([^;]*)/.exec(csp ?? '')?.[1];

describe('the dashboard page', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pt-dashboard-'));
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), page('(() => { window.early = 1; })();'));
    t = await createTestApp({ config: { dashboardDir: dir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers an unknown path under the API's prefixes with the JSON 404, not the page", async () => {
    for (const path of ['/question-tracker/v1/nope', '/question-tracker/v2/sheet/no-such-route', '/question-tracker/v1', '/auth/v1/nope']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/application\/json/);
      expect(((await res.json()) as { status: { error: string } }).status.error).toBe('NotFoundError');
    }
    // The dashboard's own pages under the same prefix still are pages.
    expect((await t.app.request('/question-tracker/v1-notes')).status).toBe(200);
    expect((await t.app.request('/question-tracker/sheet/v1')).status).toBe(200);
  });

  it('lets its own inline script run, by hash, and no other', async () => {
    const res = await t.app.request('/question-tracker/sheet/blind-75');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('window.early = 1');
    expect(scriptSrc(res.headers.get('content-security-policy'))).toBe(`'self' ${sha256('(() => { window.early = 1; })();')}`);
    // The rest of the policy is the API's own.
    const api = (await t.app.request('/healthz')).headers.get('content-security-policy');
    expect(scriptSrc(api)).toBe("'self'");
    expect(res.headers.get('content-security-policy')?.replace(/ 'sha256-[^']+'/, '')).toBe(api);
  });

  it('follows a rebuilt page without a restart, each inline script by its own hash, line breaks as a browser reads them', async () => {
    writeFileSync(join(dir, 'index.html'), page('window.rebuilt = 2;\r\nwindow.lines = 2;', '<script>window.second = 3;</script>'));
    const res = await t.app.request('/question-tracker');
    expect(scriptSrc(res.headers.get('content-security-policy'))).toBe(`'self' ${sha256('window.rebuilt = 2;\nwindow.lines = 2;')} ${sha256('window.second = 3;')}`);
  });
});
