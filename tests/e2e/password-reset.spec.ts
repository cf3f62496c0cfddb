import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mailTo, verificationLink, verifyAddress } from './support/mailbox';
import { api, signUpAndSignIn } from './support/session';

/**
 * Forgot password and invites, end to end. The server sends its e-mail to the local SMTP server of
 * playwright.config.ts (tests/support/mailbox.ts), read here over HTTP.
 */
const S = '/question-tracker/v2/sheet';

async function signUp(request: APIRequestContext, name: string) {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const res = await request.post('/auth/v1/signup', { data: { email, password: 'e2e-password-1', firstName: name } });
  return { email, token: ((await res.json()) as { data: { token: string } }).data.token };
}

async function openSignIn(page: Page) {
  await page.goto('/question-tracker?tab=explore');
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  return page.getByRole('dialog', { name: 'Login' });
}

test('forgot password: the e-mailed link sets a new password once, signs in and signs every other session out', async ({ page, request }) => {
  const me = await signUp(request, 'Forgetful');
  let dialog = await openSignIn(page);
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(dialog.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await dialog.getByLabel('Email').fill(me.email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/If an account exists for this email, a reset link is on its way/);

  const [mail] = await mailTo(request, me.email, 1, 'Reset your Practice Tracker password');
  const link = /http:\/\/localhost:\d+\/reset-password\?token=[\w-]{43}/.exec(mail!.text)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password must be between 8 and 128 characters');
  await page.getByLabel('New password', { exact: true }).fill('reset-e2e-password');
  await page.getByLabel('Confirm new password').fill('reset-e2e-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { name: 'My Workspace' })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText(me.email)).toBeVisible();
  // The session from before the reset has ended.
  expect((await request.get('/auth/v1/me', { headers: { authorization: `Bearer ${me.token}` } })).status()).toBe(401);

  // Signed out, the new password signs in through the popup.
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  dialog = await openSignIn(page);
  await dialog.getByLabel('Email').fill(me.email);
  await dialog.getByLabel('Password').fill('reset-e2e-password');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();

  // The link worked once.
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('another-e2e-password');
  await page.getByLabel('Confirm new password').fill('another-e2e-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This reset link is invalid, expired or already used. Ask for a new one.');
  await expect(page.getByRole('button', { name: 'Ask for a new link' })).toBeVisible();
});

test('an invitee sees the pending invites as a badge on My Sheets, and gets an e-mail', async ({ page, request }) => {
  const owner = await signUp(request, 'Inviter');
  const me = await signUpAndSignIn(page, request, 'Badge');
  const stamp = Date.now();
  for (const name of [`Badge Sheet ${stamp}`, `Badge Other ${stamp}`]) {
    const { sheet } = await api<{ sheet: { _id: string } }>(request, owner.token, 'POST', `${S}/create-sheet`, { name, slug: name.toLowerCase().replace(/ /g, '-') });
    await api(request, owner.token, 'POST', `${S}/collaborators/send-collaboration-invite/${sheet._id}`, { email: me.email });
  }
  const mails = (await mailTo(request, me.email, 3)).filter((m) => m.subject.startsWith('Inviter invited you'));
  expect(mails.map((m) => m.subject).sort()).toEqual([`Inviter invited you to the sheet "Badge Other ${stamp}"`, `Inviter invited you to the sheet "Badge Sheet ${stamp}"`]);
  expect(mails[0]!.text).toContain('/question-tracker?tab=mySheets');

  await verifyAddress(request, me.email);
  await page.goto('/question-tracker?tab=explore');
  const tab = page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: /^My Sheets\W+2 pending invites$/ });
  await expect(tab).toBeVisible();
  await tab.click();
  const invites = page.getByRole('list', { name: 'Pending invites' });
  await invites.getByRole('article', { name: `Badge Sheet ${stamp}` }).getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('link', { name: /^My Sheets\W+1 pending invite$/ })).toBeVisible();

  // On a phone the count shows on the menu button and in the menu.
  await page.setViewportSize({ width: 390, height: 844 });
  const menu = page.getByRole('button', { name: 'Sections menu, 1 pending invite' });
  await expect(menu).toBeVisible();
  await menu.click();
  await expect(page.getByRole('dialog', { name: 'Sections' }).getByRole('link', { name: /^My Sheets\W+1 pending invite$/ })).toBeVisible();
  await page.keyboard.press('Escape');

  await invites.getByRole('article', { name: `Badge Other ${stamp}` }).getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('button', { name: 'Sections menu', exact: true })).toBeVisible();
  await expect(page.getByTestId('invite-badge')).toHaveCount(0);
});

