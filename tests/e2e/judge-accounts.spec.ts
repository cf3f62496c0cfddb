import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { api, signUpAndSignIn } from './support/session';

/**
 * Judge accounts end to end, against the fake judge of playwright.config.ts (tests/support/fake-judge.ts:
 * the judges' saved answers, so any handle reads as tourist, rated 3757 on Codeforces, and lee215, who has
 * solved 2712 on LeetCode; a handle starting with 'missing' is unknown).
 */
const FAKE_HANDLES = { codeforces: 'tourist', leetcode: 'lee215' } as const;

async function profileNameOf(page: Page, token: string): Promise<string> {
  const res = await page.request.get('/auth/v1/me', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { user: { profileName: string } } }).data.user.profileName;
}

async function link(page: Page, judge: string, handle: string) {
  const section = page.getByRole('region', { name: 'Judge accounts' });
  await section.getByLabel('Judge', { exact: true }).selectOption({ label: judge });
  await section.getByLabel('Handle', { exact: true }).fill(handle);
  await section.getByRole('button', { name: /Link account|Replace/ }).click();
}

test('link Codeforces and LeetCode, see the portfolio, the leaderboard and the contests, and download a contest', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Rated');
  const profileName = await profileNameOf(page, me.token);

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Judge accounts' });
  await expect(section.getByRole('heading', { name: 'Judge accounts' })).toBeVisible();

  // An unknown handle is refused inline, by the judge's own answer.
  await link(page, 'Codeforces', 'missing_handle_42');
  await expect(section.getByRole('alert')).toHaveText('No such user on Codeforces');

  // A judge that does not answer: said inline, nothing linked.
  await link(page, 'Codeforces', 'down_handle');
  await expect(section.getByRole('alert')).toHaveText('Codeforces did not answer. Please try again later.');

  await link(page, 'Codeforces', FAKE_HANDLES.codeforces);
  const accounts = section.getByRole('list', { name: 'Linked judge accounts' });
  const cf = accounts.getByRole('listitem').filter({ hasText: 'Codeforces' });
  await expect(cf).toContainText('3,757');
  await expect(cf).toContainText(FAKE_HANDLES.codeforces);
  await expect(cf.getByRole('link', { name: new RegExp(FAKE_HANDLES.codeforces) })).toHaveAttribute('href', `https://codeforces.com/profile/${FAKE_HANDLES.codeforces}`);
  await expect(cf.getByText('just now')).toBeVisible();
  // Public unless unticked when linking: it is on the profile and counts on the leaderboard.
  await expect(cf.getByRole('switch', { name: /^Public/ })).toHaveAttribute('aria-checked', 'true');

  // Refresh: queued, read again in the background; a second ask within the cooldown is refused and undone.
  await cf.getByRole('button', { name: 'Refresh Codeforces' }).click();
  await expect(page.getByText('Refresh queued')).toBeVisible();
  await expect(cf.getByRole('button', { name: 'Refresh Codeforces' })).toBeEnabled({ timeout: 20_000 });
  await cf.getByRole('button', { name: 'Refresh Codeforces' }).click();
  await expect(page.getByText('This account was refreshed a moment ago. Please try again later.')).toBeVisible();
  await expect(cf.getByText('Up to date')).toBeVisible();

  await link(page, 'LeetCode', FAKE_HANDLES.leetcode);
  const lc = accounts.getByRole('listitem').filter({ hasText: 'LeetCode' });
  await expect(lc).toContainText('2,712');

  // Join the leaderboard; the switch says so after a reload (the server kept it).
  const optIn = section.getByRole('switch', { name: 'Show me on the leaderboard' });
  await joinByClick(page, optIn);
  await expect(optIn).toHaveAttribute('aria-checked', 'true');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Show me on the leaderboard' })).toHaveAttribute('aria-checked', 'true');

  // A problem solved three days ago, for the profile's activity calendar.
  const solvedDay = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  await api(request, me.token, 'POST', '/question-tracker/v1/user/sync/import', { platform: 'leetcode', submissions: [{ problemUrl: 'https://leetcode.com/problems/two-sum/', solvedAt: `${solvedDay}T12:00:00Z` }] });

  // The portfolio: judge cards, total across judges, and a rating chart (recharts, loaded on demand).
  await page.goto(`/profile/${profileName}`);
  const activity = page.getByRole('region', { name: 'Activity', exact: true });
  await expect(activity).toContainText('1 solved in the last year');
  await expect(activity.locator(`[data-day="${solvedDay}"]`)).toHaveAttribute('data-count', '1');
  const cards = page.getByRole('list', { name: 'Judge accounts' });
  await expect(cards.getByRole('listitem')).toHaveCount(2);
  await expect(cards.getByRole('listitem').filter({ hasText: 'Codeforces' })).toContainText('3,757');
  await expect(page.getByText('solved across judges')).toBeVisible();
  const chart = page.getByRole('img', { name: /^Codeforces rating over \d+ contests/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('.recharts-line-curve')).toHaveCount(1);
  // Contests taken: the latest across judges, with their rating changes.
  const recent = page.getByRole('region', { name: 'Recent contests' });
  await expect(recent.getByRole('listitem').first()).toBeVisible();
  await expect(recent).toContainText('Codeforces');
  await expect(recent).toContainText('LeetCode');
  await expect(recent.getByText(/^[+−]\d+/).first()).toBeVisible();

  // The leaderboard, from the top bar: the viewer's row is marked, with its rank.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
  const mine = page.locator('tr[aria-current="true"]').first();
  await expect(mine).toContainText(profileName);
  await expect(mine).toContainText('You');
  await expect(mine.locator('.lb-rank-badge')).toHaveText(/^\d[\d,]*$/);
  await page.getByRole('button', { name: 'Codeforces rating' }).click();
  await expect(page).toHaveURL(/metric=codeforces_rating/);
  await expect(page.locator('tr[aria-current="true"]').first()).toContainText('3,757');

  // Contests: running and upcoming, with a countdown that moves.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Contests' }).click();
  await expect(page.getByRole('heading', { name: 'Running now' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Upcoming' })).toBeVisible();
  const timer = page.getByRole('timer').first();
  const before = await timer.textContent();
  await expect(timer).not.toHaveText(before ?? '', { timeout: 3_000 });
  await expect(page.getByRole('link', { name: /^Register for .* on Codeforces/ }).first()).toHaveAttribute('href', /^https:\/\/codeforces\.com\//);

  // The judge filter keeps only that judge's contests.
  await page.getByRole('group', { name: 'Filter by judge' }).getByRole('button', { name: 'LeetCode' }).click();
  await expect(page.getByRole('link', { name: /^Register for .* on Codeforces/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Register for .* on LeetCode/ }).first()).toBeVisible();

  // One contest as a calendar file: a valid calendar with that contest's name and start.
  const first = page.locator('.ct-row').first();
  const name = (await first.locator('.ct-name').textContent()) ?? '';
  const startsAt = (await first.locator('time').getAttribute('datetime')) ?? '';
  const downloading = page.waitForEvent('download');
  await first.getByRole('link', { name: `Add ${name} to calendar` }).click();
  const file = await (await downloading).path();
  const calendar = new ICAL.Component(ICAL.parse(readFileSync(file, 'utf8')) as unknown[]);
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  expect(event.summary).toContain(name);
  expect(event.startDate.toJSDate().getTime()).toBe(Date.parse(startsAt));

  // The filtered list as one file: LeetCode's contests only.
  const all = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download LeetCode’s contests as a calendar file' }).click();
  const listed = new ICAL.Component(ICAL.parse(readFileSync(await (await all).path(), 'utf8')) as unknown[]);
  const summaries = listed.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e).summary);
  expect(summaries.length).toBeGreaterThan(0);
  expect(summaries.every((s) => s.includes('LeetCode'))).toBe(true);
});

/** Someone else on the leaderboard, through the API: a public Codeforces account and the opt-in. */
async function rankedUser(request: APIRequestContext, name: string, handle: string): Promise<string> {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const res = await request.post('/auth/v1/signup', { data: { email, password: 'e2e-password-1', firstName: name } });
  const { token, user } = ((await res.json()) as { data: { token: string; user: { profileName: string } } }).data;
  await joinLeaderboard(request, token, handle);
  return user.profileName;
}

async function joinLeaderboard(request: APIRequestContext, token: string, handle: string) {
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.put('/question-tracker/v1/user/accounts/codeforces', { data: { handle, public: true }, headers })).status()).toBe(200);
  expect((await request.put('/question-tracker/v1/leaderboard/opt-in', { data: { optIn: true }, headers })).status()).toBe(200);
}

