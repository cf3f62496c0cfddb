import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, dragTo, signUpAndSignIn } from './support/session';
import { S, longSheet, row, sheetWithTopics, subTopicNames, topicNames } from './support/sheet';

// Moving things on a sheet: dragging by pointer, moving with the keyboard, what is announced, long sheets.

async function center(l: Locator) {
  const box = await l.boundingBox();
  if (!box) throw new Error('not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('dragging moves a question between zones and a topic into a new place; a refused move rolls back', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Dragger');
  const { slug } = await sheetWithTopics(request, me.token, {
    Arrays: ['https://leetcode.com/problems/two-sum/', 'https://leetcode.com/problems/3sum/'],
    Graphs: ['https://leetcode.com/problems/number-of-islands/'],
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

test('topics reorder with the keyboard too', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Keyboard');
  const { slug } = await sheetWithTopics(request, me.token, { First: [], Second: [] });
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
  const { slug } = await sheetWithTopics(request, me.token, { Arrays: ['two-sum', '3sum', 'number-of-islands'].map((q) => `https://leetcode.com/problems/${q}/`) });
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
  const { id, slug } = await sheetWithTopics(request, me.token, { Arrays: [], Graphs: [] });
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

/** A finger's drag: touch events through the browser's own input (it makes the pointer events of a touch). */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const at = (p: { x: number; y: number }) => [{ x: p.x, y: p.y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(from) });
  for (let i = 1; i <= 16; i++) {
    const p = { x: from.x + ((to.x - from.x) * i) / 16, y: from.y + ((to.y - from.y) * i) / 16 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(p) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at({ x: to.x, y: to.y + 2 }) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a topic and a question move by touch', async ({ page, request }) => {
    const me = await signUpAndSignIn(page, request, 'Thumb');
    const { slug } = await sheetWithTopics(request, me.token, { Arrays: ['https://leetcode.com/problems/two-sum/', 'https://leetcode.com/problems/3sum/'], Graphs: [] });
    await page.goto(`/question-tracker/sheet/${slug}`);
    await expect(page.getByRole('region', { name: 'Topic analysis' })).toBeVisible();
    const headings = topicNames(page);
    await expect(headings).toHaveText(['Arrays', 'Graphs']);
    // Both topics closed, so both grips are on the screen together.
    await page.getByRole('button', { name: 'Collapse all' }).click();
    const [graphsGrip, arraysGrip] = [page.getByRole('button', { name: 'Drag topic Graphs' }), page.getByRole('button', { name: 'Drag topic Arrays' })];
    await graphsGrip.scrollIntoViewIfNeeded();
    await touchDrag(page, await center(graphsGrip), await center(arraysGrip));
    await expect(headings).toHaveText(['Graphs', 'Arrays']);

    await page.getByRole('button', { name: 'Expand Arrays' }).click();
    await row(page, '3Sum').scrollIntoViewIfNeeded();
    const arrays = page.getByRole('region', { name: 'Topic Arrays' });
    await expect(arrays.getByTestId('question-row')).toHaveText([/Two Sum/, /3Sum/]);
    await touchDrag(page, await center(row(page, '3Sum').getByRole('button', { name: 'Drag 3Sum' })), await center(row(page, 'Two Sum')));
    await expect(arrays.getByTestId('question-row')).toHaveText([/3Sum/, /Two Sum/]);
    await page.reload();
    await expect(headings).toHaveText(['Graphs', 'Arrays']);
    await expect(page.getByRole('region', { name: 'Topic Arrays' }).getByTestId('question-row')).toHaveText([/3Sum/, /Two Sum/]);
  });
});

test('a move made from an older version of the sheet is refused and the tree reloads to what the other tab saved', async ({ browser, request }) => {
  test.slow(); // two pages load the sheet
  const first = await browser.newContext();
  const second = await browser.newContext();
  const here = await first.newPage();
  const there = await second.newPage();
  const me = await signUpAndSignIn(here, request, 'TwoTabs');
  await there.addInitScript((t) => window.localStorage.setItem('pt.token', t), me.token);
  const { slug } = await sheetWithTopics(request, me.token, {
    Arrays: ['https://leetcode.com/problems/two-sum/', 'https://leetcode.com/problems/3sum/'],
    Graphs: ['https://leetcode.com/problems/number-of-islands/'],
  });
  for (const page of [here, there]) {
    await page.goto(`/question-tracker/sheet/${slug}`);
    await expect(page.getByRole('region', { name: 'Topic analysis' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Topic Arrays' }).getByTestId('question-row')).toHaveCount(2);
  }
  // The other tab moves 3Sum to Graphs; this tab still shows the sheet as it was. A page takes pointer input in front.
  await there.bringToFront();
  await dragTo(there, await center(row(there, '3Sum').getByRole('button', { name: 'Drag 3Sum' })), await center(row(there, 'Number of Islands')));
  await expect(there.getByRole('region', { name: 'Topic Graphs' }).getByTestId('question-row')).toHaveCount(2);
  await expect(here.getByRole('region', { name: 'Topic Arrays' }).getByTestId('question-row')).toHaveCount(2);

  // A move from that older version is stale: refused, and the tree is read again rather than overwriting the other move.
  await here.bringToFront();
  await dragTo(here, await center(row(here, 'Two Sum').getByRole('button', { name: 'Drag Two Sum' })), await center(row(here, 'Number of Islands')));
  await expect(here.getByText('Failed to update question location')).toBeVisible();
  const arrays = here.getByRole('region', { name: 'Topic Arrays' }).getByTestId('question-row');
  await expect(arrays).toHaveCount(1);
  await expect(arrays).toHaveText(/Two Sum/);
  await expect(here.getByRole('region', { name: 'Topic Graphs' }).getByTestId('question-row').filter({ hasText: '3Sum' })).toBeVisible();
  await first.close();
  await second.close();
});
