import { expect, test, type Page } from '@playwright/test';
import type { RecordState } from '../../shared/schemas/message-replies';
import type { Question } from '../../shared/schemas/question';
import { fixtureJson, launchWithExtension, openPopupFor, signUpExtensionUser, startFixtureServer, tabIdFor } from './support/extension';

/** An API answer as the helper below hands it over. */
interface ApiAnswer<T> {
  status: number;
  data: T;
}
/** What search-question2 answers: the question, and the user's record of it (none for a problem the catalogue does not know). */
interface Lookup {
  question: Question;
  document?: RecordState | null;
}

/**
 * "How was it?" in the built extension: the toast after an Accepted verdict, the popup's rating row and
 * review facts, and the toolbar badge, against the API on a fresh database.
 */
test.describe('the extension: review ratings, facts and the badge', () => {
  let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
  let ext: Awaited<ReturnType<typeof launchWithExtension>>;
  let apiBase: string;
  let token: string;
  const password = 'extension-review-1';
  const R = '/question-tracker/v1/user/review';

  async function api<T = unknown>(method: string, path: string): Promise<ApiAnswer<T>> {
    const res = await fetch(`${apiBase}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    const json = (await res.json()) as { data: T };
    return { status: res.status, data: json.data };
  }
  const lookup = (url: string) => api<Lookup>('GET', `/question-tracker/v1/question/search-question2?problemUrl=${encodeURIComponent(url)}`);
  const reviews = async () => (await api<{ retention: { reviews: number } }>('GET', `${R}/stats`)).data.retention.reviews;
  const badge = () => ext.worker.evaluate(() => chrome.action.getBadgeText({}));

  /**
   * The buttons of the page's toast. It lives in a closed shadow root, which page scripts (and so
   * Playwright's selectors) cannot enter; the DevTools protocol can, and gives where each button is.
   */
  async function toastButtons(page: Page): Promise<{ name: string; x: number; y: number }[]> {
    const cdp = await page.context().newCDPSession(page);
    type DomNode = { nodeId: number; nodeName: string; nodeValue?: string; attributes?: string[]; children?: DomNode[]; shadowRoots?: DomNode[] };
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const found: DomNode[] = [];
    const walk = (n: DomNode, inToast: boolean) => {
      const toast = inToast || n.nodeName === 'PRACTICE-TRACKER-TOAST';
      if (toast && n.nodeName === 'BUTTON') found.push(n);
      for (const c of [...(n.children ?? []), ...(n.shadowRoots ?? [])]) walk(c, toast);
    };
    walk(root, false);
    const out = [];
    for (const b of found) {
      const attrs = b.attributes ?? [];
      const label = attrs[attrs.indexOf('aria-label') + 1];
      const name = attrs.includes('aria-label') && label ? label : (b.children ?? []).map((c) => c.nodeValue ?? '').join('');
      const { model } = (await cdp.send('DOM.getBoxModel', { nodeId: b.nodeId })) as { model: { content: number[] } };
      const [x1 = 0, y1 = 0, , , x3 = 0, y3 = 0] = model.content;
      out.push({ name, x: (x1 + x3) / 2, y: (y1 + y3) / 2 });
    }
    await cdp.detach();
    return out;
  }

  test.beforeAll(async () => {
    apiBase = String(test.info().project.use.baseURL);
    fixtures = await startFixtureServer({
      'leetcode.com/problems/two-sum/': 'leetcode/two-sum-submit.html',
      'POST leetcode.com/problems/two-sum/submit/': { json: [{ submission_id: 1 }] },
      'leetcode.com/submissions/detail/1/check/': { json: [fixtureJson('leetcode/check-pending.json'), fixtureJson('leetcode/check-accepted.json')] },
      'leetcode.com/problems/add-two-numbers/': 'leetcode/add-two-numbers.html',
    });
    ext = await launchWithExtension(fixtures.port);

    ({ token } = await signUpExtensionUser(ext, apiBase, 'Review', password));
  });

  test.afterAll(async () => {
    await ext.context.close();
    await fixtures.close();
  });

  test('the popup: a star shows on the badge, then "How was it?" on the solved problem rates it, and the API records it', async () => {
    const url = 'https://leetcode.com/problems/add-two-numbers/';
    const page = await ext.context.newPage();
    await page.goto(url);
    const popup = await openPopupFor(ext, 'https://leetcode.com/problems/add-two-numbers', 'Add Two Numbers');
    await expect(popup.getByTestId('workspace-state')).toHaveText('Not in your workspace');
    await expect(popup.getByTestId('review-rate')).toHaveCount(0);

    // A star puts the question in the review queue now: the badge counts it.
    await popup.getByRole('button', { name: 'Star', exact: true }).click();
    await expect(popup.getByTestId('toast')).toHaveText('Added to workspace and starred');
    await expect.poll(badge).toBe('1');

    await popup.getByRole('button', { name: 'Mark solved' }).click();
    await expect(popup.getByTestId('solved-state')).toHaveText('Solved');
    const row = popup.getByRole('region', { name: 'How was it?' });
    await expect(row.getByRole('button')).toHaveText(['Again', 'Hard', 'Good', 'Easy']);
    await row.getByRole('button', { name: 'Good' }).click();
    await expect(popup.getByTestId('review-result')).toHaveText(/^Review saved: next review in \d+ days?\.$/);
    // The API's answer gives the interval each rating would give now.
    await expect(row.getByRole('button', { name: /^Good · \d+(d|mo|y)$/ })).toBeVisible();

    const questionId = (await lookup(url)).data.question._id;
    await expect.poll(reviews).toBe(1);
    const due = await api<{ questions: { _id: string }[] }>('GET', `${R}/due?tz=UTC`);
    expect(due.data.questions.map((q) => q._id)).not.toContain(questionId);
    // Nothing is due any more: the badge is cleared, the popup says so.
    await expect.poll(badge).toBe('');
    await expect(popup.getByTestId('review-due')).toHaveText('Nothing due for review');
    await popup.close();
    await page.close();
  });

  test("off a problem page the popup shows today's goal, the streak and the number due, linking to the Review tab", async () => {
    const popup = await ext.context.newPage();
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html`);
    await expect(popup.getByText('Open a problem on LeetCode, Codeforces or another judge to track it.')).toBeVisible();
    // The same as the API says for the browser's own day.
    const timeZone = await popup.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    type Streak = { goal: { reviews: number; newProblems: number }; today: { reviews: number; newProblems: number }; current: number };
    const { goal, today, current } = (await api<Streak>('GET', `${R}/streak?tz=${encodeURIComponent(timeZone)}`)).data;
    expect(today).toMatchObject({ reviews: 1, newProblems: 1 });
    await expect(popup.getByTestId('review-today')).toHaveText(`Today: 1/${goal.reviews} reviews, 1/${goal.newProblems} new`);
    await expect(popup.getByTestId('review-streak')).toHaveText(`Streak: ${current} day${current === 1 ? '' : 's'}`);
    await expect(popup.getByRole('link', { name: 'Nothing due for review' })).toHaveAttribute('href', `${apiBase}/question-tracker?tab=review`);
    await popup.close();
  });

  test('after an Accepted verdict the toast asks how it went; a click rates the question', async () => {
    const page = await ext.context.newPage();
    await page.goto('https://leetcode.com/problems/two-sum/');
    await tabIdFor(ext.worker, 'https://leetcode.com/problems/two-sum');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('#result')).toHaveText('Accepted');
    const toast = page.locator('practice-tracker-toast');
    await expect(toast).toHaveAttribute('data-text', /Two Sum is marked solved/);
    await expect.poll(async () => (await lookup('https://leetcode.com/problems/two-sum/')).data.document?.checked).toBe(true);

    let buttons: Awaited<ReturnType<typeof toastButtons>> = [];
    await expect.poll(async () => (buttons = await toastButtons(page)).map((b) => b.name)).toEqual(['Again', 'Hard', 'Good', 'Easy', 'Close']);
    const before = await reviews();
    const easy = buttons.find((b) => b.name === 'Easy')!;
    await page.mouse.click(easy.x, easy.y);
    await expect(toast).toHaveAttribute('data-text', /^Review saved: next review in \d+ days?\.$/);
    await expect.poll(reviews).toBe(before + 1);
    // The buttons are gone: the page rates once.
    expect(await toastButtons(page)).toEqual([]);
    await page.close();
  });

  test('signing out clears the badge', async () => {
    // Something due again (the star of another question), shown by the popup's facts.
    const popup = await ext.context.newPage();
    const page = await ext.context.newPage();
    await page.goto('https://leetcode.com/problems/two-sum/');
    const tabId = await tabIdFor(ext.worker, 'https://leetcode.com/problems/two-sum');
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html?tabId=${tabId}`);
    await popup.evaluate(() => chrome.runtime.sendMessage({ type: 'record:set', problemUrl: 'https://leetcode.com/problems/add-two-numbers/', starred: false }));
    await popup.evaluate(() => chrome.runtime.sendMessage({ type: 'record:set', problemUrl: 'https://leetcode.com/problems/add-two-numbers/', starred: true }));
    await expect.poll(badge).not.toBe('');
    await popup.getByRole('button', { name: 'Sign out' }).click();
    await expect(popup.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect.poll(badge).toBe('');
    await popup.close();
    await page.close();
  });
});
