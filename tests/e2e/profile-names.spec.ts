import { expect, test, type Page } from '@playwright/test';
import { Jimp, JimpMime } from 'jimp';
import { api, signUpAndSignIn } from './support/session';

const S = '/question-tracker/v2/sheet';

/** No element may make the page scroll sideways. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test('a user renames their profile and uploads an avatar; the old profile address leads to the new one', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Renamer');
  const before = (await api<{ user: { profileName: string } }>(request, me.token, 'GET', '/auth/v1/me')).user.profileName;
  const after = `renamed-${Date.now().toString(36)}`;

  await page.goto('/account');
  const form = page.getByRole('form', { name: 'Profile details' });
  await form.getByLabel('First name').fill('Grace');
  await form.getByLabel('Second name').fill('Hopper');
  // Typed in capitals: profile names are kept in lower case.
  await form.getByLabel('Profile name').fill(after.toUpperCase());
  await expect(form.getByLabel('Profile name')).toHaveValue(after);
  await expect(form.getByText(`links to /profile/${before} keep working`)).toBeVisible();
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  // Initials until an image is uploaded; then the server's own square image everywhere the user shows.
  await expect(page.getByRole('img', { name: 'Your initials avatar' })).toHaveText('GH');
  const photo = await new Jimp({ width: 300, height: 200, color: 0x2f855aff }).getBuffer(JimpMime.png);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload image' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByText('Avatar updated')).toBeVisible();
  const avatar = page.getByRole('img', { name: 'Your avatar' }).locator('img');
  await expect(avatar).toHaveAttribute('src', /\/question-tracker\/v1\/profile\/avatar\/.+\?v=/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
  await expect(page.getByRole('button', { name: 'Account menu' }).locator('img')).toHaveAttribute('src', (await avatar.getAttribute('src')) ?? '');

  await page.goto(`/profile/${before}`);
  await expect(page).toHaveURL(new RegExp(`/profile/${after}$`));
  await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await expect(page.getByText(`@${after}`)).toBeVisible();
  await expect(page.locator('.profile-avatar img')).toHaveAttribute('src', /\/profile\/avatar\//);

  // Back to initials.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Use initials' }).click();
  await expect(page.getByRole('img', { name: 'Your initials avatar' })).toHaveText('GH');
});

test('someone else cannot take a retired profile name, and the account screen fits a phone', async ({ page, request }) => {
  const first = await signUpAndSignIn(page, request, 'Keeper');
  const kept = `kept-${Date.now().toString(36)}`;
  await api(request, first.token, 'PATCH', '/question-tracker/v1/user/profile', { firstName: 'Keeper', profileName: kept });
  await api(request, first.token, 'PATCH', '/question-tracker/v1/user/profile', { firstName: 'Keeper', profileName: `${kept}-now` });

  const other = await request.post('/auth/v1/signup', { data: { email: `taker-${Date.now()}@example.com`, password: 'e2e-password-1', firstName: 'Taker' } });
  const token = ((await other.json()) as { data: { token: string } }).data.token;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript((t) => window.localStorage.setItem('pt.token', t), token);
  await page.goto('/account');
  const form = page.getByRole('form', { name: 'Profile details' });
  await form.getByLabel('Profile name').fill(kept);
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(form.getByRole('alert')).toHaveText('This profile name is already taken');
  expect(await scrollsSideways(page)).toBe(false);
});

test('an old sheet slug opens the sheet and the address shows the new slug', async ({ page, request }) => {
  const owner = await signUpAndSignIn(page, request, 'Mover');
  const slug = `before-${Date.now()}`;
  const created = await api<{ sheet: { _id: string } }>(request, owner.token, 'POST', `${S}/create-sheet`, { name: `Moved ${slug}`, slug });
  await api(request, owner.token, 'PATCH', `${S}/update-sheet-slug/${created.sheet._id}`, { slug: `after-${slug}` });

  await page.goto(`/question-tracker/sheet/${slug}?category=all`);
  await expect(page).toHaveURL(new RegExp(`/question-tracker/sheet/after-${slug}\\?category=all$`));
  await expect(page.getByRole('heading', { name: `Moved ${slug}` })).toBeVisible();

  await page.goto(`/question-tracker?tab=sheet&slug=${slug}`);
  await expect(page).toHaveURL(new RegExp(`tab=sheet&slug=after-${slug}$`));
  await expect(page.getByRole('heading', { name: `Moved ${slug}` })).toBeVisible();

  // The old slug is kept for this sheet: nobody else's sheet may take it.
  const other = await request.post('/auth/v1/signup', { data: { email: `other-${Date.now()}@example.com`, password: 'e2e-password-1', firstName: 'Other' } });
  const otherToken = ((await other.json()) as { data: { token: string } }).data.token;
  const taken = await request.post(`${S}/create-sheet`, { data: { name: 'Taken', slug }, headers: { authorization: `Bearer ${otherToken}` } });
  expect(taken.status()).toBe(409);
});
