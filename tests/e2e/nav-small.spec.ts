import { expect, test } from '@playwright/test';
import { signUpAndSignIn } from './support/session';

// The account menu's Profile stays in the tab; a curated sheet highlights Explore, on a phone and a laptop.

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 1000 } },
];

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('Profile opens in the same tab, and a followed curated sheet highlights Explore', async ({ page, request, context }) => {
      await signUpAndSignIn(page, request, 'Navigator');
      await page.goto('/question-tracker/sheet/blind-75');
      await page.getByRole('button', { name: 'Follow', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
      if (size.name === 'phone') await page.getByRole('button', { name: 'Sections menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Sections' }).locator('[aria-current="page"]').filter({ visible: true })).toHaveText('Explore');
      if (size.name === 'phone') await page.keyboard.press('Escape');

      const pages = context.pages().length;
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await expect(page).toHaveURL(/\/profile\//);
      expect(context.pages()).toHaveLength(pages);
    });
  });
}