test('the leaderboard narrows to the people of one of my sheets', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'Author');
  const mine = await profileNameOf(page, me.token);
  await joinLeaderboard(request, me.token, 'user7');
  const stranger = await rankedUser(request, 'Stranger', 'user3');
  const slug = `ranked-${Date.now().toString(36)}`;
  await api(request, me.token, 'POST', '/question-tracker/v2/sheet/create-sheet', { name: `Ranked friends ${slug}`, slug });

  await page.goto('/question-tracker?tab=leaderboard&metric=codeforces_rating');
  const table = page.getByRole('table');
  await expect(table.getByRole('link', { name: stranger, exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: mine, exact: true })).toBeVisible();

  await page.getByLabel('People of').selectOption({ label: `Ranked friends ${slug}` });
  await expect(page).toHaveURL(new RegExp(`sheet=${slug}`));
  await expect(table.getByRole('link', { name: mine, exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: stranger, exact: true })).toHaveCount(0);
  await expect(page.getByText('1 ranked · page 1 of 1')).toBeVisible();
});

test('the feed address is shown once, can be copied, rotated and revoked', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpAndSignIn(page, request, 'Feed');
  await page.goto('/question-tracker?tab=contests');
  const feed = page.getByRole('complementary', { name: 'Calendar feed' });
  await feed.getByRole('button', { name: 'Create feed address' }).click();
  const address = feed.getByLabel('Calendar feed address');
  const url = await address.inputValue();
  expect(url).toMatch(/\/contests\/feed\/[^/]+\.ics$/);
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  const text = await res.text();
  expect(new ICAL.Component(ICAL.parse(text) as unknown[]).name).toBe('vcalendar');

  await feed.getByRole('button', { name: 'Copy feed address' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  await feed.getByRole('button', { name: 'Rotate' }).click();
  await page.getByRole('dialog', { name: 'Rotate the feed address?' }).getByRole('button', { name: 'Rotate' }).click();
  await expect(address).not.toHaveValue(url);
  expect((await request.get(url)).status()).not.toBe(200);

  const rotated = await address.inputValue();
  await feed.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke the feed?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(feed.getByRole('button', { name: 'Create feed address' })).toBeVisible();
  expect((await request.get(rotated)).status()).not.toBe(200);
});

test('a failed change of an account is undone with a message; a removal can be undone', async ({ page, request }) => {
  await signUpAndSignIn(page, request, 'Rollback');
  await page.goto('/account');
  await link(page, 'Codeforces', FAKE_HANDLES.codeforces);
  const cf = page.getByRole('list', { name: 'Linked judge accounts' }).getByRole('listitem').filter({ hasText: 'Codeforces' });
  const isPublic = cf.getByRole('switch', { name: /^Public/ });
  const was = await isPublic.getAttribute('aria-checked');
  await page.route('**/question-tracker/v1/user/accounts/codeforces', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, json: { status: { code: 500, success: false, error: 'InternalError', message: 'Oops! Something Went Wrong' }, data: null } })
      : route.fallback(),
  );
  await isPublic.click();
  await expect(page.getByText('Oops! Something Went Wrong')).toBeVisible();
  await expect(isPublic).toHaveAttribute('aria-checked', was ?? 'false');

  // Remove goes at once; Undo links the same handle again.
  await cf.getByRole('button', { name: 'Remove Codeforces account' }).click();
  await expect(page.getByRole('list', { name: 'Linked judge accounts' })).toHaveCount(0);
  await expect(page.getByText('Codeforces account removed')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  // Undo links the handle again, which reads the judge again before the row comes back.
  await expect(cf).toContainText('3,757', { timeout: 20_000 });
  await page.reload();
  await expect(page.getByRole('list', { name: 'Linked judge accounts' })).toContainText(FAKE_HANDLES.codeforces);
});

