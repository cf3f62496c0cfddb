import { expect, test } from '@playwright/test';

test('an unknown address opened in the browser shows the error screen; the same address asked for by a client is the JSON 404', async ({ page, request }) => {
  for (const path of ['/foo', '/some/deep/path', '/question-tracker/no-such-page']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(path.startsWith('/question-tracker') ? 200 : 404);
    await expect(page.getByRole('heading', { name: 'Oops! Something Went Wrong' }), path).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Practice Tracker home' })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Go to homepage' }).click();
  await expect(page).toHaveURL(/\/question-tracker$/);
  await expect(page.getByRole('heading', { name: 'Track Coding Sheets in One Place' })).toBeVisible();

  const api = await request.get('/foo');
  expect(api.status()).toBe(404);
  expect(((await api.json()) as { status: { error: string } }).status.error).toBe('NotFoundError');
  const apiPath = await page.goto('/question-tracker/v1/no-such-route');
  expect(apiPath?.status()).toBe(404);
  expect(await page.textContent('body')).toContain('NotFoundError');
});
