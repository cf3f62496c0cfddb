import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXTENSION_ID } from '@shared/extension';
import type { SyncOverview } from '@shared/schemas/sync';
import { askExtension, NoExtension } from './extension';

const overview: SyncOverview = { account: 'a@b.co', running: false, autoSync: 'off', judges: [] };
const g = globalThis as { chrome?: unknown };

/** A page's chrome.runtime that answers `reply` (undefined with lastError: no such extension). */
function runtime(reply: (id: string, message: unknown) => unknown) {
  const rt = {
    lastError: undefined as { message: string } | undefined,
    sendMessage: vi.fn((id: string, message: unknown, callback: (r: unknown) => void) => {
      const r = reply(id, message);
      rt.lastError = r === undefined ? { message: 'Could not establish connection. Receiving end does not exist.' } : undefined;
      callback(r);
    }),
  };
  g.chrome = { runtime: rt };
  return rt;
}

afterEach(() => delete g.chrome);

describe('asking the extension from the dashboard', () => {
  it('sends the sync message to the extension by its fixed id and parses the reply', async () => {
    const rt = runtime(() => ({ ok: true, data: overview }));
    await expect(askExtension({ type: 'sync:start', platforms: ['codeforces'] })).resolves.toEqual(overview);
    expect(rt.sendMessage).toHaveBeenCalledWith(EXTENSION_ID, { type: 'sync:start', platforms: ['codeforces'] }, expect.any(Function));
  });

  it('says the extension is missing when the page has no chrome.runtime, or no extension answers', async () => {
    await expect(askExtension({ type: 'sync:status' })).rejects.toBeInstanceOf(NoExtension);
    runtime(() => undefined);
    await expect(askExtension({ type: 'sync:status' })).rejects.toBeInstanceOf(NoExtension);
  });

  it('passes on a refusal, and refuses an answer of an unknown shape', async () => {
    runtime(() => ({ ok: false, error: 'Unknown sender' }));
    await expect(askExtension({ type: 'sync:status' })).rejects.toThrow(/another tracker address/);
    runtime(() => ({ ok: true, data: { running: 'yes' } }));
    await expect(askExtension({ type: 'sync:status' })).rejects.toThrow(/shape this dashboard does not know/);
  });
});
