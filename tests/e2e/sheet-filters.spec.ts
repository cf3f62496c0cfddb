import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { overflow } from './support/layout';
import { api, signUpAndSignIn } from './support/session';
import { S, longSheet, newSheet, row, solveByImport } from './support/sheet';

// Inside a sheet: the filters beside the search (in the address, so they survive a reload), Clear
// filters, the empty state, and Continue where you left off.

const PHONE = { width: 390, height: 844 };

/** Two topics of questions from two judges, with the catalogue's difficulties. */
async function mixedSheet(request: APIRequestContext, token: string) {
  const sheet = await newSheet(request, token);
  for (const topic of ['Arrays', 'Math']) await api(request, token, 'POST', `${S}/add-topic/${sheet.id}`, { topic });
  const data = [
    ['Arrays', 'https://leetcode.com/problems/two-sum/'], // Easy
    ['Arrays', 'https://leetcode.com/problems/add-two-numbers/'], // Medium
    ['Arrays', 'https://leetcode.com/problems/trapping-rain-water/'], // Hard
    ['Math', 'https://codeforces.com/problemset/problem/4/A'], // Watermelon, 800
    ['Math', 'https://codeforces.com/problemset/problem/1/A'], // Theatre Square, 1000
    ['Math', 'https://leetcode.com/problems/climbing-stairs/'], // Easy
  ].map(([topic, problemUrl]) => ({ topic, subTopic: '', problemUrl }));
  await api(request, token, 'POST', `${S}/add-questions/${sheet.id}`, { data });
  return sheet;
}

const shownTitles = (page: Page) => page.getByTestId('question-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-title')));
const toolbar = (page: Page) => page.getByRole('group', { name: 'Questions of this sheet' });