for (const [width, theme] of [[1280, 'light'], [390, 'dark']] as const) {
  test(`an unverified invitee is told why Accept fails, resends the link, verifies and accepts (${width} px, ${theme})`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript((t) => window.localStorage.setItem('pt.theme', t), theme);
    const owner = await signUp(request, 'Inviter');
    const me = await signUpAndSignIn(page, request, 'Unverified');
    const name = `Claimed Sheet ${Date.now()}-${width}`;
    const { sheet } = await api<{ sheet: { _id: string } }>(request, owner.token, 'POST', `${S}/create-sheet`, { name, slug: name.toLowerCase().replace(/ /g, '-') });
    await api(request, owner.token, 'POST', `${S}/collaborators/send-collaboration-invite/${sheet._id}`, { email: me.email });

    await page.goto('/question-tracker?tab=mySheets');
    const card = page.getByRole('list', { name: 'Pending invites' }).getByRole('article', { name });
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(card.getByRole('alert')).toHaveText(
      'Verify your e-mail address before accepting an invite: open the link we e-mailed you, or ask for a new one.',
    );
    await card.getByRole('button', { name: 'Resend verification link' }).click();
    await expect(card.getByRole('status')).toHaveText('Verification link sent. Check your inbox.');
    const { violations } = await new AxeBuilder({ page }).include('.invite-card').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // The resent link is the second to this address (sign-up sent the first).
    await page.goto(await verificationLink(request, me.email, 2));
    await expect(page.getByRole('heading', { name: 'E-mail address verified' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(me.email);
    await page.getByRole('link', { name: 'Go to My Sheets' }).click();
    await page.getByRole('list', { name: 'Pending invites' }).getByRole('article', { name }).getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByRole('list', { name: 'Shared With You' }).getByRole('article', { name })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}

test('the forgot-password dialog, the reset and verify pages: no serious axe violation and no sideways scroll, in both themes at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  const check = async (where: string) => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    for (const v of violations) if (v.impact === 'serious' || v.impact === 'critical') found.push(`${where}: ${v.id} ${v.nodes[0]?.target.join(' ')}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) found.push(`${where}: ${overflow} px sideways scroll`);
  };
  for (const theme of ['light', 'dark'] as const) {
    await page.addInitScript((t) => window.localStorage.setItem('pt.theme', t), theme);
    for (const size of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      const where = `${theme} ${size.width}`;
      const dialog = await openSignIn(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await dialog.getByRole('button', { name: 'Forgot password?' }).click();
      await expect(dialog.getByRole('button', { name: 'Send reset link' })).toBeVisible();
      await check(`${where} forgot dialog`);
      await page.goto(`/reset-password?token=${'x'.repeat(43)}`);
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
      await check(`${where} reset page`);
      await page.goto('/reset-password');
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await check(`${where} reset page without a token`);
      await page.goto(`/verify-email?token=${'x'.repeat(43)}`);
      await expect(page.getByRole('alert')).toHaveText('This verification link is invalid, expired or already used. Ask for a new one.');
      await check(`${where} verify page with a used link`);
    }
  }
  expect(found).toEqual([]);
});
