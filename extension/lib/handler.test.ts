import { describe, expect, it } from 'vitest';
import { addLinkToWorkspace, handleMessage, VERDICT_MESSAGES } from './handler';
import { LOOKUP_KEEP_MS, readKeptState } from './kept-state';
import { reader, setup, signIn } from './test-support';

const page = { id: 'ext-id', url: 'chrome-extension://ext-id/popup.html' };
const content = (tabId: number, url = 'https://leetcode.com/problems/two-sum/') => ({ id: 'ext-id', url, tab: { id: tabId } });
const problem = { platform: 'leetcode', key: 'two-sum', url: 'https://leetcode.com/problems/two-sum/', name: 'Two Sum', difficulty: 'Easy', topics: ['Array'] };
const verdict = (problemUrl = 'https://leetcode.com/problems/two-sum/', submissionId = '101', source: 'leetcode' | 'codeforces' = 'leetcode') => ({
  type: 'verdict:accepted',
  verdict: { source, problemUrl, submissionId },
});

describe('background message handling', () => {
  it('treats an extension page opened in a tab as an extension page', async () => {
    const { deps } = setup();
    const reply = await handleMessage({ type: 'auth:status' }, { ...page, tab: { id: 4 } }, deps);
    expect(reply).toEqual({ ok: true, data: { signedIn: false, user: null } });
  });

  it('refuses messages from another extension, and content messages without a tab', async () => {
    const { deps } = setup();
    expect(await handleMessage({ type: 'auth:status' }, { id: 'someone-else', url: page.url }, deps)).toEqual({ ok: false, error: 'Unknown sender' });
    expect(await handleMessage({ type: 'problem:none' }, { id: 'ext-id', url: 'https://leetcode.com/' }, deps)).toEqual({ ok: false, error: 'Unknown sender' });
  });

  it('stores what a content script detected for its own tab only, and tells the pages', async () => {
    const { deps, session } = setup();
    expect(await handleMessage({ type: 'problem:detected', problem }, content(7), deps)).toEqual({ ok: true, data: null });
    expect(session.data.get('tab:7')).toEqual(problem);
    expect(deps.broadcast).toHaveBeenCalledWith({ type: 'problem:changed', tabId: 7 });
    expect(await handleMessage({ type: 'problem:get', tabId: 7 }, page, deps)).toEqual({ ok: true, data: problem });
    expect(await handleMessage({ type: 'problem:get', tabId: 8 }, page, deps)).toEqual({ ok: true, data: null });
    await handleMessage({ type: 'problem:none' }, content(7), deps);
    expect(session.data.has('tab:7')).toBe(false);
  });

  it('resolves a URL for a content script with the registry (nothing else)', async () => {
    const { deps, api } = setup();
    expect(await handleMessage({ type: 'page:identify', url: 'https://leetcode.com/problems/two-sum/description/' }, content(1), deps)).toEqual({
      ok: true,
      data: { platform: 'leetcode', key: 'two-sum', url: 'https://leetcode.com/problems/two-sum/' },
    });
    expect(await handleMessage({ type: 'page:identify', url: 'https://leetcode.com/problemset/' }, content(1), deps)).toEqual({ ok: true, data: null });
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('refuses malformed content messages', async () => {
    const { deps, session } = setup();
    const bad = await handleMessage({ type: 'problem:detected', problem: { ...problem, url: 'javascript:alert(1)' } }, content(1), deps);
    expect(bad.ok).toBe(false);
    expect(await handleMessage({ type: 'problem:detected', problem: { ...problem, topics: 'x' } }, content(1), deps)).toMatchObject({ ok: false });
    // A claim that does not match its own URL is refused, and so is a problem of another judge's site.
    expect(await handleMessage({ type: 'problem:detected', problem: { ...problem, key: 'three-sum' } }, content(1), deps)).toMatchObject({ ok: false });
    const cf = { platform: 'codeforces', key: '4A', url: 'https://codeforces.com/problemset/problem/4/A', name: 'Watermelon', difficulty: '800', topics: [] };
    expect(await handleMessage({ type: 'problem:detected', problem: cf }, content(1), deps)).toMatchObject({ ok: false });
    expect(session.data.size).toBe(0);
  });

  it.each([
    { type: 'auth:login', email: 'a@b.co', password: 'whatever1' },
    { type: 'auth:status' },
    { type: 'auth:logout' },
    { type: 'settings:set', apiBaseUrl: 'https://evil.example' },
    { type: 'settings:set', autoTick: false },
    { type: 'settings:get' },
    { type: 'problem:get', tabId: 1 },
    { type: 'problem:state', tabId: 1 },
    { type: 'record:set', problemUrl: 'https://leetcode.com/problems/two-sum/', checked: true },
    { type: 'sheets:list' },
    { type: 'sheet:add', sheetId: 's1', problemUrl: 'https://leetcode.com/problems/two-sum/', topic: '', subTopic: '' },
    { type: 'notes:question', questionId: 'q-two-sum' },
    { type: 'notes:general' },
    { type: 'note:get', noteId: 'n1' },
    { type: 'note:create', questionId: null, title: 'x', note: '<p>x</p>', tags: [] },
    { type: 'note:update', noteId: 'n1', note: '<p>y</p>' },
    { type: 'note:delete', noteId: 'n1' },
    { type: 'notes:tags' },
    { type: 'activity:today' },
    { type: 'queue:flush' },
  ])('a forged privileged message from a content script ($type) does nothing', async (msg) => {
    const { deps, api, local } = setup();
    await signIn(local);
    const before = JSON.stringify([...local.data.entries()]);
    const reply = await handleMessage(msg, content(3), deps);
    expect(reply).toEqual({ ok: false, error: 'Invalid message' });
    expect(api.fetch).not.toHaveBeenCalled();
    expect(JSON.stringify([...local.data.entries()])).toBe(before);
  });

  it('signs in from an extension page and keeps the token in the background storage', async () => {
    const { deps, api, local } = setup();
    const reply = await handleMessage({ type: 'auth:login', email: 'a@b.co', password: 'pw-123456' }, page, deps);
    expect(reply).toEqual({ ok: true, data: { signedIn: true, user: { email: 'a@b.co', firstName: 'A', secondName: '' } } });
    expect(api.fetch).toHaveBeenCalledTimes(1);
    expect(String(api.fetch.mock.calls[0]?.[0])).toBe('http://localhost:8787/auth/v1/login');
    expect(local.data.get('token')).toMatch(/^tok_/);
    // The reply never carries the token.
    expect(JSON.stringify(reply)).not.toContain('tok_');
  });

  it('changing the API address signs out, forgets queued actions and keeps only the origin', async () => {
    const { deps, local } = setup();
    await local.set('token', 'old');
    await local.set('queue', { entries: [{ id: 'x', key: 'k', owner: 'a@b.co', action: { kind: 'record:set', problemUrl: 'u' }, createdAt: 0, attempts: 0 }], done: [], lastError: null });
    const reply = await handleMessage({ type: 'settings:set', apiBaseUrl: 'https://tracker.example.com/some/path' }, page, deps);
    expect(reply).toEqual({ ok: true, data: { apiBaseUrl: 'https://tracker.example.com', autoTick: true } });
    expect(local.data.has('token')).toBe(false);
    expect((local.data.get('queue') as { entries: unknown[] }).entries).toEqual([]);
  });

  it('auto-tick is on by default and can be turned off without signing out', async () => {
    const { deps, local } = setup();
    await signIn(local);
    expect(await handleMessage({ type: 'settings:get' }, page, deps)).toEqual({ ok: true, data: { apiBaseUrl: 'http://localhost:8787', autoTick: true } });
    expect(await handleMessage({ type: 'settings:set', autoTick: false }, page, deps)).toEqual({ ok: true, data: { apiBaseUrl: 'http://localhost:8787', autoTick: false } });
    expect(local.data.get('token')).toBeDefined();
  });
});

describe('popup actions', () => {
  it('reads the problem state of a tab: catalogue question, record, notes', async () => {
    const { deps, local, session } = setup();
    await signIn(local);
    await session.set('tab:5', problem);
    const reply = await handleMessage({ type: 'problem:state', tabId: 5 }, page, deps);
    expect(reply).toMatchObject({
      ok: true,
      data: { problem, platform: { id: 'leetcode', name: 'LeetCode' }, signedIn: true, lookup: { status: 'found', question: { _id: 'q-two-sum' }, document: null, notesCount: 0 } },
    });
  });

  it('adds to the workspace, then stars and marks solved by setting fields of the same record', async () => {
    const { deps, api, local } = setup();
    await signIn(local);
    const add = await handleMessage({ type: 'record:set', problemUrl: 'https://leetcode.com/problems/two-sum/description/' }, page, deps);
    expect(add).toMatchObject({ ok: true, data: { status: 'sent', message: 'Added to workspace', result: { created: true, record: { checked: false, starred: false } } } });
    const star = await handleMessage({ type: 'record:set', problemUrl: problem.url, starred: true }, page, deps);
    expect(star).toMatchObject({ ok: true, data: { status: 'sent', message: 'Starred', result: { created: false, record: { starred: true, checked: false } } } });
    const solve = await handleMessage({ type: 'record:set', problemUrl: problem.url, checked: true }, page, deps);
    expect(solve).toMatchObject({ ok: true, data: { message: 'Marked as solved', result: { record: { starred: true, checked: true } } } });
    expect(api.callsTo('/question-tracker/v1/user/question/solve-question')).toHaveLength(1);
    expect(api.callsTo(/update-question/).map((c) => c.body)).toEqual([{ starred: true }, { checked: true }]);
    // Every call carries the token; the token is never in a reply.
    expect(api.calls.every((c) => c.auth === `Bearer tok_${'x'.repeat(40)}`)).toBe(true);
  });

  it('starring a problem not yet in the workspace adds it starred; an unknown one becomes a custom question with the page details', async () => {
    const { deps, api, local } = setup();
    await signIn(local);
    expect(await handleMessage({ type: 'record:set', problemUrl: problem.url, starred: true }, page, deps)).toMatchObject({ ok: true, data: { message: 'Added to workspace and starred' } });
    await handleMessage(
      { type: 'record:set', problemUrl: 'https://leetcode.com/problems/not-in-catalogue/', details: { name: 'Not In Catalogue', difficulty: 'Hard', topics: ['Graph'] } },
      page,
      deps,
    );
    const custom = api.callsTo('/question-tracker/v1/user/question/solve-question').at(-1)?.body;
    expect(custom).toMatchObject({ custom: { name: 'Not In Catalogue', difficulty: 'Hard', topics: ['Graph'], problemUrl: 'https://leetcode.com/problems/not-in-catalogue/' } });
  });

  it('answers the API refusals with the spec messages', async () => {
    const { deps, api, local } = setup();
    await signIn(local);
    api.state.failPaths.set('/question-tracker/v2/sheet/add-questions/s1', { code: 403, error: 'Forbidden', message: 'Follow the sheet to perform any action' });
    expect(await handleMessage({ type: 'sheet:add', sheetId: 's1', problemUrl: problem.url, topic: '', subTopic: '' }, page, deps)).toEqual({
      ok: false,
      error: 'Follow the sheet to perform any action',
      code: 403,
    });
    expect(await handleMessage({ type: 'sheet:add', sheetId: 's2', problemUrl: problem.url, topic: 'Arrays', subTopic: '' }, page, deps)).toMatchObject({
      ok: true,
      data: { status: 'sent', message: 'Question added successfully' },
    });
    expect(api.callsTo('/question-tracker/v2/sheet/add-questions/s2')[0]?.body).toEqual({ data: [{ topic: 'Arrays', subTopic: '', problemUrl: problem.url }] });
    expect(await handleMessage({ type: 'record:set', problemUrl: 'https://example.com/problems/x' }, page, deps)).toEqual({ ok: false, error: 'Invalid Platform', code: 400 });
  });

  it("today's solved count comes from the activity of the person's time zone", async () => {
    const { deps, api, local } = setup();
    await signIn(local);
    expect(await handleMessage({ type: 'activity:today', timeZone: 'Asia/Kolkata' }, page, deps)).toEqual({ ok: true, data: { date: '2024-06-01', solved: 3 } });
    expect(api.callsTo('/question-tracker/v1/user/analytics/activity')[0]?.query.get('tz')).toBe('Asia/Kolkata');
  });

  it('the context menu adds a problem link to the workspace, and ignores other links', async () => {
    const { deps, api, local } = setup();
    await signIn(local);
    expect(await addLinkToWorkspace(deps, 'https://codeforces.com/contest/4/problem/A')).toMatchObject({ ok: true, data: { status: 'sent', message: 'Added to workspace' } });
    expect(api.callsTo('/question-tracker/v1/user/question/solve-question')[0]?.body).toMatchObject({ questionId: 'q-4a', checked: false });
    expect(await addLinkToWorkspace(deps, 'https://example.com/')).toMatchObject({ ok: false });
  });
});

describe('the lookup kept from a visit of the page', () => {
  const search = '/question-tracker/v1/question/search-question2';
  const NOW = 1_700_000_000_000;

  async function visited(tabId = 5) {
    const s = setup();
    await signIn(s.local);
    await handleMessage({ type: 'problem:detected', problem }, content(tabId), s.deps);
    /** What the popup reads from storage on opening, before the background answers. */
    const kept = (tab = tabId, now = NOW) => readKeptState(reader(s.session), reader(s.local), tab, now);
    return { ...s, kept };
  }

  it('a signed-in visit looks the problem up once; a page reads it back without asking the background', async () => {
    const { deps, api, kept } = await visited();
    expect(api.callsTo(search)).toHaveLength(1);
    // The detector reads the page again: nothing more is asked while the kept answer holds.
    await handleMessage({ type: 'problem:detected', problem }, content(5), deps);
    expect(api.callsTo(search)).toHaveLength(1);
    expect(await kept()).toEqual({
      state: { problem, platform: expect.objectContaining({ id: 'leetcode', name: 'LeetCode' }), signedIn: true, lookup: expect.objectContaining({ status: 'found', document: null, notesCount: 0 }) },
      auth: { signedIn: true, user: { email: 'a@b.co', firstName: 'A', secondName: '' } },
    });
    // The popup's own question always goes to the API, and its answer is the one kept from now on.
    api.records.set('q-two-sum', { _id: 'r-9', checked: true, starred: false, customTags: [] });
    expect(await handleMessage({ type: 'problem:state', tabId: 5 }, page, deps)).toMatchObject({ ok: true, data: { lookup: { document: { _id: 'r-9', checked: true } } } });
    expect(api.callsTo(search)).toHaveLength(2);
    expect(await kept()).toMatchObject({ state: { lookup: { document: { checked: true } } } });
  });

  it('is stale after a change through the extension (a record, a sheet, a note, signing in or out)', async () => {
    const changes = [
      { type: 'record:set', problemUrl: problem.url, checked: true },
      { type: 'sheet:add', sheetId: 's1', problemUrl: problem.url, topic: '', subTopic: '' },
      { type: 'note:create', questionId: 'q-two-sum', title: 'x', note: '<p>x</p>', tags: [] },
      { type: 'note:delete', noteId: 'n1' },
      { type: 'auth:login', email: 'a@b.co', password: 'pw-123456' },
      { type: 'auth:logout' },
    ];
    for (const change of changes) {
      const { deps, kept } = await visited();
      expect(await kept(), change.type).not.toBeNull();
      expect(await handleMessage(change, page, deps)).toMatchObject({ ok: true });
      expect(await kept(), change.type).toBeNull();
    }
  });

  it('a queued action makes it stale once it is sent', async () => {
    const { deps, api, kept } = await visited();
    api.state.offline = true;
    await handleMessage({ type: 'record:set', problemUrl: problem.url, starred: true }, page, deps);
    // Queued, not sent: what was kept still describes the account.
    expect(await kept()).not.toBeNull();
    api.state.offline = false;
    await handleMessage({ type: 'queue:flush' }, page, deps);
    expect(await kept()).toBeNull();
  });

  it('belongs to its tab and URL, expires, and is dropped when the page leaves the problem', async () => {
    const { deps, session, kept } = await visited(5);
    expect(await kept(6)).toBeNull();
    // Another problem in the same tab (a single-page move) before its own lookup: not the old answer.
    const cf = { platform: 'codeforces', key: '4A', url: 'https://codeforces.com/problemset/problem/4/A', name: 'Watermelon', difficulty: '800', topics: [] };
    await session.set('tab:5', cf);
    expect(await kept()).toBeNull();
    await handleMessage({ type: 'problem:detected', problem: cf }, content(5, cf.url), deps);
    expect(await kept()).toMatchObject({ state: { problem: { key: '4A' }, platform: { id: 'codeforces' }, lookup: { question: { _id: 'q-4a' } } } });
    expect(await kept(5, NOW + LOOKUP_KEEP_MS)).not.toBeNull();
    expect(await kept(5, NOW + LOOKUP_KEEP_MS + 1)).toBeNull();
    await handleMessage({ type: 'problem:none' }, content(5, cf.url), deps);
    expect(session.data.has('lookup:5')).toBe(false);
    expect(await kept()).toBeNull();
  });

  it('nothing is looked up or kept for a signed-out visit, nor an answer the API could not give', async () => {
    const { deps, api, local, session } = setup();
    await handleMessage({ type: 'problem:detected', problem }, content(5), deps);
    expect(api.fetch).not.toHaveBeenCalled();
    expect(session.data.has('lookup:5')).toBe(false);
    await signIn(local);
    api.state.status = 503;
    expect(await handleMessage({ type: 'problem:state', tabId: 5 }, page, deps)).toMatchObject({ ok: true, data: { lookup: { status: 'error' } } });
    expect(session.data.has('lookup:5')).toBe(false);
  });

  it('an unverified question enriched by the visit is not kept (the catalogue has just changed)', async () => {
    const { deps, api, local, session } = setup();
    await signIn(local);
    const custom = { platform: 'leetcode', key: 'brand-new', url: 'https://leetcode.com/problems/brand-new/', name: 'Brand New', difficulty: 'Medium', topics: [] };
    await handleMessage({ type: 'problem:detected', problem: custom }, content(2, custom.url), deps);
    expect(api.callsTo('/question-tracker/v1/question/enrich')).toHaveLength(1);
    expect(session.data.has('lookup:2')).toBe(false);
  });
});

describe('offline queue through the background', () => {
  it('queues while the API is unreachable and sends once when it is back', async () => {
    const { deps, api, local } = setup();
    await signIn(local);
    api.state.offline = true;
    const first = await handleMessage({ type: 'record:set', problemUrl: problem.url, checked: true }, page, deps);
    expect(first).toMatchObject({ ok: true, data: { status: 'queued' } });
    const second = await handleMessage({ type: 'record:set', problemUrl: problem.url, starred: true }, page, deps);
    expect(second).toMatchObject({ ok: true, data: { status: 'queued' } });
    expect(await handleMessage({ type: 'queue:status' }, page, deps)).toMatchObject({ ok: true, data: { pending: 1 } });

    api.state.offline = false;
    api.calls.length = 0;
    expect(await handleMessage({ type: 'queue:flush' }, page, deps)).toMatchObject({ ok: true, data: { pending: 0 } });
    // One merged action: one record created checked and starred.
    expect(api.callsTo('/question-tracker/v1/user/question/solve-question').map((c) => c.body)).toEqual([
      { questionId: 'q-two-sum', checked: true, starred: true, customTags: [] },
    ]);
    await handleMessage({ type: 'queue:flush' }, page, deps);
    expect(api.callsTo('/question-tracker/v1/user/question/solve-question')).toHaveLength(1);
  });

  it('sends what waits after the next call that reaches the API', async () => {
    const { deps, api, local, session } = setup();
    await signIn(local);
    api.state.offline = true;
    await handleMessage({ type: 'record:set', problemUrl: problem.url, checked: true }, page, deps);
    api.state.offline = false;
    await session.set('tab:1', problem);
    await handleMessage({ type: 'problem:state', tabId: 1 }, page, deps);
    await expect.poll(() => api.callsTo('/question-tracker/v1/user/question/solve-question').length).toBe(1);
  });
});

describe('auto-tick verdicts', () => {
  async function ready() {
    const s = setup();
    await signIn(s.local);
    await handleMessage({ type: 'problem:detected', problem }, content(7), s.deps);
    s.api.calls.length = 0;
    return s;
  }

  it("ticks the tab's own problem once: added when absent, then marked solved", async () => {
    const { deps, api } = await ready();
    const reply = await handleMessage(verdict(), content(7), deps);
    expect(reply).toEqual({ ok: true, data: { status: 'ticked', message: VERDICT_MESSAGES.ticked('Two Sum') } });
    expect(api.callsTo('/question-tracker/v1/user/question/solve-question').map((c) => c.body)).toEqual([
      { questionId: 'q-two-sum', checked: true, starred: false, customTags: [] },
    ]);
    // The same submission again (a reload, a second poll) ticks nothing.
    expect(await handleMessage(verdict(), content(7), deps)).toEqual({ ok: true, data: { status: 'duplicate', message: '' } });
    // A later Accepted submission on a problem already in the workspace only sets checked.
    await handleMessage(verdict(undefined, '102'), content(7), deps);
    expect(api.callsTo(/update-question/).map((c) => c.body)).toEqual([{ checked: true }]);
  });

  it('ticks a submission reported twice at the same moment once', async () => {
    const { deps, api } = await ready();
    const replies = await Promise.all([handleMessage(verdict(), content(7), deps), handleMessage(verdict(), content(7), deps)]);
    expect(replies.map((r) => (r.ok ? (r.data as { status: string }).status : r.error)).sort()).toEqual(['duplicate', 'ticked']);
    expect(api.callsTo(/solve-question|update-question/)).toHaveLength(1);
  });

  it("refuses a verdict for another tab's problem", async () => {
    const { deps, api, local } = await ready();
    // Tab 8 is on Two Sum's page too, but claims another problem.
    const other = await handleMessage(verdict('https://leetcode.com/problems/three-sum/'), content(8), deps);
    expect(other).toEqual({ ok: false, error: VERDICT_MESSAGES.refused });
    // Tab 9 is not on a problem page at all; tab 7's problem is not its to report.
    const stranger = await handleMessage(verdict(), content(9, 'https://leetcode.com/problemset/'), deps);
    expect(stranger).toEqual({ ok: false, error: VERDICT_MESSAGES.refused });
    // A page of another judge cannot report a LeetCode verdict, nor claim another source.
    expect(await handleMessage(verdict(), content(10, 'https://codeforces.com/problemset/status'), deps)).toMatchObject({ ok: false });
    expect(await handleMessage(verdict(undefined, '1', 'codeforces'), content(7), deps)).toMatchObject({ ok: false });
    expect(api.callsTo(/solve-question|update-question/)).toHaveLength(0);
    expect(local.data.get('verdicts:seen')).toBeUndefined();
  });

  it('on a Codeforces status page: problems it lists, within its contest', async () => {
    const { deps, api } = await ready();
    const status = (url: string) => content(11, url);
    expect(await handleMessage(verdict('https://codeforces.com/problemset/problem/4/A', '5001', 'codeforces'), status('https://codeforces.com/contest/4/my'), deps)).toMatchObject({
      ok: true,
      data: { status: 'ticked' },
    });
    expect(await handleMessage(verdict('https://codeforces.com/problemset/problem/71/A', '5002', 'codeforces'), status('https://codeforces.com/contest/4/my'), deps)).toEqual({
      ok: false,
      error: VERDICT_MESSAGES.refused,
    });
    expect(await handleMessage(verdict('https://codeforces.com/problemset/problem/71/A', '5003', 'codeforces'), status('https://codeforces.com/problemset/status?my=on'), deps)).toMatchObject({
      ok: true,
    });
    expect(await handleMessage(verdict('https://codeforces.com/problemset/problem/71/A', '5004', 'codeforces'), status('https://codeforces.com/blog/entry/1'), deps)).toMatchObject({
      ok: false,
    });
    expect(api.callsTo(/solve-question/)).toHaveLength(2);
  });

  it('does nothing when auto-tick is off, and asks to sign in when signed out', async () => {
    const { deps, api, local } = await ready();
    await handleMessage({ type: 'settings:set', autoTick: false }, page, deps);
    expect(await handleMessage(verdict(), content(7), deps)).toEqual({ ok: true, data: { status: 'disabled', message: '' } });
    await handleMessage({ type: 'settings:set', autoTick: true }, page, deps);
    await local.remove('token');
    expect(await handleMessage(verdict(), content(7), deps)).toEqual({ ok: true, data: { status: 'signed-out', message: VERDICT_MESSAGES.signedOut } });
    expect(api.callsTo(/solve-question|update-question/)).toHaveLength(0);
  });

  it('an Accepted verdict while offline waits in the queue and is ticked once later', async () => {
    const { deps, api } = await ready();
    api.state.offline = true;
    expect(await handleMessage(verdict(), content(7), deps)).toEqual({ ok: true, data: { status: 'queued', message: VERDICT_MESSAGES.queued } });
    api.state.offline = false;
    await handleMessage({ type: 'queue:flush' }, page, deps);
    await handleMessage({ type: 'queue:flush' }, page, deps);
    // Offline, the lookup failed before anything was written; back online it is sent exactly once.
    expect(api.callsTo(/solve-question/, 'POST')).toHaveLength(1);
    expect(api.records.get('q-two-sum')?.checked).toBe(true);
  });
});

describe('catalogue enrichment', () => {
  it('sends what the page shows for an unverified question, once per session', async () => {
    const { deps, api, local } = setup();
    await signIn(local);
    const custom = { platform: 'leetcode', key: 'brand-new', url: 'https://leetcode.com/problems/brand-new/', name: 'Brand New', difficulty: 'Medium', topics: ['Array'] };
    await handleMessage({ type: 'problem:detected', problem: custom }, content(2, custom.url), deps);
    expect(api.callsTo('/question-tracker/v1/question/enrich').map((c) => c.body)).toEqual([
      { problemUrl: custom.url, name: 'Brand New', difficulty: 'Medium', topics: ['Array'] },
    ]);
    await handleMessage({ type: 'problem:detected', problem: custom }, content(3, custom.url), deps);
    expect(api.callsTo('/question-tracker/v1/question/enrich')).toHaveLength(1);
  });

  it('never sends details of a verified question, nor of an unknown one, nor when signed out', async () => {
    const { deps, api, local } = setup();
    await handleMessage({ type: 'problem:detected', problem }, content(1), deps);
    expect(api.fetch).not.toHaveBeenCalled();
    await signIn(local);
    await handleMessage({ type: 'problem:detected', problem }, content(1), deps);
    const unknown = { ...problem, key: 'never-seen', url: 'https://leetcode.com/problems/never-seen/', name: 'Never Seen' };
    await handleMessage({ type: 'problem:detected', problem: unknown }, content(2, unknown.url), deps);
    expect(api.callsTo('/question-tracker/v1/question/enrich')).toHaveLength(0);
  });
});
