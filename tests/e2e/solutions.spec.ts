import { expect, test, type Page } from '@playwright/test';
import { overflow } from './support/layout';
import { api, signUpAndSignIn } from './support/session';

const SOLUTIONS = '/question-tracker/v1/user/solutions';
const rows = (page: Page) => page.getByTestId('workspace-row');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['390 px', { width: 390, height: 844 }],
] as const) {
  test.describe(`at ${label}`, () => {
    test.use({ viewport });

    test('add a solution by hand, see highlighted versions, delete one, publish one, filter by attempts', async ({ page, request }) => {
      const { token } = await signUpAndSignIn(page, request, 'Coder');
      const keep = (data: object) => api(request, token, 'POST', SOLUTIONS, { acceptedAt: new Date().toISOString(), source: 'extension', ...data });
      await keep({ url: 'https://leetcode.com/problems/two-sum/', code: 'int main() {\n  return 0;\n}', language: 'GNU G++17', attempts: 3, timeSpentSec: 3000 });
      await keep({ url: 'https://codeforces.com/problemset/problem/4/A', code: 'print("YES")', language: 'python3', attempts: 0, timeSpentSec: 300 });

      await page.goto('/question-tracker?tab=workspace');
      await expect(row(page, 'Two Sum')).toContainText('3 wrong');
      await expect(row(page, 'Two Sum')).toContainText('50 min');
      await expect(row(page, 'Watermelon')).toContainText('First try');

      // The question's panel: the kept version, highlighted.
      await row(page, 'Two Sum').getByRole('button', { name: /^Solutions for Two Sum/ }).click();
      const panel = page.getByRole('dialog', { name: 'Two Sum: solutions' });
      await expect(panel.getByTestId('solution-version')).toHaveCount(1);
      await expect(panel.getByTestId('solution-version').first()).toContainText('C++');
      await expect(panel.locator('.hljs-keyword').first()).toBeVisible();

      // One pasted by hand becomes version 2, listed first.
      await panel.getByRole('button', { name: 'Add solution' }).click();
      await panel.getByLabel('Language').selectOption({ label: 'Python' });
      await panel.getByLabel('Wrong attempts').fill('1');
      await panel.getByLabel('Time spent (min)').fill('20');
      await panel.getByLabel('Code', { exact: true }).fill('def two_sum(nums, target):\n    return [0, 1]');
      await panel.getByRole('button', { name: 'Keep solution' }).click();
      await expect(page.getByText('Solution kept as version 2')).toBeVisible();
      const versions = panel.getByTestId('solution-version');
      await expect(versions).toHaveCount(2);
      await expect(versions.nth(0)).toHaveAttribute('data-version', '2');
      await expect(versions.nth(0)).toContainText('Python');
      await expect(versions.nth(0)).toContainText('1 wrong attempt');
      await expect(versions.nth(0)).toContainText('20 min');
      await expect(versions.nth(0).locator('.hljs-keyword', { hasText: 'def' })).toBeVisible();
      await expect(versions.nth(1)).toHaveAttribute('data-version', '1');
      // A version's code folds away and opens again.
      const v1 = versions.nth(1).getByRole('button', { name: /v1/ });
      await expect(versions.nth(1).locator('.hljs-keyword', { hasText: 'return' })).toBeVisible();
      await v1.click();
      await expect(v1).toHaveAttribute('aria-expanded', 'false');
      await expect(versions.nth(1).locator('pre')).toHaveCount(0);
      await v1.click();
      await expect(versions.nth(1).locator('.hljs-keyword', { hasText: 'return' })).toBeVisible();
      expect(await overflow(page), `the panel at ${label}`).toEqual([]);

      // Delete version 1, after confirming.
      await panel.getByRole('button', { name: 'Delete version 1 of Two Sum' }).click();
      await page.getByRole('dialog', { name: 'Delete Solution' }).getByRole('button', { name: 'Delete' }).click();
      await expect(versions).toHaveCount(1);
      await expect(page.getByText('Version 1 deleted')).toBeVisible();

      // Publish version 2: the public profile shows it.
      await panel.getByRole('switch', { name: 'Show version 2 of Two Sum on your public profile' }).click();
      await expect(panel.getByRole('switch', { name: /version 2/ })).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByText('Published on your profile')).toBeVisible();
      await panel.getByRole('button', { name: 'Close' }).click();

      // The row follows the latest version; the rate menu suggests from its figures.
      await expect(row(page, 'Two Sum')).toContainText('1 wrong');
      await row(page, 'Watermelon').getByRole('button', { name: 'Rate Watermelon' }).click();
      await expect(page.getByRole('menuitem', { name: /Easy \(suggested/ })).toBeFocused();
      await page.keyboard.press('Escape');

      // Filter by attempts.
      await page.getByRole('button', { name: 'Attempts', exact: true }).click();
      await page.getByRole('group', { name: 'Attempts' }).getByText('First try', { exact: true }).click();
      await page.keyboard.press('Escape');
      await expect(rows(page)).toHaveCount(1);
      await expect(row(page, 'Watermelon')).toBeVisible();
      await expect(page).toHaveURL(/attempts=first/);
      await expect(page.getByRole('list', { name: 'Active filters' }).getByText('Attempts: First try')).toBeVisible();

      const me = await api<{ user: { profileName: string } }>(request, token, 'GET', '/auth/v1/me');
      await page.goto(`/profile/${me.user.profileName}`);
      const published = page.getByTestId('published-solution');
      await expect(published).toHaveCount(1);
      await expect(published).toContainText('Two Sum');
      await expect(published.locator('.hljs-keyword', { hasText: 'def' })).toBeVisible();
    });
  });
}
