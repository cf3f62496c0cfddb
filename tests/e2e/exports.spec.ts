import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { api, signUpAndSignIn } from './support/session';

/**
 * Solutions export end to end, against the fake GitHub of the fake judge server (tests/support/fake-github.ts:
 * any github_pat_ token opens any repository; one with "readonly" in it cannot write). The server runs
 * without SECRETS_KEY, so it seals the token with the key it made in its data directory.
 */
const TOKEN = 'github_pat_e2e_0123456789abcdefghijklmnop';

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 1000 }],
  ['390 px', { width: 390, height: 844 }],
] as const) {
  test.describe(label, () => {
    test.use({ viewport });

    test(`connect a repository, export, download, disconnect (${label})`, async ({ page, request }) => {
      const me = await signUpAndSignIn(page, request, 'Exporter');
      await api(request, me.token, 'POST', '/question-tracker/v1/user/solutions', {
        url: 'https://leetcode.com/problems/two-sum/',
        code: 'class Solution:\n    def twoSum(self, nums, target):\n        return []\n',
        language: 'Python 3',
        acceptedAt: new Date().toISOString(),
        source: 'manual',
      });
      const repo = `solutions-${Date.now().toString(36)}`;

      await page.goto('/account');
      const section = page.getByRole('region', { name: 'Solutions export' });
      await expect(section.getByRole('heading', { name: 'Solutions export' })).toBeVisible();
      const tokenField = section.getByLabel('Access token');
      await expect(tokenField).toHaveAttribute('type', 'password');

      // A token that may only read: refused inline, nothing kept.
      await section.getByLabel('Owner').fill('e2e-user');
      await section.getByLabel('Repository').fill(repo);
      await tokenField.fill('github_pat_readonly_0123456789abcdef');
      await section.getByRole('button', { name: 'Connect repository' }).click();
      await expect(section.getByRole('alert')).toHaveText('This token can read the repository but not write to it: give it the Contents permission with Read and write.');

      await tokenField.fill(TOKEN);
      await section.getByRole('switch', { name: 'Export new solutions automatically' }).click();
      await section.getByRole('button', { name: 'Connect repository' }).click();
      await expect(section.getByRole('link', { name: new RegExp(`e2e-user/${repo}`) })).toBeVisible();
      await expect(section.getByRole('switch', { name: 'Export new solutions automatically' })).toHaveAttribute('aria-checked', 'true');
      // The token is never sent back: not in the page, not in the state the dashboard reads.
      expect(await page.content()).not.toContain(TOKEN);
      const state = await request.get('/question-tracker/v1/user/exports/github', { headers: { authorization: `Bearer ${me.token}` } });
      expect(await state.text()).not.toContain(TOKEN);

      await section.getByRole('button', { name: 'Export now' }).click();
      const status = section.getByRole('status');
      await expect(status).toContainText('Last export done', { timeout: 20_000 });
      await expect(status).toContainText('3 files written in one commit.');
      await expect(status.getByRole('link', { name: /See the commit/ })).toHaveAttribute('href', new RegExp(`^https://github.com/e2e-user/${repo}/commit/[0-9a-f]{40}$`));

      await section.getByRole('button', { name: 'Export now' }).click();
      await expect(status).toContainText('Nothing new since the last export; no commit was made.', { timeout: 20_000 });

      // Settings stay after a reload; notes into the READMEs is an optimistic switch, flipped by keyboard.
      await section.getByRole('switch', { name: 'Put my notes in the READMEs' }).press('Space');
      await expect(section.getByRole('switch', { name: 'Put my notes in the READMEs' })).toHaveAttribute('aria-checked', 'true');
      await page.reload();
      await expect(section.getByRole('switch', { name: 'Put my notes in the READMEs' })).toHaveAttribute('aria-checked', 'true');

      const [zip] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download zip' }).click()]);
      expect(zip.suggestedFilename()).toBe('solutions.zip');
      expect(readFileSync(await zip.path()).subarray(0, 2).toString()).toBe('PK');
      const [deck] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download Anki deck' }).click()]);
      expect(deck.suggestedFilename()).toBe('practice-tracker-solved.apkg');

      await section.getByRole('button', { name: 'Disconnect' }).click();
      await expect(section.getByRole('button', { name: 'Connect repository' })).toBeVisible();
      await expect(section.getByLabel('Access token')).toHaveValue('');
    });
  });
}
