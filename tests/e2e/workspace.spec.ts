import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { progressXlsx } from '../fixtures/files/progress-xlsx';

async function signup(request: APIRequestContext, name: string): Promise<string> {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await request.post('/auth/v1/signup', { data: { email, password: 'correct horse battery', firstName: name } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function signIn(page: Page, token: string) {
  await page.addInitScript((t) => localStorage.setItem('pt.token', t), token);
}

const addDialog = (page: Page) => page.getByRole('dialog', { name: 'Add Question' });
const rows = (page: Page) => page.getByTestId('workspace-row');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });

async function openAdd(page: Page) {
  // By keyboard: a success toast may sit over the floating button for a few seconds.
  await page.getByRole('button', { name: 'Add Question' }).last().focus();
  await page.keyboard.press('Enter');
  await expect(addDialog(page)).toBeVisible();
}

test('logged out, the workspace shell shows and adding asks to sign in', async ({ page }) => {
  await page.goto('/question-tracker?tab=workspace');
  await expect(page.getByRole('heading', { name: 'My Workspace' })).toBeVisible();
  await expect(page.getByText('Keep track of all your questions here')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add your First Question' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Question' }).last().click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
});

test('add by URL, by name search and as a custom question; tick, star and tag; bad URLs are caught', async ({ page, request }) => {
  await signIn(page, await signup(request, 'Adder'));
  await page.goto('/question-tracker?tab=workspace');
  await expect(page.getByRole('heading', { name: 'Add your First Question' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import' })).toBeVisible();

  // By URL: found in the catalogue, checked, with a tag and a first note.
  await openAdd(page);
  const dialog = addDialog(page);
  await dialog.getByLabel('Question URL').fill('https://leetcode.com/problems/two-sum/');
  await expect(dialog.getByText('Two Sum', { exact: true })).toBeVisible();
  await dialog.getByRole('switch', { name: 'Checked' }).click();
  await dialog.getByLabel('Custom tags').fill('revisit');
  await dialog.getByLabel('Custom tags').press('Enter');
  await dialog.getByRole('button', { name: 'Add a note (optional)' }).click();
  await expect(dialog.getByLabel('Note title')).toHaveValue('Approach');
  await dialog.getByLabel('Note', { exact: true }).fill('Hash map of complements.');
  await dialog.getByRole('button', { name: 'Add Question' }).click();
  await expect(page.getByText('Added to workspace')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Two Sum')).toBeVisible();
  await expect(row(page, 'Two Sum').getByRole('checkbox')).toBeChecked();
  await expect(row(page, 'Two Sum').getByText('revisit')).toBeVisible();

  // Looking it up again says it is already there.
  await openAdd(page);
  await dialog.getByLabel('Question URL').fill('leetcode.com/problems/two-sum/description/');
  await expect(dialog.getByText(/Already solved/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // By name: the suggestion fills in the URL.
  await openAdd(page);
  await dialog.getByRole('button', { name: 'Search by name' }).click();
  await dialog.getByRole('combobox', { name: 'Search by name' }).fill('watermel');
  await dialog.getByRole('option', { name: /Watermelon/ }).click();
  await expect(dialog.getByLabel('Question URL')).toHaveValue('https://codeforces.com/problemset/problem/4/A');
  await expect(dialog.getByText('Watermelon', { exact: true })).toBeVisible();
  // Nothing carried over from the last lookup (Two Sum: ticked, tagged).
  await expect(dialog.getByRole('switch', { name: 'Checked' })).toHaveAttribute('aria-checked', 'false');
  await expect(dialog.getByText('revisit')).toHaveCount(0);
  await dialog.getByRole('switch', { name: 'Starred' }).click();
  await dialog.getByRole('button', { name: 'Add Question' }).click();
  await expect(row(page, 'Watermelon')).toBeVisible();
  await expect(row(page, 'Watermelon').getByRole('button', { name: 'Star Watermelon' })).toHaveAttribute('aria-pressed', 'true');

  // Not in the catalogue: a custom question the person names.
  await openAdd(page);
  // A problem of its own per run, so a retry does not find it in the workspace already.
  const run = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  await dialog.getByLabel('Question URL').fill(`https://leetcode.com/problems/my-e2e-custom-problem-${run}/`);
  await expect(dialog.getByLabel('Question name')).toHaveValue(`My E2e Custom Problem ${run[0]!.toUpperCase()}${run.slice(1)}`);
  await dialog.getByLabel('Question name').fill('My Custom Problem');
  await dialog.getByLabel('Difficulty').selectOption('1500');
  await dialog.getByRole('button', { name: 'Add Question' }).click();
  await expect(row(page, 'My Custom Problem')).toBeVisible();
  await expect(row(page, 'My Custom Problem').getByText('Custom', { exact: true })).toBeVisible();
  await expect(row(page, 'My Custom Problem').getByText('1500')).toBeVisible();

  // Bad input: an unsupported site, something that is not a URL, and nothing at all.
  await openAdd(page);
  await dialog.getByLabel('Question URL').fill('https://example.com/problems/two-sum');
  await expect(page.getByText('Invalid Platform').first()).toBeVisible();
  await dialog.getByLabel('Question URL').fill('not a url');
  await expect(dialog.getByText('Please enter a valid URL')).toBeVisible();
  await dialog.getByLabel('Question URL').fill('');
  await expect(dialog.getByText('Question URL is required')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add Question' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Tick and star straight from the table (optimistic), still there after a reload.
  // The tick shows once its optimistic update has run (a click, then the state, not check()'s instant look).
  await row(page, 'Watermelon').getByRole('checkbox').click();
  await expect(row(page, 'Watermelon').getByRole('checkbox')).toBeChecked();
  await row(page, 'Two Sum').getByRole('button', { name: 'Star Two Sum' }).click();
  await page.reload();
  await expect(row(page, 'Watermelon').getByRole('checkbox')).toBeChecked();
  await expect(row(page, 'Two Sum').getByRole('button', { name: 'Star Two Sum' })).toHaveAttribute('aria-pressed', 'true');
  // The note action opens the notes of that question.
  await expect(row(page, 'Two Sum').getByRole('link', { name: 'Notes for Two Sum' })).toHaveAttribute('href', /\/question-tracker\?tab=notes&questionId=[0-9a-f-]{36}$/);
});

test("a custom question is its owner's own: a stranger's search and page visit change nothing its owner sees", async ({ page, request }) => {
  const run = Math.random().toString(36).slice(2, 8);
  const url = `https://leetcode.com/problems/owned-problem-${run}/`;
  const ada = await signup(request, 'Owner');
  const eve = await signup(request, 'Stranger');
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const added = await request.post('/question-tracker/v1/user/question/solve-question', {
    data: { custom: { name: `Ada secret ${run}`, difficulty: 'Easy', problemUrl: url } },
    headers: as(ada),
  });
  expect(added.status()).toBe(201);

  // The stranger's visit to the judge's page, read by their extension, and their own add of the same problem.
  const visit = await request.patch('/question-tracker/v1/question/enrich', { data: { problemUrl: url, name: 'Defaced', difficulty: 'Hard', topics: ['Graffiti'] }, headers: as(eve) });
  expect(visit.status()).toBe(200);
  await request.post('/question-tracker/v1/user/question/solve-question', { data: { custom: { name: `Eve name ${run}`, problemUrl: url } }, headers: as(eve) });
  await request.patch('/question-tracker/v1/question/enrich', { data: { problemUrl: url, name: 'Defaced', difficulty: 'Hard', topics: ['Graffiti'] }, headers: as(eve) });

  // The stranger's name search in the dashboard does not find the owner's name.
  await signIn(page, eve);
  await page.goto('/question-tracker?tab=workspace');
  await expect(row(page, `Eve name ${run}`)).toBeVisible();
  await openAdd(page);
  const dialog = addDialog(page);
  await dialog.getByRole('button', { name: 'Search by name' }).click();
  await dialog.getByRole('combobox', { name: 'Search by name' }).fill(`Ada secret ${run}`);
  await expect(dialog.getByText('No questions found')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The owner sees the name and difficulty they gave it, and finds it by that name.
  const owner = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin });
  const ownerPage = await owner.newPage();
  await signIn(ownerPage, ada);
  await ownerPage.goto('/question-tracker?tab=workspace');
  await expect(row(ownerPage, `Ada secret ${run}`)).toBeVisible();
  await expect(row(ownerPage, `Ada secret ${run}`).getByText('Easy')).toBeVisible();
  await expect(rows(ownerPage).filter({ hasText: 'Defaced' })).toHaveCount(0);
  await expect(rows(ownerPage).filter({ hasText: 'Hard' })).toHaveCount(0);
  await openAdd(ownerPage);
  await addDialog(ownerPage).getByRole('button', { name: 'Search by name' }).click();
  await addDialog(ownerPage).getByRole('combobox', { name: 'Search by name' }).fill(`Ada secret ${run}`);
  await expect(addDialog(ownerPage).getByRole('option', { name: new RegExp(`Ada secret ${run}`) })).toBeVisible();
  await owner.close();
});

test('filters live in the URL, show as chips, survive a reload and clear', async ({ page, request }) => {
  const token = await signup(request, 'Filterer');
  for (const [url, checked] of [
    ['https://leetcode.com/problems/two-sum/', true],
    ['https://leetcode.com/problems/add-two-numbers/', false],
    ['https://codeforces.com/problemset/problem/4/A', true],
  ] as const) {
    const look = await request.get(`/question-tracker/v1/question/search-question2?problemUrl=${encodeURIComponent(url)}`);
    const questionId = ((await look.json()) as { data: { question: { _id: string } } }).data.question._id;
    const res = await request.post('/question-tracker/v1/user/question/solve-question', { data: { questionId, checked, customTags: checked ? ['done'] : [] }, headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(201);
  }
  await signIn(page, token);
  await page.goto('/question-tracker?tab=workspace');
  await expect(rows(page)).toHaveCount(3);

  await page.getByRole('button', { name: 'Difficulty' }).click();
  await page.getByRole('group', { name: 'Difficulty' }).getByText('Easy', { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/difficulty=Easy/);
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, 'Two Sum')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Active filters' }).getByText('Difficulty: Easy')).toBeVisible();

  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  // By keyboard: the menu stays open and the focus stays on the option while the URL changes.
  const difficultyMenu = page.getByRole('button', { name: /^Difficulty( \(\d+ selected\))?$/ });
  await expect(difficultyMenu).toHaveAccessibleName('Difficulty (1 selected)');
  await difficultyMenu.focus();
  await page.keyboard.press('Enter');
  // The options are 800, Easy and Medium.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAttribute('data-focus-key', 'menu:Difficulty:Medium');
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/difficulty=Easy&difficulty=Medium/);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.locator(':focus')).toHaveAttribute('data-focus-key', 'menu:Difficulty:Medium');
  await page.keyboard.press('Space');
  await expect(rows(page)).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('group', { name: 'Difficulty' })).toHaveCount(0);
  await expect(difficultyMenu).toBeFocused();
  await page.getByRole('button', { name: 'Remove filter Difficulty: Easy' }).click();
  await expect(rows(page)).toHaveCount(3);
  await expect(page).not.toHaveURL(/difficulty=/);

  await page.getByLabel('Status', { exact: true }).selectOption('unmarked');
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, 'Add Two Numbers')).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('marked');
  await page.getByRole('button', { name: 'Platforms' }).click();
  await page.getByRole('group', { name: 'Platforms' }).getByText('Codeforces').click();
  await page.keyboard.press('Escape');
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, 'Watermelon')).toBeVisible();
  await expect(page).toHaveURL(/status=marked/);
  await expect(page).toHaveURL(/platform=codeforces/);

  await page.getByRole('searchbox', { name: 'Search questions' }).fill('nothing like this');
  await expect(page.getByRole('heading', { name: 'No Match Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear all', exact: true }).click();
  await expect(rows(page)).toHaveCount(3);
  await expect(page).toHaveURL(/tab=workspace$/);

  // Oldest first puts the first added on top.
  await page.getByRole('button', { name: 'Oldest' }).click();
  await expect(rows(page).first()).toContainText('Two Sum');
  await page.getByRole('button', { name: 'Latest' }).click();
  await expect(rows(page).first()).toContainText('Watermelon');
});

test('import a CSV and an xlsx with hyperlinks, read the summary, refuse other files', async ({ page, request }) => {
  await signIn(page, await signup(request, 'Importer'));
  await page.goto('/question-tracker?tab=workspace');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Progress' });
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Please select a file')).toBeVisible();
  await dialog.getByLabel('Progress file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByText('Invalid file format')).toBeVisible();
  await dialog.getByLabel('Progress file').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.alloc(1024 * 1024, 'a') });
  await expect(dialog.getByText('File size should be less than 1 MB')).toBeVisible();

  await dialog.getByLabel('Progress file').setInputFiles({ name: 'progress.csv', mimeType: 'text/csv', buffer: readFileSync('tests/fixtures/files/progress.csv') });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('3 of 5 rows imported; 2 need attention')).toBeVisible();
  const summary = dialog.getByLabel('Import summary');
  await expect(summary.getByTestId('summary-total')).toContainText('5');
  await expect(summary.getByTestId('summary-new')).toContainText('3');
  await expect(summary.getByTestId('summary-invalidUrl')).toContainText('1');
  await expect(summary.getByTestId('summary-error')).toContainText('1');
  await dialog.getByText('Close', { exact: true }).click();
  await expect(rows(page)).toHaveCount(3);

  await page.getByRole('button', { name: 'Import' }).click();
  await dialog.getByLabel('Progress file').setInputFiles({ name: 'progress.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: progressXlsx() });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('3 of 4 rows imported; 1 needs attention')).toBeVisible();
  // Theatre Square was already there and solved; the others are new; the last link is on another site.
  await expect(summary.getByTestId('summary-total')).toContainText('4');
  await expect(summary.getByTestId('summary-new')).toContainText('2');
  await expect(summary.getByTestId('summary-alreadySolved')).toContainText('1');
  await expect(summary.getByTestId('summary-invalidUrl')).toContainText('1');
  await dialog.getByText('Close', { exact: true }).click();
  await expect(rows(page)).toHaveCount(5);
  await expect(row(page, 'Best Time to Buy and Sell Stock').getByRole('checkbox')).toBeChecked();
  await expect(row(page, 'Maximum Subarray').getByRole('checkbox')).not.toBeChecked();

  // Export under the current filter: only the solved ones, in a CSV that reads back.
  await page.getByLabel('Status', { exact: true }).selectOption('marked');
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Export' }).click();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV (.csv)' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^workspace-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await csv.path(), 'utf8').trim().split(/\r?\n/);
  expect(lines[0]).toMatch(/^problemUrl,solved,name/);
  expect(lines).toHaveLength(4);
  expect(lines.slice(1).every((l) => l.includes(',true,'))).toBe(true);
  await page.getByRole('button', { name: 'Export' }).click();
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(readFileSync(await xlsx.path()).subarray(0, 2).toString()).toBe('PK');
});

test('a refused tick or star rolls back with a toast', async ({ page, request }) => {
  await signIn(page, await signup(request, 'Rollback'));
  await page.goto('/question-tracker?tab=workspace');
  await openAdd(page);
  await addDialog(page).getByLabel('Question URL').fill('https://leetcode.com/problems/two-sum/');
  await expect(addDialog(page).getByText('Two Sum', { exact: true })).toBeVisible();
  await addDialog(page).getByRole('button', { name: 'Add Question' }).click();
  await expect(row(page, 'Two Sum')).toBeVisible();

  await page.route('**/question-tracker/v1/user/question/update-question/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: { code: 500, success: false, error: 'InternalError', message: 'x' }, data: null }) }),
  );
  const star = row(page, 'Two Sum').getByRole('button', { name: 'Star Two Sum' });
  await star.click();
  await expect(page.getByText('Failed to update question')).toBeVisible();
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await row(page, 'Two Sum').getByRole('checkbox').click();
  await expect(row(page, 'Two Sum').getByRole('checkbox')).not.toBeChecked();
});

test('a date range filters once both days are picked, and its chip keeps its remove button on a phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, await signup(request, 'Ranger'));
  await page.goto('/question-tracker?tab=workspace');
  await page.getByRole('button', { name: 'Date range', exact: true }).click();
  const days = page.locator('.ws-daypicker');
  // Last month's days are all in the past, whatever today is (days after today cannot be picked).
  await days.getByRole('button', { name: 'Go to the Previous Month' }).click();
  const day = (n: number) => days.getByRole('button').filter({ hasText: new RegExp(`^${n}$`) }).first();
  await day(3).click();
  // The first day alone changes nothing: no filter in the address, no chip.
  await expect(page.getByText('pick the last day.')).toBeVisible();
  expect(new URL(page.url()).searchParams.has('from')).toBe(false);
  await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
  await day(12).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('to')).toMatch(/-12$/);
  expect(new URL(page.url()).searchParams.get('from')).toMatch(/-03$/);
  await page.keyboard.press('Escape');
  const chip = page.getByRole('list', { name: 'Active filters' }).getByRole('listitem').first();
  const remove = chip.getByRole('button', { name: /^Remove filter / });
  await expect(remove).toBeVisible();
  // The button lies wholly inside its chip: a long label is cut instead.
  const [c, r] = [await chip.boundingBox(), await remove.boundingBox()];
  expect(r!.x + r!.width).toBeLessThanOrEqual(c!.x + c!.width + 0.5);
  await remove.click();
  await expect.poll(() => new URL(page.url()).searchParams.has('from')).toBe(false);
});
