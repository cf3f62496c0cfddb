import { expect, test, type Page } from '@playwright/test';
import { api, signUpAndSignIn } from './support/session';
import { S, newSheet, row } from './support/sheet';

// Finding and tracking inside a sheet, on a phone and a laptop: a search shows only the sections that
// hold a match, an unfollowed sheet says a follow is needed before the first tick, and every control
// is big enough to tap.

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 1000 } },
];

/** The size of each visible control of the sheet page smaller than `min` px either way. */
async function smallControls(page: Page, min: number) {
  return page.locator('.sheet-page').evaluate((root, least) => {
    const out: string[] = [];
    for (const el of root.querySelectorAll('button, a[href], input, select, textarea, [role="button"], label.q-check-hit')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // A box inside its label is tapped through the label, which is measured itself.
      if (el.closest('label.q-check-hit') && el.tagName === 'INPUT') continue;
      if (r.width < least || r.height < least) out.push(`${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent.trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return out;
  }, min);
}

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('a search shows only the sections holding a match, never an empty section', async ({ page, request }) => {
      const me = await signUpAndSignIn(page, request, 'Finder');
      const sheet = await newSheet(request, me.token);
      for (const topic of ['Arrays', 'Graphs', 'Empty Day']) await api(request, me.token, 'POST', `${S}/add-topic/${sheet.id}`, { topic });
      for (const subTopic of ['Two pointers', 'Prefix sums']) await api(request, me.token, 'POST', `${S}/add-subTopic/${sheet.id}`, { topic: 'Arrays', subTopic });
      const data = [
        { topic: 'Arrays', subTopic: 'Two pointers', problemUrl: 'https://leetcode.com/problems/two-sum/' },
        { topic: 'Arrays', subTopic: 'Prefix sums', problemUrl: 'https://leetcode.com/problems/climbing-stairs/' },
        { topic: 'Arrays', subTopic: '', problemUrl: 'https://leetcode.com/problems/add-two-numbers/' },
        { topic: 'Graphs', subTopic: '', problemUrl: 'https://codeforces.com/problemset/problem/4/A' },
      ];
      await api(request, me.token, 'POST', `${S}/add-questions/${sheet.id}`, { data });
      await page.goto(`/question-tracker/sheet/${sheet.slug}`);
      await expect(page.getByTestId('question-row')).toHaveCount(4);
      await expect(page.getByText('No subtopics or questions added yet.')).toBeVisible();

      await page.getByRole('searchbox', { name: 'Search questions in this sheet' }).fill('two sum');
      await expect(page.getByRole('group', { name: 'Questions of this sheet' }).getByRole('status')).toHaveText('1 of 4');
      await expect(page.getByTestId('question-row')).toHaveCount(1);
      // Only Arrays › Two pointers holds the match: the other topics and subtopics are not drawn at all.
      await expect(page.getByRole('region', { name: 'Topic Arrays' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Subtopic Two pointers' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Subtopic Prefix sums' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Topic Graphs' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Topic Empty Day' })).toHaveCount(0);
      for (const text of ['No subtopics or questions added yet.', 'No direct questions under this topic', 'No questions added to this subtopic']) {
        await expect(page.getByText(text)).toHaveCount(0);
      }

      // Clearing the search brings every section back, the empty one with its text.
      await page.getByRole('button', { name: 'Clear filters' }).first().click();
      await expect(page.getByTestId('question-row')).toHaveCount(4);
      await expect(page.getByRole('region', { name: 'Topic Empty Day' })).toBeVisible();
      await expect(page.getByText('No subtopics or questions added yet.')).toBeVisible();
    });

    test('an unfollowed sheet says before the first tick that a follow is needed, and its boxes look unavailable', async ({ page, request }) => {
      await signUpAndSignIn(page, request, 'Newcomer');
      await page.goto('/question-tracker/sheet/blind-75');
      const bar = page.getByRole('region', { name: 'Follow this sheet' });
      await expect(bar).toContainText('Follow to track your progress');
      // The bar is above the questions, and its Follow is the page's only one.
      const barBox = await bar.boundingBox();
      const firstRow = page.getByTestId('question-row').first();
      const rowBox = await firstRow.boundingBox();
      expect(barBox && rowBox && barBox.y + barBox.height <= rowBox.y).toBe(true);
      await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(1);
      const box = firstRow.getByRole('checkbox');
      const look = () => box.evaluate((el) => ({ opacity: Number(getComputedStyle(el).opacity), cursor: getComputedStyle(el).cursor }));
      const before = await look();
      expect(before.cursor).toBe('not-allowed');
      expect(before.opacity).toBeLessThan(0.6);
      // The rule and its message stay.
      await box.click();
      await expect(page.getByText('Follow the sheet to perform any action')).toBeVisible();
      await expect(box).not.toBeChecked();

      await bar.getByRole('button', { name: 'Follow' }).click();
      await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
      await expect(bar).toHaveCount(0);
      expect(await look()).toEqual({ opacity: 1, cursor: 'pointer' });
      await box.click();
      await expect(box).toBeChecked();
    });

    test('every control is at least 24 px square; on a phone the tick and the star take a 40 px tap', async ({ page, request }) => {
      await signUpAndSignIn(page, request, 'Tapper');
      await page.goto('/question-tracker/sheet/blind-75');
      await expect(page.getByTestId('question-row').first()).toBeVisible();
      await page.getByRole('button', { name: 'Follow', exact: true }).click();
      await row(page, 'Two Sum').getByRole('checkbox').click();
      await expect(row(page, 'Two Sum').getByRole('checkbox')).toBeChecked();
      expect(await smallControls(page, 24)).toEqual([]);
      if (size.name === 'phone') {
        const first = page.getByTestId('question-row').first();
        for (const target of [first.locator('label.q-check-hit'), first.getByRole('button', { name: 'Star' })]) {
          const b = await target.boundingBox();
          expect(b && Math.min(b.width, b.height)).toBeGreaterThanOrEqual(40);
        }
        // Tapping the label's corner ticks the box.
        const hit = await page.getByTestId('question-row').nth(1).locator('label.q-check-hit').boundingBox();
        if (!hit) throw new Error('no tick');
        await page.mouse.click(hit.x + 3, hit.y + 3);
        await expect(page.getByTestId('question-row').nth(1).getByRole('checkbox')).toBeChecked();
      }
    });
  });
}
