import { expect, test } from '@playwright/test';
import { verifyAddress } from './support/mailbox';
import { api, signUpAndSignIn } from './support/session';

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

test('account settings: a password change signs out the other session and the new password signs in', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Changer');
  // A second device: its own session, from the API.
  const other = await request.post('/auth/v1/login', { data: { email: me.email, password: 'e2e-password-1' } });
  const otherToken = ((await other.json()) as { data: { token: string } }).data.token;
  const meAs = (token: string) => request.get('/auth/v1/me', { headers: { authorization: `Bearer ${token}` } });
  expect((await meAs(otherToken)).status()).toBe(200);

  await page.goto('/question-tracker');
  // Reachable from the account menu with the keyboard alone.
  const account = page.getByRole('button', { name: 'Account menu' });
  // Until the menu's code arrives its button is drawn disabled, and focus would land nowhere.
  await expect(account).toBeEnabled();
  await account.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Account settings' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();

  await page.getByLabel('Current password').fill('e2e-password-1');
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password must be between 8 and 128 characters');

  await page.getByLabel('New password', { exact: true }).fill('fresh-e2e-password');
  await page.getByLabel('Confirm new password').fill('fresh-e2e-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Other devices have been signed out.')).toBeVisible();

  // The other device is signed out at once; this one stays signed in.
  expect((await meAs(otherToken)).status()).toBe(401);
  expect((await meAs(me.token)).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();

  // Sign out, then back in with the new password through the popup.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('Email').fill(me.email);
  await dialog.getByLabel('Password').fill('fresh-e2e-password');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText(me.email)).toBeVisible();
});

test('account settings: deleting an account hands a sheet to its collaborator, who then is its creator', async ({ browser, page, request }) => {
  const S = '/question-tracker/v2/sheet';
  const owner = await signUpAndSignIn(page, request, 'Leaver');
  const heirPage = await browser.newPage();
  const heir = await signUpAndSignIn(heirPage, request, 'Heir');
  const slug = `handed-${Date.now()}`;
  const name = `Handed ${slug}`;
  const { sheet } = await api<{ sheet: { _id: string } }>(request, owner.token, 'POST', `${S}/create-sheet`, { name, slug });
  await api(request, owner.token, 'POST', `${S}/add-topic/${sheet._id}`, { topic: 'Arrays' });
  await api(request, owner.token, 'POST', `${S}/collaborators/send-collaboration-invite/${sheet._id}`, { email: heir.email });
  const mine = await api<{ invites: { _id: string }[] }>(request, heir.token, 'GET', `${S}/my-sheets`);
  await verifyAddress(request, heir.email);
  await api(request, heir.token, 'PATCH', `${S}/collaborators/accept-invite/${mine.invites[0]!._id}`);

  await page.goto('/account');
  const choice = page.getByLabel(name);
  await expect(choice).toBeVisible();
  // Counts read as English: one collaborator, not '1 collaborators'.
  await expect(page.locator('.account-sheet').filter({ hasText: name })).toContainText('0 questions · 1 collaborator · 0 followers');
  // Without a choice for every sheet, nothing is sent.
  await page.getByLabel('Password', { exact: true }).fill('e2e-password-1');
  await page.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose what happens to every sheet you created');

  await choice.selectOption({ label: `Hand to Heir (${heir.email})` });
  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await confirm.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL(/tab=explore/);
  await expect(page.getByRole('button', { name: 'Sign in' }).first()).toBeVisible();
  expect((await request.get('/auth/v1/me', { headers: { authorization: `Bearer ${owner.token}` } })).status()).toBe(401);

  // The collaborator now holds the creator's menu on the sheet, topics intact.
  await heirPage.goto(`/question-tracker/sheet/${slug}`);
  await expect(heirPage.getByRole('region', { name: 'Topic Arrays' })).toBeVisible();
  await heirPage.getByRole('button', { name: 'Sheet menu' }).click();
  await expect(heirPage.getByRole('menuitem', { name: 'Delete Sheet' })).toBeVisible();
  await expect(heirPage.getByRole('menuitem', { name: 'Leave Sheet' })).toHaveCount(0);
  const collaborators = await api<{ isAuthor: boolean; collaborators: unknown[] }>(request, heir.token, 'GET', `${S}/collaborators/get-collaborators/${sheet._id}`);
  expect(collaborators).toMatchObject({ isAuthor: true, collaborators: [] });
  await heirPage.close();
});
