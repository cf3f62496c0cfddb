import { expect, test } from '@playwright/test';

// A calendar file is offered only for a list that holds contests: a judge with none offers no empty download.

for (const size of [{ name: 'phone', viewport: { width: 390, height: 844 } }, { name: 'desktop', viewport: { width: 1280, height: 1000 } }]) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('a judge with no known contest offers no calendar download; one with contests does', async ({ page }) => {
      // The server knows Codeforces' contests only (as when the other judges' lists are empty).
      await page.route('**/question-tracker/v1/contests', async (route) => {
        const res = await route.fetch();
        const body = (await res.json()) as { data: { contests: { platform: string }[] } };
        body.data.contests = body.data.contests.filter((c) => c.platform === 'codeforces');
        await route.fulfill({ response: res, json: body });
      });
      await page.goto('/question-tracker?tab=contests&judge=leetcode');
      await expect(page.getByRole('heading', { name: 'No contests scheduled' })).toBeVisible();
      await expect(page.getByText('LeetCode has no upcoming contest we know of.')).toBeVisible();
      await expect(page.getByRole('link', { name: /contests as a calendar file/ })).toHaveCount(0);

      await page.getByRole('button', { name: 'Codeforces' }).click();
      await expect(page.getByRole('link', { name: 'Download Codeforces’s contests as a calendar file' })).toBeVisible();
      await page.getByRole('button', { name: 'All judges' }).click();
      await expect(page.getByRole('link', { name: 'Download all contests as a calendar file' })).toBeVisible();
    });
  });
}
