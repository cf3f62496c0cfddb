import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PRACTICE_MESSAGES } from '../../shared/rules/practice';
import type { RecommendationsResponse } from '../../shared/schemas/practice';
import { overflow } from './support/layout';
import { api, signUpAndSignIn } from './support/session';
import { sheetWithTopics } from './support/sheet';

/**
 * The Practice tab against the fake judge (tests/support/fake-judge.ts): the handle user10 is rated 1170 on
 * Codeforces, and its accepted list and contests are the saved user.status answer (contest 2062: A in the
 * contest, B after it, C never; contest 2053: A and B in the contest).
 */
const U = '/question-tracker/v1/user';
const SIZES = [
  { label: 'desktop', viewport: { width: 1280, height: 900 } },
  { label: '390 px', viewport: { width: 390, height: 844 } },
] as const;

async function linkCodeforces(request: APIRequestContext, token: string) {
  const res = await request.fetch(`${U}/accounts/codeforces`, { method: 'PUT', data: { handle: 'user10' }, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  // The problem list (read at the server's start) and the accepted list are background jobs: wait for both.
  await expect.poll(async () => (await api<RecommendationsResponse>(request, token, 'GET', `${U}/recommendations?platform=codeforces&band=easy`)).items.length, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(async () => (await api<{ contests: { problems: unknown[] }[] }>(request, token, 'GET', `${U}/upsolve`)).contests.map((c) => c.problems.length), { timeout: 30_000 }).toEqual([3, 2, 2]);
}

const recommended = (page: Page) => page.getByRole('list', { name: 'Recommended problems' });
const names = (page: Page) => recommended(page).getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));

for (const { label, viewport } of SIZES) {
  test.describe(`at ${label}`, () => {
    test.use({ viewport });

    test('recommends by rating, hides difficulty, dismisses with undo, adds to the workspace, and lists contests to upsolve', async ({ page, request }) => {
      const me = await signUpAndSignIn(page, request, 'Practiser');
      await linkCodeforces(request, me.token);
      await page.goto('/question-tracker?tab=practice&judge=codeforces&band=easy');
      await expect(page.getByRole('heading', { name: 'Practice', level: 1 })).toBeVisible();
      await expect(page.getByTestId('practice-rating')).toHaveText('Codeforces rating 1170');
      await expect(recommended(page).getByRole('listitem').first()).toBeVisible();
      const before = await names(page);
      expect(before.length).toBeGreaterThan(1);
      await expect(recommended(page).getByText(/% to solve/).first()).toBeVisible();

      // Hide difficulty: no rating, chance or band shown, the same problems in the same order.
      await page.getByRole('switch', { name: 'Hide difficulty' }).check();
      await expect(page.getByTestId('practice-rating')).toHaveText('Matched to your Codeforces rating');
      await expect(recommended(page).getByText(/% to solve/)).toHaveCount(0);
      expect(await names(page)).toEqual(before);
      await page.getByRole('switch', { name: 'Hide difficulty' }).uncheck();

      // Not interested, then undone from the toast.
      const first = before[0]!;
      await page.getByRole('button', { name: `Not interested in ${first}` }).click();
      await expect(page.getByText(PRACTICE_MESSAGES.dismissed)).toBeVisible();
      await expect(recommended(page).getByRole('listitem', { name: first, exact: true })).toHaveCount(0);
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(recommended(page).getByRole('listitem', { name: first, exact: true })).toBeVisible();

      // Added to the workspace through the workspace's own call.
      const added = page.waitForResponse((r) => r.url().includes('/user/question/solve-question') && r.request().method() === 'POST');
      await page.getByRole('button', { name: `Add ${first} to workspace` }).click();
      expect((await added).ok()).toBe(true);
      await expect(page.getByText('Added to your workspace')).toBeVisible();

      // Upsolve: the open contest with its progress, the finished one in the done group.
      const open = page.getByRole('list', { name: 'To upsolve' });
      const ethflow = open.getByRole('listitem', { name: /Ethflow Round 1/ });
      await expect(ethflow.getByTestId('upsolve-progress')).toHaveText('2 of 3 solved');
      await expect(ethflow.getByText('Upsolved')).toBeVisible();
      await expect(ethflow.getByText('Solved in contest')).toBeVisible();
      await page.locator('summary', { hasText: 'Done' }).click();
      await expect(page.getByRole('list', { name: 'Done' }).getByRole('listitem', { name: /Good Bye 2024/ })).toBeVisible();

      for (const theme of ['light', 'dark'] as const) {
        if (theme === 'dark') {
          await page.getByRole('button', { name: 'Switch to dark theme' }).click();
          await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
        }
        expect(await overflow(page), `${theme} theme`).toEqual([]);
        const { violations } = await new AxeBuilder({ page }).include('.practice').analyze();
        expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${theme}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
      }
    });

    test('without a rating says why and offers the next questions of one’s sheets', async ({ page, request }) => {
      const me = await signUpAndSignIn(page, request, 'Unrated');
      await sheetWithTopics(request, me.token, { Arrays: ['https://leetcode.com/problems/two-sum/'], Graphs: ['https://leetcode.com/problems/number-of-islands/'] });
      await page.goto('/question-tracker?tab=practice&judge=codeforces');
      await expect(page.getByRole('status').filter({ hasText: PRACTICE_MESSAGES.tooFewSolves(0, 'Codeforces') })).toBeVisible();
      const next = page.getByRole('list', { name: 'Next from your sheets' });
      await expect(next.getByRole('listitem')).toHaveCount(2);
      await expect(page.getByRole('heading', { name: 'No contests to upsolve' })).toBeVisible();
      await expect(page.getByText('Link your Codeforces, AtCoder, CodeChef, or LeetCode account in your profile')).toBeVisible();
      expect(await overflow(page)).toEqual([]);
    });
  });
}
