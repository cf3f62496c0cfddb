import { expect, test } from '@playwright/test';
import type { CellObject } from 'xlsx';
import { verifyAddress } from './support/mailbox';
import { api, signUpAndSignIn } from './support/session';

const S = '/question-tracker/v2/sheet';

test('the creator shares a sheet; the invitee accepts and edits it', async ({ browser, request }) => {
  const ownerPage = await browser.newPage();
  const owner = await signUpAndSignIn(ownerPage, request, 'Sharer');
  const slug = `shared-${Date.now()}`;
  await api(request, owner.token, 'POST', `${S}/create-sheet`, { name: `Shared ${slug}`, slug });
  const friendPage = await browser.newPage();
  const friend = await signUpAndSignIn(friendPage, request, 'Friend');

  await ownerPage.goto(`/question-tracker/sheet/${slug}`);
  await ownerPage.getByRole('button', { name: 'Share' }).click();
  const share = ownerPage.getByRole('dialog', { name: 'Share Sheet' });
  await share.getByLabel('Add people by email').fill('not-an-email');
  await share.getByRole('button', { name: 'Invite' }).click();
  await expect(share.getByRole('alert')).toHaveText('Please enter a valid email address');
  await share.getByLabel('Add people by email').fill(friend.email);
  await share.getByRole('button', { name: 'Invite' }).click();
  await expect(ownerPage.getByText('Collaborator invite sent')).toBeVisible();
  await expect(share.getByRole('list', { name: 'Pending Invites' })).toContainText(friend.email);
  await share.getByRole('button', { name: 'Done' }).click();

  // The invitee accepts (from My Sheets), then edits the sheet.
  const mine = await api<{ invites: { _id: string }[] }>(request, friend.token, 'GET', `${S}/my-sheets`);
  await verifyAddress(request, friend.email);
  await api(request, friend.token, 'PATCH', `${S}/collaborators/accept-invite/${mine.invites[0]!._id}`);
  await friendPage.goto(`/question-tracker/sheet/${slug}`);
  await friendPage.getByLabel('New topic name').fill('Added by a friend');
  await friendPage.getByRole('button', { name: 'Add Topic' }).click();
  await expect(friendPage.getByText('Topic created successfully')).toBeVisible();
  // A collaborator sees Leave Sheet, not the creator's entries.
  await friendPage.getByRole('button', { name: 'Sheet menu' }).click();
  await expect(friendPage.getByRole('menuitem', { name: 'Leave Sheet' })).toBeVisible();
  await expect(friendPage.getByRole('menuitem', { name: 'Delete Sheet' })).toHaveCount(0);
  await expect(friendPage.getByRole('menuitem', { name: 'Sheet Settings' })).toHaveCount(0);

  await ownerPage.reload();
  await expect(ownerPage.getByRole('region', { name: 'Topic Added by a friend' })).toBeVisible();
  await ownerPage.close();
  await friendPage.close();
});

