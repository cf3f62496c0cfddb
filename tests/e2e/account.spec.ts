import { expect, test } from '@playwright/test';

test('a new user signs up, lands on My Workspace, stays signed in after a reload, and signs out', async ({ page }) => {
  const email = `new-${Date.now()}@example.com`;
  await page.goto('/');
  // Logged out: the default tab is explore.
  await expect(page).toHaveURL(/\/question-tracker/);
  await expect(page.getByRole('heading', { name: 'Track Coding Sheets in One Place' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('First name').fill('Ada');
  await dialog.getByLabel('Last name').fill('Lovelace');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('analytical-engine');
  await dialog.getByRole('button', { name: 'Create account' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'My Workspace' })).toBeVisible();
  await expect(page.getByText('Keep track of all your questions here')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Workspace' })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();

  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Track Coding Sheets in One Place' })).toBeVisible();
});

test('a wrong password shows the error in the popup and signs nobody in', async ({ page }) => {
  await page.goto('/question-tracker?tab=notes');
  // Notes needs an account: the login popup opens by itself.
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill('nobody@example.com');
  await dialog.getByLabel('Password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Incorrect email or password');
});

test('tabs follow the spec: /sheet paths force My Sheets, unknown routes show the error screen', async ({ page }) => {
  await page.goto('/question-tracker/sheet/does-not-exist?tab=explore');
  await expect(page.getByRole('link', { name: 'My Sheets' })).toHaveAttribute('aria-current', 'page');
  await page.goto('/question-tracker/nowhere/at-all');
  await expect(page.getByRole('heading', { name: 'Oops! Something Went Wrong' })).toBeVisible();
});

test('the theme toggle switches between light and dark and is remembered', async ({ page }) => {
  await page.goto('/question-tracker');
  const html = page.locator('html');
  const before = await html.getAttribute('data-theme');
  await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  const after = await html.getAttribute('data-theme');
  expect(after).not.toBe(before);
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', after ?? '');
});
