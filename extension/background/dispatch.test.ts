import { describe, expect, it } from 'vitest';
import { CONTENT_MESSAGE_TYPES, PAGE_MESSAGE_TYPES, type PageMessage } from '@shared/schemas/messages';
import { handleMessage } from './dispatch';
import { content, page, problem, setup, signIn } from './test-support';

/** A valid message of every page type, as a content script might forge it. */
const FORGED: PageMessage[] = [
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
  { type: 'sheet:get', sheetId: 's1' },
  { type: 'sheet:add', sheetId: 's1', problemUrl: 'https://leetcode.com/problems/two-sum/', topic: '', subTopic: '' },
  { type: 'notes:question', questionId: 'q-two-sum' },
  { type: 'notes:general' },
  { type: 'note:get', noteId: 'n1' },
  { type: 'note:create', questionId: null, title: 'x', note: '<p>x</p>', tags: [] },
  { type: 'note:update', noteId: 'n1', note: '<p>y</p>' },
  { type: 'note:delete', noteId: 'n1' },
  { type: 'notes:tags' },
  { type: 'activity:today' },
  { type: 'review:status' },
  { type: 'contests:next' },
  { type: 'practice:recommend', platform: 'codeforces' },
  { type: 'groups:due', url: 'https://leetcode.com/problems/two-sum/' },
  { type: 'queue:status' },
  { type: 'queue:flush' },
  { type: 'sync:status', probe: true },
  { type: 'sync:start' },
  { type: 'sync:cancel' },
  { type: 'sync:handle', platform: 'codeforces', handle: 'tourist' },
  { type: 'sync:auto', autoSync: 'daily' },
  { type: 'sync:code', platform: 'leetcode', keep: true },
  { type: 'solutions:list', questionId: '7b0d5bde-6a4e-4b0e-8d55-1f8b8f2c9a11' },
  { type: 'health:tab', tabId: 1 },
  { type: 'health:status' },
];

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

  it.each(FORGED)('a forged privileged message from a content script ($type) does nothing', async (msg) => {
    const { deps, api, local } = setup();
    await signIn(local);
    const before = JSON.stringify([...local.data.entries()]);
    const reply = await handleMessage(msg, content(3), deps);
    expect(reply).toEqual({ ok: false, error: 'Invalid message' });
    expect(api.fetch).not.toHaveBeenCalled();
    expect(JSON.stringify([...local.data.entries()])).toBe(before);
  });


  it('the forged messages above cover every page message type', () => {
    // Kept in step with the protocol: a new page message must be tried from a content script too. A type
    // both send (a rating) is refused by its handler instead, unless its tab earned it (review.test.ts).
    const pageOnly = PAGE_MESSAGE_TYPES.filter((t) => !(CONTENT_MESSAGE_TYPES as readonly string[]).includes(t));
    expect(new Set(FORGED.map((m) => m.type))).toEqual(new Set(pageOnly));
  });

  it('a rating from a content script whose tab ticked nothing is refused before any call', async () => {
    const { deps, api, local } = setup();
    await signIn(local);
    const reply = await handleMessage({ type: 'review:rate', questionId: 'q-two-sum', rating: 'easy' }, content(3), deps);
    expect(reply).toMatchObject({ ok: false });
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it("a content script's failure is an error reply, not a crash", async () => {
    const { deps, api, local } = setup();
    await signIn(local);
    await handleMessage({ type: 'problem:detected', problem }, content(7), deps);
    api.state.status = 500;
    const reply = await handleMessage({ type: 'verdict:accepted', verdict: { source: 'leetcode', problemUrl: problem.url, submissionId: '9' } }, content(7), deps);
    expect(reply).toMatchObject({ ok: true, data: { status: 'queued' } });
  });

  it("refuses a content script's message from an extension page", async () => {
    const { deps, session } = setup();
    expect(await handleMessage({ type: 'problem:detected', problem }, page, deps)).toEqual({ ok: false, error: 'Invalid message' });
    expect(await handleMessage({ type: 'page:identify', url: problem.url }, page, deps)).toEqual({ ok: false, error: 'Invalid message' });
    expect(session.data.size).toBe(0);
  });
});