/** Ticks values in one of the toolbar's filter menus; the menu stays open between ticks, Escape closes it. */
async function pick(page: Page, menu: string, values: string[]) {
  await toolbar(page).getByRole('button', { name: menu }).click();
  for (const v of values) await page.getByRole('menuitemcheckbox', { name: v, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
}

test('the filters combine with each other and the search, live in the address and survive a reload; Clear filters shows everything again', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Filterer');
  const { slug } = await mixedSheet(request, me.token);
  await page.goto(`/question-tracker/sheet/${slug}`);
  await expect(page.getByTestId('question-row')).toHaveCount(6);
  // Two Sum solved and starred, Watermelon starred.
  await row(page, 'Two Sum').getByRole('checkbox').click();
  await expect(row(page, 'Two Sum').getByRole('checkbox')).toBeChecked();
  await row(page, 'Two Sum').getByRole('button', { name: 'Star' }).click();
  await expect(row(page, 'Two Sum').getByRole('button', { name: 'Unstar' })).toBeVisible();
  await row(page, 'Watermelon').getByRole('button', { name: 'Star' }).click();
  await expect(row(page, 'Watermelon').getByRole('button', { name: 'Unstar' })).toBeVisible();

  // The menus offer what the sheet has: the spec's difficulties first, then ratings; the judges by name.
  await toolbar(page).getByRole('button', { name: 'Difficulty' }).click();
  await expect(page.getByRole('menuitemcheckbox')).toHaveText(['Easy', 'Medium', 'Hard', '800', '1000']);
  await page.keyboard.press('Escape');
  await pick(page, 'Difficulty', ['Easy', '800']);
  await expect(toolbar(page).getByRole('button', { name: 'Difficulty (2 selected)' })).toBeVisible();
  await expect.poll(() => shownTitles(page)).toEqual(['Two Sum', 'Watermelon', 'Climbing Stairs']);
  await expect(toolbar(page).getByRole('status')).toHaveText('3 of 6');
  await pick(page, 'Platform', ['LeetCode']);
  await expect.poll(() => shownTitles(page)).toEqual(['Two Sum', 'Climbing Stairs']);
  await toolbar(page).getByRole('button', { name: 'Starred only' }).click();
  await expect.poll(() => shownTitles(page)).toEqual(['Two Sum']);
  // Only a solved question is left: there is nothing to continue with.
  await expect(page.getByRole('button', { name: 'Continue where you left off' })).toHaveCount(0);

  const url = new URL(page.url());
  expect(url.searchParams.getAll('difficulty')).toEqual(['Easy', '800']);
  expect(url.searchParams.getAll('platform')).toEqual(['leetcode']);
  expect(url.searchParams.get('starred')).toBe('true');
  await page.reload();
  await expect.poll(() => shownTitles(page)).toEqual(['Two Sum']);
  await expect(toolbar(page).getByRole('button', { name: 'Starred only' })).toHaveAttribute('aria-pressed', 'true');
  await expect(toolbar(page).getByRole('button', { name: 'Platform (1 selected)' })).toBeVisible();

  // The search narrows further, and reaches the address too.
  await page.getByRole('searchbox', { name: 'Search questions in this sheet' }).fill('sum');
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('sum');
  await expect.poll(() => shownTitles(page)).toEqual(['Two Sum']);
  await toolbar(page).getByRole('button', { name: 'Unsolved only' }).click();
  await expect(page.getByTestId('question-row')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No Match Found' })).toBeVisible();
  await expect(page.getByText('No questions match these filters.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No questions match these filters.')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search questions in this sheet' })).toHaveValue('sum');

  await toolbar(page).getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('question-row')).toHaveCount(6);
  await expect(page.getByRole('searchbox', { name: 'Search questions in this sheet' })).toHaveValue('');
  await expect(page.getByRole('searchbox', { name: 'Search questions in this sheet' })).toBeFocused();
  await expect(toolbar(page).getByRole('button', { name: 'Unsolved only' })).toHaveAttribute('aria-pressed', 'false');
  await expect(toolbar(page).getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
  expect(new URL(page.url()).search).toBe('');
  // Back brings the filters back.
  await page.goBack();
  await expect(page.getByText('No questions match these filters.')).toBeVisible();
});

test('a signed-out visitor sees no Continue button; the filters work for them too', async ({ page }) => {
  await page.goto('/question-tracker/sheet/blind-75?difficulty=Hard');
  await expect(page.getByTestId('question-row').first()).toBeVisible();
  const hard = await page.getByTestId('question-row').count();
  expect(hard).toBeGreaterThan(0);
  expect(hard).toBeLessThan(75);
  await expect(page.locator('.q-row .diff').filter({ hasNotText: 'Hard' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue where you left off' })).toHaveCount(0);
});

/** A long sheet (its second topic starts collapsed) whose first 150 questions are solved. */
async function longSolved(request: APIRequestContext, token: string) {
  const sheet = await longSheet(request, token, ['Warm-up', 'Big'], 'Big', 200);
  await solveByImport(request, token, sheet.urls.slice(0, 150));
  return sheet;
}

async function continueToFirstUnsolved(page: Page) {
  // Big is collapsed: its rows are not on the page.
  await expect(page.getByRole('button', { name: 'Expand Big' })).toBeVisible();
  await expect(row(page, 'Long 151')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue where you left off' }).click();
  const target = row(page, 'Long 151');
  await expect(target).toBeInViewport();
  await expect(target.getByRole('link', { name: 'Long 151' })).toBeFocused();
  await expect(target).toHaveAttribute('data-continue', '');
  await expect(page.getByRole('button', { name: 'Collapse Big' })).toBeVisible();
  await expect(row(page, 'Long 150').getByRole('checkbox')).toBeChecked();
  await expect(target.getByRole('checkbox')).not.toBeChecked();
}

test('Continue where you left off opens the collapsed topic and brings the first unsolved question of a long sheet into view', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Continuer');
  const { slug } = await longSolved(request, me.token);
  await page.goto(`/question-tracker/sheet/${slug}`);
  await continueToFirstUnsolved(page);
  // Once it is solved, the next one is where Continue goes.
  await row(page, 'Long 151').getByRole('checkbox').click();
  await expect(row(page, 'Long 151').getByRole('checkbox')).toBeChecked();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Continue where you left off' }).click();
  await expect(row(page, 'Long 152')).toBeInViewport();
  await expect(row(page, 'Long 152').getByRole('link', { name: 'Long 152' })).toBeFocused();
});

test.describe('at 390 px (a phone)', () => {
  test.use({ viewport: PHONE });

  test('the filters fold into one Filters menu, nothing sticks out sideways, and a reload keeps them', async ({ page, request }) => {
    const me = await signUpAndSignIn(page, request, 'PhoneFilter');
    const { slug } = await mixedSheet(request, me.token);
    await page.goto(`/question-tracker/sheet/${slug}`);
    await expect(page.getByTestId('question-row')).toHaveCount(6);
    // The wide screen's separate controls are not shown; the Filters menu holds them.
    await expect(toolbar(page).getByRole('button', { name: 'Unsolved only' })).toHaveCount(0);
    await expect(toolbar(page).getByRole('button', { name: 'Difficulty' })).toHaveCount(0);
    expect(await overflow(page)).toEqual([]);

    const filters = toolbar(page).getByRole('button', { name: /^Filters/ });
    await filters.click();
    const menu = page.getByRole('menu', { name: 'Filters' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitemcheckbox', { name: 'Unsolved only' })).toBeVisible();
    await menu.getByRole('menuitemcheckbox', { name: 'Codeforces' }).click();
    await menu.getByRole('menuitemcheckbox', { name: '1000', exact: true }).click();
    await expect(menu.getByRole('menuitemcheckbox', { name: 'Codeforces' })).toHaveAttribute('aria-checked', 'true');
    expect(await overflow(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(filters).toBeFocused();
    await expect(toolbar(page).getByRole('button', { name: 'Filters (2 selected)' })).toBeVisible();
    await expect.poll(() => shownTitles(page)).toEqual(['Theatre Square']);

    await page.reload();
    await expect.poll(() => shownTitles(page)).toEqual(['Theatre Square']);
    expect(await overflow(page)).toEqual([]);
    // Keyboard only: the menu opens from its button and a value is ticked with Space.
    await toolbar(page).getByRole('button', { name: 'Filters (2 selected)' }).focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await menu.getByRole('menuitemcheckbox', { name: '1000', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Escape');
    await expect.poll(() => shownTitles(page)).toEqual(['Watermelon', 'Theatre Square']);
    await toolbar(page).getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByTestId('question-row')).toHaveCount(6);
    expect(await overflow(page)).toEqual([]);
  });

  test('Continue where you left off reaches the first unsolved question of a long sheet, and nothing sticks out sideways', async ({ page, request }) => {
    const me = await signUpAndSignIn(page, request, 'PhoneContinue');
    const { slug } = await longSolved(request, me.token);
    await page.goto(`/question-tracker/sheet/${slug}`);
    await continueToFirstUnsolved(page);
    expect(await overflow(page)).toEqual([]);
  });
});

test('in the dark theme the filter menu and the highlighted question use the theme’s colours', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'DarkFilter');
  const { slug } = await mixedSheet(request, me.token);
  await page.addInitScript(() => window.localStorage.setItem('pt.theme', 'dark'));
  await page.goto(`/question-tracker/sheet/${slug}`);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await toolbar(page).getByRole('button', { name: 'Platform' }).click();
  const menu = page.getByRole('menu', { name: 'Platform' });
  const [menuBg, pageSurface] = await Promise.all([
    menu.evaluate((el) => getComputedStyle(el).backgroundColor),
    page.evaluate(() => getComputedStyle(document.querySelector('.topic-section') as Element).backgroundColor),
  ]);
  expect(menuBg).toBe(pageSurface);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Continue where you left off' }).click();
  await expect(row(page, 'Two Sum')).toHaveAttribute('data-continue', '');
  await expect(row(page, 'Two Sum').getByRole('link', { name: 'Two Sum' })).toBeFocused();
});
