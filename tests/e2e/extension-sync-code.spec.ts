import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { PageMessage } from '../../shared/schemas/messages';
import { keptSolutions, launchWithExtension, signUpExtensionUser, startFixtureServer } from './support/extension';

/**
 * The dashboard's "Sync solved problems" dialog with the built extension: a judge's "Keep code" switch
 * sets the extension's opt-in (the same setting as its own sync panel), a sync of that judge then brings
 * the code of each solved problem's latest Accepted submission, and the judge's summary counts it.
 */

interface CodeforcesStatus {
  result: { creationTimeSeconds: number }[];
}
const codeforces = JSON.parse(readFileSync(resolve('tests/fixtures/sync/codeforces/page-1.json'), 'utf8')) as CodeforcesStatus;
const NOW = Math.floor(Date.now() / 1000);
codeforces.result.forEach((s, i) => (s.creationTimeSeconds = NOW - (10 + i) * 86_400));

/** The two problems of the saved history whose code the sync asks for, and the submission page of each. */
const A2 = 'https://codeforces.com/problemset/problem/1775/A2';
const GYM_C = 'https://codeforces.com/gym/104114/problem/C';

test.describe('the dashboard sync dialog: keep code', () => {
  test.describe.configure({ mode: 'serial' });
  let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
  let ext: Awaited<ReturnType<typeof launchWithExtension>>;
  let apiBase: string;
  let token: string;

  const solutions = (url: string) => keptSolutions(apiBase, token, url);
  /** The extension's own record of the opt-in. */
  const codeSetting = () =>
    ext.worker.evaluate(async () => ((await chrome.storage.local.get('sync:settings'))['sync:settings'] as { code?: Record<string, boolean> } | undefined)?.code ?? {});
  const judgeItem = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

  async function openDialog(page: Page, theme: 'light' | 'dark' = 'light') {
    await page.addInitScript(
      ({ t, k }) => {
        window.localStorage.setItem('pt.token', k);
        window.localStorage.setItem('pt.theme', t);
      },
      { t: theme, k: token },
    );
    await page.goto(`${apiBase}/question-tracker?tab=workspace`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.getByRole('button', { name: 'Sync solved problems' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Sync solved problems' });
    await expect(dialog.getByRole('button', { name: 'Sync all' })).toBeVisible();
    return dialog;
  }

  test.beforeAll(async () => {
    apiBase = String(test.info().project.use.baseURL);
    fixtures = await startFixtureServer({
      'codeforces.com/api/user.status': { json: [codeforces] },
      'codeforces.com/contest/1775/submission/188976385': '../solutions/codeforces/submission-250000011.html',
      'codeforces.com/gym/104114/submission/188903120': '../solutions/codeforces/submission-hostile.html',
    });
    ext = await launchWithExtension(fixtures.port);
    ({ token } = await signUpExtensionUser(ext, apiBase, 'SyncCode', 'extension-sync-code-1'));
    const popup = await ext.context.newPage();
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html`);
    await popup.evaluate((m) => chrome.runtime.sendMessage(m), { type: 'sync:handle', platform: 'codeforces', handle: 'Rutika_212' } satisfies PageMessage);
    await popup.close();
  });

  test.afterAll(async () => {
    await ext.context.close();
    await fixtures.close();
  });

  test('at 1280 px: the switch sets the extension’s opt-in, and a sync keeps the code and says so in the summary', async () => {
    const page = await ext.context.newPage();
    const dialog = await openDialog(page);
    const keep = dialog.getByRole('switch', { name: 'Keep code from Codeforces' });
    await expect(keep).toHaveAttribute('aria-checked', 'false');
    await expect(judgeItem(page, 'LeetCode').getByRole('switch', { name: 'Keep code from LeetCode' })).toBeVisible();
    // A judge whose code the extension cannot read has no switch.
    await expect(judgeItem(page, 'HackerRank').getByRole('switch')).toHaveCount(0);
    expect(await codeSetting()).toEqual({});

    await keep.click();
    await expect(keep).toHaveAttribute('aria-checked', 'true');
    await expect.poll(codeSetting).toEqual({ codeforces: true });

    await dialog.getByRole('button', { name: 'Sync Codeforces' }).click();
    const summary = judgeItem(page, 'Codeforces').getByTestId('sync-summary');
    await expect(summary).toHaveText(/^2 new, 0 already in your workspace, .*code kept for 2/, { timeout: 30_000 });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeHidden();
    expect(fixtures.hits.get('codeforces.com/contest/1775/submission/188976385')).toBe(1);
    expect(fixtures.hits.get('codeforces.com/gym/104114/submission/188903120')).toBe(1);

    const [a2] = await solutions(A2);
    expect(a2).toMatchObject({ source: 'sync', language: 'GNU C++17', version: 1 });
    expect(a2?.code).toContain('#include <bits/stdc++');
    const [gym] = await solutions(GYM_C);
    expect(gym).toMatchObject({ source: 'sync' });
    // The hostile page's markup is the code's own text, kept as text.
    expect(gym?.code).toContain('</pre><script>');

    // The dialog reads the opt-in from the extension each time it opens.
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('button', { name: 'Sync solved problems' }).first().click();
    await expect(page.getByRole('switch', { name: 'Keep code from Codeforces' })).toHaveAttribute('aria-checked', 'true');
    await expect(judgeItem(page, 'Codeforces').getByTestId('sync-summary')).toContainText('code kept for 2');
    await page.close();
  });

  test('at 390 px, light and dark: the switch by keyboard, the summary fits, no serious axe violation', async () => {
    const page = await ext.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [theme, want] of [['dark', false], ['light', true]] as const) {
      const dialog = await openDialog(page, theme);
      const keep = dialog.getByRole('switch', { name: 'Keep code from Codeforces' });
      await expect(keep).toHaveAttribute('aria-checked', String(!want));
      await expect(keep).toHaveAccessibleDescription(/one more request per solved problem, at the pace Codeforces allows/);
      await keep.focus();
      await page.keyboard.press('Space');
      await expect(keep).toHaveAttribute('aria-checked', String(want));
      await expect.poll(codeSetting).toEqual({ codeforces: want });
      await expect(judgeItem(page, 'Codeforces').getByTestId('sync-summary')).toContainText('code kept for 2');
      const widest = await dialog.evaluate((d) => Math.max(...[...d.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)));
      expect(widest).toBeLessThanOrEqual(390);
      const { violations } = await new AxeBuilder({ page }).include('dialog[open]').analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await page.close();
  });
});
