import { expect, test, type Page } from '@playwright/test';
import { REVIEW_MESSAGES } from '../../shared/schemas/review';
import { api, signUpAndSignIn } from './support/session';

// The numbers of the Review and Analysis tabs say what they count: two streaks named apart, each with
// a one-line explanation reachable by hover, tap and keyboard; today's new problems against the goal;
// why questions solved together come due on different days; and a daily-goal dialog that marks only
// the field that is wrong.

/** The explanation behind an info button: shown on focus (keyboard) and on a tap, gone on Escape. */
async function explains(page: Page, name: string, text: string) {
  const button = page.getByRole('button', { name });
  await button.focus();
  await expect(page.getByRole('tooltip')).toHaveText(text);
  await expect(button).toHaveAccessibleDescription(text);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await button.click();
  await expect(page.getByRole('tooltip')).toHaveText(text);
  const box = (await page.getByRole('tooltip').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

for (const size of [{ name: 'phone', viewport: { width: 390, height: 844 } }, { name: 'desktop', viewport: { width: 1280, height: 1000 } }]) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('the streaks are named apart and explained; today’s new problems read against the goal; spread first reviews are explained', async ({ page, request }) => {
      const me = await signUpAndSignIn(page, request, 'Streaks');
      // Twenty problems solved long ago: their first reviews are spread over the coming days.
      const submissions = Array.from({ length: 20 }, (_, i) => ({ problemUrl: `https://leetcode.com/problems/spread-problem-${i}-${Date.now()}/`, solvedAt: `2024-01-0${(i % 9) + 1}T12:00:00Z` }));
      await api(request, me.token, 'POST', '/question-tracker/v1/user/sync/import', { platform: 'leetcode', submissions });
      // And one solved now: a new problem today, the default goal of one.
      await api(request, me.token, 'POST', '/question-tracker/v1/user/question/solve-question', { custom: { name: 'Today Problem', problemUrl: `https://leetcode.com/problems/today-problem-${Date.now()}/` }, checked: true });

      await page.goto('/question-tracker?tab=review');
      const today = page.getByRole('region', { name: 'Today' });
      await expect(today.getByTestId('today-new')).toHaveText('1 new problem today (goal 1 a day)');
      await expect(today.getByTestId('streak')).toContainText(/^Review streak \d+ days? · best \d+ days?$/);
      await explains(page, 'What is the review streak?', 'Days in a row on which the daily review goal was met.');
      await expect(page.getByTestId('spread-note')).toContainText('Questions solved together come due on different days on purpose');

      // The daily goal: only the wrong field is marked.
      await page.keyboard.press('Escape');
      await today.getByRole('button', { name: 'Daily goal' }).click();
      const dialog = page.getByRole('dialog', { name: 'Daily goal' });
      await dialog.getByLabel('New problems a day').fill('600');
      await dialog.getByRole('button', { name: 'Save goal' }).click();
      await expect(dialog.getByText(REVIEW_MESSAGES.goalInvalid)).toBeVisible();
      await expect(dialog.getByLabel('New problems a day')).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog.getByLabel('Reviews a day')).toHaveAttribute('aria-invalid', 'false');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/question-tracker?tab=analysis');
      const activity = page.getByRole('region', { name: 'Activity', exact: true });
      await expect(activity.getByTestId('practice-streak')).toHaveText('Practice streak');
      await expect(activity).not.toContainText('Current streak');
      await explains(page, 'What is the practice streak?', 'Days in a row with at least one problem solved.');
    });
  });
}
