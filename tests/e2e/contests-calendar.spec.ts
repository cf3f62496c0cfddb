import { expect, test } from '@playwright/test';

// A calendar file is offered only for a list that holds contests: a judge with none offers no empty download.
// A judge whose latest refresh failed says so above the list, which holds what was known before.

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

    test('a judge that could not be reached says when, above what was known', async ({ page }) => {
      const failedAt = '2026-12-06T10:42:00.000Z';
      // As the server answers after a failed LeetCode refresh (its contests are kept).
      await page.route('**/question-tracker/v1/contests', async (route) => {
        const res = await route.fetch();
        const body = (await res.json()) as { data: { unreachable: { platform: string; failedAt: string }[] } };
        body.data.unreachable = [{ platform: 'leetcode', failedAt }];
        await route.fulfill({ response: res, json: body });
      });
      await page.goto('/question-tracker?tab=contests');
      const notice = page.getByRole('status').filter({ hasText: 'could not be reached' });
      // The time in the browser's own zone and clock format.
      await expect(notice).toHaveText(/^LeetCode could not be reached at \d{1,2}:42(?: [AP]M)?; showing what was known$/);
      await expect(page.getByRole('link', { name: /LeetCode/ }).first()).toBeVisible();
      await page.getByRole('button', { name: 'Codeforces' }).click();
      await expect(notice).toHaveCount(0);
      await page.getByRole('button', { name: 'LeetCode' }).click();
      await expect(notice).toBeVisible();
      const box = await notice.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(size.viewport.width);
    });
  });
}
