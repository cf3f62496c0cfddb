import { describe, expect, it } from 'vitest';
import { handleMessage } from './dispatch';
import { page, setup, signIn } from './test-support';

describe('settings', () => {
  it('changing the API address signs out, forgets queued actions and keeps only the origin', async () => {
    const { deps, local } = setup();
    await local.set('token', 'old');
    await local.set('queue', { entries: [{ id: 'x', key: 'k', owner: 'a@b.co', action: { kind: 'record:set', problemUrl: 'u' }, createdAt: 0, attempts: 0 }], done: [], lastError: null });
    const reply = await handleMessage({ type: 'settings:set', apiBaseUrl: 'https://tracker.example.com/some/path' }, page, deps);
    expect(reply).toEqual({ ok: true, data: { apiBaseUrl: 'https://tracker.example.com', autoTick: true, askRating: true, keepCode: true } });
    expect(local.data.has('token')).toBe(false);
    expect((local.data.get('queue') as { entries: unknown[] }).entries).toEqual([]);
  });

  it('auto-tick is on by default and can be turned off without signing out', async () => {
    const { deps, local } = setup();
    await signIn(local);
    expect(await handleMessage({ type: 'settings:get' }, page, deps)).toEqual({ ok: true, data: { apiBaseUrl: 'http://localhost:8787', autoTick: true, askRating: true, keepCode: true } });
    expect(await handleMessage({ type: 'settings:set', autoTick: false }, page, deps)).toEqual({
      ok: true,
      data: { apiBaseUrl: 'http://localhost:8787', autoTick: false, askRating: true, keepCode: true },
    });
    expect(local.data.get('token')).toBeDefined();
  });

  it('asking how it went after an Accepted verdict is on by default and can be turned off alone', async () => {
    const { deps } = setup();
    expect(await handleMessage({ type: 'settings:set', askRating: false, keepCode: true }, page, deps)).toEqual({
      ok: true,
      data: { apiBaseUrl: 'http://localhost:8787', autoTick: true, askRating: false, keepCode: true },
    });
    // Settings kept before the option existed read as on.
    await deps.local.set('settings', { apiBaseUrl: 'http://localhost:8787', autoTick: true });
    expect(await handleMessage({ type: 'settings:get' }, page, deps)).toMatchObject({ data: { askRating: true, keepCode: true } });
    expect(await handleMessage({ type: 'settings:set' }, page, deps)).toEqual({ ok: false, error: 'Invalid message' });
  });
});
