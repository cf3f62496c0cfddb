import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loadXssPayloads, type XssPayload } from '../fixtures/xss/check';
import { reportSecurity } from '../security/report';

const NOTES = '/question-tracker/v1/user/notes';

interface NoteLite {
  _id: string;
  title: string;
  questionId: { _id: string } | null;
}

async function signup(request: APIRequestContext, name: string): Promise<string> {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await request.post('/auth/v1/signup', { data: { email, password: 'correct horse battery', firstName: name } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(path, { method, data, headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { status: { success: boolean; message: string }; data: T };
  expect(body.status.success, `${method} ${path}: ${body.status.message}`).toBe(true);
  return body.data;
}

async function questionId(request: APIRequestContext, url: string): Promise<string> {
  const res = await request.get(`/question-tracker/v1/question/search-question2?problemUrl=${encodeURIComponent(url)}`);
  return ((await res.json()) as { data: { question: { _id: string } } }).data.question._id;
}

async function createNote(request: APIRequestContext, token: string, body: Record<string, unknown>): Promise<NoteLite> {
  return (await api<{ note: NoteLite }>(request, token, 'POST', `${NOTES}/create-note`, body)).note;
}

const deepLink = (n: NoteLite) => `/question-tracker?tab=notes${n.questionId ? `&questionId=${n.questionId._id}` : ''}&noteId=${n._id}`;

/** Signs the page in with a token made through the API (the login popup is covered by account.spec.ts). */
async function signIn(page: Page, token: string) {
  await page.addInitScript((t) => localStorage.setItem('pt.token', t), token);
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Note' });
const panel = (page: Page) => page.getByRole('region', { name: 'Note' });
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Notes list' });
const discardDialog = (page: Page) => page.getByRole('dialog', { name: 'Discard changes?' });

test('write a general note with the editor, edit it, and cancel unsaved changes with a confirmation', async ({ page, request }) => {
  await signIn(page, await signup(request, 'Writer'));
  await page.goto('/question-tracker?tab=notes');
  await expect(page.getByRole('heading', { name: 'Question Notes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'General Notes' })).toBeVisible();
  await expect(sidebar(page).getByText('No Questions found')).toBeVisible();
  await expect(sidebar(page).getByText('No Notes found')).toBeVisible();

  await page.getByRole('button', { name: 'New', exact: true }).click();
  const title = page.getByLabel('Title');
  await expect(title).toHaveValue('Approach');
  await expect(editor(page)).toBeVisible();

  // A new note's cancel asks, even untouched.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(discardDialog(page)).toBeVisible();
  await discardDialog(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(discardDialog(page)).toBeHidden();

  // The spec's messages, before anything reaches the server.
  await title.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Title cannot be empty')).toBeVisible();
  await title.fill('Two pointers');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note cannot be empty')).toBeVisible();

  // Toolbar: headings, bold, lists and code blocks, keyboard reachable with aria-pressed.
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await editor(page).click();
  await toolbar.getByRole('button', { name: 'Heading 2' }).click();
  await expect(toolbar.getByRole('button', { name: 'Heading 2' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Idea');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Sort first');
  await expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Bullet list' }).click();
  await page.keyboard.type('left from the start');
  await page.keyboard.press('Enter');
  await page.keyboard.type('right from the end');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  // Keyboard only: focus the toolbar, move with the arrow keys, press Enter.
  await toolbar.getByRole('button', { name: 'Bold' }).focus();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: 'Link' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(toolbar.getByRole('button', { name: 'Code block' })).toBeFocused();
  await page.keyboard.press('Enter');
  // The editor takes the focus back at the next frame (TipTap's focus command), as a person would see.
  await expect(editor(page)).toBeFocused();
  await page.keyboard.type('while (l < r) l++;');

  const tagInput = page.getByLabel('Tags');
  await tagInput.fill('arrays');
  await tagInput.press('Enter');
  await tagInput.fill('Arrays');
  await tagInput.press('Enter');
  await expect(page.getByText('This tag already exists')).toBeVisible();
  await tagInput.fill('');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note created')).toBeVisible();
  await expect(page).toHaveURL(/tab=notes&noteId=[0-9a-f-]{36}$/);
  const body = panel(page).locator('.note-body');
  await expect(panel(page).getByRole('heading', { name: 'Two pointers' })).toBeVisible();
  await expect(body.locator('h2')).toHaveText('Idea');
  await expect(body.locator('strong')).toHaveText('Sort first');
  await expect(body.locator('ul > li')).toHaveText(['left from the start', 'right from the end']);
  await expect(body.locator('pre code')).toHaveText('while (l < r) l++;');
  await expect(body.locator('pre')).toHaveCSS('font-family', /mono|Menlo|Consolas|Courier/i);
  await expect(panel(page).getByRole('list', { name: 'Tags' })).toHaveText('#arrays');
  await expect(sidebar(page).getByRole('link', { name: /Two pointers/ })).toHaveAttribute('aria-current', 'page');

  // Edit, change, cancel: asks; Discard keeps the saved note.
  await panel(page).getByRole('button', { name: 'Edit' }).click();
  await title.fill('Changed title');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(discardDialog(page)).toBeVisible();
  await discardDialog(page).getByRole('button', { name: 'Discard' }).click();
  await expect(panel(page).getByRole('heading', { name: 'Two pointers' })).toBeVisible();

  // Edit without changes: cancel does not ask.
  await panel(page).getByRole('button', { name: 'Edit' }).click();
  await expect(editor(page)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(discardDialog(page)).toBeHidden();
  await expect(panel(page).getByRole('heading', { name: 'Two pointers' })).toBeVisible();

  // Edit and save; a link gets rel and target.
  await panel(page).getByRole('button', { name: 'Edit' }).click();
  await title.fill('Two pointers, revised');
  await editor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Link' }).click();
  await page.getByLabel('Link URL').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Enter a link starting with http://, https:// or mailto:')).toBeVisible();
  await page.getByLabel('Link URL').fill('leetcode.com/problems/3sum/');
  await page.getByLabel('Link URL').press('Enter');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note saved')).toBeVisible();
  await expect(panel(page).getByRole('heading', { name: 'Two pointers, revised' })).toBeVisible();
  const link = body.getByRole('link', { name: 'https://leetcode.com/problems/3sum/' });
  await expect(link).toHaveAttribute('href', 'https://leetcode.com/problems/3sum/');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(sidebar(page).getByRole('link', { name: /Two pointers, revised/ })).toBeVisible();
});

test('question notes: deep links, a question without notes, previous / next, tag filter and search', async ({ page, request }) => {
  const token = await signup(request, 'Reader');
  const twoSum = await questionId(request, 'https://leetcode.com/problems/two-sum/');
  const watermelon = await questionId(request, 'https://codeforces.com/contest/4/problem/A');
  await signIn(page, token);

  // A question with no notes yet: its name, its link and 'Add New Note'.
  await page.goto(`/question-tracker?tab=notes&questionId=${twoSum}`);
  await expect(panel(page).getByText('Two Sum', { exact: true })).toBeVisible();
  await expect(panel(page).getByRole('link', { name: 'Open problem' })).toHaveAttribute('href', 'https://leetcode.com/problems/two-sum/');
  await panel(page).getByRole('button', { name: 'Add New Note' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Approach');
  await editor(page).click();
  await page.keyboard.type('Hash map of complements');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`questionId=${twoSum}&noteId=[0-9a-f-]{36}`));
  await expect(sidebar(page).getByRole('link', { name: 'Two Sum' })).toBeVisible();

  // More notes through the API: a second note on Two Sum, one on Watermelon, two general notes.
  const second = await createNote(request, token, { questionId: twoSum, title: 'Brute force', note: '<p>Two loops</p>', tags: ['arrays'] });
  const melon = await createNote(request, token, { questionId: watermelon, title: 'Parity', note: '<p>Even weight above two</p>', tags: ['math'] });
  const g1 = await createNote(request, token, { title: 'Graph checklist', note: '<ul><li>visited set</li></ul>', tags: ['graphs'] });
  const g2 = await createNote(request, token, { title: 'DP checklist', note: '<p>state, transition, base case</p>', tags: ['dp'] });

  // Deep link to a general note (noteId alone) and to a question note (questionId + noteId, or subNote).
  await page.goto(deepLink(g1));
  await expect(panel(page).getByRole('heading', { name: 'Graph checklist' })).toBeVisible();
  await page.goto(`/question-tracker?tab=notes&questionId=${twoSum}&subNote=${second._id}`);
  await expect(panel(page).getByRole('heading', { name: 'Brute force' })).toBeVisible();
  // Both notes of the question, as tabs.
  const tabs = panel(page).getByRole('navigation', { name: 'Notes on Two Sum' });
  await expect(tabs.getByRole('link')).toHaveText(['Approach', 'Brute force']);

  // Previous / next walk the list: question notes by question, then general notes.
  await page.goto(deepLink(melon));
  await expect(panel(page).getByRole('heading', { name: 'Parity' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous note' })).toBeDisabled();
  await expect(page.getByText('1 of 5')).toBeVisible();
  const expected = ['Approach', 'Brute force', 'DP checklist', 'Graph checklist'];
  await page.getByRole('button', { name: 'Next note' }).click();
  await expect(panel(page).getByRole('heading', { name: expected[0], exact: true })).toBeVisible();
  // The keyboard stays on the button, so Enter walks on.
  await expect(page.getByRole('button', { name: 'Next note' })).toBeFocused();
  for (const name of expected.slice(1)) {
    await page.keyboard.press('Enter');
    await expect(panel(page).getByRole('heading', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Next note' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Previous note' })).toBeFocused();
  await page.getByRole('button', { name: 'Previous note' }).click();
  await expect(panel(page).getByRole('heading', { name: 'DP checklist' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`tab=notes&noteId=${g2._id}$`));

  // Unsaved changes stop previous / next until confirmed.
  await panel(page).getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Title').fill('DP checklist (draft)');
  await page.getByRole('button', { name: 'Next note' }).click();
  await expect(discardDialog(page)).toBeVisible();
  await discardDialog(page).getByRole('button', { name: 'Discard' }).click();
  await expect(panel(page).getByRole('heading', { name: 'Graph checklist' })).toBeVisible();

  // Tag filter.
  await page.getByLabel('Filter by tag').selectOption({ label: '#math (1)' });
  await expect(sidebar(page).getByRole('link', { name: 'Watermelon' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Two Sum' })).toBeHidden();
  await expect(sidebar(page).getByText('No Notes found')).toBeVisible();
  await page.getByLabel('Filter by tag').selectOption({ label: '#graphs (1)' });
  await expect(sidebar(page).getByText('No Questions found')).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: /Graph checklist/ })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: /DP checklist/ })).toBeHidden();
  await page.getByRole('button', { name: 'Clear filters' }).click();

  // Search titles and bodies.
  await page.getByLabel('Search notes').fill('complements');
  await expect(sidebar(page).getByRole('link', { name: 'Approach' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Brute force' })).toBeHidden();
  await expect(sidebar(page).getByText('No Notes found')).toBeVisible();
  await page.getByLabel('Search notes').fill('checklist');
  await expect(sidebar(page).getByText('No Questions found')).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: /checklist/ })).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(sidebar(page).getByRole('link', { name: 'Brute force' })).toBeVisible();

  // Not a question: the spec's message.
  await page.goto('/question-tracker?tab=notes&questionId=not-a-real-question');
  await expect(panel(page).getByRole('heading', { name: 'Cannot open notes for this question' })).toBeVisible();
  await page.goto('/question-tracker?tab=notes&questionId=00000000-0000-4000-8000-000000000000');
  await expect(panel(page).getByRole('heading', { name: 'Cannot open notes for this question' })).toBeVisible();

  // Someone else's note does not open.
  const stranger = await signup(request, 'Stranger');
  const theirs = await createNote(request, stranger, { title: 'Not yours', note: '<p>secret</p>' });
  await page.goto(deepLink(theirs));
  await expect(panel(page).getByRole('heading', { name: 'No Notes found' })).toBeVisible();
  await expect(page.getByText('secret')).toBeHidden();
});

test('search and tag filter live in the URL: they survive a reload and next, and Clear filters empties them', async ({ page, request }) => {
  const token = await signup(request, 'Filterer');
  await createNote(request, token, { title: 'Graph checklist', note: '<p>visited set</p>', tags: ['graphs'] });
  await createNote(request, token, { title: 'Graph theory reading', note: '<p>a book</p>', tags: ['reading'] });
  await createNote(request, token, { title: 'Graph coloring', note: '<p>greedy</p>', tags: ['graphs'] });
  await createNote(request, token, { title: 'DP checklist', note: '<p>state</p>', tags: ['dp'] });
  await signIn(page, token);
  await page.goto('/question-tracker?tab=notes');
  await expect(sidebar(page).getByRole('link', { name: /DP checklist/ })).toBeVisible();

  // Typing settles into the URL (replacing the entry); the tag is a new entry.
  await page.getByLabel('Search notes').fill('graph');
  await expect(page).toHaveURL(/[?&]q=graph(&|$)/);
  await expect(sidebar(page).getByRole('link', { name: /Graph/ })).toHaveCount(3);
  await page.getByLabel('Filter by tag').selectOption({ label: '#graphs (2)' });
  await expect(page).toHaveURL(/[?&]tag=[^&]+/);
  const tag = new URL(page.url()).searchParams.get('tag');
  await expect(sidebar(page).getByRole('link', { name: /Graph/ })).toHaveCount(2);
  await page.goBack();
  await expect(page).toHaveURL(/\?tab=notes&q=graph$/);
  await expect(sidebar(page).getByRole('link', { name: /Graph/ })).toHaveCount(3);
  await page.goForward();
  await expect(page.getByLabel('Filter by tag')).toHaveValue(tag ?? '');

  // Opening a note keeps the filters; a reload restores them.
  await sidebar(page).getByRole('link', { name: /Graph coloring/ }).click();
  await expect(panel(page).getByRole('heading', { name: 'Graph coloring' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`noteId=[0-9a-f-]{36}&q=graph&tag=${tag}$`));
  await page.reload();
  await expect(panel(page).getByRole('heading', { name: 'Graph coloring' })).toBeVisible();
  await expect(page.getByLabel('Search notes')).toHaveValue('graph');
  await expect(page.getByLabel('Filter by tag')).toHaveValue(tag ?? '');
  await expect(sidebar(page).getByRole('link', { name: /Graph/ })).toHaveCount(2);
  await expect(sidebar(page).getByRole('link', { name: /DP checklist/ })).toBeHidden();
  await expect(page.getByText('1 of 2')).toBeVisible();

  // Next walks the filtered list and keeps the filters.
  await page.getByRole('button', { name: 'Next note' }).click();
  await expect(panel(page).getByRole('heading', { name: 'Graph checklist' })).toBeVisible();
  await expect(page.getByText('2 of 2')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`noteId=[0-9a-f-]{36}&q=graph&tag=${tag}$`));

  // Clear filters empties the URL's filters and the box, and keeps the open note.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\?tab=notes&noteId=[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Search notes')).toHaveValue('');
  await expect(page.getByLabel('Filter by tag')).toHaveValue('');
  await expect(sidebar(page).getByRole('link', { name: /DP checklist/ })).toBeVisible();
  await expect(panel(page).getByRole('heading', { name: 'Graph checklist' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeHidden();
});

test.describe('the XSS corpus executes nothing in the notes tab', () => {
  // Without the page's CSP, so that only sanitising stands between a payload and execution.
  test.use({ bypassCSP: true });
  test.setTimeout(420_000);

  const payloads = loadXssPayloads();

  async function prepare(page: Page): Promise<string[]> {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(`${d.type()}: ${d.message()}`);
      void d.dismiss();
    });
    await page.addInitScript(() => {
      (window as unknown as Record<string, unknown>).alert = () => {
        (window as unknown as Record<string, unknown>).__xss = 'alert';
      };
    });
    return dialogs;
  }

  /**
   * Proves the check can see execution here: a handler added outside the sanitiser does run. Added
   * last, with an image the server fails to serve as the payloads' `src=x` ones, it also marks the
   * moment by which any handler of the last note shown would have run.
   */
  async function control(page: Page, src = 'data:,') {
    await page.evaluate((s) => {
      const w = window as unknown as Record<string, unknown>;
      delete w.__xssControl;
      const probe = document.createElement('div');
      const img = document.createElement('img');
      img.setAttribute('onerror', 'window.__xssControl = 1');
      img.src = s;
      probe.append(img);
      document.body.append(probe);
    }, src);
    await expect.poll(() => page.evaluate(() => (window as unknown as Record<string, unknown>).__xssControl)).toBe(1);
    // Handlers run on the frame after the events that fire them (focus, animation start).
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  }

  /**
   * Opens every note in turn and counts the payloads that ran script (the flag is cleared after each, so
   * one payload cannot hide another) and the dangerous markup left in the rendered note.
   */
  async function walk(page: Page, first: NoteLite, notesInOrder: XssPayload[], editSome: boolean) {
    await page.goto(deepLink(first));
    await control(page);
    const executed: string[] = [];
    const unsafeMarkup: string[] = [];
    const takeFlag = async (id: string) => {
      const value = await page.evaluate(() => {
        const w = window as unknown as Record<string, unknown>;
        const v = w.__xss;
        delete w.__xss;
        return v;
      });
      if (value !== undefined) executed.push(id);
    };
    for (const [i, p] of notesInOrder.entries()) {
      if (i > 0) await page.getByRole('button', { name: 'Next note' }).click();
      await expect(panel(page).getByRole('heading', { name: p.id, exact: true }), p.id).toBeVisible();
      // Hover the note (for mouseover payloads), then inspect the DOM.
      const box = await panel(page).locator('.note-body').boundingBox();
      if (box) await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 20));
      const found = await panel(page)
        .locator('.note-body')
        .evaluate((el) => {
          const bad: string[] = [];
          for (const node of el.querySelectorAll('*')) {
            const tag = node.tagName.toLowerCase();
            if (['script', 'style', 'iframe', 'object', 'embed', 'form', 'base', 'meta', 'link', 'svg', 'math', 'template', 'img', 'input'].includes(tag)) bad.push(`<${tag}>`);
            for (const a of node.getAttributeNames()) {
              if (a.startsWith('on')) bad.push(`${tag}[${a}]`);
              // eslint-disable-next-line no-control-regex -- control characters are stripped on purpose before the scheme is read
              const v = (node.getAttribute(a) ?? '').replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
              if (/^(javascript|data|vbscript):/.test(v)) bad.push(`${tag}[${a}=${v.slice(0, 30)}]`);
              if (['id', 'name', 'style', 'srcdoc'].includes(a)) bad.push(`${tag}[${a}]`);
            }
            if (tag === 'a' && node.getAttribute('rel') !== 'noopener noreferrer') bad.push('a without rel');
          }
          return bad;
        });
      unsafeMarkup.push(...found.map((f) => `${p.id}: ${f}`));
      await takeFlag(p.id);
      if (editSome && p.category === 'mxss') {
        await panel(page).getByRole('button', { name: 'Edit' }).click();
        await expect(editor(page)).toBeVisible();
        await takeFlag(`${p.id} in the editor`);
        await page.getByRole('button', { name: 'Cancel' }).click();
        await expect(panel(page).getByRole('button', { name: 'Edit' })).toBeVisible();
      }
    }
    await control(page, 'x');
    await takeFlag('late');
    return { executed, unsafeMarkup };
  }

  async function storeCorpus(request: APIRequestContext, token: string) {
    const created: NoteLite[] = [];
    for (const p of payloads) created.push(await createNote(request, token, { title: p.id, note: `<p>payload ${p.id}</p>${p.html}`, tags: ['xss'] }));
    // General notes are listed newest first.
    return { first: created[created.length - 1]!, order: [...payloads].reverse() };
  }

  test('stored through the API and opened one by one', async ({ page, request }) => {
    const dialogs = await prepare(page);
    const token = await signup(request, 'Xss');
    const { first, order } = await storeCorpus(request, token);
    await signIn(page, token);
    const { executed, unsafeMarkup } = await walk(page, first, order, true);
    reportSecurity({ check: 'XSS corpus, stored and shown', cases: payloads.length, payloadsExecuted: executed.length + dialogs.length }, 'chromium');
    expect(executed).toEqual([]);
    expect(unsafeMarkup).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  test('served raw (as if the stored copy were unsafe): the browser-side sanitiser alone holds', async ({ page, request }) => {
    const dialogs = await prepare(page);
    const token = await signup(request, 'XssRaw');
    const { first, order } = await storeCorpus(request, token);
    const raw = new Map(payloads.map((p) => [p.id, `<p>payload ${p.id}</p>${p.html}`]));
    // Replace each note's stored (server-sanitised) HTML with the raw payload before the page sees it.
    await page.route('**/question-tracker/v1/user/notes/get-note/**', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { data: { note: { title: string; note: string } } };
      json.data.note.note = raw.get(json.data.note.title) ?? json.data.note.note;
      await route.fulfill({ response, json });
    });
    await signIn(page, token);
    const { executed, unsafeMarkup } = await walk(page, first, order, true);
    reportSecurity({ check: 'XSS corpus, served raw', cases: payloads.length, payloadsExecuted: executed.length + dialogs.length }, 'chromium');
    expect(executed).toEqual([]);
    expect(unsafeMarkup).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});

test('linked questions are picked from a combobox: arrows and Enter pick, Escape closes the list, leaving the box picks nothing', async ({ page, request }) => {
  await signIn(page, await signup(request, 'Linker'));
  await page.goto('/question-tracker?tab=notes');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByLabel('Title').fill('Greedy warm-ups');
  await editor(page).click();
  await page.keyboard.type('Parity first.');

  const box = page.getByRole('combobox', { name: 'Linked questions' });
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  const linked = page.getByRole('list', { name: 'Linked questions' });
  await box.fill('watermel');
  await expect(suggestions.getByRole('option', { name: /Watermelon/ })).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  // Tab away: the list closes and nothing is linked; the text stays.
  await page.keyboard.press('Tab');
  await expect(suggestions).toBeHidden();
  await expect(linked).toHaveCount(0);
  await expect(box).toHaveValue('watermel');

  // Escape closes the list and leaves the note being written.
  await box.fill('watermelo');
  await expect(suggestions.getByRole('option', { name: /Watermelon/ })).toBeVisible();
  await box.press('Escape');
  await expect(suggestions).toBeHidden();
  await expect(editor(page)).toBeVisible();

  // Typing opens it again; the first suggestion is active, Enter links it and empties the box.
  await box.fill('watermelon');
  const option = suggestions.getByRole('option', { name: /Watermelon/ });
  await expect(option).toBeVisible();
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
  await box.press('Enter');
  await expect(linked.getByRole('listitem')).toHaveCount(1);
  await expect(linked.getByRole('listitem')).toContainText('Watermelon');
  await expect(box).toHaveValue('');
  // A question already linked is not offered again.
  await box.fill('watermelon');
  await expect(suggestions.getByText('No Questions found')).toBeVisible();
  await box.fill('');
  await expect(suggestions).toBeHidden();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Note created')).toBeVisible();
});
