import { describe, expect, it, vi } from 'vitest';
import { handleMessage, type HandlerDeps, type KeyValue } from './handler';

function memory(): KeyValue & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async <T>(k: string) => data.get(k) as T | undefined,
    set: async (k, v) => void data.set(k, v),
    remove: async (k) => void data.delete(k),
  };
}

function setup() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/auth/v1/login')) {
      return new Response(
        JSON.stringify({ status: { code: 200, success: true, error: null, message: 'Signed in' }, data: { token: 'tok_' + 'x'.repeat(40), user: { email: 'a@b.co', firstName: 'A', secondName: '' } } }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }
    return new Response(JSON.stringify({ status: { code: 200, success: true, error: null, message: 'OK' }, data: null, init }), { status: 200 });
  });
  const deps: HandlerDeps = {
    extensionId: 'ext-id',
    extensionOrigin: 'chrome-extension://ext-id/',
    local: memory(),
    session: memory(),
    fetch: fetchMock as unknown as typeof fetch,
  };
  return { deps, fetchMock, local: deps.local as ReturnType<typeof memory>, session: deps.session as ReturnType<typeof memory> };
}

const page = { id: 'ext-id', url: 'chrome-extension://ext-id/popup.html' };
const content = (tabId: number) => ({ id: 'ext-id', url: 'https://leetcode.com/problems/two-sum/', tab: { id: tabId } });
const problem = { platform: 'leetcode', key: 'two-sum', url: 'https://leetcode.com/problems/two-sum/', name: 'Two Sum', difficulty: 'Easy', topics: ['Array'] };

describe('background message handling', () => {
  it('treats an extension page opened in a tab as an extension page', async () => {
    const { deps } = setup();
    const reply = await handleMessage({ type: 'auth:status' }, { ...page, tab: { id: 4 } }, deps);
    expect(reply).toEqual({ ok: true, data: { signedIn: false, user: null } });
  });

  it('refuses messages from another extension', async () => {
    const { deps } = setup();
    const reply = await handleMessage({ type: 'auth:status' }, { id: 'someone-else', url: page.url }, deps);
    expect(reply).toEqual({ ok: false, error: 'Unknown sender' });
  });

  it('stores what a content script detected for its own tab only', async () => {
    const { deps, session } = setup();
    expect(await handleMessage({ type: 'problem:detected', problem }, content(7), deps)).toEqual({ ok: true, data: null });
    expect(session.data.get('tab:7')).toEqual(problem);
    expect(await handleMessage({ type: 'problem:get', tabId: 7 }, page, deps)).toEqual({ ok: true, data: problem });
    expect(await handleMessage({ type: 'problem:get', tabId: 8 }, page, deps)).toEqual({ ok: true, data: null });
    await handleMessage({ type: 'problem:none' }, content(7), deps);
    expect(session.data.has('tab:7')).toBe(false);
  });

  it('refuses malformed content messages', async () => {
    const { deps, session } = setup();
    const bad = await handleMessage({ type: 'problem:detected', problem: { ...problem, url: 'javascript:alert(1)' } }, content(1), deps);
    expect(bad.ok).toBe(false);
    expect(await handleMessage({ type: 'problem:detected', problem: { ...problem, topics: 'x' } }, content(1), deps)).toMatchObject({ ok: false });
    // A claim that does not match its own URL is refused.
    expect(await handleMessage({ type: 'problem:detected', problem: { ...problem, key: 'three-sum' } }, content(1), deps)).toMatchObject({ ok: false });
    expect(session.data.size).toBe(0);
  });

  it.each([
    { type: 'auth:login', email: 'a@b.co', password: 'whatever1' },
    { type: 'auth:status' },
    { type: 'auth:logout' },
    { type: 'settings:set', apiBaseUrl: 'https://evil.example' },
    { type: 'problem:get', tabId: 1 },
  ])('a forged privileged message from a content script ($type) does nothing', async (msg) => {
    const { deps, fetchMock, local } = setup();
    await local.set('token', 'secret-token');
    const reply = await handleMessage(msg, content(3), deps);
    expect(reply).toEqual({ ok: false, error: 'Invalid message' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(local.data.get('token')).toBe('secret-token');
    expect(local.data.has('settings')).toBe(false);
  });

  it('signs in from an extension page and keeps the token in the background storage', async () => {
    const { deps, fetchMock, local } = setup();
    const reply = await handleMessage({ type: 'auth:login', email: 'a@b.co', password: 'pw-123456' }, page, deps);
    expect(reply).toEqual({ ok: true, data: { signedIn: true, user: { email: 'a@b.co', firstName: 'A', secondName: '' } } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('http://localhost:8787/auth/v1/login');
    expect(local.data.get('token')).toMatch(/^tok_/);
    // The reply never carries the token.
    expect(JSON.stringify(reply)).not.toContain('tok_');
  });

  it('changing the API address signs out and keeps only the origin', async () => {
    const { deps, local } = setup();
    await local.set('token', 'old');
    const reply = await handleMessage({ type: 'settings:set', apiBaseUrl: 'https://tracker.example.com/some/path' }, page, deps);
    expect(reply).toEqual({ ok: true, data: { apiBaseUrl: 'https://tracker.example.com' } });
    expect(local.data.has('token')).toBe(false);
  });
});
