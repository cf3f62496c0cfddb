import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

async function signup(request: APIRequestContext, name: string): Promise<string> {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await request.post('/auth/v1/signup', { data: { email, password: 'correct horse battery', firstName: name } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function solve(request: APIRequestContext, token: string, url: string, checked = true) {
  const look = await request.get(`/question-tracker/v1/question/search-question2?problemUrl=${encodeURIComponent(url)}`);
  const questionId = ((await look.json()) as { data: { question: { _id: string } } }).data.question._id;
  const res = await request.post('/question-tracker/v1/user/question/solve-question', { data: { questionId, checked }, headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(201);
}

const signIn = (page: Page, token: string) => page.addInitScript((t) => localStorage.setItem('pt.token', t), token);
const TITLE = 'Analysis - Based on Solved Questions in My Workspace';

test('with nothing solved, the analysis invites to unlock insights', async ({ page, request }) => {
  const token = await signup(request, 'Empty');
  await solve(request, token, 'https://leetcode.com/problems/two-sum/', false); // in the workspace, not solved
  await signIn(page, token);
  await page.goto('/question-tracker?tab=analysis');
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unlock Your Insights' })).toBeVisible();
});

test('shows difficulty, platform, topic and company charts and the activity of the solved questions', async ({ page, request }) => {
  const token = await signup(request, 'Charts');
  for (const url of [
    'https://leetcode.com/problems/two-sum/',
    'https://leetcode.com/problems/add-two-numbers/',
    'https://leetcode.com/problems/median-of-two-sorted-arrays/',
    'https://codeforces.com/problemset/problem/4/A',
    'https://codeforces.com/problemset/problem/1/A',
    'https://codeforces.com/problemset/problem/1/B',
  ]) {
    await solve(request, token, url);
  }
  await solve(request, token, 'https://leetcode.com/problems/climbing-stairs/', false);
  await signIn(page, token);
  await page.goto('/question-tracker?tab=analysis');
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByText('6 solved in total')).toBeVisible();

  const difficulty = page.getByRole('region', { name: 'Difficulty' });
  await expect(difficulty.locator('svg.recharts-surface')).toBeVisible();
  // Six difficulty entries: 4 at first, then Show more.
  await expect(difficulty.getByRole('list', { name: 'Difficulty values' }).getByRole('listitem')).toHaveCount(4);
  await difficulty.getByRole('button', { name: 'Show more (2)' }).click();
  const values = difficulty.getByRole('list', { name: 'Difficulty values' });
  await expect(values.getByRole('listitem')).toHaveCount(6);
  for (const text of ['Easy: 1', 'Medium: 1', 'Hard: 1', '800–899: 1', '1000–1099: 1', '1600–1699: 1']) await expect(values.getByText(text, { exact: true })).toBeAttached();

  const platforms = page.getByRole('region', { name: 'Platforms' });
  await expect(platforms.locator('svg.recharts-surface')).toBeVisible();
  await expect(platforms.getByRole('list', { name: 'Platforms values' })).toContainText('LeetCode');
  await expect(platforms.getByRole('list', { name: 'Platforms values' })).toContainText('Codeforces');

  const topics = page.getByRole('region', { name: 'Topics' });
  await expect(topics.locator('svg.recharts-surface')).toBeVisible();
  await expect(topics.getByRole('list', { name: 'Topics values' }).getByText('Math: 4', { exact: true })).toBeAttached();
  const companies = page.getByRole('region', { name: 'Companies' });
  await expect(companies.getByRole('list', { name: 'Companies values' }).getByText(/^Amazon: \d+$/)).toBeAttached();

  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity.getByText('6 solved in the last year')).toBeVisible();
  await expect(activity.locator('.an-heat-cell[data-count="6"]')).toHaveCount(1);
  await expect(activity.getByText('Practice streak')).toBeVisible();

  // Another window: nothing in it is older than a week, so the numbers stay.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByText('6 solved in the last 7 days')).toBeVisible();
});

test('a failed load says so', async ({ page, request }) => {
  await signIn(page, await signup(request, 'Broken'));
  await page.route('**/question-tracker/v1/user/analytics/get**', (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ status: { code: 403, success: false, error: 'Forbidden', message: 'No' }, data: null }) }),
  );
  await page.goto('/question-tracker?tab=analysis');
  await expect(page.getByRole('heading', { name: 'Failed to load data.' })).toBeVisible();
});
