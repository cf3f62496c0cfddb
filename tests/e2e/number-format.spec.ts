import { expect, test } from '@playwright/test';
import { linkCodeforcesAndRank, signUpAndSignIn } from './support/session';

// One number format everywhere, the reader's locale: a German browser reads 3.757, on the judge card
// (rating and best alike), the profile and the leaderboard.

for (const size of [{ name: 'phone', viewport: { width: 390, height: 844 } }, { name: 'desktop', viewport: { width: 1280, height: 1000 } }]) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport, locale: 'de-DE' });

    test('figures follow the browser’s locale on the judge card, the profile and the leaderboard', async ({ page, request }) => {
      const me = await signUpAndSignIn(page, request, 'Zahlen');
      // The fake judge's Codeforces account: rated 3757, at best 4009.
      const profileName = await linkCodeforcesAndRank(request, me.token);

      await page.goto('/account');
      const card = page.getByRole('list', { name: 'Linked judge accounts' }).getByRole('listitem').filter({ hasText: 'Codeforces' });
      await expect(card.locator('dt', { hasText: 'Rating' }).locator('+ dd')).toHaveText('3.757 · max 4.009');

      await page.goto(`/profile/${profileName}`);
      await expect(page.getByRole('list', { name: 'Judge accounts' }).getByRole('listitem').filter({ hasText: 'Codeforces' })).toContainText('3.757');

      await page.goto('/question-tracker?tab=leaderboard&metric=codeforces_rating');
      await expect(page.locator('tr[aria-current="true"] td.lb-value').first()).toHaveText('3.757');
    });
  });
}
