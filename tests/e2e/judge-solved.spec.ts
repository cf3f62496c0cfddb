import { expect, test } from '@playwright/test';
import { linkCodeforcesAndRank, signUpAndSignIn } from './support/session';

// Codeforces' user.info has no solved count: it is the distinct accepted problems of user.status. The fake
// judge's submission list has six of them (one accepted twice, one with a wrong answer before).

for (const size of [{ name: 'phone', viewport: { width: 390, height: 844 } }, { name: 'desktop', viewport: { width: 1280, height: 1000 } }]) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('a Codeforces account shows its solved count on the judge card, the profile and the leaderboard', async ({ page, request }) => {
      const me = await signUpAndSignIn(page, request, 'Solver');
      const profileName = await linkCodeforcesAndRank(request, me.token);

      await page.goto('/account');
      const card = page.getByRole('list', { name: 'Linked judge accounts' }).getByRole('listitem').filter({ hasText: 'Codeforces' });
      await expect(card.locator('dt', { hasText: 'Solved' }).locator('+ dd')).toHaveText('6');

      await page.goto(`/profile/${profileName}`);
      await expect(page.locator('.profile-total')).toHaveText(/^6\s*solved across judges$/);

      await page.goto('/question-tracker?tab=leaderboard&metric=total_questions');
      const mine = page.locator('tr[aria-current="true"]').first();
      await expect(mine).toContainText(profileName);
      await expect(mine.locator('td.lb-value')).toHaveText('6');
    });
  });
}
