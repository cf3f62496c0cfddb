import { expect, test } from '@playwright/test';
import { api, signUpAndSignIn } from './support/session';
import { S } from './support/sheet';

// A group from both sides: the owner creates it and assigns a sheet, a member joins by its link in
// another browser, ticks a question, and the owner sees it in the class grid.

for (const size of [{ name: 'phone', viewport: { width: 390, height: 844 } }, { name: 'desktop', viewport: { width: 1280, height: 1000 } }]) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('create a group, join by link in another browser, assign, tick as a member, see the grid', async ({ page, browser, request }) => {
      const owner = await signUpAndSignIn(page, request, 'Teacher');
      const slug = `grp-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
      const { sheet } = await api<{ sheet: { _id: string } }>(request, owner.token, 'POST', `${S}/create-sheet`, { name: `Week one ${slug}`, slug, visibility: 'public' });
      await api(request, owner.token, 'POST', `${S}/add-topic/${sheet._id}`, { topic: 'Arrays' });
      const urls = [1, 2, 3].map((n) => `https://leetcode.com/problems/${slug}-${n}/`);
      const { mappings } = await api<{ mappings: { questionId: string }[] }>(request, owner.token, 'POST', `${S}/add-questions/${sheet._id}`, {
        data: urls.map((problemUrl, i) => ({ topic: 'Arrays', subTopic: '', problemUrl, title: `Problem ${i + 1}` })),
      });

      // The owner creates the group.
      await page.goto('/question-tracker?tab=groups');
      await page.getByLabel('Name', { exact: true }).fill('Evening class');
      await page.getByRole('button', { name: 'Create group' }).click();
      await expect(page.getByRole('heading', { name: 'Evening class', level: 1 })).toBeVisible();
      const link = await page.getByLabel('Join link', { exact: true }).inputValue();
      expect(link).toContain('join=');
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.getByRole('button', { name: 'Copy join link' }).click();
      await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

      // A member opens the link in a browser of their own and joins.
      const other = await browser.newContext({ viewport: size.viewport });
      const memberPage = await other.newPage();
      const member = await signUpAndSignIn(memberPage, request, 'Student');
      await memberPage.goto(link);
      await expect(memberPage.getByText('Members see your name, your avatar')).toBeVisible();
      await memberPage.getByRole('button', { name: 'Join group' }).click();
      await expect(memberPage.getByRole('heading', { name: 'Evening class', level: 1 })).toBeVisible();

      // The owner assigns the sheet, due in a week.
      await page.reload();
      await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: 'Student' })).toBeVisible();
      // Each member's buttons carry the member's name; a mentor can be made a member again.
      await page.getByRole('button', { name: 'Make mentor: Student' }).click();
      await page.getByRole('button', { name: 'Make member: Student' }).click();
      await expect(page.getByRole('button', { name: 'Make mentor: Student' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Hand over to Student' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Remove Student' })).toBeVisible();
      await page.getByLabel('Sheet', { exact: true }).selectOption({ label: `Week one ${slug} (3)` });
      const due = new Date(Date.now() + 7 * 24 * 3600 * 1000);
      const local = new Date(due.getTime() - due.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
      await page.getByLabel('Due', { exact: true }).fill(local);
      await page.getByRole('button', { name: 'Assign', exact: true }).click();
      await expect(page.getByRole('link', { name: new RegExp(`Week one ${slug}`) })).toBeVisible();

      // The member sees it due on their home and ticks a question of it.
      await memberPage.goto('/question-tracker?tab=workspace');
      const dueRow = memberPage.getByRole('region', { name: 'Due in your groups' }).getByRole('listitem').filter({ hasText: `Week one ${slug}` });
      await expect(dueRow).toContainText('0/3');
      await api(request, member.token, 'POST', '/question-tracker/v1/user/question/solve-question', { questionId: mappings[1]!.questionId, checked: true });
      await memberPage.reload();
      await expect(dueRow).toContainText('1/3');

      // The owner opens the class grid: the member's second cell is solved, the others open.
      await page.getByRole('link', { name: new RegExp(`Week one ${slug}`) }).click();
      const grid = page.getByRole('grid', { name: `Class grid for Week one ${slug}` });
      await expect(grid).toBeVisible();
      const row = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Student' }) });
      await expect(row.getByRole('gridcell', { name: 'Problem 2: Solved' })).toBeVisible();
      await expect(row.getByRole('gridcell', { name: 'Problem 1: Not solved' })).toBeVisible();
      await expect(row.getByRole('gridcell', { name: '1 solved, 0 late' })).toBeVisible();
      // Sorting by a question puts whoever solved it first.
      await grid.getByRole('button', { name: 'Problem 2: sort by this question' }).click();
      await expect(grid.getByRole('rowheader').nth(1)).toHaveText('Student');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      expect((await download).suggestedFilename()).toMatch(/grid\.csv$/);
      await other.close();
    });
  });
}

