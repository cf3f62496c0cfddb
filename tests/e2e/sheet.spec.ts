import { expect, test, type Page } from '@playwright/test';
import { api, signUpAndSignIn } from './support/session';
import { S, longSheet, newSheet, row, topicNames } from './support/sheet';

test('a creator builds a sheet: topics, subtopics and questions through the UI', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Builder');
  const { slug } = await newSheet(request, me.token);
  await page.goto(`/question-tracker/sheet/${slug}`);
  await expect(page.getByText('No topics or questions yet. Create your first topic or add questions directly!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Sheets' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Add Topic' }).click();
  await expect(page.getByRole('alert')).toHaveText('Topic name is required');
  await page.getByLabel('New topic name').fill('Arrays');
  await page.getByRole('button', { name: 'Add Topic' }).click();
  await expect(page.getByRole('region', { name: 'Topic Arrays' })).toBeVisible();
  await expect(page.getByText('No subtopics or questions added yet.')).toBeVisible();
  await page.getByLabel('New topic name').fill('Arrays');
  await page.getByRole('button', { name: 'Add Topic' }).click();
  await expect(page.getByRole('alert')).toHaveText('Topic with this name already exists.');
  await page.getByLabel('New topic name').fill('');
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.getByRole('button', { name: 'Subtopic', exact: true }).click();
  await page.getByLabel('New subtopic in Arrays').fill('Prefix Sums');
  await page.getByLabel('New subtopic in Arrays').press('Enter');
  await expect(page.getByRole('region', { name: 'Subtopic Prefix Sums' })).toBeVisible();
  await expect(page.getByText('No questions added to this subtopic')).toBeVisible();
  await page.getByRole('button', { name: 'Subtopic', exact: true }).click();
  await page.getByLabel('New subtopic in Arrays').fill('Prefix Sums');
  await page.getByLabel('New subtopic in Arrays').press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Subtopic with this name already exists in this topic.');
  await page.getByLabel('New subtopic in Arrays').press('Escape');

  await page.getByRole('button', { name: 'Add question to Arrays', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Question' });
  const add = dialog.getByRole('button', { name: 'Add', exact: true });
  await dialog.getByLabel('Question URL').fill('not a url');
  await expect(dialog.getByText('Please enter a valid URL')).toBeVisible();
  await expect(add).toBeDisabled();
  // A web address, but of no judge: the spec's lookup message.
  await dialog.getByLabel('Question URL').fill('https://example.com/problems/two-sum/');
  await expect(dialog.getByText('Invalid platform. Please check the URL.')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid URL')).toHaveCount(0);
  await expect(add).toBeDisabled();
  await dialog.getByLabel('Question URL').fill('https://leetcode.com/problems/two-sum/description/');
  // Looked up after 1.2 s idle: the title is prefilled from the catalogue.
  await expect(dialog.getByLabel('Title (optional)')).toHaveValue('Two Sum', { timeout: 5000 });
  await add.click();
  await expect(page.getByText('Question added successfully')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5000 });
  await expect(row(page, 'Two Sum')).toBeVisible();

  await page.getByRole('button', { name: 'Add question to Prefix Sums', exact: true }).click();
  await dialog.getByLabel('Question URL').fill('leetcode.com/problems/subarray-sum-equals-k');
  await expect(dialog.getByLabel('Title (optional)')).toHaveValue('Subarray Sum Equals K', { timeout: 5000 });
  await add.click();
  await expect(row(page, 'Subarray Sum Equals K')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Subtopic Prefix Sums' }).getByTestId('question-row')).toHaveCount(1);

  // Tick and star as the creator; the sheet's progress moves.
  // A click, then the state: the tick shows once its optimistic update has run (check() looks at once).
  await row(page, 'Two Sum').getByRole('checkbox').click();
  await expect(row(page, 'Two Sum').getByRole('checkbox')).toBeChecked();
  await expect(page.getByText('Added to My Workspace')).toBeVisible();
  await expect(page.getByText('1 / 2 solved')).toBeVisible();
  await row(page, 'Two Sum').getByRole('button', { name: 'Star' }).click();
  await expect(row(page, 'Two Sum').getByRole('button', { name: 'Unstar' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(row(page, 'Two Sum').getByRole('checkbox')).toBeChecked();
  await expect(page.getByText('1 / 2 solved')).toBeVisible();

  // Remove from Sheet, with its confirmation.
  await row(page, 'Subarray Sum Equals K').getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Remove from Sheet' }).click();
  await page.getByRole('dialog', { name: 'Remove question' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Question removed from sheet')).toBeVisible();
  await expect(row(page, 'Subarray Sum Equals K')).toHaveCount(0);
});

test("a first visit asks for the sheet's data once, with the viewer's token, from the page's first script", async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Early');
  const { id, slug } = await newSheet(request, me.token);
  await api(request, me.token, 'POST', `${S}/add-topic/${id}`, { topic: 'Arrays' });
  await api(request, me.token, 'POST', `${S}/add-questions/${id}`, { data: [{ topic: 'Arrays', subTopic: '', problemUrl: 'https://leetcode.com/problems/two-sum/' }] });
  const calls: { auth: string | undefined; beforeApp: boolean }[] = [];
  // The app's entry is held back for a moment: a request made meanwhile can only come from the first script.
  let entryServed = false;
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    entryServed = true;
    await route.continue();
  });
  page.on('request', (r) => {
    if (r.url().includes('/get-sheet-data-by-slug/')) calls.push({ auth: r.headers().authorization, beforeApp: !entryServed });
  });
  await page.goto(`/question-tracker/sheet/${slug}`);
  await expect(row(page, 'Two Sum')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // One request, sent before the app's own code had arrived; the page used its answer.
  expect(calls).toEqual([{ auth: `Bearer ${me.token}`, beforeApp: true }]);
});

interface FirstRow {
  display: string;
  afterSkeleton: boolean;
}

/** Records, before any page script, how the first question row looked when it appeared, and whether a loading skeleton came first. */
function watchFirstRow() {
  const w = window as unknown as { firstRow?: FirstRow; sawSkeleton?: boolean };
  new MutationObserver((_, observer) => {
    if (document.querySelector('[aria-busy="true"]')) w.sawSkeleton = true;
    const row = document.querySelector('[data-testid="question-row"]');
    if (!row) return;
    observer.disconnect();
    w.firstRow = { display: getComputedStyle(row).display, afterSkeleton: !!w.sawSkeleton };
  }).observe(document, { childList: true, subtree: true });
}

const firstRow = (page: Page) => page.evaluate(() => (window as unknown as { firstRow?: FirstRow }).firstRow);

test('a sheet opened by its address is drawn styled from one data request; reached from Explore, it loads its code then', async ({ page, request }) => {
  await page.addInitScript(watchFirstRow);
  const calls: string[] = [];
  page.on('request', (r) => calls.push(new URL(r.url()).pathname));
  await page.goto('/question-tracker/sheet/blind-75');
  await expect(page.getByTestId('question-row').first()).toBeVisible();
  // The early script's request is the one the page uses, and the page's chunk is fetched once.
  expect(calls.filter((c) => c.endsWith('/get-sheet-data-by-slug/blind-75'))).toHaveLength(1);
  const chunks = calls.filter((c) => /\/assets\/sheet-page-[^/]+\.js$/.test(c));
  expect(chunks).toHaveLength(1);
  // The page's chunk ran from the early script's module script tag, not an import by the app.
  await expect(page.locator(`head script[type="module"][src="${chunks[0]}"]`)).toHaveCount(1);
  // The sheet's own stylesheet applied before the first row was drawn (.q-row is a grid in sheet.css),
  // and it comes after the app's in the cascade, as when the app loads it.
  expect((await firstRow(page))?.display).toBe('grid');
  const sheets = await page.evaluate(() => [...document.styleSheets].map((s) => s.href?.split('/').pop() ?? ''));
  expect(sheets.findIndex((f) => f.startsWith('sheet-page-'))).toBeGreaterThan(sheets.findIndex((f) => /^index-.*\.css$/.test(f)));
  expect(sheets.findIndex((f) => /^index-.*\.css$/.test(f))).toBeGreaterThanOrEqual(0);

  // Signed in, too, the early request is the one the page uses.
  const me = await signUpAndSignIn(page, request, 'Early');
  const { slug } = await newSheet(request, me.token);
  calls.length = 0;
  await page.goto(`/question-tracker/sheet/${slug}`);
  await expect(page.getByText('No topics or questions yet. Create your first topic or add questions directly!')).toBeVisible();
  expect(calls.filter((c) => c.endsWith(`/get-sheet-data-by-slug/${slug}`))).toHaveLength(1);

  // Reached from another tab, the page's code is imported when asked for.
  await page.goto('/question-tracker?tab=explore');
  await expect(page.locator('head script[src*="/assets/sheet-page-"]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Blind 75' }).first().click();
  await expect(page).toHaveURL(/\/question-tracker\/sheet\/blind-75$/);
  await expect(page.getByTestId('question-row').first()).toBeVisible();
  expect((await firstRow(page))?.display).toBe('grid');
});

test('a sheet whose data and code are in before the app runs is drawn in the first paint, without a skeleton', async ({ page }) => {
  await page.addInitScript(watchFirstRow);
  // The app's entry comes last: by the time it runs, the early script's request and the page's chunk are in.
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto('/question-tracker/sheet/blind-75');
  await expect(page.getByTestId('question-row').first()).toBeVisible();
  expect(await firstRow(page)).toEqual({ display: 'grid', afterSkeleton: false });
});

test('a sheet page whose stylesheet cannot load says so rather than drawing the sheet unstyled', async ({ page }) => {
  await page.route(/\/assets\/sheet-page-[^/]+\.css$/, (route) => route.abort());
  await page.goto('/question-tracker/sheet/blind-75');
  await expect(page.getByRole('alert')).toContainText('Oops! Something Went Wrong');
  await expect(page.getByTestId('question-row')).toHaveCount(0);
});

test('a sheet whose data is slow shows its skeleton meanwhile, then its rows', async ({ page }) => {
  // The sheet's data is held until the skeleton has been seen, however long that takes on a busy machine.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/get-sheet-data-by-slug/blind-75', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/question-tracker/sheet/blind-75');
  // The first render waits for the sheet's data only briefly, then draws the skeleton.
  await expect(page.getByLabel('Loading sheet')).toBeVisible();
  await expect(page.getByTestId('question-row')).toHaveCount(0);
  release();
  await expect(page.getByTestId('question-row').first()).toBeVisible();
  await expect(page.getByLabel('Loading sheet')).toHaveCount(0);
});

test('a visitor follows a curated sheet, ticks a question, and unfollows with the confirmation', async ({ page, request }) => {
  await page.goto('/question-tracker/sheet/blind-75');
  await expect(page.getByRole('heading', { name: 'Blind 75' })).toBeVisible();
  // Its rows have no resource links: no video button (a disabled one would only be noise), the other actions are there.
  const rows = page.getByTestId('question-row');
  await expect(rows.first().getByRole('button', { name: 'Notes' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Watch video/ })).toHaveCount(0);
  // Logged out: actions open the login popup.
  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await page.keyboard.press('Escape');

  await signUpAndSignIn(page, request, 'Follower');
  await page.reload();
  const first = page.getByTestId('question-row').first();
  await first.getByRole('checkbox').click();
  await expect(page.getByText('Follow the sheet to perform any action')).toBeVisible();
  await expect(first.getByRole('checkbox')).not.toBeChecked();

  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await first.getByRole('checkbox').click();
  await expect(first.getByRole('checkbox')).toBeChecked();
  await expect(page.getByText('1 / 75 solved')).toBeVisible();
  // Ticking more rows shows one toast, not a stack of the same words.
  for (const i of [1, 2]) await page.getByTestId('question-row').nth(i).getByRole('checkbox').click();
  await expect(page.getByText('3 / 75 solved')).toBeVisible();
  await expect(page.getByText('Added to My Workspace')).toHaveCount(1);
  // Starring a ticked question says only that it is starred; an unticked one is added too.
  await first.getByRole('button', { name: 'Star' }).click();
  await expect(page.getByText('Starred', { exact: true })).toBeVisible();
  await page.getByTestId('question-row').nth(3).getByRole('button', { name: 'Star' }).click();
  await expect(page.getByText('Added to workspace and starred')).toBeVisible();

  await page.getByRole('button', { name: 'Following' }).click();
  const confirm = page.getByRole('dialog', { name: 'Unfollow sheet' });
  await expect(confirm.getByText('Are you sure you want to unfollow this sheet?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await page.getByRole('button', { name: 'Following' }).click();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
});

test('Collapse all and Expand all open and close every topic, and a topic drawn later follows', async ({ page }) => {
  await page.goto('/question-tracker/sheet/blind-75');
  const rows = page.getByTestId('question-row');
  await expect(rows).toHaveCount(75);
  const topics = page.locator('section.topic-section');
  const count = await topics.count();
  expect(count).toBeGreaterThan(1);
  await page.getByRole('button', { name: 'Collapse all' }).click();
  await expect(rows).toHaveCount(0);
  await expect(topics.locator('> .section-bar button[aria-expanded="false"]')).toHaveCount(count);
  // One topic opened by hand, then all of them.
  await topics.first().locator('> .section-bar').getByRole('button', { name: /^Expand / }).click();
  await expect(rows.first()).toBeVisible();
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect(rows).toHaveCount(75);
  await expect(topics.locator('> .section-bar button[aria-expanded="true"]')).toHaveCount(count);
});

test('searching a sheet shows the questions whose titles match, in closed topics too; / focuses the search', async ({ page }) => {
  await page.goto('/question-tracker/sheet/blind-75');
  const rows = page.getByTestId('question-row');
  await expect(rows).toHaveCount(75);
  await page.getByRole('button', { name: 'Collapse all' }).click();
  await expect(rows).toHaveCount(0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search questions in this sheet' });
  await expect(search).toBeFocused();
  await page.keyboard.type('two sum');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-title', 'Two Sum');
  await expect(page.getByRole('status').filter({ hasText: '1 of 75' })).toBeVisible();
  await search.fill('no such question anywhere');
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('No Match Found')).toBeVisible();
  await search.fill('');
  await expect(rows).toHaveCount(75);
});

test('Unsolved only hides the ticked questions and shows them again when turned off', async ({ page, request }) => {
  await signUpAndSignIn(page, request, 'Unsolved');
  await page.goto('/question-tracker/sheet/blind-75');
  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  const rows = page.getByTestId('question-row');
  const twoSum = page.locator('[data-testid="question-row"][data-title="Two Sum"]');
  await twoSum.getByRole('checkbox').click();
  await expect(page.getByText('1 / 75 solved')).toBeVisible();
  const unsolved = page.getByRole('button', { name: 'Unsolved only' });
  await unsolved.click();
  await expect(unsolved).toHaveAttribute('aria-pressed', 'true');
  await expect(rows).toHaveCount(74);
  await expect(twoSum).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: '74 of 75' })).toBeVisible();
  await unsolved.click();
  await expect(rows).toHaveCount(75);
});

test('an unknown sheet shows No Sheet found', async ({ page, request }) => {
  await page.goto('/question-tracker/sheet/there-is-no-such-sheet');
  await expect(page.getByText('No Sheet found')).toBeVisible();
  await signUpAndSignIn(page, request, 'Seeker');
  await page.goto('/question-tracker?tab=sheet');
  await expect(page.getByText('Sheet not found')).toBeVisible();
});

test('renaming a topic to a name already taken says so in place and changes nothing', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Renamer');
  const { id, slug } = await newSheet(request, me.token);
  for (const topic of ['Arrays', 'Graphs']) await api(request, me.token, 'POST', `${S}/add-topic/${id}`, { topic });
  await page.goto(`/question-tracker/sheet/${slug}`);
  await page.getByRole('button', { name: 'Rename Graphs' }).click();
  const input = page.getByLabel('Rename topic Graphs');
  await input.fill('Arrays');
  await input.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Topic with this name already exists.');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await input.fill('Trees');
  await input.press('Enter');
  const headings = topicNames(page);
  await expect(headings).toHaveText(['Arrays', 'Trees']);
  await page.reload();
  await expect(headings).toHaveText(['Arrays', 'Trees']);
});

test('on a long sheet a collapsed subtopic stays collapsed after its topic scrolls far away and back', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Collapser');
  const { id, slug } = await longSheet(request, me.token, ['Small', 'Big'], 'Big', 160);
  await api(request, me.token, 'POST', `${S}/add-subTopic/${id}`, { topic: 'Small', subTopic: 'Inner' });
  await page.goto(`/question-tracker/sheet/${slug}`);
  const inner = page.getByRole('region', { name: 'Subtopic Inner' });
  await inner.getByRole('button', { name: 'Collapse Inner' }).click();
  await expect(inner.getByRole('button', { name: 'Expand Inner' })).toHaveAttribute('aria-expanded', 'false');
  // Far down the open Big topic, Small's body is no longer drawn at all.
  const farAndBack = async () => {
    await page.getByRole('region', { name: 'Topic Big' }).evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await expect(row(page, 'Long 160')).toBeVisible();
    await expect(inner).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
  };
  await page.getByRole('button', { name: 'Expand Big' }).click();
  await farAndBack();
  await expect(inner.getByRole('button', { name: 'Expand Inner' })).toHaveAttribute('aria-expanded', 'false');
  // Opened again, it stays open the same way.
  await inner.getByRole('button', { name: 'Expand Inner' }).click();
  await farAndBack();
  await expect(inner.getByRole('button', { name: 'Collapse Inner' })).toHaveAttribute('aria-expanded', 'true');
});
