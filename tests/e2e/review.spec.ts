import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { REVIEW_MESSAGES } from '../../shared/schemas/review';

/*
 * The Review tab in a real browser. The e2e server runs with TEST_CLOCK=1: POST /__test/clock { days }
 * moves the server's time (the browser's stays), { reset: true } puts it back. Every test resets it at
 * the end, and moves stay well under the 30 days a session lasts.
 */

const W = '/question-tracker/v1/user/question';
const R = '/question-tracker/v1/user/review';
const DAY = 86_400_000;
const TWO_SUM = 'https://leetcode.com/problems/two-sum/';
const WATERMELON = 'https://codeforces.com/problemset/problem/4/A';
const ADD_TWO = 'https://leetcode.com/problems/add-two-numbers/';

async function signup(request: APIRequestContext, name: string): Promise<string> {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await request.post('/auth/v1/signup', { data: { email, password: 'correct horse battery', firstName: name } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const signIn = (page: Page, token: string) => page.addInitScript((t) => localStorage.setItem('pt.token', t), token);

/** Puts a catalogue question in the workspace: ticked, starred (queued for review now) or neither. */
async function addQuestion(request: APIRequestContext, token: string, url: string, opts: { checked?: boolean; starred?: boolean } = {}) {
  const look = await request.get(`/question-tracker/v1/question/search-question2?problemUrl=${encodeURIComponent(url)}`);
  const questionId = ((await look.json()) as { data: { question: { _id: string } } }).data.question._id;
  const res = await request.post(`${W}/solve-question`, { data: { questionId, checked: opts.checked ?? false, starred: opts.starred ?? false }, headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(201);
  return questionId;
}

/** Moves the server's clock by some days (0: just reads it); answers the server's now. */
async function moveClock(request: APIRequestContext, days: number): Promise<number> {
  const res = await request.post('/__test/clock', { data: { days } });
  expect(res.status(), 'the e2e server must run with TEST_CLOCK=1').toBe(200);
  return Date.parse(((await res.json()) as { now: string }).now);
}

test.afterEach(async ({ request }) => {
  await request.post('/__test/clock', { data: { reset: true } });
});

const reviewRows = (page: Page) => page.getByTestId('review-row');
const reviewRow = (page: Page, name: string) => reviewRows(page).filter({ hasText: name });
const section = (page: Page, name: 'Due today' | 'Overdue' | 'Upcoming') => page.getByRole('region', { name, exact: true });
const wsRow = (page: Page, name: string) => page.getByTestId('workspace-row').filter({ hasText: name });

async function noHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
}

test('a ticked question comes due after its interval, is rated Good, leaves the list, and comes back at its next review', async ({ page, request }) => {
  const token = await signup(request, 'Reviewer');
  await addQuestion(request, token, TWO_SUM);
  await signIn(page, token);

  // Ticked in the workspace: scheduled a few days after the solve, so not due today.
  await page.goto('/question-tracker?tab=workspace');
  await expect(wsRow(page, 'Two Sum').getByRole('button', { name: 'Rate Two Sum' })).toHaveCount(0);
  const ticked = page.waitForResponse((r) => r.url().includes(`${W}/update-question/`) && r.request().method() === 'PATCH');
  await wsRow(page, 'Two Sum').getByRole('checkbox', { name: 'Mark Two Sum as solved' }).click();
  expect((await ticked).ok()).toBe(true);
  await expect(wsRow(page, 'Two Sum').getByRole('button', { name: 'Rate Two Sum' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Review' }).click();
  await expect(page).toHaveURL(/tab=review/);
  await expect(page.getByRole('heading', { name: REVIEW_MESSAGES.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: REVIEW_MESSAGES.allDone })).toBeVisible();
  await expect(reviewRows(page)).toHaveCount(0);
  await expect(page.getByText(/^Next: 1 question on /)).toBeVisible();
  const strip = page.getByRole('list', { name: 'Questions coming due in the next 14 days' });
  await expect(strip.getByRole('listitem')).toHaveCount(14);
  await expect(strip.locator('[data-count="1"]')).toHaveCount(1);

  // Five days later it is overdue (its first interval is shorter than that).
  await moveClock(request, 5);
  await page.reload();
  const overdue = section(page, 'Overdue');
  await expect(overdue.getByTestId('review-row').filter({ hasText: 'Two Sum' })).toBeVisible();
  await expect(page.getByTestId('overdue-count')).toHaveText('1');
  const row = reviewRow(page, 'Two Sum');
  await expect(row.getByRole('link', { name: /Two Sum/ })).toHaveAttribute('href', TWO_SUM);
  await expect(row.getByRole('link', { name: /Two Sum/ })).toHaveAttribute('target', '_blank');
  await expect(row.getByText('Not reviewed yet')).toBeVisible();
  await expect(row.getByText(/^Solved \d{1,2} \w{3} \d{4}$/)).toBeVisible();
  for (const label of ['Again', 'Hard', 'Good', 'Easy']) {
    await expect(row.getByRole('button', { name: `Rate Two Sum ${label}`, exact: true })).toHaveText(new RegExp(`^${label} · \\d+(d|mo|y)$`));
  }
  // Counted from the server's time of the answer (its clock was moved): Again is tomorrow.
  await expect(row.getByRole('button', { name: 'Rate Two Sum Again', exact: true })).toHaveText('Again · 1d');
  await expect(row.getByRole('button', { name: "Don't review Two Sum" })).toBeVisible();

  // Good: the row leaves at once, and the server's answer says when it comes back.
  const rated = page.waitForResponse((r) => r.url().includes(`${R}/rate/`) && r.request().method() === 'POST');
  await row.getByRole('button', { name: 'Rate Two Sum Good', exact: true }).click();
  await expect(reviewRows(page)).toHaveCount(0);
  const answer = await rated;
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { data: { card: { due: string; reps: number } } };
  expect(body.data.card.reps).toBe(2);
  await expect(page.getByRole('heading', { name: REVIEW_MESSAGES.allDone })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: REVIEW_MESSAGES.allDone })).toBeVisible();
  await expect(reviewRows(page)).toHaveCount(0);

  // Past its next due date it is back in the list.
  const now = await moveClock(request, 0);
  const days = Math.ceil((Date.parse(body.data.card.due) - now) / DAY);
  expect(days).toBeGreaterThan(1);
  expect(days).toBeLessThan(20);
  await moveClock(request, days);
  await page.reload();
  await expect(reviewRow(page, 'Two Sum')).toBeVisible();
  await expect(reviewRow(page, 'Two Sum').getByText('Reviewed 1 time')).toBeVisible();
});

test('a refused rating puts the row back with the failure toast; by keyboard the focus moves on to the next question', async ({ page, request }) => {
  const token = await signup(request, 'Rollback');
  await addQuestion(request, token, TWO_SUM, { starred: true });
  await addQuestion(request, token, WATERMELON, { starred: true });
  await signIn(page, token);
  await page.goto('/question-tracker?tab=review');
  const today = section(page, 'Due today');
  await expect(today.getByTestId('review-row')).toHaveCount(2);
  await expect(page.getByTestId('due-count')).toHaveText('2');

  await page.route('**/question-tracker/v1/user/review/rate/**', (route) =>
    route.fulfill({ status: 500, json: { status: { code: 500, success: false, error: 'InternalError', message: 'boom' }, data: null } }),
  );
  await reviewRow(page, 'Two Sum').getByRole('button', { name: 'Rate Two Sum Easy', exact: true }).click();
  await expect(page.getByText(REVIEW_MESSAGES.rateFailed)).toBeVisible();
  await expect(reviewRow(page, 'Two Sum')).toBeVisible();
  await expect(today.getByTestId('review-row')).toHaveCount(2);
  await page.unroute('**/question-tracker/v1/user/review/rate/**');

  // The keyboard: rating one question puts the focus on the same rating of the next one.
  const first = today.getByTestId('review-row').first();
  const firstName = (await first.locator('.rv-name-text').innerText()).trim();
  const second = today.getByTestId('review-row').nth(1);
  const secondName = (await second.locator('.rv-name-text').innerText()).trim();
  await first.getByRole('button', { name: `Rate ${firstName} Good`, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(reviewRow(page, firstName)).toHaveCount(0);
  await expect(reviewRow(page, secondName).getByRole('button', { name: `Rate ${secondName} Good`, exact: true })).toBeFocused();

  // "Don't review" takes the last one out, with an Undo that puts it back.
  await reviewRow(page, secondName).getByRole('button', { name: `Don't review ${secondName}` }).click();
  await expect(page.getByText(REVIEW_MESSAGES.suspended)).toBeVisible();
  await expect(reviewRows(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(REVIEW_MESSAGES.resumed)).toBeVisible();
  await expect(reviewRow(page, secondName)).toBeVisible();
});

test('the daily goal is set in the header; a review and a new problem meet it and start a streak', async ({ page, request }) => {
  const token = await signup(request, 'Streaker');
  await addQuestion(request, token, TWO_SUM, { starred: true });
  await signIn(page, token);
  await page.goto('/question-tracker?tab=review');
  const todayBox = page.getByRole('region', { name: 'Today' });
  await expect(todayBox.getByTestId('today-reviews')).toHaveText('0/5 reviews');
  await expect(todayBox.getByTestId('today-new')).toHaveText('0 new problems today (goal 1 a day)');
  await expect(todayBox.getByTestId('streak')).toHaveText('Review streak 0 days · best 0 days');

  await todayBox.getByRole('button', { name: 'Daily goal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Daily goal' });
  await dialog.getByLabel('Reviews a day').fill('600');
  await dialog.getByRole('button', { name: 'Save goal' }).click();
  await expect(dialog.getByText(REVIEW_MESSAGES.goalInvalid)).toBeVisible();
  await dialog.getByLabel('Reviews a day').fill('1');
  await dialog.getByLabel('New problems a day').fill('1');
  await dialog.getByRole('button', { name: 'Save goal' }).click();
  await expect(page.getByText(REVIEW_MESSAGES.goalSaved)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(todayBox.getByTestId('today-reviews')).toHaveText('0/1 reviews');
  await expect(todayBox.getByRole('img', { name: 'Daily goal 0% done' })).toBeVisible();

  // A review in the tab, and a new problem solved (elsewhere): the goal is met, the streak starts.
  await reviewRow(page, 'Two Sum').getByRole('button', { name: 'Rate Two Sum Good', exact: true }).click();
  await expect(todayBox.getByTestId('today-reviews')).toHaveText('1/1 reviews');
  await expect(todayBox.getByRole('img', { name: 'Daily goal 50% done' })).toBeVisible();
  await addQuestion(request, token, WATERMELON, { checked: true });
  await page.reload();
  await expect(todayBox.getByTestId('today-new')).toHaveText('1 new problem today (goal 1 a day)');
  await expect(todayBox.getByText('goal met')).toBeVisible();
  await expect(todayBox.getByRole('img', { name: 'Daily goal 100% done' })).toBeVisible();
  await expect(todayBox.getByTestId('streak')).toHaveText('Review streak 1 day · best 1 day');

  // The next day, nothing done yet: the streak stands until that day is over.
  await moveClock(request, 1);
  await page.reload();
  await expect(todayBox.getByTestId('today-reviews')).toHaveText('0/1 reviews');
  await expect(todayBox.getByTestId('streak')).toHaveText('Review streak 1 day · best 1 day');

  // The Analysis tab's retention card counts the review.
  await page.goto('/question-tracker?tab=analysis');
  const retention = page.getByRole('region', { name: 'Review retention' });
  await expect(retention.getByText('Reviews done')).toBeVisible();
  await expect(retention.locator('dd').nth(0)).toHaveText('1');
  await expect(retention.locator('dd').nth(1)).toHaveText('100%');
});

test('filters live in the URL; an empty queue says how questions get there', async ({ page, request }) => {
  const token = await signup(request, 'Filterer');
  await signIn(page, token);
  await page.goto('/question-tracker?tab=review');
  await expect(page.getByRole('heading', { name: REVIEW_MESSAGES.empty })).toBeVisible();
  await expect(page.getByText(REVIEW_MESSAGES.emptyHint)).toBeVisible();

  await addQuestion(request, token, TWO_SUM, { starred: true });
  await addQuestion(request, token, WATERMELON, { starred: true });
  await page.reload();
  await expect(reviewRows(page)).toHaveCount(2);
  const filters = page.getByRole('search', { name: 'Filter the review queue' });
  await filters.getByLabel('Platform').selectOption({ label: 'Codeforces' });
  await expect(page).toHaveURL(/tab=review&platform=codeforces/);
  await expect(reviewRows(page)).toHaveCount(1);
  await expect(reviewRow(page, 'Watermelon')).toBeVisible();
  await page.reload();
  await expect(filters.getByLabel('Platform')).toHaveValue('codeforces');
  await expect(reviewRows(page)).toHaveCount(1);
  await filters.getByLabel('Difficulty').selectOption('Easy');
  await expect(page).toHaveURL(/difficulty=Easy/);
  await expect(page.getByRole('heading', { name: 'No Match Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(/\?tab=review$/);
  await expect(reviewRows(page)).toHaveCount(2);
});

test('logged out, the Review tab asks to sign in', async ({ page }) => {
  await page.goto('/question-tracker?tab=review');
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Sign in to continue' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Review' })).toHaveAttribute('aria-current', 'page');
});

test('rated after solving from the small Rate menu of a workspace row and a sheet row, by mouse and keyboard', async ({ page, request }) => {
  const token = await signup(request, 'Rater');
  await addQuestion(request, token, ADD_TWO, { checked: true });
  await signIn(page, token);
  await page.goto('/question-tracker?tab=workspace');
  const trigger = wsRow(page, 'Add Two Numbers').getByRole('button', { name: 'Rate Add Two Numbers' });
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');

  // Keyboard: Enter opens the menu on its first item, arrows move, Escape closes back to the button.
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Rate Add Two Numbers' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Again', 'Hard', 'Good', 'Easy']);
  await expect(menu.getByRole('menuitem', { name: 'Again' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Hard' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  // Mouse: Good.
  const rated = page.waitForResponse((r) => r.url().includes(`${R}/rate/`) && r.request().method() === 'POST');
  await trigger.click();
  await menu.getByRole('menuitem', { name: 'Good' }).click();
  const body = (await (await rated).json()) as { data: { card: { reps: number } } };
  expect(body.data.card.reps).toBe(2);
  await expect(page.getByText(REVIEW_MESSAGES.rated)).toBeVisible();
  await expect(menu).toBeHidden();

  // A sheet row: ticked there, then rated from its menu.
  await page.goto('/question-tracker/sheet/blind-75');
  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  const first = page.getByTestId('question-row').first();
  const title = (await first.getAttribute('data-title')) ?? '';
  await expect(first.getByRole('button', { name: `Rate ${title}` })).toHaveCount(0);
  await first.getByRole('checkbox').click();
  await expect(first.getByRole('checkbox')).toBeChecked();
  const sheetTrigger = first.getByRole('button', { name: `Rate ${title}`, exact: true });
  await sheetTrigger.click();
  const rated2 = page.waitForResponse((r) => r.url().includes(`${R}/rate/`) && r.request().method() === 'POST');
  await page.getByRole('menu', { name: `Rate ${title}` }).getByRole('menuitem', { name: 'Easy' }).click();
  expect((await rated2).ok()).toBe(true);
  await expect(page.getByText(REVIEW_MESSAGES.rated).first()).toBeVisible();
  // The menu is gone again: a closed row carries one button, no menu.
  await expect(page.getByRole('menu')).toHaveCount(0);
});

async function checkNarrow(page: Page, label: string, probe: Locator) {
  await expect(probe).toBeVisible();
  await test.step(`no horizontal overflow at 390 px (${label})`, () => noHorizontalOverflow(page));
}

test('at 390 px wide nothing overflows sideways, in the light and the dark theme', async ({ page, request }) => {
  const token = await signup(request, 'Narrow');
  await addQuestion(request, token, TWO_SUM, { starred: true });
  await addQuestion(request, token, WATERMELON, { checked: true });
  await addQuestion(request, token, ADD_TWO, { checked: true });
  await signIn(page, token);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/question-tracker?tab=review');
  await checkNarrow(page, 'light', reviewRow(page, 'Two Sum'));
  await expect(page.getByRole('list', { name: 'Questions coming due in the next 14 days' })).toBeVisible();
  // The four ratings stay on screen.
  for (const label of ['Again', 'Hard', 'Good', 'Easy']) {
    const box = await reviewRow(page, 'Two Sum').getByRole('button', { name: `Rate Two Sum ${label}`, exact: true }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await checkNarrow(page, 'dark', reviewRow(page, 'Two Sum'));
  await page.getByRole('region', { name: 'Today' }).getByRole('button', { name: 'Daily goal' }).click();
  await checkNarrow(page, 'goal dialog', page.getByRole('dialog', { name: 'Daily goal' }).getByLabel('Reviews a day'));
  await page.keyboard.press('Escape');

  // Everything rated: the all-caught-up state, still within the width.
  await reviewRow(page, 'Two Sum').getByRole('button', { name: 'Rate Two Sum Good', exact: true }).click();
  await checkNarrow(page, 'all caught up', page.getByRole('heading', { name: REVIEW_MESSAGES.allDone }));
});
