import { expect, test } from '@playwright/test';
import { linkCodeforcesAndRank, signUpAndSignIn } from './support/session';

// The leaderboard speaks to people: its overall score is named for them, the metric id stays in the API.

for (const size of [{ name: 'phone', viewport: { width: 390, height: 844 } }, { name: 'desktop', viewport: { width: 1280, height: 1000 } }]) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('the overall score is labelled C-Score with what it weighs, never the raw id', async ({ page }) => {
      await page.goto('/question-tracker?tab=leaderboard');
      await expect(page.getByRole('button', { name: 'C-Score', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText(/C-Score adds up solved problems weighted by difficulty/)).toBeVisible();
      await expect(page.locator('main')).not.toContainText('c_score');
    });

    test('an empty board says what would rank the viewer there, not that nobody is ranked', async ({ page, request }) => {
      const me = await signUpAndSignIn(page, request, 'Ranked');
      await linkCodeforcesAndRank(request, me.token);
      // Nobody is ranked by LeetCode rating (other specs on this server may have ranked someone there).
      await page.route('**/question-tracker/v1/leaderboard?*metric=leetcode_rating*', (route) =>
        route.fulfill({ json: { status: { code: 200, success: true, error: null, message: 'OK' }, data: { metric: 'leetcode_rating', page: 1, pageSize: 50, rows: [], me: null, total: 0 } } }),
      );
      await page.goto('/question-tracker?tab=leaderboard&metric=codeforces_rating');
      await expect(page.locator('tr[aria-current="true"]')).toHaveCount(1);
      await page.getByRole('button', { name: 'LeetCode rating', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Link a LeetCode account to be ranked by LeetCode rating' })).toBeVisible();
      await expect(page.getByText('Nobody is ranked by LeetCode rating yet.')).toBeVisible();
      await expect(page.getByText('Nobody is ranked yet', { exact: true })).toHaveCount(0);
    });
  });
}
