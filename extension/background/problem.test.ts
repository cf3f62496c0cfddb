import { describe, expect, it } from 'vitest';
import { LOOKUP_KEEP_MS, readKeptState } from '../lib/kept-state';
import { handleMessage } from './dispatch';
import { content, page, problem, reader, setup, signIn } from './test-support';

describe('the problem of a tab', () => {
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
      state: { problem, platform: expect.objectContaining({ id: 'leetcode', name: 'LeetCode' }) as unknown, signedIn: true, lookup: expect.objectContaining({ status: 'found', document: null, notesCount: 0 }) as unknown },
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

  it('sends only the fields actually read, trimmed, and nothing read on a page that was not the problem', async () => {
    const { deps, api, local } = setup();
    await signIn(local);
    const enriched = () => api.callsTo('/question-tracker/v1/question/enrich').map((c) => c.body);
    const custom = { platform: 'leetcode', key: 'brand-new', url: 'https://leetcode.com/problems/brand-new/', name: null, difficulty: null, topics: [] };
    // Nothing read: nothing sent.
    await handleMessage({ type: 'problem:detected', problem: custom }, content(2, custom.url), deps);
    expect(enriched()).toEqual([]);
    // A bot check's title or a judge's own name: the page was not the problem's, so neither its name nor
    // anything else read on it is sent.
    for (const name of ['Just a moment...', 'Attention Required! | Cloudflare', 'Access denied', 'LeetCode', 'Codeforces']) {
      await handleMessage({ type: 'problem:detected', problem: { ...custom, name, difficulty: 'Easy', topics: ['Array'] } }, content(2, custom.url), deps);
    }
    expect(enriched()).toEqual([]);
    // A problem may be named like a login wall: the page reader saw its statement, so the name is sent.
    await handleMessage({ type: 'problem:detected', problem: { ...custom, name: 'Login' } }, content(2, custom.url), deps);
    expect(enriched()).toEqual([{ problemUrl: custom.url, name: 'Login' }]);
    api.calls.length = 0;
    // Only the level was read: only the level is sent (the API fills in only what the user's question lacks).
    await handleMessage({ type: 'problem:detected', problem: { ...custom, difficulty: 'Medium', topics: [' Array ', 'Array', ''] } }, content(2, custom.url), deps);
    expect(enriched()).toEqual([{ problemUrl: custom.url, difficulty: 'Medium', topics: ['Array'] }]);
  });
});
