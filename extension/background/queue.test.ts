import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../lib/api';
import { handleMessage } from './dispatch';
import { dedupeKey, mergeActions, OfflineQueue, type QueuedAction } from './queue';
import { memory, page, problem, setup, signIn } from './test-support';

function queue(owner: string | null = 'me@example.com') {
  const store = memory();
  let ids = 0;
  let online = true;
  let failWith: Error | null = null;
  const sent: QueuedAction[] = [];
  const execute = vi.fn((action: QueuedAction) => {
    if (!online) return Promise.reject(new NetworkError());
    if (failWith) return Promise.reject(failWith);
    sent.push(action);
    return Promise.resolve({ result: { ok: true }, message: 'done' });
  });
  const q = new OfflineQueue({ store, execute, owner: () => Promise.resolve(owner), now: () => 0, newId: () => `k${++ids}` });
  return {
    q,
    store,
    sent,
    execute,
    offline: () => void (online = false),
    online: () => void (online = true),
    refuse: (err: Error | null) => void (failWith = err),
  };
}

const tick = (problemUrl = 'https://leetcode.com/problems/two-sum/'): QueuedAction => ({ kind: 'record:set', problemUrl, checked: true });

describe('the offline queue', () => {
  it('sends at once when the API is reachable, and keeps nothing', async () => {
    const t = queue();
    expect(await t.q.submit(tick())).toEqual({ status: 'sent', result: { ok: true }, message: 'done' });
    expect(await t.q.status()).toEqual({ pending: 0, lastError: null });
  });

  it('queues while offline (in storage) and sends once when back', async () => {
    const t = queue();
    t.offline();
    expect(await t.q.submit(tick())).toEqual({ status: 'queued' });
    expect(await t.q.status()).toEqual({ pending: 1, lastError: 'Network error. Please try again.' });
    // The entry survives a restart of the background: it lives in storage.
    const again = new OfflineQueue({ store: t.store, execute: t.execute, owner: () => Promise.resolve('me@example.com'), now: () => 0, newId: () => 'z' });
    expect((await again.entries()).map((e) => e.action)).toEqual([tick()]);
    t.online();
    await again.flush();
    await again.flush();
    await t.q.flush();
    expect(t.sent).toEqual([tick()]);
    expect(await again.status()).toMatchObject({ pending: 0 });
  });

  it('dedupes: actions on the same thing merge, the later fields winning', async () => {
    const t = queue();
    t.offline();
    await t.q.submit({ kind: 'record:set', problemUrl: 'u1', checked: true });
    await t.q.submit({ kind: 'record:set', problemUrl: 'u1', starred: true });
    await t.q.submit({ kind: 'record:set', problemUrl: 'u1', checked: false });
    await t.q.submit({ kind: 'record:set', problemUrl: 'u2', checked: true });
    expect((await t.q.entries()).map((e) => e.action)).toEqual([
      { kind: 'record:set', problemUrl: 'u1', checked: false, starred: true },
      { kind: 'record:set', problemUrl: 'u2', checked: true },
    ]);
    t.online();
    await t.q.flush();
    expect(t.sent).toHaveLength(2);
  });

  it('keeps the order: nothing after an unreachable action is sent before it', async () => {
    const t = queue();
    t.offline();
    await t.q.submit(tick('a'));
    await t.q.submit(tick('b'));
    t.online();
    await t.q.flush();
    expect(t.sent.map((a) => (a as { problemUrl: string }).problemUrl)).toEqual(['a', 'b']);
  });

  it('retries on server trouble (5xx, 429) and drops an action after a definite 4xx', async () => {
    const t = queue();
    t.refuse(new ApiError(503, 'InternalError', 'down'));
    expect(await t.q.submit(tick('a'))).toEqual({ status: 'queued' });
    t.refuse(new ApiError(429, 'TooManyRequests', 'slow down'));
    await t.q.flush();
    expect(await t.q.status()).toMatchObject({ pending: 1 });
    t.refuse(new ApiError(403, 'Forbidden', 'Follow the sheet to perform any action'));
    const outcomes = await t.q.flush();
    expect([...outcomes.values()]).toEqual([{ status: 'dropped', error: expect.objectContaining({ code: 403 }) as unknown }]);
    expect(await t.q.status()).toEqual({ pending: 0, lastError: 'Follow the sheet to perform any action' });
    t.refuse(null);
    await t.q.flush();
    expect(t.sent).toEqual([]);
  });

  it('a refused action does not hold back the ones after it', async () => {
    const t = queue();
    t.offline();
    await t.q.submit({ kind: 'sheet:add', sheetId: 's', problemUrl: 'a', topic: '', subTopic: '' });
    await t.q.submit(tick('b'));
    t.online();
    t.execute.mockImplementationOnce(() => Promise.reject(new ApiError(409, 'Conflict', 'already in this sheet')));
    await t.q.flush();
    expect(t.sent).toEqual([tick('b')]);
    expect(await t.q.status()).toMatchObject({ pending: 0 });
  });

  it('two flushes at once send each action once', async () => {
    const t = queue();
    t.offline();
    await t.q.submit(tick('a'));
    await t.q.submit(tick('b'));
    t.online();
    await Promise.all([t.q.flush(), t.q.flush(), t.q.flush()]);
    expect(t.sent).toHaveLength(2);
  });

  it('an action merged while another flush is sending is not lost', async () => {
    const t = queue();
    t.offline();
    await t.q.submit({ kind: 'record:set', problemUrl: 'u', checked: true });
    t.online();
    let release!: () => void;
    t.execute.mockImplementationOnce(async (a) => {
      await new Promise<void>((r) => (release = r));
      t.sent.push(a);
      return { result: { ok: true }, message: '' };
    });
    const flushing = t.q.flush();
    const starring = t.q.submit({ kind: 'record:set', problemUrl: 'u', starred: true });
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    release();
    await flushing;
    await starring;
    expect(t.sent).toEqual([
      { kind: 'record:set', problemUrl: 'u', checked: true },
      { kind: 'record:set', problemUrl: 'u', starred: true },
    ]);
  });

  it("never sends another account's actions, and keeps them while signed out", async () => {
    const signedOut = queue(null);
    await expect(signedOut.q.submit(tick())).rejects.toMatchObject({ code: 401 });
    const t = queue('me@example.com');
    t.offline();
    await t.q.submit(tick());
    t.online();
    const other = new OfflineQueue({ store: t.store, execute: t.execute, owner: () => Promise.resolve('other@example.com'), now: () => 0, newId: () => 'z' });
    await other.flush();
    expect(t.sent).toEqual([]);
    expect(await other.status()).toMatchObject({ pending: 0 });
  });

  it('a 401 keeps the action for when the person signs in again', async () => {
    const t = queue();
    t.refuse(new ApiError(401, 'Unauthorized', 'Please sign in to continue'));
    expect(await t.q.submit(tick())).toEqual({ status: 'queued' });
    t.refuse(null);
    await t.q.flush();
    expect(t.sent).toEqual([tick()]);
  });

  it('keys and merges by the thing acted on', () => {
    expect(dedupeKey(tick('u'))).toBe('record:u');
    expect(dedupeKey({ kind: 'sheet:add', sheetId: 's', problemUrl: 'u', topic: 't', subTopic: '' })).toBe('sheet:s:u');
    expect(dedupeKey({ kind: 'note:update', noteId: 'n', note: '<p>x</p>' })).toBe('note:n');
    expect(mergeActions({ kind: 'note:update', noteId: 'n', title: 'a', note: 'x' }, { kind: 'note:update', noteId: 'n', note: 'y' })).toEqual({
      kind: 'note:update',
      noteId: 'n',
      title: 'a',
      note: 'y',
    });
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