const ok = (data: unknown) => ({ json: { status: { code: 200, success: true, error: null, message: 'OK' }, data } });
const HOSTILE = '<img src=x onerror="window.__pwned=1">';

test('old figures say how old they are and why; judges\' text is shown as text; my row is pinned when off the page', async ({ page, request }) => {
  const me = await signUpAndSignIn(page, request, 'States');
  const mine = await profileNameOf(page, me.token);
  const account = (platform: string, status: string, extra: Record<string, unknown> = {}) => ({
    platform, handle: 'tourist', rating: 3757, maxRating: 4009, solved: null, refreshedAt: '2026-01-01T00:00:00.000Z', public: true,
    rank: HOSTILE, contests: 3, status, statusDetail: HOSTILE, ageSeconds: 2 * 3600, profileUrl: 'javascript:alert(1)', ...extra,
  });
  await page.route('**/question-tracker/v1/user/accounts', (route) =>
    route.fulfill(ok({ leaderboardOptIn: true, accounts: [account('codeforces', 'judge-down'), account('leetcode', 'could-not-read'), account('atcoder', 'not-found', { ageSeconds: 3 * 86_400 })] })),
  );
  await page.goto('/account');
  const rows = page.getByRole('list', { name: 'Linked judge accounts' }).getByRole('listitem');
  await expect(rows.filter({ hasText: 'Codeforces' })).toContainText('Codeforces did not answer. Please try again later. Showing figures from 2 h ago.');
  await expect(rows.filter({ hasText: 'Codeforces' })).toContainText('Judge down');
  await expect(rows.filter({ hasText: 'LeetCode' })).toContainText('Could not read the profile from LeetCode. Please try again later. Showing figures from 2 h ago.');
  await expect(rows.filter({ hasText: 'AtCoder' })).toContainText('No such user on AtCoder: was the handle renamed? Showing figures from 3 days ago.');
  // The judge's words are text: no element made of them, no script run, no javascript: link.
  await expect(rows.first()).toContainText(HOSTILE);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);

  await page.route('**/question-tracker/v1/contests', (route) =>
    route.fulfill(ok({ contests: [{ id: 'x1', platform: 'codeforces', name: `Round ${HOSTILE}`, url: 'javascript:alert(1)', startsAt: new Date(Date.now() + 3_600_000).toISOString(), durationSeconds: 7200 }] })),
  );
  await page.goto('/question-tracker?tab=contests');
  await expect(page.getByText(`Round ${HOSTILE}`)).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Register/ })).toHaveCount(0);

  const rowsOnPage = Array.from({ length: 50 }, (_, i) => ({ rank: i + 1, profileName: `someone-${i + 1}`, value: 5000 - i }));
  await page.route('**/question-tracker/v1/leaderboard?*', (route) =>
    route.fulfill(ok({ metric: 'c_score', page: 1, pageSize: 50, rows: rowsOnPage, me: { rank: 120, profileName: mine, value: 42 }, total: 130 })),
  );
  await page.goto('/question-tracker?tab=leaderboard');
  const pinned = page.locator('tbody.lb-pinned tr');
  await expect(pinned).toContainText(mine);
  await expect(pinned).toContainText('120');
  await expect(page.getByRole('table').locator('tbody').nth(1).getByRole('row')).toHaveCount(50);
  await expect(page.getByText('130 ranked · page 1 of 3')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the new screens fit a phone and are reachable from the phone menu', async ({ page, request }) => {
    const me = await signUpAndSignIn(page, request, 'Phone');
    const profileName = await profileNameOf(page, me.token);
    await page.goto('/account');
    await link(page, 'Codeforces', FAKE_HANDLES.codeforces);
    await expect(page.getByRole('list', { name: 'Linked judge accounts' })).toContainText('3,757');
    await joinByClick(page, page.getByRole('switch', { name: 'Show me on the leaderboard' }));
    await expectNoSidewaysScroll(page);

    for (const label of ['Contests', 'Leaderboard']) {
      await page.getByRole('button', { name: 'Sections menu' }).click();
      await page.getByRole('link', { name: label }).click();
      await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
    }
    await expect(page.locator('tr[aria-current="true"]').first()).toContainText(profileName);

    await page.goto(`/profile/${profileName}`);
    await expect(page.getByRole('img', { name: /^Codeforces rating over/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

/** Flips the opt-in and waits for the server to take it (the switch itself moves at once, before the answer). */
async function joinByClick(page: Page, toggle: Locator) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/question-tracker/v1/leaderboard/opt-in') && r.ok());
  await toggle.click();
  await saved;
}

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(widths.view);
}

test('the new screens have no serious or critical accessibility violation, light and dark, at 1280 and 390 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  const me = await signUpAndSignIn(page, request, 'Axe');
  const profileName = await profileNameOf(page, me.token);
  await page.goto('/account');
  await link(page, 'Codeforces', FAKE_HANDLES.codeforces);
  await expect(page.getByRole('list', { name: 'Linked judge accounts' })).toContainText('3,757');
  await joinByClick(page, page.getByRole('switch', { name: 'Show me on the leaderboard' }));
  await expect(page.getByRole('switch', { name: 'Show me on the leaderboard' })).toHaveAttribute('aria-checked', 'true');

  const screens: [string, string, (p: Page) => Promise<void>][] = [
    ['account', '/account', (p) => expect(p.getByRole('list', { name: 'Linked judge accounts' })).toBeVisible()],
    ['profile', `/profile/${profileName}`, (p) => expect(p.locator('.recharts-line-curve').first()).toBeVisible()],
    ['leaderboard', '/question-tracker?tab=leaderboard', (p) => expect(p.locator('tr[aria-current="true"]')).toBeVisible()],
    ['contests', '/question-tracker?tab=contests', (p) => expect(p.getByRole('timer').first()).toBeVisible()],
  ];
  const found: string[] = [];
  for (const theme of ['light', 'dark']) {
    await page.addInitScript((t) => window.localStorage.setItem('pt.theme', t), theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, path, ready] of screens) {
        await page.goto(path);
        await ready(page);
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        const { violations } = await new AxeBuilder({ page }).analyze();
        for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
          found.push(`${theme} ${width} ${name}: ${v.id} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
        }
      }
    }
  }
  expect(found, found.join('\n')).toEqual([]);
});