test('a group’s assignments or leaderboard that fail to load say so in their section, with a retry', async ({ page, request }) => {
  const owner = await signUpAndSignIn(page, request, 'Coach');
  const { group } = await api<{ group: { id: string } }>(request, owner.token, 'POST', '/question-tracker/v1/groups', { name: 'Flaky class' });
  // A 4xx, so the dashboard does not retry on its own first.
  const refuse = (route: import('@playwright/test').Route) => route.fulfill({ status: 400, json: { status: { success: false, message: 'Refused' }, data: null } });
  await page.route('**/question-tracker/v1/groups/*/assignments', refuse);
  await page.route('**/question-tracker/v1/groups/*/leaderboard?*', refuse);
  await page.goto(`/question-tracker?tab=groups&group=${group.id}`);
  const assignments = page.getByRole('region', { name: 'Assignments' });
  const board = page.getByRole('region', { name: 'Leaderboard' });
  await expect(assignments.getByRole('alert')).toHaveText(/Could not load the assignments\./);
  await expect(board.getByRole('alert')).toHaveText(/Could not load the leaderboard\./);

  await page.unrouteAll();
  await assignments.getByRole('button', { name: 'Try again' }).click();
  await expect(assignments.getByText('No assignments yet.')).toBeVisible();
  await board.getByRole('button', { name: 'Try again' }).click();
  await expect(board.getByRole('alert')).toHaveCount(0);
  await expect(board.getByRole('listitem').filter({ hasText: 'Coach' })).toBeVisible();
});

test('a part of a sheet is picked by the places the sheet page shows, and the grid keeps that order', async ({ page, request }) => {
  const owner = await signUpAndSignIn(page, request, 'Planner');
  const slug = `part-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const { sheet } = await api<{ sheet: { _id: string } }>(request, owner.token, 'POST', `${S}/create-sheet`, { name: `Parts ${slug}`, slug, visibility: 'public' });
  for (const topic of ['Arrays', 'Graphs']) await api(request, owner.token, 'POST', `${S}/add-topic/${sheet._id}`, { topic });
  // Added against the topic order: the sheet page shows Arrays' questions first all the same.
  const data = [
    { topic: 'Graphs', subTopic: '', title: 'Graph one', problemUrl: `https://leetcode.com/problems/${slug}-g/` },
    { topic: 'Arrays', subTopic: '', title: 'Array one', problemUrl: `https://leetcode.com/problems/${slug}-a/` },
    { topic: 'Arrays', subTopic: '', title: 'Array two', problemUrl: `https://leetcode.com/problems/${slug}-b/` },
  ];
  await api(request, owner.token, 'POST', `${S}/add-questions/${sheet._id}`, { data });
  const { group } = await api<{ group: { id: string } }>(request, owner.token, 'POST', '/question-tracker/v1/groups', { name: 'Part class' });

  await page.goto(`/question-tracker?tab=groups&group=${group.id}`);
  await page.getByLabel('Sheet', { exact: true }).selectOption({ label: `Parts ${slug} (3)` });
  await page.getByLabel('Due', { exact: true }).fill('2031-01-01T12:00');
  await page.getByLabel('Questions (optional)').fill('2-3');
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await page.getByRole('link', { name: new RegExp(`Parts ${slug}`) }).click();
  const grid = page.getByRole('grid', { name: `Class grid for Parts ${slug}` });
  const columns = grid.getByRole('button', { name: /: sort by this question$/ });
  await expect(columns).toHaveCount(2);
  await expect(columns.nth(0)).toHaveAccessibleName('Array two: sort by this question');
  await expect(columns.nth(1)).toHaveAccessibleName('Graph one: sort by this question');
});
