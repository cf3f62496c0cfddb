import { expect, test } from '@playwright/test';

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
  });
}
