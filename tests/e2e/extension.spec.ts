import { expect, test } from '@playwright/test';
import { launchWithExtension, startFixtureServer, tabIdFor } from './support/extension';

test.describe('the extension on saved problem pages', () => {
  let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
  let ext: Awaited<ReturnType<typeof launchWithExtension>>;

  test.beforeAll(async () => {
    fixtures = await startFixtureServer({
      'leetcode.com/problems/two-sum/': 'leetcode/two-sum.html',
      'leetcode.com/problems/two-sum/description/': 'leetcode/two-sum.html',
      'codeforces.com/problemset/problem/4/A': 'codeforces/4A.html',
      'leetcode.com/problemset/': 'leetcode/problemset.html',
      'atcoder.jp/contests/abc300/tasks/abc300_a': 'atcoder/abc300_a.html',
      'cses.fi/problemset/task/1068': 'cses/1068.html',
    });
    ext = await launchWithExtension(fixtures.port);
  });
  test.afterAll(async () => {
    await ext.context.close();
    await fixtures.close();
  });

  test('detects a LeetCode problem and the popup shows it', async () => {
    const page = await ext.context.newPage();
    await page.goto('https://leetcode.com/problems/two-sum/description/');
    await expect(page.locator('h1, a[href="/problems/two-sum/"]').first()).toBeVisible();
    const tabId = await tabIdFor(ext.worker, 'https://leetcode.com/problems/two-sum');
    const popup = await ext.context.newPage();
    await expect(async () => {
      await popup.goto(`chrome-extension://${ext.extensionId}/popup.html?tabId=${tabId}`);
      await expect(popup.getByTestId('problem-name')).toHaveText('Two Sum', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(popup.getByTestId('problem-platform')).toHaveText('LeetCode');
    await expect(popup.getByText('Easy', { exact: true })).toBeVisible();
    await popup.close();
    await page.close();
  });

  test("each judge's page loads only that judge's own script", async () => {
    const pages: [string, string[]][] = [
      ['https://leetcode.com/problems/two-sum/', ['leetcode-verdict.js', 'leetcode.js']],
      ['https://codeforces.com/problemset/problem/4/A', ['codeforces.js']],
      ['https://atcoder.jp/contests/abc300/tasks/abc300_a', ['atcoder.js']],
      ['https://cses.fi/problemset/task/1068', ['cses.js']],
    ];
    for (const [url, expected] of pages) {
      const page = await ext.context.newPage();
      const cdp = await ext.context.newCDPSession(page);
      const scripts = new Set<string>();
      cdp.on('Debugger.scriptParsed', (e) => {
        const m = /^chrome-extension:\/\/[^/]+\/content-scripts\/(.+)$/.exec(e.url);
        if (m?.[1]) scripts.add(m[1]);
      });
      await cdp.send('Debugger.enable');
      await page.goto(url);
      // Detection has run (the background has the tab's problem): every content script of the page is in.
      const tabId = await tabIdFor(ext.worker, url);
      await expect.poll(() => ext.worker.evaluate(async (id) => (await chrome.storage.session.get(`tab:${id}`))[`tab:${id}`] !== undefined, tabId)).toBe(true);
      expect([...scripts].sort(), url).toEqual(expected);
      await page.close();
    }
  });

  test('detects a Codeforces problem with its rating', async () => {
    const page = await ext.context.newPage();
    await page.goto('https://codeforces.com/problemset/problem/4/A');
    const tabId = await tabIdFor(ext.worker, 'https://codeforces.com/problemset/problem/4/A');
    const popup = await ext.context.newPage();
    await expect(async () => {
      await popup.goto(`chrome-extension://${ext.extensionId}/popup.html?tabId=${tabId}`);
      await expect(popup.getByTestId('problem-name')).toHaveText('Watermelon', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(popup.getByTestId('problem-platform')).toHaveText('Codeforces');
    await expect(popup.getByText('800', { exact: true })).toBeVisible();
    await popup.close();
    await page.close();
  });

  test('a page that is not a problem shows no problem', async () => {
    const page = await ext.context.newPage();
    await page.goto('https://leetcode.com/problemset/');
    const tabId = await tabIdFor(ext.worker, 'https://leetcode.com/problemset/');
    const popup = await ext.context.newPage();
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html?tabId=${tabId}`);
    await expect(popup.getByText('Open a problem on LeetCode, Codeforces or another judge to track it.')).toBeVisible();
    await popup.close();
    await page.close();
  });

  test('signs in from the popup against the API; only the background holds the token', async ({ baseURL }) => {
    // Create an account through the API the dashboard uses.
    const email = `ext-${Date.now()}@example.com`;
    const res = await fetch(`${baseURL}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'extension-pass', firstName: 'Ext' }),
    });
    expect(res.status).toBe(201);

    const popup = await ext.context.newPage();
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html`);
    await popup.evaluate((apiBaseUrl) => chrome.runtime.sendMessage({ type: 'settings:set', apiBaseUrl }), baseURL);
    await popup.reload();
    await popup.getByLabel('Email').fill(email);
    await popup.getByLabel('Password').fill('extension-pass');
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await expect(popup.getByText(`Signed in as ${email}`)).toBeVisible();

    const page = await ext.context.newPage();
    await page.goto('https://leetcode.com/problems/two-sum/');
    await popup.getByRole('button', { name: 'Sign out' }).click();
    await expect(popup.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.close();
    await popup.close();
  });
});
