import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { overflow } from './support/layout';
import { api, signUpAndSignIn } from './support/session';

const W = '/question-tracker/v1/user/question';
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };

/** The tabs of the top bar (dashboard/app/layout.tsx), by label and `tab` parameter. */
const TABS = [
  ['Explore', 'explore'],
  ['My Sheets', 'mySheets'],
  ['Workspace', 'workspace'],
  ['Review', 'review'],
  ['Notes', 'notes'],
  ['Analysis', 'analysis'],
] as const;

const PAGES = [...TABS.map(([label, tab]) => [label, `/question-tracker?tab=${tab}`] as const), ['Blind 75 sheet', '/question-tracker/sheet/blind-75'] as const];

/** Puts a few questions in the workspace: two from the catalogue, one custom with a long name. */
async function fillWorkspace(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  for (const url of ['https://leetcode.com/problems/two-sum/', 'https://codeforces.com/problemset/problem/4/A']) {
    const look = await request.get(`/question-tracker/v1/question/search-question2?problemUrl=${encodeURIComponent(url)}`);
    const questionId = ((await look.json()) as { data: { question: { _id: string } } }).data.question._id;
    const res = await request.post(`${W}/solve-question`, { data: { questionId, checked: false, customTags: ['Dynamic Programming', 'revisit'] }, headers });
    expect(res.status()).toBe(201);
  }
  const run = Math.random().toString(36).slice(2, 8);
  const custom = await request.post(`${W}/solve-question`, {
    data: { custom: { name: `Longest Substring Without Repeating Characters And Then Some ${run}`, difficulty: 'Medium', problemUrl: `https://leetcode.com/problems/long-name-${run}/` } },
    headers,
  });
  expect(custom.status()).toBe(201);
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.skeleton')).toHaveCount(0);
}

const phoneMenu = (page: Page) => page.getByRole('button', { name: 'Sections menu' });
/** The same button while the menu is open: the modal panel hides the rest of the page from assistive technology. */
const phoneMenuWhenOpen = (page: Page) => page.locator('button.phone-nav-button');
const sectionsNav = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

