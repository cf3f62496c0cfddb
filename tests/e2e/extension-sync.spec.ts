import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { syncHostPatterns } from '../../extension/sync/index';
import { apiData, builtManifest, launchWithExtension, signUpExtensionUser, startFixtureServer } from './support/extension';

/**
 * "Sync solved problems" with the built extension: the judges' history endpoints answer at their real
 * host names from the saved answers of tests/fixtures/sync (their times moved into the last weeks), the
 * popup syncs four judges (one of them read in Chrome's offscreen document), the dashboard's button a
 * fifth through the extension; then the workspace has each problem solved on its real date, the activity
 * heatmap counts them, and a curated sheet's progress includes them.
 */

/** The parts of the saved answers this spec moves in time; the rest is served as saved. */
interface CodeforcesStatus {
  result: { creationTimeSeconds: number }[];
}
type AtcoderSubmissions = { epoch_second: number }[];
interface LeetcodeProgress {
  data: { userProgressQuestionList: { questions: { titleSlug: string; lastSubmittedAt: string }[] } };
}
interface LeetcodeSubmissions {
  data: { questionSubmissionList: { submissions: { timestamp: string }[] } };
}
interface HackerrankChallenges {
  models: { created_at: string }[];
}
/** A LeetCode GraphQL request: each operation sends its own variables. */
interface LeetcodeRequest {
  operationName: string;
  variables: { filters?: { skip: number }; questionSlug?: string; offset?: number };
}

const saved = (file: string): unknown => JSON.parse(readFileSync(resolve('tests/fixtures/sync', file), 'utf8'));
const NOW = Math.floor(Date.now() / 1000);
/** Noon-ish n days ago, in Unix seconds. */
const daysAgo = (n: number) => NOW - n * 86_400;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

// Codeforces: 1775/A2 Accepted twice (the earlier counts), a gym problem, a problem without a contest, a WA.
const codeforces = saved('codeforces/page-1.json') as CodeforcesStatus;
codeforces.result.forEach((s, i) => (s.creationTimeSeconds = daysAgo(10 + i)));
// AtCoder Problems: abc126_a Accepted twice, abc126_b, arc058_a, a WA and a TLE.
const atcoder = saved('atcoder/page-1.json') as AtcoderSubmissions;
const acDays = [20, 21, 22, 23, 24, 2];
atcoder.forEach((s, i) => (s.epoch_second = daysAgo(acDays[i] ?? 1)));
// LeetCode: two pages of solved problems, then each problem's Accepted submissions (null: its last submission's date).
const progress = [saved('leetcode/progress-page-1.json'), saved('leetcode/progress-page-2.json')] as LeetcodeProgress[];
const lastDays: Record<string, number> = { 'valid-palindrome-iii': 3, 'minimum-window-substring': 5, 'find-k-closest-elements': 6, 'best-time-to-buy-and-sell-stock': 7, 'trapping-rain-water': 8 };
for (const p of progress) for (const q of p.data.userProgressQuestionList.questions) q.lastSubmittedAt = iso(daysAgo(lastDays[q.titleSlug] ?? 9));
const mws = [saved('leetcode/submissions-minimum-window-substring-page-1.json'), saved('leetcode/submissions-minimum-window-substring-page-2.json')] as LeetcodeSubmissions[];
mws[0]!.data.questionSubmissionList.submissions.forEach((s, i) => (s.timestamp = String(daysAgo([5, 30][i] ?? 31))));
mws[1]!.data.questionSubmissionList.submissions[0]!.timestamp = String(daysAgo(40));
const vp3 = saved('leetcode/submissions-valid-palindrome-iii.json') as LeetcodeSubmissions;
vp3.data.questionSubmissionList.submissions[0]!.timestamp = String(daysAgo(3));
const noList = saved('leetcode/submissions-null.json');
// HackerRank (synced from the dashboard): two pages of recent challenges.
const hackerrank = [saved('hackerrank/page-1.json'), saved('hackerrank/page-2.json')] as HackerrankChallenges[];
hackerrank.forEach((p, i) => p.models.forEach((m, j) => (m.created_at = iso(daysAgo(15 + i * 3 + j)))));

/** The LeetCode GraphQL endpoint, answering by operation the way leetcode.com does. */
function leetcodeGraphql(body: string): unknown {
  const { operationName, variables } = JSON.parse(body) as LeetcodeRequest;
  if (operationName === 'syncWho') return { data: { userStatus: { isSignedIn: true, username: 'sample_user' } } };
  if (operationName === 'syncSolved') return variables.filters!.skip === 0 ? progress[0] : progress[1];
  if (variables.questionSlug === 'minimum-window-substring') return variables.offset === 0 ? mws[0] : mws[1];
  if (variables.questionSlug === 'valid-palindrome-iii') return vp3;
  return noList;
}

