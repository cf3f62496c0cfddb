import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Creates an account through the API and signs the page in with it (the dashboard keeps the token in localStorage). */
export async function signUpAndSignIn(page: Page, request: APIRequestContext, name = 'Tester') {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const res = await request.post('/auth/v1/signup', { data: { email, password: 'e2e-password-1', firstName: name } });
  const body = (await res.json()) as { data: { token: string; user: { _id: string } } };
  const token = body.data.token;
  await page.addInitScript((t) => window.localStorage.setItem('pt.token', t), token);
  return { email, token, userId: body.data.user._id };
}

export async function api<T = unknown>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(path, { method, data, headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { status: { success: boolean; message: string }; data: T };
  if (!body.status.success) throw new Error(`${method} ${path}: ${body.status.message}`);
  return body.data;
}

/** Drags with the mouse in small steps, as a person would (dnd-kit needs real pointer moves). */
export async function dragTo(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 5, from.y + 5, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 15 });
  await page.mouse.move(to.x, to.y + 2, { steps: 2 });
  await page.mouse.up();
}

/**
 * Links the fake judge's Codeforces account "tourist" (public) and opts into the leaderboard; answers
 * the account's profile name.
 */
export async function linkCodeforcesAndRank(request: APIRequestContext, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.put('/question-tracker/v1/user/accounts/codeforces', { data: { handle: 'tourist', public: true }, headers })).status()).toBe(200);
  expect((await request.put('/question-tracker/v1/leaderboard/opt-in', { data: { optIn: true }, headers })).status()).toBe(200);
  return ((await (await request.get('/auth/v1/me', { headers })).json()) as { data: { user: { profileName: string } } }).data.user.profileName;
}
