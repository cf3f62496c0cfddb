import { statSync } from 'node:fs';
import { CONTENT_SCRIPT_MAX_BYTES } from '../../extension/lib/budgets';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { matchPatterns } from '../../shared/platforms/index';
import { TAP_MESSAGE } from '../../extension/verdicts/leetcode';
import { syncHostPatterns } from '../../extension/sync/index';
import { contentScriptMatches, judgeMatches, leetcodeMatches } from '../../extension/lib/content-matches';
import type { RecordState } from '../../shared/schemas/message-replies';
import type { NotesPage, QuestionNotes } from '../../shared/schemas/note';
import type { Question } from '../../shared/schemas/question';
import type { Mapping, Sheet } from '../../shared/schemas/sheet';
import type { WorkspacePage } from '../../shared/schemas/workspace';
import { builtManifest, EXTENSION_DIR, fixtureJson, launchWithExtension, openPopupFor, signUpExtensionUser, startFixtureServer, tabIdFor } from './support/extension';

/** An API answer as the helper below hands it over. */
interface ApiAnswer<T> {
  status: number;
  data: T;
  message: string;
}
/** What search-question2 answers: the question, and the user's record of it (none for a problem the catalogue does not know). */
interface Lookup {
  question: Question;
  document?: RecordState | null;
}

/**
 * The extension's flows in Chromium with the built extension, against the API on a fresh database,
 * with saved judge pages (and the judges' JSON endpoints) served at their real host names.
 */
