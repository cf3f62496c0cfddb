import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageMessage, Send } from '@shared/schemas/messages';
import type { SyncJudge, SyncOverview } from '@shared/schemas/sync';
import { createSyncPanel } from './sync-panel';

const judge = (j: Partial<SyncJudge> & Pick<SyncJudge, 'platform' | 'name' | 'account'>): SyncJudge => ({
  handle: null,
  code: null,
  state: 'idle',
  lastSyncAt: null,
  lastCount: null,
  progress: null,
  summary: null,
  message: null,
  lastFailure: null,
  ...j,
});

const idle: SyncOverview = {
  account: 'a@b.co',
  running: false,
  autoSync: 'off',
  judges: [
    judge({ platform: 'leetcode', name: 'LeetCode', account: 'signedIn', handle: 'lee' }),
    judge({ platform: 'codeforces', name: 'Codeforces', account: 'handleNeeded' }),
    judge({ platform: 'atcoder', name: 'AtCoder', account: 'ready', handle: 'tak', lastSyncAt: '2024-01-05T10:00:00.000Z', lastCount: 12 }),
    judge({ platform: 'interviewbit', name: 'InterviewBit', account: 'unavailable', message: 'Not available: only counts.' }),
  ],
};

const running: SyncOverview = {
  ...idle,
  running: true,
  judges: idle.judges.map((j) => (j.platform === 'leetcode' ? { ...j, state: 'running', progress: { pages: 2, found: 7, imported: 5 }, summary: { new: 5, alreadySolved: 0, custom: 1, skipped: [] } } : j)),
};

const settle = () => new Promise((ok) => setTimeout(ok, 0));
afterEach(() => document.body.replaceChildren());

function open(answer: (m: PageMessage) => SyncOverview) {
  const calls: PageMessage[] = [];
  const send = vi.fn((m: PageMessage) => {
    calls.push(m);
    return Promise.resolve(answer(m));
  }) as unknown as Send<PageMessage>;
  const panel = createSyncPanel(send);
  document.body.append(panel.element);
  const li = (platform: string) => panel.element.querySelector<HTMLElement>(`[data-platform="${platform}"]`);
  return { panel, calls, li };
}

describe('the sync panel', () => {
  it('lists the judges with their account, last sync and a Sync button, and the judges without a reader with the reason', async () => {
    const { panel, li, calls } = open(() => idle);
    await settle();
    expect(calls[0]).toEqual({ type: 'sync:status', probe: true });
    expect(li('leetcode')?.querySelector('[data-testid="sync-account"]')?.textContent).toBe('Signed in as lee');
    expect(li('codeforces')?.querySelector('[data-testid="sync-account"]')?.textContent).toBe('Handle needed');
    expect(li('codeforces')?.querySelector<HTMLButtonElement>('button[aria-label="Sync Codeforces"]')?.disabled).toBe(true);
    expect(li('atcoder')?.querySelector('[data-testid="sync-last"]')?.textContent).toMatch(/^Last synced .* · 12 problems$/);
    expect(li('interviewbit')).toBeNull();
    expect(panel.element.querySelector('details')?.textContent).toContain('InterviewBit: Not available: only counts.');
    panel.destroy();
  });

  it('saves a handle, syncs one judge, shows the progress and Cancel while it runs', async () => {
    let state = idle;
    const { panel, li, calls } = open((m) => {
      if (m.type === 'sync:start') state = running;
      if (m.type === 'sync:cancel') state = idle;
      return state;
    });
    await settle();
    const input = li('codeforces')!.querySelector('input')!;
    input.value = ' tourist ';
    li('codeforces')!.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await settle();
    expect(calls).toContainEqual({ type: 'sync:handle', platform: 'codeforces', handle: 'tourist' });

    li('leetcode')!.querySelector<HTMLButtonElement>('button[aria-label="Sync LeetCode"]')!.click();
    await settle();
    expect(calls).toContainEqual({ type: 'sync:start', platforms: ['leetcode'] });
    expect(panel.element.querySelector('[data-testid="sync-progress"]')?.textContent).toBe('Syncing LeetCode: 2 pages read, 7 problems found, 5 imported');
    expect(li('leetcode')?.querySelector('[data-testid="sync-summary"]')?.textContent).toBe(
      '5 new, 0 already in your workspace, 1 new to the catalogue (added as custom questions).',
    );
    const buttons = [...panel.element.querySelectorAll('button')].map((b) => b.textContent);
    expect(buttons).toContain('Cancel');
    [...panel.element.querySelectorAll('button')].find((b) => b.textContent === 'Cancel')!.click();
    await settle();
    expect(calls.at(-1)).toEqual({ type: 'sync:cancel' });
    expect([...panel.element.querySelectorAll('button')].map((b) => b.textContent)).not.toContain('Cancel');
    panel.destroy();
  });
});
