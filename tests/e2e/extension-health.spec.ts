import { expect, test, type Page } from '@playwright/test';
import { HEALTH_MESSAGES, layoutNotice } from '../../shared/schemas/health';
import { builtManifest, launchWithExtension, openPopupFor, signUpExtensionUser, startFixtureServer, tabIdFor } from './support/extension';

/**
 * Breakage that is never silent, in Chromium with the built extension: a LeetCode page whose layout is
 * new to the reader shows the notice and its diagnostic in the popup, and the options page then lists
 * the failure beside the last page it did understand; a failed sync shows in the options page and in
 * the dashboard's Sync dialog.
 */
test.describe('the extension says when a page is new to it', () => {
  test.describe.configure({ mode: 'serial' });
  let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
  let ext: Awaited<ReturnType<typeof launchWithExtension>>;
  let token: string;
  const UNDERSTOOD = 'https://leetcode.com/problems/two-sum/description/';
  const CHANGED = 'https://leetcode.com/problems/two-sum/';

  test.beforeAll(async () => {
    fixtures = await startFixtureServer({
      'leetcode.com/problems/two-sum/description/': 'leetcode/two-sum.html',
      'leetcode.com/problems/two-sum/': 'leetcode/two-sum-changed-layout.html',
      // Codeforces' API for a handle it does not know.
      'codeforces.com/api/user.status': { json: [{ status: 'FAILED', comment: 'handle: User with handle nobody-here not found' }] },
    });
    ext = await launchWithExtension(fixtures.port);
    ({ token } = await signUpExtensionUser(ext, String(test.info().project.use.baseURL), 'Health', 'extension-health-1'));
  });

  test.afterAll(async () => {
    await ext.context.close();
    await fixtures.close();
  });

  /** A judge's item in the options page's health section. */
  const healthOf = (options: Page, judge: string) => options.getByRole('region', { name: 'Each judge, as the extension reads it' }).getByRole('listitem', { name: judge });

  /** The options page, once its health section lists `judge` with something seen there. */
  async function optionsListing(judge: string, fact: RegExp): Promise<Page> {
    const options = await ext.context.newPage();
    await expect(async () => {
      await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
      await expect(healthOf(options, judge)).toContainText(fact, { timeout: 1500 });
    }).toPass({ timeout: 20_000 });
    return options;
  }

  test('a page the reader understands: no notice, and the options page lists it as the last page recognised', async () => {
    const page = await ext.context.newPage();
    await page.goto(UNDERSTOOD);
    // The page is judged once it has settled (a few seconds after its load).
    const options = await optionsListing('LeetCode', /Last page recognised.*two-sum\/description/);
    await expect(healthOf(options, 'LeetCode').getByTestId('health-failure')).toHaveCount(0);
    const popup = await openPopupFor(ext, UNDERSTOOD, 'Two Sum');
    await expect(popup.getByTestId('problem-platform')).toHaveText('LeetCode');
    await expect(popup.getByTestId('layout-notice')).toBeHidden();
    await Promise.all([options.close(), popup.close(), page.close()]);
  });

  test('a page with a changed layout: the popup says so, offers the diagnostic, and the options page lists the failure', async () => {
    const page = await ext.context.newPage();
    await page.goto(CHANGED);
    const tabId = await tabIdFor(ext.worker, CHANGED);
    const popup = await ext.context.newPage();
    // The notice is asked for when the popup opens: open it again until the page has been judged.
    await expect(async () => {
      await popup.goto(`chrome-extension://${ext.extensionId}/popup.html?tabId=${tabId}`);
      await expect(popup.getByTestId('layout-notice')).toBeVisible({ timeout: 1500 });
    }).toPass({ timeout: 20_000 });
    const notice = popup.getByRole('region', { name: 'Page not understood' });
    await expect(notice.getByText(layoutNotice('LeetCode'), { exact: true })).toBeVisible();
    await expect(notice).toContainText("This LeetCode page's layout is new to the extension: you can still add it by its URL");
    // It can still be added by its URL: the problem is there, named by what could be read.
    await expect(popup.getByTestId('problem-name')).toHaveText('Two Sum');
    await expect(popup.getByRole('button', { name: 'Add to workspace' })).toBeVisible();

    // The diagnostic: the address, the versions, the selectors by name; never the page's text.
    await notice.getByText('What the diagnostic holds').click();
    const diagnostic = notice.getByTestId('layout-diagnostic');
    await expect(diagnostic).toBeVisible();
    const text = await diagnostic.innerText();
    expect(text).toContain(`Page: ${CHANGED}`);
    expect(text).toContain(`Extension: ${String(builtManifest().version)}`);
    expect(text).toMatch(/Browser: Chrome \d+/);
    expect(text).toContain('Selectors matched: titleLink, level');
    expect(text).toContain('Selectors not matched: nextData, topicTags, pageData, statement');
    expect(text).not.toMatch(/Given an array|nums|target|Hash Table/);

    // What the button puts on the clipboard (a browser grants no clipboard permission to an extension's
    // origin in tests, so the write is recorded in the page instead of read back).
    await popup.evaluate(() => {
      const copied: string[] = [];
      Object.assign(window, { copied });
      navigator.clipboard.writeText = (t: string) => {
        copied.push(t);
        return Promise.resolve();
      };
    });
    await notice.getByRole('button', { name: 'Copy diagnostic' }).click();
    await expect(notice.getByRole('status')).toHaveText('Copied');
    expect(await popup.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([text]);

    // The options page lists the failure with its time, at a phone's width and on a desktop.
    const options = await optionsListing('LeetCode', /Last failure/);
    for (const width of [390, 1280]) {
      await options.setViewportSize({ width, height: 900 });
      const failure = healthOf(options, 'LeetCode').getByTestId('health-failure');
      await expect(failure).toContainText(HEALTH_MESSAGES.page);
      await expect(failure).toContainText(CHANGED);
      await expect(failure).toContainText(/\d{1,2}:\d\d/);
      await expect(healthOf(options, 'LeetCode')).toContainText(/Last page recognised.*two-sum\/description/);
      expect(await options.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `no sideways scroll at ${width}px`).toBe(true);
    }
    await Promise.all([options.close(), popup.close(), page.close()]);
  });

  test("a failed sync: the dashboard's Sync dialog shows it with its time, and the options page lists it", async () => {
    const apiBase = String(test.info().project.use.baseURL);
    const popup = await ext.context.newPage();
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html`);
    await popup.evaluate(async () => {
      await chrome.runtime.sendMessage({ type: 'sync:handle', platform: 'codeforces', handle: 'nobody-here' });
      await chrome.runtime.sendMessage({ type: 'sync:start', platforms: ['codeforces'] });
    });
    const message = 'Codeforces has no user "nobody-here". Check the handle.';
    const options = await optionsListing('Codeforces', /Last failure/);
    await expect(healthOf(options, 'Codeforces')).toContainText(`failed: ${message}`);
    await expect(healthOf(options, 'Codeforces').getByTestId('health-failure')).toContainText(message);

    const page = await ext.context.newPage();
    await page.addInitScript((t) => window.localStorage.setItem('pt.token', t), token);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${apiBase}/question-tracker?tab=workspace`);
      await page.getByRole('button', { name: 'Sync solved problems' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Sync solved problems' });
      const failure = dialog.getByRole('listitem', { name: 'Codeforces', exact: true }).getByTestId('sync-last-failure');
      await expect(failure).toHaveText(/^Last failure .*\d{1,2}:\d\d/);
      await expect(failure).toContainText(message);
      await expect(dialog.getByRole('listitem', { name: 'AtCoder', exact: true }).getByTestId('sync-last-failure')).toHaveCount(0);
      const widest = await dialog.evaluate((d) => Math.max(...[...d.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)));
      expect(widest).toBeLessThanOrEqual(width);
    }
    await Promise.all([options.close(), popup.close(), page.close()]);
  });
});
