import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, dragTo, signUpAndSignIn } from './support/session';

const S = '/question-tracker/v2/sheet';

async function center(l: Locator) {
  const box = await l.boundingBox();
  if (!box) throw new Error('not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function newSheet(request: Parameters<typeof signUpAndSignIn>[1], token: string) {
  const slug = `e2e-${Date.now()}`;
  const { sheet } = await api<{ sheet: { _id: string } }>(request, token, 'POST', `${S}/create-sheet`, { name: `E2E ${slug}`, slug });
  return { id: sheet._id, slug };
}

const row = (page: Page, title: string) => page.getByTestId('question-row').filter({ hasText: title });
/** The sheet's topic names, in the order shown. */
const topicNames = (page: Page) => page.locator('section[aria-label^="Topic "] > .section-bar .section-name');
/** A topic's subtopic names, in the order shown. */
const subTopicNames = (page: Page, topic: string) => page.getByRole('region', { name: `Topic ${topic}` }).locator('.subtopic-section > .section-bar .section-name');

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

test('dragging moves a question between zones and a topic into a new place; a refused move rolls back', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Dragger');
  const { id, slug } = await newSheet(request, me.token);
  await api(request, me.token, 'POST', `${S}/add-topic/${id}`, { topic: 'Arrays' });
  await api(request, me.token, 'POST', `${S}/add-topic/${id}`, { topic: 'Graphs' });
  await api(request, me.token, 'POST', `${S}/add-questions/${id}`, {
    data: [
      { topic: 'Arrays', subTopic: '', problemUrl: 'https://leetcode.com/problems/two-sum/' },
      { topic: 'Arrays', subTopic: '', problemUrl: 'https://leetcode.com/problems/3sum/' },
      { topic: 'Graphs', subTopic: '', problemUrl: 'https://leetcode.com/problems/number-of-islands/' },
    ],
  });
  const settled = () => expect(page.getByRole('region', { name: 'Topic analysis' })).toBeVisible();
  await page.goto(`/question-tracker/sheet/${slug}`);
  await settled(); // the chart loads lazily above the tree: measure after it has
  const graphs = page.getByRole('region', { name: 'Topic Graphs' });
  await expect(graphs.getByTestId('question-row')).toHaveCount(1);

  // Question from Arrays into Graphs.
  await dragTo(page, await center(row(page, '3Sum').getByRole('button', { name: 'Drag 3Sum' })), await center(row(page, 'Number of Islands')));
  await expect(graphs.getByTestId('question-row')).toHaveCount(2);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Topic Graphs' }).getByTestId('question-row')).toHaveCount(2);

  // Topic Graphs above Arrays.
  const headings = topicNames(page);
  await expect(headings).toHaveText(['Arrays', 'Graphs']);
  await settled();
  await dragTo(page, await center(page.getByRole('button', { name: 'Drag topic Graphs' })), await center(page.getByRole('button', { name: 'Drag topic Arrays' })));
  await expect(headings).toHaveText(['Graphs', 'Arrays']);
  await page.reload();
  await expect(headings).toHaveText(['Graphs', 'Arrays']);

  // The server refuses: the row goes back and the spec's toast shows.
  await page.route('**/update-mapping/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: { code: 500, success: false, error: 'InternalError', message: 'x' }, data: null }) }));
  const arrays = page.getByRole('region', { name: 'Topic Arrays' });
  await expect(arrays.getByTestId('question-row')).toHaveCount(1);
  await settled();
  await dragTo(page, await center(row(page, 'Two Sum').getByRole('button', { name: 'Drag Two Sum' })), await center(row(page, 'Number of Islands')));
  await expect(page.getByText('Failed to update question location')).toBeVisible();
  await expect(arrays.getByTestId('question-row')).toHaveCount(1);
  await expect(arrays.getByTestId('question-row').filter({ hasText: 'Two Sum' })).toBeVisible();
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
  await page.route('**/get-sheet-data-by-slug/blind-75', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/question-tracker/sheet/blind-75');
  // The first render waits for the sheet's data only briefly.
  await expect(page.getByLabel('Loading sheet')).toBeVisible({ timeout: 1000 });
  await expect(page.getByTestId('question-row')).toHaveCount(0);
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

test('topics reorder with the keyboard too', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Keyboard');
  const { id, slug } = await newSheet(request, me.token);
  await api(request, me.token, 'POST', `${S}/add-topic/${id}`, { topic: 'First' });
  await api(request, me.token, 'POST', `${S}/add-topic/${id}`, { topic: 'Second' });
  await page.goto(`/question-tracker/sheet/${slug}`);
  const headings = topicNames(page);
  await expect(headings).toHaveText(['First', 'Second']);
  const grip = page.getByRole('button', { name: 'Drag topic Second' });
  await moveUpOneWithKeyboard(page, grip);
  await expect(headings).toHaveText(['Second', 'First']);
  await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText('Topic Second moved to position 1 of 2.');
  await page.reload();
  await expect(headings).toHaveText(['Second', 'First']);
});

test('a question moved with the keyboard is spoken by name and place; a dragged question shows a preview under the pointer and a line where it lands', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Announcer');
  const { id, slug } = await newSheet(request, me.token);
  await api(request, me.token, 'POST', `${S}/add-topic/${id}`, { topic: 'Arrays' });
  await api(request, me.token, 'POST', `${S}/add-questions/${id}`, {
    data: ['two-sum', '3sum', 'number-of-islands'].map((q) => ({ topic: 'Arrays', subTopic: '', problemUrl: `https://leetcode.com/problems/${q}/` })),
  });
  await page.goto(`/question-tracker/sheet/${slug}`);
  const arrays = page.getByRole('region', { name: 'Topic Arrays' }).getByTestId('question-row');
  await expect(arrays).toHaveCount(3);
  const titles = arrays.locator('.q-title');
  await expect(titles).toHaveText(['Two Sum', '3Sum', 'Number of Islands']);
  const grip = row(page, '3Sum').getByRole('button', { name: 'Drag 3Sum' });
  // The grip tells how to move it by keyboard.
  const describedBy = await grip.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${describedBy}"]`)).toContainText('press Space or Enter on its grip');
  await moveUpOneWithKeyboard(page, grip);
  const live = page.locator('[id^="DndLiveRegion"]');
  await expect(live).toHaveText('3Sum moved to Arrays, position 1.');
  await expect(titles).toHaveText(['3Sum', 'Two Sum', 'Number of Islands']);

  // By pointer: a preview follows the pointer; the row waits in the list as the insertion line.
  const from = await center(row(page, 'Number of Islands').getByRole('button', { name: 'Drag Number of Islands' }));
  const to = await center(row(page, '3Sum'));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 5, from.y + 5, { steps: 3 });
  await page.mouse.move(to.x + 40, to.y, { steps: 15 });
  const preview = page.locator('.q-drag-preview');
  await expect(preview).toHaveText(/Number of Islands/);
  const box = (await preview.boundingBox())!;
  expect(Math.abs(box.y + box.height / 2 - to.y)).toBeLessThan(box.height);
  await expect(row(page, 'Number of Islands')).toHaveClass(/dragging/);
  await expect(live).toHaveText('Number of Islands is over Arrays, position 1.');
  await page.mouse.up();
  await expect(preview).toHaveCount(0);
  await expect(titles).toHaveText(['Number of Islands', '3Sum', 'Two Sum']);
  await expect(live).toHaveText('Number of Islands moved to Arrays, position 1.');
});

test('subtopics reorder within their topic; a subtopic dropped on another topic\'s stays where it was', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Subtopics');
  const { id, slug } = await newSheet(request, me.token);
  await api(request, me.token, 'POST', `${S}/add-topic/${id}`, { topic: 'Arrays' });
  await api(request, me.token, 'POST', `${S}/add-topic/${id}`, { topic: 'Graphs' });
  for (const subTopic of ['Basics', 'Prefix Sums']) await api(request, me.token, 'POST', `${S}/add-subTopic/${id}`, { topic: 'Arrays', subTopic });
  await api(request, me.token, 'POST', `${S}/add-subTopic/${id}`, { topic: 'Graphs', subTopic: 'BFS' });
  // Grips come alive the frame after the first paint (dnd-kit then points them at its instructions).
  const live = () => expect(page.getByRole('button', { name: 'Drag subtopic BFS' })).toHaveAttribute('aria-describedby', /DndDescribedBy/);
  await page.goto(`/question-tracker/sheet/${slug}`);
  await live();
  const arrays = subTopicNames(page, 'Arrays');
  await expect(arrays).toHaveText(['Basics', 'Prefix Sums']);

  // With the pointer: Prefix Sums above Basics, kept after a reload.
  await dragTo(page, await center(page.getByRole('button', { name: 'Drag subtopic Prefix Sums' })), await center(page.getByRole('button', { name: 'Drag subtopic Basics' })));
  await expect(arrays).toHaveText(['Prefix Sums', 'Basics']);
  await page.reload();
  await expect(arrays).toHaveText(['Prefix Sums', 'Basics']);

  // Onto a subtopic of another topic: refused with the message, nothing moves.
  await live();
  await dragTo(page, await center(page.getByRole('button', { name: 'Drag subtopic Basics' })), await center(page.getByRole('button', { name: 'Drag subtopic BFS' })));
  await expect(page.getByText('Cannot move subtopics between topics')).toBeVisible();
  await expect(arrays).toHaveText(['Prefix Sums', 'Basics']);
  await expect(subTopicNames(page, 'Graphs')).toHaveText(['BFS']);

  // With the keyboard: Basics back above Prefix Sums.
  await moveUpOneWithKeyboard(page, page.getByRole('button', { name: 'Drag subtopic Basics' }));
  await expect(arrays).toHaveText(['Basics', 'Prefix Sums']);
  await page.reload();
  await expect(arrays).toHaveText(['Basics', 'Prefix Sums']);
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

/** Lifts what the grip drags with the keyboard, moves it up one place and drops it. */
async function moveUpOneWithKeyboard(page: Page, grip: Locator) {
  // dnd-kit's own announcements say when each key took effect; a busy machine must not drop before the move.
  const announcement = page.locator('[id^="DndLiveRegion"]');
  // Grips come alive the frame after the page's first paint; dnd-kit then points them at its instructions.
  await expect(grip).toHaveAttribute('aria-describedby', /DndDescribedBy/);
  await grip.focus();
  await page.keyboard.press('Space');
  await expect(grip).toHaveAttribute('aria-pressed', 'true');
  // Arrow keys move the item by the places dnd-kit measured: it announces the item over its own place,
  // then measures the places again as the drag starts. A person takes longer than these frames; a test may not.
  await expect(announcement).toHaveText(/ is at its own place, /);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.keyboard.press('ArrowUp');
  await expect(announcement).toHaveText(/ is over /);
  await page.keyboard.press('Space');
}

/** A sheet long enough to start with its later topics collapsed and only the rows near the viewport drawn. */
async function longSheet(request: Parameters<typeof signUpAndSignIn>[1], token: string, topics: string[], big: string, count: number) {
  const sheet = await newSheet(request, token);
  for (const topic of topics) await api(request, token, 'POST', `${S}/add-topic/${sheet.id}`, { topic });
  const seed = 1 + Math.floor(Math.random() * 9000);
  const data = Array.from({ length: count }, (_, i) => ({ topic: big, subTopic: '', title: `Long ${String(i + 1).padStart(3, '0')}`, problemUrl: `https://codeforces.com/contest/${seed * 1000 + i}/problem/A` }));
  for (let i = 0; i < data.length; i += 100) await api(request, token, 'POST', `${S}/add-questions/${sheet.id}`, { data: data.slice(i, i + 100) });
  return sheet;
}

async function questionOrder(request: Parameters<typeof signUpAndSignIn>[1], token: string, slug: string) {
  const data = await api<{ sheet: { config: { questionOrder: string[] } }; mappings: { _id: string; title: string }[] }>(request, token, 'GET', `${S}/get-sheet-data-by-slug/${slug}`);
  const title = new Map(data.mappings.map((m) => [m._id, m.title]));
  return data.sheet.config.questionOrder.map((id) => title.get(id));
}

test('on a long sheet a question that started far from the viewport moves with the keyboard once scrolled to', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Longkeys');
  const { slug } = await longSheet(request, me.token, ['Big'], 'Big', 160);
  await page.goto(`/question-tracker/sheet/${slug}`);
  await expect(row(page, 'Long 001')).toBeVisible();
  // The last rows start as empty boxes, with no row of their own.
  await expect(row(page, 'Long 160')).toHaveCount(0);
  await page.getByRole('region', { name: 'Topic Big' }).evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const grip = row(page, 'Long 160').getByRole('button', { name: 'Drag Long 160' });
  await expect(grip).toBeVisible();
  await moveUpOneWithKeyboard(page, grip);
  await expect.poll(async () => (await questionOrder(request, me.token, slug)).slice(-2)).toEqual(['Long 160', 'Long 159']);
});

test('on a long sheet a question dropped on an empty topic lands there (its zone shows only during the drag)', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Longdrop');
  const { slug } = await longSheet(request, me.token, ['Empty', 'Big'], 'Big', 160);
  await page.goto(`/question-tracker/sheet/${slug}`);
  const idle = page.getByText('No subtopics or questions added yet.');
  await expect(idle).toBeVisible();
  await page.getByRole('button', { name: 'Expand Big' }).click();
  await expect(row(page, 'Long 001')).toBeVisible();
  // The chart's place above the tree settles (these questions have no topics to chart) before positions are read.
  await expect(page.locator('.sheet-page .skeleton')).toHaveCount(0);
  const target = await center(idle);
  // Picking a question up shifts nothing: the empty topic's zone says 'Drop question here' in the space
  // its idle text took, so what lies below it stays where it was.
  const below = page.getByRole('region', { name: 'Topic Big' }).locator('.section-bar').first();
  const before = await below.boundingBox();
  const from = await center(row(page, 'Long 001').getByRole('button', { name: 'Drag Long 001' }));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 5, from.y + 5, { steps: 3 });
  await expect(page.getByText('Drop question here').first()).toBeVisible();
  await expect(idle).toBeHidden();
  expect(await below.boundingBox()).toEqual(before);
  await page.mouse.move(from.x, from.y);
  await page.mouse.up();
  await dragTo(page, from, target);
  const empty = page.getByRole('region', { name: 'Topic Empty' });
  await expect(empty.getByTestId('question-row')).toHaveCount(1);
  await expect(empty.getByTestId('question-row')).toHaveText(/Long 001/);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Topic Empty' }).getByTestId('question-row')).toHaveText(/Long 001/);
});