test('the creator changes the slug and lands on the new URL; the old one leads there too', async ({ page, request }) => {
  const owner = await signUpAndSignIn(page, request, 'Slugger');
  const slug = `old-${Date.now()}`;
  await api(request, owner.token, 'POST', `${S}/create-sheet`, { name: `Slug ${slug}`, slug });
  await page.goto(`/question-tracker/sheet/${slug}`);
  await page.getByRole('button', { name: 'Sheet menu' }).click();
  await page.getByRole('menuitem', { name: 'Sheet Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sheet Settings' });
  const input = dialog.getByLabel('Sheet URL');
  await input.fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await input.fill('My New URL!');
  await expect(input).toHaveValue('my-new-url');
  await input.fill(`new-${slug}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sheet URL updated successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/question-tracker/sheet/new-${slug}$`));
  await expect(page.getByRole('heading', { name: `Slug ${slug}` })).toBeVisible();
  await page.goto(`/question-tracker/sheet/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/question-tracker/sheet/new-${slug}$`));
  await expect(page.getByRole('heading', { name: `Slug ${slug}` })).toBeVisible();
});

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 900 }]) {
  test(`sheet tags follow the one tag rule, typed as chips, at ${viewport.width} px`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const owner = await signUpAndSignIn(page, request, 'Tagger');
    const slug = `tags-${Date.now()}`;
    await api(request, owner.token, 'POST', `${S}/create-sheet`, { name: `Tags ${slug}`, slug });
    await page.goto(`/question-tracker/sheet/${slug}`);
    await page.getByRole('button', { name: 'Sheet menu' }).click();
    await page.getByRole('menuitem', { name: 'Sheet Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sheet Settings' });
    await dialog.getByRole('tab', { name: 'Manage Tags' }).click();
    const input = dialog.getByLabel('Sheet tags');
    await input.fill('  Dynamic   programming! ');
    await input.press('Enter');
    await input.fill('dynamic PROGRAMMING');
    await input.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('This tag already exists');
    await input.fill('graphs,');
    await input.press(',');
    const remove = dialog.getByRole('button', { name: 'Remove tag graphs' });
    const box = await remove.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    await remove.click();
    await dialog.getByRole('button', { name: 'Save tags' }).click();
    await expect(page.getByText('Sheet tags updated successfully')).toBeVisible();
    const saved = await api(request, owner.token, 'GET', `${S}/get-sheet-data-by-slug/${slug}`);
    expect(JSON.stringify(saved)).toContain('"tag":["Dynamic programming"]');
  });
}

test('bulk import of a CSV shows per-row results and fills the sheet', async ({ page, request }) => {
  const owner = await signUpAndSignIn(page, request, 'Importer');
  const slug = `import-${Date.now()}`;
  await api(request, owner.token, 'POST', `${S}/create-sheet`, { name: `Import ${slug}`, slug });
  await page.goto(`/question-tracker/sheet/${slug}`);
  await page.getByRole('button', { name: 'Sheet menu' }).click();
  await page.getByRole('menuitem', { name: 'Import Questions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import to Sheet' });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please select a file');
  await dialog.getByLabel('File').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByRole('alert')).toHaveText('Invalid file format');
  const csv = ['problemUrl,topic,subTopic', 'https://leetcode.com/problems/two-sum/,Arrays,Hashing', 'https://example.com/x,Arrays,', 'https://leetcode.com/problems/3sum/,Arrays,'].join('\n');
  await dialog.getByLabel('File').setInputFiles({ name: 'sheet.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByLabel('Import summary')).toContainText('2 added');
  await expect(dialog.getByLabel('Import summary')).toContainText('Invalid URL');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(page.getByTestId('question-row')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Subtopic Hashing' })).toBeVisible();
});

test('bulk import of an xlsx uses the hyperlink targets of the first column', async ({ page, request }) => {
  const owner = await signUpAndSignIn(page, request, 'XlsxImporter');
  const slug = `xlsx-${Date.now()}`;
  await api(request, owner.token, 'POST', `${S}/create-sheet`, { name: `Xlsx ${slug}`, slug });
  const { default: XLSX } = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([
    ['problemUrl', 'topic', 'subTopic'],
    ['Two Sum', 'Arrays', 'Hashing'],
    ['Number of Islands', 'Graphs', ''],
  ]);
  // The visible text is the name; the link target is the problem URL.
  (sheet.A2 as CellObject).l = { Target: 'https://leetcode.com/problems/two-sum/' };
  (sheet.A3 as CellObject).l = { Target: 'https://leetcode.com/problems/number-of-islands/' };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  const buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;

  await page.goto(`/question-tracker/sheet/${slug}`);
  await page.getByRole('button', { name: 'Sheet menu' }).click();
  await page.getByRole('menuitem', { name: 'Import Questions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import to Sheet' });
  await dialog.getByLabel('File').setInputFiles({ name: 'sheet.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByLabel('Import summary')).toContainText('2 added');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(page.getByTestId('question-row').filter({ hasText: 'Two Sum' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Topic Graphs' }).getByTestId('question-row')).toHaveCount(1);
});
