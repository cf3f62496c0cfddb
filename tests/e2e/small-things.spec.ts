import { expect, test, type Locator } from '@playwright/test';
import { api, signUpAndSignIn } from './support/session';

// Small things of a first week: a toast never covers the add button, and the activity calendar opens
// on today with every month's name whole.

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The calendar is scrolled to its end (today), and each month's name lies whole inside the calendar. */
async function opensOnToday(calendar: Locator) {
  await expect(calendar.locator('.an-heat-cell').first()).toBeVisible();
  await expect.poll(() => calendar.evaluate((el) => el.scrollWidth - el.clientWidth - el.scrollLeft)).toBeLessThanOrEqual(1);
  // The weeks' extent: from the first day's cell to today's.
  const [left, right] = await calendar.evaluate((el) => {
    const boxes = [...el.querySelectorAll('.an-heat-grid .an-heat-cell')].map((c) => c.getBoundingClientRect());
    return [Math.min(...boxes.map((b) => b.left)), Math.max(...boxes.map((b) => b.right))];
  });
  const view = (await calendar.boundingBox())!;
  expect(right).toBeLessThanOrEqual(view.x + view.width + 0.5);
  for (const label of await calendar.locator('.an-heat-months span').all()) {
    const box = (await label.boundingBox())!;
    expect(box.x + box.width, (await label.textContent()) ?? '').toBeLessThanOrEqual(right + 0.5);
    expect(box.x).toBeGreaterThanOrEqual(left - 0.5);
  }
}

for (const size of [{ name: 'phone', viewport: { width: 390, height: 844 } }, { name: 'desktop', viewport: { width: 1280, height: 1000 } }]) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('a toast stays clear of the add button', async ({ page, request }) => {
      await signUpAndSignIn(page, request, 'Toasted');
      await page.goto('/question-tracker?tab=workspace');
      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Nothing to export' });
      await expect(toast).toBeVisible();
      // Sonner slides the toast in: its box counts once it stands still.
      let before = '';
      await expect
        .poll(
          async () => {
            const now = JSON.stringify(await toast.boundingBox());
            const still = now === before;
            before = now;
            return still;
          },
          { intervals: [300] },
        )
        .toBe(true);
      const fab = (await page.getByRole('button', { name: 'Add Question', exact: true }).last().boundingBox())!;
      expect(overlaps((await toast.boundingBox())!, fab)).toBe(false);
    });

    test('the activity calendars open on today with whole month names', async ({ page, request }) => {
      const me = await signUpAndSignIn(page, request, 'Calendar');
      await api(request, me.token, 'POST', '/question-tracker/v1/user/sync/import', { platform: 'leetcode', submissions: [{ problemUrl: 'https://leetcode.com/problems/two-sum/', solvedAt: new Date().toISOString() }] });
      await page.goto('/question-tracker?tab=analysis');
      await opensOnToday(page.getByRole('region', { name: 'Activity calendar' }));
      const profileName = ((await (await request.get('/auth/v1/me', { headers: { authorization: `Bearer ${me.token}` } })).json()) as { data: { user: { profileName: string } } }).data.user.profileName;
      await page.goto(`/profile/${profileName}`);
      await opensOnToday(page.getByRole('region', { name: 'Activity calendar' }));
    });
  });
}
