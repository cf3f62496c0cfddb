import { expect, test } from '@playwright/test';
import { answerNotice } from '../../shared/schemas/health';
import { fixtureJson, keptSolutions, launchWithExtension, signUpExtensionUser, startFixtureServer, tabIdFor } from './support/extension';

/** The check answers of the saved LeetCode page's submissions: a wrong answer, then Accepted, then one of a new shape. */
const wrong = { ...(fixtureJson('leetcode/check-wrong-answer.json') as object), submission_id: '10' };
const accepted = { ...(fixtureJson('leetcode/check-accepted.json') as object), submission_id: '11' };
const changed = { submission_id: '12', question_id: 1, verdict: { code: 10, text: 'Accepted' } };

/**
 * Kept solutions, in Chromium with the built extension: a submission on a saved LeetCode page and one on a
 * saved Codeforces page reach Accepted, and the tracker then holds their code, language and attempts; the
 * side panel lists the version; a LeetCode check answer of a new shape shows the popup's notice.
 */
test.describe('the extension keeps accepted code', () => {
  test.describe.configure({ mode: 'serial' });
  let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
  let ext: Awaited<ReturnType<typeof launchWithExtension>>;
  let apiBase: string;
  let token: string;

  const solutions = (url: string) => keptSolutions(apiBase, token, url);
  /**
   * How long the background has counted a tab as the one shown (its own record, in session storage), or -1
   * while it counts another: waiting on it proves the problem's time is being counted, not just that time passed.
   */
  const shownFor = (tabId: number) =>
    ext.worker.evaluate(async (id) => {
      const { 'solutions:visible': shown } = await chrome.storage.session.get<{ 'solutions:visible'?: { tabId: number; since: number } }>('solutions:visible');
      return shown?.tabId === id ? Date.now() - shown.since : -1;
    }, tabId);

  test.beforeAll(async () => {
    apiBase = String(test.info().project.use.baseURL);
    fixtures = await startFixtureServer({
      'leetcode.com/problems/two-sum/': 'leetcode/two-sum-submit.html',
      'POST leetcode.com/problems/two-sum/submit/': { json: [{ submission_id: 10 }, { submission_id: 11 }, { submission_id: 12 }] },
      'leetcode.com/submissions/detail/10/check/': { json: [fixtureJson('leetcode/check-pending.json'), wrong] },
      'leetcode.com/submissions/detail/11/check/': { json: [fixtureJson('leetcode/check-pending.json'), accepted] },
      'leetcode.com/submissions/detail/12/check/': { json: [changed] },
      'codeforces.com/problemset/problem/4/A': 'codeforces/4A.html',
      'codeforces.com/problemset/submit': 'codeforces/submit.html',
      'codeforces.com/problemset/status': 'codeforces/status-submitted.html',
      'codeforces.com/contest/4/submission/250000011': '../solutions/codeforces/submission-250000011.html',
    });
    ext = await launchWithExtension(fixtures.port);
    ({ token } = await signUpExtensionUser(ext, apiBase, 'Solutions', 'extension-solutions-1'));
  });

  test.afterAll(async () => {
    await ext.context.close();
    await fixtures.close();
  });

  test('LeetCode: a wrong answer, then Accepted; the tracker keeps the code, its language, attempts and time', async () => {
    const url = 'https://leetcode.com/problems/two-sum/';
    const page = await ext.context.newPage();
    await page.goto(url);
    const tabId = await tabIdFor(ext.worker, url);
    // The problem is known to the background before any time is counted for it.
    await expect.poll(() => ext.worker.evaluate(async (key) => (await chrome.storage.session.get(key))[key] ?? null, `tab:${tabId}`)).toMatchObject({ key: 'two-sum' });
    await expect.poll(() => shownFor(tabId), { timeout: 15_000 }).toBeGreaterThanOrEqual(2000);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('#result')).toHaveText('Wrong Answer');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('#result')).toHaveText('Accepted');
    await expect(page.locator('practice-tracker-toast')).toHaveAttribute('data-text', /Two Sum is marked solved/);
    await expect.poll(() => solutions(url), { timeout: 15_000 }).toHaveLength(1);
    const [kept] = await solutions(url);
    // The code the page sent with the submit, named as LeetCode's answer names its language.
    expect(kept).toMatchObject({ code: 'class Solution {};', language: 'C++', attempts: 1, source: 'extension', version: 1 });
    expect(kept?.timeSpentSec).toBeGreaterThanOrEqual(2);

    // The side panel lists the version beside the notes.
    const panel = await ext.context.newPage();
    await expect(async () => {
      await panel.goto(`chrome-extension://${ext.extensionId}/sidepanel.html?tabId=${tabId}`);
      await expect(panel.getByTestId('solution-item')).toHaveCount(1, { timeout: 1500 });
    }).toPass({ timeout: 20_000 });
    const item = panel.getByTestId('solution-item');
    await expect(item.getByTestId('solution-language')).toHaveText('C++');
    await expect(item.getByTestId('solution-attempts')).toHaveText('1 wrong attempt');
    await expect(item.getByTestId('solution-time')).toContainText('on the problem that day');
    await expect(item.getByTestId('solution-source')).toHaveText('Kept at the Accepted verdict');
    await item.getByText('Code', { exact: true }).click();
    await expect(item.locator('pre code')).toHaveText('class Solution {};');
    await panel.close();
    await page.close();
  });

  test('LeetCode: a check answer of a shape new to the extension is said in the popup, with its diagnostic', async () => {
    const url = 'https://leetcode.com/problems/two-sum/';
    const page = await ext.context.newPage();
    await page.goto(url);
    const tabId = await tabIdFor(ext.worker, url);
    await page.getByRole('button', { name: 'Submit' }).click();
    const popup = await ext.context.newPage();
    await expect(async () => {
      await popup.goto(`chrome-extension://${ext.extensionId}/popup.html?tabId=${tabId}`);
      await expect(popup.getByTestId('layout-notice')).toBeVisible({ timeout: 1500 });
    }).toPass({ timeout: 20_000 });
    const notice = popup.getByRole('region', { name: 'Page not understood' });
    await expect(notice).toContainText(answerNotice('LeetCode'));
    await notice.getByText('What the diagnostic holds').click();
    const text = await notice.getByTestId('layout-diagnostic').innerText();
    expect(text).toContain('a LeetCode verdict answer the extension did not understand');
    expect(text).toContain('Fields found: submissionId, questionId');
    expect(text).toContain('Fields missing: state, statusMsg, language');
    // Nothing of the answer's values.
    expect(text).not.toMatch(/Accepted"|code: 10/);
    expect(await solutions(url)).toHaveLength(1);
    await popup.close();
    await page.close();
  });

  test('Codeforces: submitted from the submit page, judged Accepted on the status page; the code comes from the submission page', async () => {
    const problemUrl = 'https://codeforces.com/problemset/problem/4/A';
    const page = await ext.context.newPage();
    await page.goto(problemUrl);
    const tabId = await tabIdFor(ext.worker, problemUrl);
    await expect.poll(() => ext.worker.evaluate(async (key) => (await chrome.storage.session.get(key))[key] ?? null, `tab:${tabId}`)).toMatchObject({ key: '4A' });
    await expect.poll(() => shownFor(tabId), { timeout: 15_000 }).toBeGreaterThanOrEqual(2000);
    await page.goto('https://codeforces.com/problemset/submit');
    await page.getByLabel('Source code:').fill('int main() {}');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/problemset\/status/);
    await expect(page.locator('practice-tracker-toast').first()).toHaveAttribute('data-text', /marked solved/, { timeout: 15_000 });
    await expect.poll(() => solutions(problemUrl), { timeout: 15_000 }).toHaveLength(1);
    const [kept] = await solutions(problemUrl);
    expect(kept).toMatchObject({ language: 'GNU C++17', attempts: 1, source: 'extension' });
    expect(kept?.code).toMatch(/^#include <bits\/stdc\+\+\.h>\nusing namespace std;/);
    expect(kept?.code).toContain(`cout << (w > 2 && w % 2 == 0 ? "YES" : "NO") << '\\n';`);
    expect(kept?.timeSpentSec).toBeGreaterThanOrEqual(2);
    await page.close();
  });
});
