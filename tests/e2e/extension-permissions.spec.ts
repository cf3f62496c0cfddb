import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { builtManifest, launchWithExtension, signUpExtensionUser, startFixtureServer } from './support/extension';

/**
 * Least privilege: what the built manifests ask for, each listed in docs/extension.md with its feature;
 * no `cookies` permission, LeetCode's request token read on LeetCode's own page; the privacy page shipped
 * inside the extension.
 */

interface Manifest {
  permissions?: string[];
  optional_permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
}

const FIREFOX_DIR = resolve('.output/firefox-mv2');
const isHost = (p: string) => p.includes('://') || p === '<all_urls>';
const hostOf = (pattern: string) => /^[^:]+:\/\/([^/]+)/.exec(pattern)?.[1] ?? pattern;

/** The backticked names in the first column of the "## Permissions" tables of docs/extension.md. */
function documented(): { permissions: Set<string>; hosts: Set<string> } {
  const doc = readFileSync(resolve('docs/extension.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Permissions'));
  const end = section.indexOf('\n## ', 5);
  const rows = (end < 0 ? section : section.slice(0, end)).split('\n').filter((l) => /^\| `/.test(l));
  const permissions = new Set<string>();
  const hosts = new Set<string>();
  for (const row of rows) {
    const first = row.split('|')[1] ?? '';
    for (const [, name] of first.matchAll(/`([^`]+)`/g)) {
      if (isHost(name!)) permissions.add(name!);
      else if (name!.includes('.') || name === 'localhost') hosts.add(name!);
      else permissions.add(name!);
    }
  }
  return { permissions, hosts };
}

test.describe('the extension: least privilege', () => {
  test('neither built manifest asks for cookies; every permission and host is documented with its feature, and nothing more', () => {
    const manifests = [builtManifest() as Manifest, builtManifest(FIREFOX_DIR) as Manifest];
    const asked = manifests.flatMap((m) => [...(m.permissions ?? []), ...(m.optional_permissions ?? []), ...(m.host_permissions ?? []), ...(m.optional_host_permissions ?? [])]);
    expect(asked).not.toContain('cookies');
    const { permissions, hosts } = documented();
    const askedPermissions = new Set(asked.filter((p) => !isHost(p) || /^https?:\/\/\*\//.test(p)));
    const askedHosts = new Set(asked.filter((p) => isHost(p) && !/^https?:\/\/\*\//.test(p)).map(hostOf));
    expect([...askedPermissions].sort()).toEqual([...permissions].sort());
    expect([...askedHosts].sort()).toEqual([...hosts].sort());
  });

  test("a LeetCode sync works without the cookies permission: the token comes from LeetCode's page, and the options page links the privacy page", async () => {
    test.setTimeout(90_000);
    const TOKEN = 'Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe';
    const tokens: (string | undefined)[] = [];
    const fixtures = await startFixtureServer({
      'leetcode.com/problems/two-sum/': 'leetcode/two-sum.html',
      'POST leetcode.com/graphql/': {
        reply(body, _query, headers) {
          const { operationName } = JSON.parse(body) as { operationName: string };
          if (operationName === 'syncWho') return { data: { userStatus: { isSignedIn: true, username: 'sample_user' } } };
          tokens.push(headers['x-csrftoken'] as string | undefined);
          return { data: { userStatus: { isSignedIn: true, username: 'sample_user' }, userProgressQuestionList: { totalNum: 0, questions: [] } } };
        },
      },
    });
    const ext = await launchWithExtension(fixtures.port);
    try {
      await signUpExtensionUser(ext, String(test.info().project.use.baseURL), 'Privilege', 'least-privilege-1');
      // LeetCode's page sets its csrftoken, readable by the page (not HttpOnly), as leetcode.com does.
      await ext.context.addCookies([{ name: 'csrftoken', value: TOKEN, domain: 'leetcode.com', path: '/', secure: true, sameSite: 'Lax' }]);
      const judge = await ext.context.newPage();
      await judge.goto('https://leetcode.com/problems/two-sum/');
      await expect.poll(() => ext.worker.evaluate(async () => (await chrome.storage.local.get('sync:leetcode-csrf'))['sync:leetcode-csrf'])).toBe(TOKEN);

      const popup = await ext.context.newPage();
      await popup.goto(`chrome-extension://${ext.extensionId}/popup.html`);
      await popup.getByRole('button', { name: 'Sync solved problems' }).click();
      const item = popup.getByRole('listitem', { name: 'LeetCode', exact: true });
      await item.getByRole('button', { name: 'Sync LeetCode' }).click();
      await expect(item.getByTestId('sync-last')).toHaveText(/^Last synced /, { timeout: 30_000 });
      expect(tokens.length).toBeGreaterThan(0);
      expect(tokens.every((t) => t === TOKEN)).toBe(true);
      // The browser agrees: no cookies API at all.
      expect(await ext.worker.evaluate(() => typeof chrome.cookies)).toBe('undefined');

      const options = await ext.context.newPage();
      await options.goto(`chrome-extension://${ext.extensionId}/options.html`);
      const [privacy] = await Promise.all([ext.context.waitForEvent('page'), options.getByRole('link', { name: /^Privacy/ }).click()]);
      await expect(privacy.getByRole('heading', { name: 'What it never reads' })).toBeVisible();
      await expect(privacy.getByText(/has no .?cookies.? permission/)).toBeVisible();
    } finally {
      await ext.context.close();
      await fixtures.close();
    }
  });
});