test.describe('the extension: popup actions, side-panel notes and auto-tick', () => {
  // The tests build on each other's state (one browser, one account): a retry starts the group again.
  test.describe.configure({ mode: 'serial' });
  let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
  let ext: Awaited<ReturnType<typeof launchWithExtension>>;
  let apiBase: string;
  let token: string;
  const password = 'extension-flows-1';

  /** A call to the API as the test's user (the same account the extension signed in with). */
  async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const res = await fetch(`${apiBase}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { status: { message: string }; data: T };
    return { status: res.status, data: json.data, message: json.status.message };
  }
  const lookup = (url: string) => api<Lookup>('GET', `/question-tracker/v1/question/search-question2?problemUrl=${encodeURIComponent(url)}`);

  test.beforeAll(async () => {
    apiBase = String(test.info().project.use.baseURL);
    fixtures = await startFixtureServer({
      'leetcode.com/problems/two-sum/': 'leetcode/two-sum-submit.html',
      'leetcode.com/problems/two-sum/editorial/': 'leetcode/two-sum-spa.html',
      'POST leetcode.com/problems/two-sum/submit/': { json: [{ submission_id: 1 }] },
      'leetcode.com/submissions/detail/1/check/': { json: [fixtureJson('leetcode/check-pending.json'), fixtureJson('leetcode/check-pending.json'), fixtureJson('leetcode/check-accepted.json')] },
      'POST leetcode.com/problems/two-sum/interpret_solution/': { json: [{ interpret_id: 'runcode_1717000000.123_abcdef' }] },
      'leetcode.com/submissions/detail/runcode_1717000000.123_abcdef/check/': { json: [fixtureJson('leetcode/check-runcode-accepted.json')] },
      'codeforces.com/problemset/status': 'codeforces/status-my.html',
      'leetcode.com/problems/x/': 'leetcode/cloudflare-challenge.html',
    });
    ext = await launchWithExtension(fixtures.port);

    ({ token } = await signUpExtensionUser(ext, apiBase, 'Flows', password));
  });

  test.afterAll(async () => {
    await ext.context.close();
    await fixtures.close();
  });

  test('the manifest asks for the judges, the local API and what the features need; each judge has its own small script', () => {
    const manifest = builtManifest() as {
      permissions: string[];
      host_permissions: string[];
      optional_host_permissions: string[];
      content_scripts: { matches: string[]; js: string[]; world?: string; run_at?: string }[];
      content_security_policy: { extension_pages: string };
    };
    expect(manifest.permissions.sort()).toEqual(['alarms', 'contextMenus', 'offscreen', 'sidePanel', 'storage']);
    // The problem hosts, the history sync's hosts (extension-sync.spec.ts) and the local API.
    expect(manifest.host_permissions.sort()).toEqual([...new Set([...matchPatterns(), ...syncHostPatterns(), 'http://localhost/*', 'http://127.0.0.1/*'])].sort());
    // One script per judge, on that judge's pages only; together they cover every judge's pages.
    const judges = manifest.content_scripts.filter((c) => !c.world);
    for (const [id, matches] of Object.entries(judgeMatches())) {
      const script = judges.find((c) => c.js.length === 1 && c.js[0] === `content-scripts/${id}.js`);
      expect(script?.matches.sort(), id).toEqual([...matches].sort());
      expect(statSync(join(EXTENSION_DIR, `content-scripts/${id}.js`)).size, id).toBeLessThan(CONTENT_SCRIPT_MAX_BYTES);
    }
    expect(judges.flatMap((c) => c.matches).sort()).toEqual(contentScriptMatches().sort());
    // The Firefox build (npm run build:extension makes both) keeps the same budget: its own code (the tap's loader) lives apart.
    const firefox = resolve('.output/firefox-mv2');
    for (const id of Object.keys(judgeMatches())) expect(statSync(join(firefox, `content-scripts/${id}.js`)).size, `Firefox ${id}`).toBeLessThan(CONTENT_SCRIPT_MAX_BYTES);
    const ffManifest = builtManifest(firefox) as { content_scripts: { matches: string[]; js: string[]; run_at?: string }[] };
    const loader = ffManifest.content_scripts.find((c) => c.js.includes('content-scripts/leetcode-tap.js'));
    expect(loader).toMatchObject({ run_at: 'document_start' });
    expect(loader?.matches.sort()).toEqual(leetcodeMatches().sort());
    const tap = manifest.content_scripts.find((c) => c.js.includes('content-scripts/leetcode-verdict.js'));
    expect(tap).toMatchObject({ world: 'MAIN', run_at: 'document_start' });
    expect(tap?.matches.sort()).toEqual(leetcodeMatches().sort());
    expect(manifest.content_security_policy.extension_pages).toBe("script-src 'self'; object-src 'none'");
  });

  test("the context menu item 'Add to My Workspace' exists for problem links", async () => {
    // update() fails for an item that was never created.
    const result = await ext.worker.evaluate(() =>
      chrome.contextMenus.update('add-to-workspace', { title: 'Add to My Workspace' }).then(
        () => 'exists',
        (err: unknown) => (err as Error).message,
      ),
    );
    expect(result).toBe('exists');
  });

  test('detects the problem; adds it to the workspace, stars it and adds it to a sheet from the popup', async () => {
    // A sheet of the user's own, with a topic and a subtopic.
    const slug = `ext-sheet-${Date.now()}`;
    const created = await api<{ sheet: Sheet }>('POST', '/question-tracker/v2/sheet/create-sheet', { name: 'Extension Sheet', slug });
    expect(created.status).toBe(201);
    const sheetId = created.data.sheet._id;
    expect((await api('POST', `/question-tracker/v2/sheet/add-topic/${sheetId}`, { topic: 'Arrays' })).status).toBeLessThan(300);
    expect((await api('POST', `/question-tracker/v2/sheet/add-subTopic/${sheetId}`, { topic: 'Arrays', subTopic: 'Hashing' })).status).toBeLessThan(300);

    const page = await ext.context.newPage();
    await page.goto('https://leetcode.com/problems/two-sum/');
    const popup = await openPopupFor(ext, 'https://leetcode.com/problems/two-sum', 'Two Sum');
    await expect(popup.getByTestId('problem-platform')).toHaveText('LeetCode');
    await expect(popup.getByText('Easy', { exact: true })).toBeVisible();
    await expect(popup.getByTestId('workspace-state')).toHaveText('Not in your workspace');

    await popup.getByRole('button', { name: 'Add to workspace' }).click();
    await expect(popup.getByTestId('toast')).toHaveText('Added to workspace');
    await expect(popup.getByTestId('workspace-state')).toHaveText('In your workspace');
    await expect(popup.getByTestId('solved-state')).toHaveText('Not solved yet');

    await popup.getByRole('button', { name: 'Star', exact: true }).click();
    await expect(popup.getByTestId('toast')).toHaveText('Starred');
    await expect(popup.getByTestId('starred-state')).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Unstar' })).toBeVisible();

    await popup.getByRole('button', { name: 'Add to sheet' }).click();
    const form = popup.getByRole('form', { name: 'Add to a sheet' });
    await form.getByLabel('Sheet', { exact: true }).selectOption({ label: 'Extension Sheet' });
    await expect(form.getByLabel('Topic', { exact: true })).toBeEnabled();
    await form.getByLabel('Topic', { exact: true }).selectOption('Arrays');
    await form.getByLabel('Subtopic', { exact: true }).selectOption('Hashing');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(popup.getByTestId('toast')).toHaveText('Question added successfully');
    await expect(popup.getByTestId('in-sheets')).toContainText('Extension Sheet');

    // The API agrees: a starred, unsolved record, and the question placed in the sheet's subtopic.
    const state = await lookup('https://leetcode.com/problems/two-sum/');
    expect(state.data.document).toMatchObject({ checked: false, starred: true });
    const sheet = await api<{ mappings: Mapping[] }>('GET', `/question-tracker/v2/sheet/get-sheet-data/${sheetId}`);
    expect(sheet.data.mappings).toEqual([expect.objectContaining({ topic: 'Arrays', subTopic: 'Hashing', questionId: expect.objectContaining({ name: 'Two Sum' }) })]);

    // The dashboard link opens the notes of this question.
    await expect(popup.getByRole('link', { name: 'Open in dashboard' })).toHaveAttribute(
      'href',
      `${apiBase}/question-tracker?tab=notes&questionId=${state.data.question._id}`,
    );
    await popup.close();
    await page.close();
  });

  test('writes a note in the side panel with autosave; the notes list of the API has it', async () => {
    const page = await ext.context.newPage();
    await page.goto('https://leetcode.com/problems/two-sum/');
    const tabId = await tabIdFor(ext.worker, 'https://leetcode.com/problems/two-sum');
    const panel = await ext.context.newPage();
    await expect(async () => {
      await panel.goto(`chrome-extension://${ext.extensionId}/sidepanel.html?tabId=${tabId}`);
      await expect(panel.getByTestId('panel-problem')).toHaveText('Two Sum', { timeout: 1500 });
    }).toPass({ timeout: 20_000 });

    await panel.getByRole('button', { name: 'Add New Note' }).click();
    await expect(panel.getByTestId('save-state')).toHaveText('Not saved yet');
    const editor = panel.getByRole('textbox', { name: 'Note' });
    await editor.click();
    await panel.getByRole('button', { name: 'Bold' }).click();
    await panel.keyboard.type('One pass');
    await panel.getByRole('button', { name: 'Bold' }).click();
    await panel.keyboard.type(' with a hash map of the values seen so far.');
    await expect(panel.getByTestId('save-state')).toHaveText('Saved', { timeout: 10_000 });
    await panel.getByLabel('Add a tag').fill('hashing');
    await panel.getByLabel('Add a tag').press('Enter');
    await expect(panel.getByTestId('save-state')).toHaveText(/Saving…|Saved/);
    await expect(panel.getByTestId('save-state')).toHaveText('Saved', { timeout: 10_000 });

    const questionId = (await lookup('https://leetcode.com/problems/two-sum/')).data.question._id;
    await expect
      .poll(async () => {
        const notes = (await api<QuestionNotes>('GET', `/question-tracker/v1/user/notes/get-question-notes/${questionId}`)).data.notes;
        return notes.map((n) => ({ title: n.title, note: n.note, tags: n.tags.map((t) => t.name) }));
      })
      .toEqual([{ title: 'Approach', note: '<p><strong>One pass</strong> with a hash map of the values seen so far.</p>', tags: ['hashing'] }]);
    // The dashboard's notes tab lists it too (its list comes from get-notes).
    const listed = await api<NotesPage>('GET', `/question-tracker/v1/user/notes/get-notes?questionId=${questionId}`);
    expect(listed.data.notes.map((n) => n.title)).toEqual(['Approach']);

    await panel.getByRole('button', { name: 'Done' }).click();
    await expect(panel.getByTestId('note-item')).toHaveCount(1);
    await expect(panel.getByTestId('note-item').locator('strong')).toHaveText('One pass');

    // The popup counts it.
    const popup = await openPopupFor(ext, 'https://leetcode.com/problems/two-sum', 'Two Sum');
    await expect(popup.getByTestId('notes-count')).toHaveText('1 note');
    await popup.close();
    await panel.close();
    await page.close();
  });

  test('an Accepted submission on LeetCode ticks the question (a "Run" does not)', async () => {
    const before = (await lookup('https://leetcode.com/problems/two-sum/')).data.document;
    expect(before?.checked ?? false).toBe(false);
    const page = await ext.context.newPage();
    await page.goto('https://leetcode.com/problems/two-sum/');
    await tabIdFor(ext.worker, 'https://leetcode.com/problems/two-sum');

    // Every verdict the page-world tap reports to the content script, in order.
    await page.evaluate((type) => {
      const w = window as unknown as { verdicts: string[] };
      w.verdicts = [];
      window.addEventListener('message', (e: MessageEvent<{ type?: unknown; submissionId?: unknown } | null>) => {
        if (e.data?.type === type) w.verdicts.push(String(e.data.submissionId));
      });
    }, TAP_MESSAGE);
    const reported = () => page.evaluate(() => (window as unknown as { verdicts: string[] }).verdicts);

    await page.getByRole('button', { name: 'Run' }).click();
    await expect(page.locator('#result')).toHaveText('Run: Accepted');

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('#result')).toHaveText('Accepted');
    await expect(page.locator('practice-tracker-toast')).toHaveAttribute('data-text', /Two Sum is marked solved/);
    await expect
      .poll(async () => (await lookup('https://leetcode.com/problems/two-sum/')).data.document)
      .toMatchObject({ checked: true, starred: before?.starred ?? false });
    // The Run's check was answered before the submission's: had it been taken for a verdict, it would be listed first.
    expect(await reported()).toEqual(['1']);
    await page.close();
  });

  test("a Codeforces status page ticks the user's own Accepted submissions, and nobody else's", async () => {
    // The extension's user is pt_tester on Codeforces in the saved page.
    const page = await ext.context.newPage();
    await page.goto('https://codeforces.com/problemset/status?my=on');
    await expect(page.locator('practice-tracker-toast').first()).toHaveAttribute('data-text', /marked solved/);
    await expect.poll(async () => (await lookup('https://codeforces.com/problemset/problem/4/A')).data.document?.checked ?? false).toBe(true);
    // The running submission is judged Accepted on the page a moment later.
    await expect.poll(async () => (await lookup('https://codeforces.com/problemset/problem/1/B')).data.document?.checked ?? false, { timeout: 15_000 }).toBe(true);
    // Another user's Accepted row, a team's, and a rejected one: not in the workspace.
    for (const url of ['https://codeforces.com/problemset/problem/71/A', 'https://codeforces.com/problemset/problem/158/A', 'https://codeforces.com/problemset/problem/231/A']) {
      expect((await lookup(url)).data.document ?? null, url).toBeNull();
    }
    // A reload reports the same submissions again: nothing is ticked twice.
    const before = await api<WorkspacePage>('GET', '/question-tracker/v1/user/question/get-questions?pageSize=100');
    await page.reload();
    await expect(page.locator('tr[data-submission-id="250000002"] [submissionVerdict="OK"]')).toBeAttached();
    // Then a later Accepted submission of 231A, reported after the repeats: once it is ticked, they were answered.
    await page.evaluate(() => {
      const own = document.querySelector('tr[data-submission-id="250000005"]')!;
      const row = own.cloneNode(true) as HTMLElement;
      row.setAttribute('data-submission-id', '250000006');
      row.innerHTML = own.innerHTML.replaceAll('250000005', '250000006').replaceAll('/4/', '/231/').replace('4A - Watermelon', '231A - Team');
      own.parentElement!.append(row);
    });
    const team = 'https://codeforces.com/problemset/problem/231/A';
    await expect.poll(async () => (await lookup(team)).data.document?.checked ?? false).toBe(true);
    const after = await api<WorkspacePage>('GET', '/question-tracker/v1/user/question/get-questions?pageSize=100');
    const updated = (p: WorkspacePage) => new Map(p.questions.map((q) => [q._id, q.updatedAt]));
    const was = updated(before.data);
    const now = updated(after.data);
    expect(now.size).toBe(was.size + 1);
    expect([...was.keys()].map((id) => now.get(id))).toEqual([...was.values()]);
    await page.close();
  });

  test('follows a single-page move to another problem', async () => {
    const page = await ext.context.newPage();
    await page.goto('https://leetcode.com/problems/two-sum/editorial/');
    const popup = await openPopupFor(ext, 'https://leetcode.com/problems/two-sum/editorial', 'Two Sum');
    const tabId = await tabIdFor(ext.worker, 'https://leetcode.com/problems/two-sum/editorial');
    // Every problem the background keeps for the tab from now on, in order.
    await ext.worker.evaluate((key) => {
      const g = globalThis as unknown as { tabWrites: unknown[] };
      g.tabWrites = [];
      chrome.storage.session.onChanged.addListener((changes) => {
        if (changes[key]) g.tabWrites.push(changes[key].newValue ?? null);
      });
    }, `tab:${tabId}`);
    await page.getByRole('link', { name: 'Next problem' }).click();
    await expect(page).toHaveURL('https://leetcode.com/problems/add-two-numbers/description/');
    await expect(async () => {
      await popup.goto(`chrome-extension://${ext.extensionId}/popup.html?tabId=${tabId}`);
      await expect(popup.getByTestId('problem-name')).toHaveText('Add Two Numbers', { timeout: 500 });
      // Well before the slow safety-net poll (5 s): the move itself is noticed.
    }).toPass({ timeout: 4_000 });
    // The page shows Two Sum for a moment after the URL changed: never kept as the new problem.
    const writes = (await ext.worker.evaluate(() => (globalThis as unknown as { tabWrites: unknown[] }).tabWrites)) as ({ key: string; name: string | null } | null)[];
    expect(writes.filter((p) => p?.key === 'add-two-numbers').map((p) => p?.name)).not.toContain('Two Sum');
    expect(writes.at(-1)).toMatchObject({ key: 'add-two-numbers', name: 'Add Two Numbers' });
    await expect(popup.getByText('Medium', { exact: true })).toBeVisible();
    await popup.close();
    await page.close();
  });

  test('a bot check served at a problem URL is the problem from its URL alone: no name read, nothing enriched', async () => {
    const url = 'https://leetcode.com/problems/x/';
    // The user's own question for it, with nothing but a name: the API would fill in a level and topics.
    expect((await api('POST', '/question-tracker/v1/user/question/solve-question', { custom: { name: 'My X', problemUrl: url } })).status).toBeLessThan(300);
    const page = await ext.context.newPage();
    await page.goto(url);
    await expect(page).toHaveTitle('Just a moment...');
    const tabId = await tabIdFor(ext.worker, url);
    // The visit's lookup is kept (it is not when the visit enriched the question).
    const kept = () => ext.worker.evaluate(async (key) => (await chrome.storage.session.get(key))[key] ?? null, `lookup:${tabId}`);
    await expect.poll(kept).toMatchObject({ url, lookup: { status: 'found' } });
    const stored = await ext.worker.evaluate(async (key) => (await chrome.storage.session.get(key))[key] ?? null, `tab:${tabId}`);
    expect(stored).toEqual({ platform: 'leetcode', key: 'x', url, name: null, difficulty: null, topics: [] });
    const popup = await openPopupFor(ext, url, 'My X');
    await expect(popup.getByText('Just a moment...')).toHaveCount(0);
    await expect(popup.getByText('Easy', { exact: true })).toHaveCount(0);
    // The page's bait (a level chip, a tag, a problem link) never reached the catalogue.
    const question = (await lookup(url)).data.question;
    expect(question.name).toBe('My X');
    expect(question.difficulty).not.toBe('Easy');
    expect(question.topics).toEqual([]);
    await popup.close();
    await page.close();
  });

  test('the popup opens on the lookup kept from the visit, then shows what the tracker says now', async () => {
    const url = 'https://leetcode.com/problems/two-sum/';
    const page = await ext.context.newPage();
    await page.goto(url);
    const tabId = await tabIdFor(ext.worker, url);
    // The signed-in visit looks the problem up once and keeps the answer for the tab.
    const kept = () => ext.worker.evaluate(async (key) => (await chrome.storage.session.get(key))[key] ?? null, `lookup:${tabId}`);
    await expect.poll(kept).toMatchObject({ url, lookup: { status: 'found', document: { starred: true } } });
    // Unstarred elsewhere (the dashboard): the kept answer does not know it, the popup must find out.
    const record = (await lookup(url)).data.document!;
    expect((await api('PATCH', `/question-tracker/v1/user/question/update-question/${record._id}`, { starred: false })).status).toBe(200);
    const popup = await ext.context.newPage();
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html?tabId=${tabId}`);
    await expect(popup.getByRole('button', { name: 'Star', exact: true })).toBeVisible();
    await expect(popup.getByTestId('starred-state')).toHaveCount(0);
    await expect(popup.getByTestId('workspace-state')).toHaveText('In your workspace');
    await expect.poll(kept).toMatchObject({ lookup: { document: { starred: false } } });
    await popup.close();
    await page.close();
  });

  test("off a problem page the popup shows the account and today's solved count", async () => {
    const popup = await ext.context.newPage();
    await popup.goto(`chrome-extension://${ext.extensionId}/popup.html`);
    await expect(popup.getByText('Open a problem on LeetCode, Codeforces or another judge to track it.')).toBeVisible();
    // Two Sum, 4A and 1B were solved today in the tests above.
    await expect(popup.getByTestId('today-solved')).toHaveText(/Solved today: [1-9]/);
    await expect(popup.getByRole('link', { name: 'Open dashboard' })).toHaveAttribute('href', `${apiBase}/question-tracker`);
    await popup.close();
  });
});
