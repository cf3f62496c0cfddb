import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import XLSX from 'xlsx';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../shared/rules/upload';
import { manyEntries, zipBomb } from '../../dashboard/lib/spreadsheet/zip-bombs';
import { overflow } from './support/layout';
import { api, signUpAndSignIn } from './support/session';

const S = '/question-tracker/v2/sheet';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The two hostile workbooks, made in memory: a 2 GB zip bomb and a workbook with thousands of entries. */
const hostile = () => [
  { name: 'bomb.xlsx', mimeType: XLSX_TYPE, buffer: Buffer.from(zipBomb(XLSX)) },
  { name: 'many-entries.xlsx', mimeType: XLSX_TYPE, buffer: Buffer.from(manyEntries(XLSX, 5000)) },
];

async function upload(request: APIRequestContext, token: string, path: string, multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>) {
  const res = await request.post(path, { multipart, headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
}

/** The page's script still runs: the tab did not crash or hang while the file was refused. */
async function alive(page: Page) {
  expect(await page.evaluate(() => document.readyState)).toBe('complete');
}

test('the sheet Import dialog refuses a zip bomb and a many-entry workbook, and the sheet is unchanged', async ({ page, request }) => {
  const owner = await signUpAndSignIn(page, request, 'BombSheet');
  const slug = `bomb-${Date.now()}`;
  const { sheet } = await api<{ sheet: { _id: string } }>(request, owner.token, 'POST', `${S}/create-sheet`, { name: `Bomb ${slug}`, slug });
  const csv = ['problemUrl,topic,subTopic', 'https://leetcode.com/problems/two-sum/,Arrays,Hashing', 'https://leetcode.com/problems/3sum/,Arrays,'].join('\n');
  await upload(request, owner.token, '/question-tracker/v1/user/uploader/sheet', { sheetId: sheet._id, file: { name: 'sheet.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } });
  const before = await api(request, owner.token, 'GET', `${S}/get-sheet-data/${sheet._id}`);

  await page.goto(`/question-tracker/sheet/${slug}`);
  await expect(page.getByTestId('question-row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Sheet menu' }).click();
  await page.getByRole('menuitem', { name: 'Import Questions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import to Sheet' });
  for (const file of hostile()) {
    expect(file.buffer.length).toBeLessThan(MAX_UPLOAD_BYTES);
    await dialog.getByLabel('File').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: UPLOAD_MESSAGES.spreadsheetTooLarge })).toBeVisible();
    await alive(page);
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('question-row')).toHaveCount(2);
  expect(await api(request, owner.token, 'GET', `${S}/get-sheet-data/${sheet._id}`)).toEqual(before);
});

test('the workspace Import dialog refuses a zip bomb and a many-entry workbook, and the workspace is unchanged', async ({ page, request }) => {
  const owner = await signUpAndSignIn(page, request, 'BombWorkspace');
  const csv = ['problemUrl,solved', 'https://leetcode.com/problems/two-sum/,true', 'https://codeforces.com/problemset/problem/4/A,false'].join('\n');
  await upload(request, owner.token, '/question-tracker/v1/user/uploader/progress', { file: { name: 'progress.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } });
  const workspace = () => api(request, owner.token, 'GET', '/question-tracker/v1/user/question/get-questions?page=1&pageSize=100');
  const before = await workspace();

  await page.goto('/question-tracker?tab=workspace');
  await expect(page.getByTestId('workspace-row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Progress' });
  for (const file of hostile()) {
    await dialog.getByLabel('Progress file').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: UPLOAD_MESSAGES.spreadsheetTooLarge })).toBeVisible();
    await alive(page);
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('workspace-row')).toHaveCount(2);
  expect(await workspace()).toEqual(before);
});

test('the workspace Import summary lists the rows it skipped: row number, value and reason, on a phone too', async ({ page, request }) => {
  await signUpAndSignIn(page, request, 'ImportFailures');
  const long = `https://example.com/${'a-very-long-path-segment/'.repeat(8)}`;
  const csv = [
    'problemUrl,solved',
    'https://leetcode.com/problems/two-sum/,true',
    'https://example.com/problems/two-sum,true',
    'https://leetcode.com/problems/climbing-stairs/,maybe',
    ',true',
    `${long},false`,
  ].join('\n');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/question-tracker?tab=workspace');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Progress' });
  await dialog.getByLabel('Progress file').setInputFiles({ name: 'progress.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  // Rows were refused: the heading says so instead of the full import's success message.
  await expect(dialog.getByText('1 of 5 rows imported; 4 need attention')).toBeVisible();
  await expect(dialog.getByText(UPLOAD_MESSAGES.progressSynced)).toHaveCount(0);
  const summary = dialog.getByLabel('Import summary');
  await expect(summary.getByTestId('summary-invalidUrl')).toContainText('3');
  await expect(summary.getByTestId('summary-error')).toContainText('1');
  const failed = summary.getByRole('region', { name: 'Rows not imported' });
  await expect(failed.getByRole('columnheader')).toHaveText(['Row', 'Value', 'Reason']);
  const rows = failed.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0).getByRole('cell')).toHaveText(['3', 'https://example.com/problems/two-sum', UPLOAD_MESSAGES.rowUrlUnsupported]);
  await expect(rows.nth(1).getByRole('cell')).toHaveText(['4', 'solved: maybe', UPLOAD_MESSAGES.rowSolvedUnreadable]);
  await expect(rows.nth(2).getByRole('cell')).toHaveText(['5', '(empty)', UPLOAD_MESSAGES.rowUrlEmpty]);
  await expect(rows.nth(3).getByRole('cell')).toHaveText(['6', long, UPLOAD_MESSAGES.rowUrlUnsupported]);
  // A long URL wraps inside the dialog rather than pushing it past the screen.
  expect(await overflow(page)).toEqual([]);
  await dialog.getByText('Close', { exact: true }).click();
  await expect(dialog).toHaveCount(0);
});
