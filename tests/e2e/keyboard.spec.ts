import { expect, test, type Page } from '@playwright/test';
import { api, signUpAndSignIn } from './support/session';

/* The keyboard alone: the `/` and `?` shortcuts, and menus that open, move and close without a pointer. */

const S = '/question-tracker/v2/sheet';

/** Presses a key with focus on the page itself, not in a field. */
async function pressOnPage(page: Page, key: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(key);
}

test('/ focuses the search of Explore, Workspace and Notes; typed in a field it is just a slash', async ({ page, request }) => {
  await signUpAndSignIn(page, request, 'Slash');
  const screens = [
    ['/question-tracker?tab=explore', 'Search any coding sheet'],
    ['/question-tracker?tab=workspace', 'Search questions'],
    ['/question-tracker?tab=notes', 'Search notes'],
  ] as const;
  for (const [url, label] of screens) {
    await page.goto(url);
    const search = page.getByRole('searchbox', { name: label });
    await expect(search).toBeVisible();
    await expect(search).not.toBeFocused();
    await pressOnPage(page, '/');
    await expect(search, url).toBeFocused();
    // The slash that moved focus is not typed into the box; one typed there is.
    await expect(search).toHaveValue('');
    await page.keyboard.type('a/b');
    await expect(search).toHaveValue('a/b');
  }
});

test('? opens the list of shortcuts, Escape closes it; ? typed in a field opens nothing', async ({ page, request }) => {
  await signUpAndSignIn(page, request, 'Question');
  await page.goto('/question-tracker?tab=workspace');
  const search = page.getByRole('searchbox', { name: 'Search questions' });
  await expect(search).toBeVisible();
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });

  await search.focus();
  await page.keyboard.type('why?');
  await expect(search).toHaveValue('why?');
  await expect(help).toBeHidden();

  await pressOnPage(page, '?');
  await expect(help).toBeVisible();
  await expect(help.getByRole('term')).toHaveText(['/', '?', 'Esc']);
  await expect(help.getByRole('definition')).toHaveText(["Focus the screen's search", 'Show keyboard shortcuts', 'Close a dialog or menu']);
  // While it is open, / does not reach the search behind it.
  await page.keyboard.press('/');
  await expect(search).not.toBeFocused();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  // On a screen without a search, / does nothing and ? still works.
  await page.goto('/question-tracker?tab=analysis');
  await expect(page.getByText('Unlock Your Insights')).toBeVisible();
  await pressOnPage(page, '/');
  await expect(page.locator('body')).toBeFocused();
  await pressOnPage(page, '?');
  await expect(help).toBeVisible();
  await help.getByRole('button', { name: 'Close' }).click();
  await expect(help).toBeHidden();
});

test("a sheet's menus open, move and close with the keyboard, and give focus back to their button", async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Keys');
  const slug = `keys-${Date.now()}`;
  const { sheet } = await api<{ sheet: { _id: string } }>(request, me.token, 'POST', `${S}/create-sheet`, { name: `Keys ${slug}`, slug });
  await api(request, me.token, 'POST', `${S}/add-topic/${sheet._id}`, { topic: 'Arrays' });
  await api(request, me.token, 'POST', `${S}/add-questions/${sheet._id}`, { data: [{ topic: 'Arrays', subTopic: '', problemUrl: 'https://leetcode.com/problems/two-sum/' }] });
  await page.goto(`/question-tracker/sheet/${slug}`);
  await expect(page.getByTestId('question-row')).toHaveCount(1);

  const sheetMenu = page.getByRole('button', { name: 'Sheet menu' });
  await sheetMenu.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText(['Copy Link', 'Import Questions', 'Sheet Settings', 'Delete Sheet']);
  await expect(menu.getByRole('menuitem', { name: 'Copy Link' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Import Questions' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(sheetMenu).toBeFocused();

  // Enter on an entry does what a click does.
  await page.keyboard.press('Enter');
  // The menu moves focus to its first entry once it is open: arrows before that go nowhere.
  await expect(menu.getByRole('menuitem', { name: 'Copy Link' })).toBeFocused();
  // One key at a time, as a person presses them: each move is seen before the next.
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Import Questions' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Sheet Settings' })).toBeFocused();
  await page.keyboard.press('Enter');
  const settings = page.getByRole('dialog', { name: 'Sheet Settings' });
  await expect(settings).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  const more = page.getByTestId('question-row').getByRole('button', { name: 'More actions' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem', { name: 'Remove from Sheet' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('the account menu opens from the keyboard and Escape closes it, back on its button', async ({ page, request }) => {
  await signUpAndSignIn(page, request, 'Accountant');
  await page.goto('/question-tracker?tab=workspace');
  const account = page.getByRole('button', { name: 'Account menu' });
  // Until the menu's code arrives its button is drawn disabled, and focus would land nowhere.
  await expect(account).toBeEnabled();
  await account.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /Account settings/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(account).toBeFocused();
});