test.describe('at 390 px (a phone)', () => {
  test.use({ viewport: PHONE });

  test('no page sticks out sideways: Explore, My Sheets, Workspace, Review, Notes, Analysis and a curated sheet', async ({ page, request }) => {
    const me = await signUpAndSignIn(page, request, 'Phone');
    await fillWorkspace(request, me.token);
    for (const [name, url] of PAGES) {
      await page.goto(url);
      await settle(page);
      await expect(page.locator('.topbar .brand')).toBeVisible();
      expect(await overflow(page), `${name} at 390 px`).toEqual([]);
    }
  });

  test('every tab and the account menu are reachable from the top bar, by pointer and by keyboard', async ({ page, request }) => {
    await signUpAndSignIn(page, request, 'Navigator');
    await page.goto('/question-tracker?tab=explore');
    await expect(page.locator('.topbar .tabs')).toBeHidden();
    await expect(page.getByRole('link', { name: 'Practice Tracker home' })).toBeVisible();

    for (const [label, tab] of TABS) {
      await phoneMenu(page).click();
      await expect(phoneMenuWhenOpen(page)).toHaveAttribute('aria-expanded', 'true');
      await sectionsNav(page).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`tab=${tab}$`));
      await expect(sectionsNav(page)).toBeHidden();
    }
    await phoneMenu(page).click();
    await expect(sectionsNav(page).getByRole('link', { name: 'Analysis' })).toHaveAttribute('aria-current', 'page');
    await phoneMenuWhenOpen(page).click();
    await expect(sectionsNav(page)).toBeHidden();

    // Keyboard: Enter opens it, Tab reaches the first link; Tab and Shift+Tab stay inside the open
    // menu (it is modal); Escape closes it and gives focus back to the button.
    await phoneMenu(page).focus();
    await page.keyboard.press('Enter');
    await expect(sectionsNav(page)).toBeVisible();
    const link = (name: string) => sectionsNav(page).getByRole('link', { name, exact: true });
    await page.keyboard.press('Tab');
    await expect(link('Explore')).toBeFocused();
    const links = sectionsNav(page).getByRole('link');
    await page.keyboard.press('Shift+Tab');
    await expect(links.last()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(link('Explore')).toBeFocused();
    const count = await links.count();
    for (let i = 0; i < count; i++) await page.keyboard.press('Tab');
    await expect(link('Explore')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sectionsNav(page)).toBeHidden();
    await expect(phoneMenu(page)).toBeFocused();
    // Enter on a link follows it.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/tab=mySheets$/);
    // A press outside closes it too.
    await phoneMenu(page).click();
    await expect(sectionsNav(page)).toBeVisible();
    await page.mouse.click(200, 600);
    await expect(sectionsNav(page)).toBeHidden();

    const account = page.getByRole('button', { name: 'Account menu' });
    await expect(account).toBeInViewport({ ratio: 1 });
    await account.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /Account/ })).toBeVisible();
    expect(await overflow(page)).toEqual([]);
  });

  test('a question is ticked and starred on a curated sheet; titles wrap rather than shrink to a letter', async ({ page, request }) => {
    await signUpAndSignIn(page, request, 'Sheeter');
    await page.goto('/question-tracker/sheet/blind-75');
    const first = page.getByTestId('question-row').first();
    await expect(first).toBeVisible();
    // A curated sheet is followed before its questions are ticked; the header's actions are in reach.
    const follow = page.getByRole('button', { name: 'Follow' });
    await expect(follow).toBeInViewport({ ratio: 1 });
    await follow.click();
    await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
    const title = (await first.getAttribute('data-title')) ?? '';
    const titleLink = first.locator('.q-title');
    expect((await titleLink.boundingBox())!.width).toBeGreaterThan(150);
    const check = first.getByRole('checkbox', { name: `Mark ${title} as solved` });
    await first.scrollIntoViewIfNeeded();
    await expect(check).toBeInViewport({ ratio: 1 });
    await check.click();
    await expect(check).toBeChecked();
    const star = first.getByRole('button', { name: 'Star' });
    await expect(star).toBeInViewport({ ratio: 1 });
    await star.click();
    await expect(first.getByRole('button', { name: 'Unstar' })).toHaveAttribute('aria-pressed', 'true');
    // Every drawn row's title shows whole words on at most two lines.
    const widths = await page.locator('[data-testid="question-row"] .q-title').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
    expect(Math.min(...widths)).toBeGreaterThan(150);
    expect(await overflow(page)).toEqual([]);
  });

  test("an author's own sheet (grips, topic actions, Add Question dialog) fits the screen", async ({ page, request }) => {
    const me = await signUpAndSignIn(page, request, 'Author');
    const S = '/question-tracker/v2/sheet';
    const slug = `mobile-${Date.now()}`;
    const { sheet } = await api<{ sheet: { _id: string } }>(request, me.token, 'POST', `${S}/create-sheet`, { name: `A rather long sheet name for a phone ${slug}`, slug });
    await api(request, me.token, 'POST', `${S}/add-topic/${sheet._id}`, { topic: 'Dynamic Programming On Intervals And Trees' });
    await api(request, me.token, 'POST', `${S}/add-questions/${sheet._id}`, {
      data: [{ topic: 'Dynamic Programming On Intervals And Trees', subTopic: '', problemUrl: 'https://leetcode.com/problems/two-sum/' }],
    });
    await page.goto(`/question-tracker/sheet/${slug}`);
    const row = page.getByTestId('question-row').filter({ hasText: 'Two Sum' });
    await expect(row).toBeVisible();
    await settle(page);
    expect(await overflow(page)).toEqual([]);
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole('button', { name: 'More actions' })).toBeInViewport({ ratio: 1 });
    await page.getByRole('button', { name: 'Add question to Dynamic Programming On Intervals And Trees' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await overflow(page)).toEqual([]);
  });

  test('the workspace keeps tick and star in view, and the Add Question dialog fits the screen', async ({ page, request }) => {
    const me = await signUpAndSignIn(page, request, 'Worker');
    await fillWorkspace(request, me.token);
    await page.goto('/question-tracker?tab=workspace');
    const row = page.getByTestId('workspace-row').filter({ hasText: 'Two Sum' });
    const tick = row.getByRole('checkbox', { name: 'Mark Two Sum as solved' });
    await row.scrollIntoViewIfNeeded();
    await expect(tick).toBeInViewport({ ratio: 1 });
    await tick.click();
    await expect(tick).toBeChecked();
    const star = row.getByRole('button', { name: 'Star Two Sum' });
    await expect(star).toBeInViewport({ ratio: 1 });
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(await overflow(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add Question' }).last().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Question' });
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
    expect(await overflow(page)).toEqual([]);
  });
});

test.describe('at 768 px (a tablet)', () => {
  test.use({ viewport: TABLET });

  test('no page sticks out sideways and the tabs are behind the menu button', async ({ page, request }) => {
    const me = await signUpAndSignIn(page, request, 'Tablet');
    await fillWorkspace(request, me.token);
    for (const [name, url] of PAGES) {
      await page.goto(url);
      await settle(page);
      expect(await overflow(page), `${name} at 768 px`).toEqual([]);
    }
    await phoneMenu(page).click();
    await sectionsNav(page).getByRole('link', { name: 'Workspace' }).click();
    await expect(page).toHaveURL(/tab=workspace$/);
    const tick = page.getByRole('checkbox', { name: 'Mark Two Sum as solved' });
    await tick.scrollIntoViewIfNeeded();
    await expect(tick).toBeInViewport({ ratio: 1 });
  });
});

test('at 1440 px the tabs stay in the top bar and there is no menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/question-tracker?tab=explore');
  await expect(page.locator('.topbar .tabs')).toBeVisible();
  await expect(phoneMenu(page)).toBeHidden();
});
