import { expect, test } from '@playwright/test';
import { overflow } from './support/layout';
import { signUpAndSignIn } from './support/session';

// Imports and exports say what happened, on a phone and a laptop: a partial import is headed by what
// went in and what needs attention, a full one by the spec's message; the example table fits the
// dialog; an empty workspace has nothing to export.

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 1000 } },
];

const csv = (lines: string[]) => ({ name: 'progress.csv', mimeType: 'text/csv', buffer: Buffer.from(['problemUrl,solved', ...lines].join('\n')) });

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('a partial import says how many rows went in and how many need attention; a full one keeps the spec message', async ({ page, request }) => {
      await signUpAndSignIn(page, request, 'Importer');
      await page.goto('/question-tracker?tab=workspace');
      await page.getByRole('button', { name: 'Import' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import Progress' });
      await expect(dialog.getByRole('table', { name: 'File format' })).toBeVisible();
      // The example table fits the dialog, and the dialog the screen.
      expect(await overflow(page)).toEqual([]);

      await dialog.getByLabel('Progress file').setInputFiles(
        csv([
          'https://leetcode.com/problems/two-sum/,true',
          'https://leetcode.com/problems/climbing-stairs/,false',
          'https://example.com/problems/not-supported,true',
          'https://leetcode.com/problems/valid-parentheses/,perhaps',
          ',true',
        ]),
      );
      await dialog.getByRole('button', { name: 'Upload' }).click();
      const heading = dialog.getByLabel('Import summary').getByRole('status');
      await expect(heading).toHaveText('2 of 5 rows imported; 3 need attention');
      await expect(heading).toHaveClass(/warning/);
      await expect(dialog.getByText('Progress Synced Successfully')).toHaveCount(0);
      await expect(page.getByRole('listitem').filter({ hasText: '2 of 5 rows imported; 3 need attention' })).toBeVisible();
      await dialog.getByText('Close', { exact: true }).click();

      await page.getByRole('button', { name: 'Import' }).click();
      await dialog.getByLabel('Progress file').setInputFiles(csv(['https://codeforces.com/problemset/problem/4/A,true']));
      await dialog.getByRole('button', { name: 'Upload' }).click();
      await expect(dialog.getByLabel('Import summary').getByRole('status')).toHaveText('Progress Synced Successfully');
      await expect(dialog.getByLabel('Import summary').getByRole('status')).toHaveClass(/success/);
    });

    test('rows the catalogue does not know are listed apart to check their spelling, and can be removed', async ({ page, request }) => {
      await signUpAndSignIn(page, request, 'Speller');
      await page.goto('/question-tracker?tab=workspace');
      await page.getByRole('button', { name: 'Import' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import Progress' });
      const typo = 'https://leetcode.com/problems/tow-sum/';
      const other = 'https://leetcode.com/problems/clmbing-stairs/';
      await dialog.getByLabel('Progress file').setInputFiles(csv(['https://leetcode.com/problems/two-sum/,true', `${typo},true`, `${other},false`]));
      await dialog.getByRole('button', { name: 'Upload' }).click();
      const custom = dialog.getByRole('region', { name: 'Added as new questions, check the spelling' });
      await expect(custom.getByRole('listitem')).toHaveCount(2);
      await expect(custom.getByRole('listitem').first()).toContainText('Row 3');
      await expect(custom.getByRole('listitem').first()).toContainText(typo);
      expect(await overflow(page)).toEqual([]);

      await custom.getByRole('button', { name: `Remove ${typo}` }).click();
      await expect(custom.getByRole('listitem')).toHaveCount(1);
      await expect(page.getByText('1 question removed')).toBeVisible();
      await dialog.getByText('Close', { exact: true }).click();
      // The workspace keeps the known problem and the one not removed; the typo is gone.
      const table = page.locator('main');
      await expect(table.getByText('Two Sum', { exact: true }).first()).toBeVisible();
      await expect(table.getByText('Clmbing Stairs', { exact: true }).first()).toBeVisible();
      await expect(table.getByText('Tow Sum', { exact: true })).toHaveCount(0);
    });

    test('exporting an empty workspace says there is nothing to export and downloads nothing', async ({ page, request }) => {
      await signUpAndSignIn(page, request, 'Exporter');
      await page.goto('/question-tracker?tab=workspace');
      let downloads = 0;
      page.on('download', () => downloads++);
      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
      await expect(page.getByText('Nothing to export: there are no questions here yet')).toBeVisible();
      // The toast comes after the export's answer: a download would have started before it.
      expect(downloads).toBe(0);
    });
  });
}