/** Where each synced problem should be in the workspace: solved on the day of its first Accepted. */
const EXPECTED: Record<string, number> = {
  'https://codeforces.com/problemset/problem/1775/A2': daysAgo(14),
  'https://codeforces.com/gym/104114/problem/C': daysAgo(11),
  'https://atcoder.jp/contests/abc126/tasks/abc126_a': daysAgo(21),
  'https://atcoder.jp/contests/abc126/tasks/abc126_b': daysAgo(22),
  'https://atcoder.jp/contests/arc058/tasks/arc058_a': daysAgo(23),
  'https://leetcode.com/problems/valid-palindrome-iii/': daysAgo(3),
  'https://leetcode.com/problems/minimum-window-substring/': daysAgo(40),
  'https://leetcode.com/problems/find-k-closest-elements/': daysAgo(6),
  'https://leetcode.com/problems/best-time-to-buy-and-sell-stock/': daysAgo(7),
  'https://leetcode.com/problems/trapping-rain-water/': daysAgo(8),
};

test.describe('the extension: sync solved problems', () => {
  let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
  let ext: Awaited<ReturnType<typeof launchWithExtension>>;
  let apiBase: string;
  let token: string;
  const password = 'extension-sync-1';

  const api = <T = unknown>(path: string) => apiData<T>(apiBase, token, path);
  /** The workspace's records of a judge: problem URL to solvedAt. */
  async function records(platform: string): Promise<Map<string, string | null>> {
    const page = await api<{ questions: { solvedAt: string | null; checked: boolean; question: { problemUrl: string } }[] }>(
      `/question-tracker/v1/user/question/get-questions?platform=${platform}&pageSize=100`,
    );
    return new Map(page.questions.filter((q) => q.checked).map((q) => [q.question.problemUrl, q.solvedAt]));
  }
  const judgeItem = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

  test.beforeAll(async () => {
    apiBase = String(test.info().project.use.baseURL);
    fixtures = await startFixtureServer({
      'codeforces.com/api/user.status': { json: [codeforces] },
      'kenkoooo.com/atcoder/atcoder-api/v3/user/submissions': { json: [atcoder] },
      'POST leetcode.com/graphql/': { reply: leetcodeGraphql },
      'cses.fi/problemset/': '../sync/cses/problemset-signed-in.html',
      'www.hackerrank.com/rest/hackers/sample_user/recent_challenges': { json: hackerrank },
    });
    ext = await launchWithExtension(fixtures.port);
    ({ token } = await signUpExtensionUser(ext, apiBase, 'Sync', password));
  });

  test.afterAll(async () => {
    await ext.context.close();
    await fixtures.close();
  });

  test('the manifest asks for every host the history readers read, and lets the dashboard connect', () => {
    const manifest = builtManifest() as { host_permissions: string[]; externally_connectable: { matches: string[] }; permissions: string[] };
    for (const pattern of syncHostPatterns()) expect(manifest.host_permissions).toContain(pattern);
    expect(manifest.externally_connectable.matches).toContain('http://localhost/*');
    expect(manifest.permissions).toContain('offscreen');
  });

  test('syncs four judges from the popup, then one from the dashboard, and the workspace, heatmap and a sheet show them', async () => {
    test.setTimeout(120_000);
    const popup = await ext.context.newPage();
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html`);
    await popup.getByRole('button', { name: 'Sync solved problems' }).click();
    const panel = popup.getByTestId('sync-panel');
    await expect(judgeItem(popup, 'LeetCode').getByTestId('sync-account')).toHaveText('Signed in as sample_user');
    await expect(judgeItem(popup, 'Codeforces').getByTestId('sync-account')).toHaveText('Handle needed');
    await expect(panel.getByText('Judges without a history sync')).toBeVisible();

    for (const [name, handle] of [['Codeforces', 'Rutika_212'], ['AtCoder', 'sample_user'], ['HackerRank', 'sample_user']] as const) {
      const item = judgeItem(popup, name);
      await item.getByRole('textbox', { name: `${name} handle` }).fill(handle);
      await item.getByRole('button', { name: 'Save' }).click();
      await expect(item.getByTestId('sync-account')).toHaveText(`Handle: ${handle}`);
    }
    // HackerRank is left for the dashboard: Sync all would take it too, so the four are synced one by one.
    for (const name of ['Codeforces', 'AtCoder', 'LeetCode', 'CSES']) {
      await judgeItem(popup, name).getByRole('button', { name: `Sync ${name}` }).click();
      await expect(panel.getByRole('button', { name: 'Cancel' })).toBeHidden({ timeout: 60_000 });
      await expect(judgeItem(popup, name).getByTestId('sync-last')).toHaveText(/^Last synced /);
    }
    await expect(judgeItem(popup, 'Codeforces').getByTestId('sync-summary')).toHaveText(/^2 new, 0 already in your workspace, /);
    await expect(judgeItem(popup, 'AtCoder').getByTestId('sync-summary')).toHaveText(/^3 new, /);
    await expect(judgeItem(popup, 'LeetCode').getByTestId('sync-summary')).toHaveText(/^5 new, /);
    await expect(judgeItem(popup, 'LeetCode').getByTestId('sync-last')).toHaveText(/· 5 problems$/);
    await expect(judgeItem(popup, 'CSES').getByTestId('sync-summary')).toHaveText(/^\d+ new, /);
    expect(fixtures.hits.get('codeforces.com/api/user.status')).toBe(1);

    // The workspace: each problem solved on the day of its first Accepted.
    const solved = new Map([...(await records('codeforces')), ...(await records('atcoder')), ...(await records('leetcode'))]);
    for (const [url, at] of Object.entries(EXPECTED)) expect(solved.get(url), url).toBe(iso(at));
    const cses = await records('cses');
    expect(cses.size).toBeGreaterThan(0);

    // The dashboard asks the extension to sync HackerRank.
    const page = await ext.context.newPage();
    await page.addInitScript((t) => window.localStorage.setItem('pt.token', t), token);
    await page.goto(`${apiBase}/question-tracker?tab=workspace`);
    await page.getByRole('button', { name: 'Sync solved problems' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Sync solved problems' });
    await expect(judgeItem(page, 'LeetCode').getByTestId('sync-last')).toHaveText(/^Last synced .* · 5 problems$/);
    await dialog.getByRole('button', { name: 'Sync HackerRank' }).click();
    await expect(judgeItem(page, 'HackerRank').getByTestId('sync-summary')).toHaveText(/^5 new, 0 already in your workspace, /, { timeout: 30_000 });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeHidden();
    await page.keyboard.press('Escape');
    // The workspace was refreshed when the sync ended.
    await expect(page.getByText('Simple Array Sum').first()).toBeVisible();
    const hr = await records('hackerrank');
    expect(hr.get('https://www.hackerrank.com/challenges/simple-array-sum/problem')).toBe(iso(daysAgo(18)));

    // The activity heatmap counts every synced solve of the last year.
    const total = Object.keys(EXPECTED).length + cses.size + hr.size;
    await page.goto(`${apiBase}/question-tracker?tab=analysis`);
    await expect(page.getByRole('region', { name: 'Activity' }).getByText(`${total} solved in the last year`)).toBeVisible();

    // A curated sheet's progress counts the synced problems it holds.
    const sheet = await api<{ sheet: { userSolved: number } }>('/question-tracker/v2/sheet/get-sheet-data-by-slug/blind-75');
    expect(sheet.sheet.userSolved).toBeGreaterThanOrEqual(2); // Best Time to Buy and Sell Stock, Minimum Window Substring
    await page.goto(`${apiBase}/question-tracker/sheet/blind-75`);
    await expect(page.getByText(`${sheet.sheet.userSolved} / 75 solved`)).toBeVisible();
  });

  test('the options page has the sync too, with the daily sync: switched on, the extension sets its daily alarm', async () => {
    const options = await ext.context.newPage();
    await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
    await expect(options.getByRole('heading', { name: 'Sync solved problems' })).toBeVisible();
    await expect(judgeItem(options, 'LeetCode').getByRole('button', { name: 'Sync LeetCode' })).toBeEnabled();
    const daily = options.getByRole('checkbox', { name: /Sync every day/ });
    await expect(daily).not.toBeChecked();
    await daily.check();
    await expect(daily).toBeChecked();
    const alarm = () => ext.worker.evaluate(async () => (await chrome.alarms.get('sync-daily'))?.periodInMinutes ?? null);
    await expect.poll(alarm).toBe(24 * 60);
    await daily.uncheck();
    await expect.poll(alarm).toBeNull();
    await options.close();
  });

  test('the dashboard dialog at 390 px, light and dark: keyboard reachable, named, nothing wider than the screen, no serious axe violation', async () => {
    const page = await ext.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    for (const theme of ['light', 'dark'] as const) {
      await page.addInitScript(
        ({ t, k }) => {
          window.localStorage.setItem('pt.token', k);
          window.localStorage.setItem('pt.theme', t);
        },
        { t: theme, k: token },
      );
      await page.goto(`${apiBase}/question-tracker?tab=workspace`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      // By keyboard: the header's button takes the focus, Enter opens the dialog, Escape closes it.
      const button = page.getByRole('button', { name: 'Sync solved problems' }).first();
      const dialog = page.getByRole('dialog', { name: 'Sync solved problems' });
      // Again until the page has taken its handlers (a key pressed before that does nothing).
      await expect(async () => {
        await button.focus();
        await page.keyboard.press('Enter');
        await expect(dialog).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(dialog.getByRole('button', { name: 'Sync all' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Sync LeetCode' })).toBeVisible();
      const widest = await dialog.evaluate((d) => Math.max(...[...d.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)));
      expect(widest).toBeLessThanOrEqual(390);
      const { violations } = await new AxeBuilder({ page }).include('dialog[open]').analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await page.close();
  });

  test('without the extension the dashboard says how to get it', async ({ page }) => {
    await page.addInitScript((t) => window.localStorage.setItem('pt.token', t), token);
    await page.goto('/question-tracker?tab=workspace');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sync solved problems' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sync solved problems' });
    await expect(dialog.getByTestId('sync-no-extension').getByRole('link', { name: 'Get the extension' })).toHaveAttribute('href', '/question-tracker/extension');
  });
});
