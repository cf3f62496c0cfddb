import { cancelSync, startSync, type SyncIo } from './sync-engine';
import { LEETCODE_CSRF_KEY, overview, saveSyncSettings, syncSettings } from './sync-state';
import { HANDLE_PATTERN, JUDGE_ACCOUNT_MESSAGES } from '@shared/rules/judge-accounts';
import { TOKEN_KEY } from '../lib/api';
import { defineArea, done, fail, type HandlerDeps } from './types';
import { historyReaderFor, SYNC_ORIGINS } from '../sync/index';

// "Sync solved problems": the panel's status, starting and cancelling a sync, handles, code and the daily sync.
// The loop itself is sync-engine.ts; the browser's parts of it (offscreen parsing, the alarm) come in here.

/** Whether a content script's page is on the LeetCode site the history sync asks (its cookie is that site's). */
const onLeetcodeSite = (url: string | undefined): boolean => {
  try {
    return !!url && new URL(url).hostname.replace(/^www\./, '') === new URL(SYNC_ORIGINS.leetcode).hostname;
  } catch {
    return false;
  }
};

const ios = new WeakMap<HandlerDeps, SyncIo>();

/** Gives the sync loop of a background its browser parts (background.ts, or a test). */
export function setSyncIo(deps: HandlerDeps, io: SyncIo) {
  ios.set(deps, io);
}
const syncIoOf = (deps: HandlerDeps): SyncIo => ios.get(deps) ?? {};

/** Called by the daily alarm: an incremental sync of the judges synced before. */
export async function autoSync(deps: HandlerDeps) {
  if ((await syncSettings(deps)).autoSync !== 'daily' || !(await deps.local.get<string>(TOKEN_KEY))) return;
  await startSync(deps, undefined, syncIoOf(deps), 'synced-before');
}

export const syncArea = defineArea('sync', {
  'sync:status': async (m, { deps }) => done(await overview(deps, m.probe === true)),
  'sync:start': async (m, { deps }) => {
    // The problems go to the tracker account the extension is signed in with: none, nothing to sync into.
    if (!(await deps.local.get<string>(TOKEN_KEY))) return fail('Sign in to the tracker in the extension first.', 401);
    await startSync(deps, m.platforms, syncIoOf(deps));
    return done(await overview(deps));
  },
  'sync:cancel': async (_m, { deps }) => {
    await cancelSync(deps);
    return done(await overview(deps));
  },
  'sync:handle': async (m, { deps }) => {
    const reader = historyReaderFor(m.platform);
    if (!reader || reader.needs !== 'handle') return fail(`No handle is needed for ${m.platform}`);
    if (m.handle && !HANDLE_PATTERN.test(m.handle)) return fail(JUDGE_ACCOUNT_MESSAGES.handle, 400);
    const settings = await syncSettings(deps);
    const handles = Object.fromEntries(Object.entries(settings.handles).filter(([p]) => p !== m.platform));
    if (m.handle) handles[m.platform] = m.handle;
    await saveSyncSettings(deps, { ...settings, handles });
    return done(await overview(deps));
  },
  'leetcode:csrf': async (m, { deps, sender }) => {
    if (!onLeetcodeSite(sender.url)) return fail('Unknown sender');
    if ((await deps.local.get<string>(LEETCODE_CSRF_KEY)) !== m.token) await deps.local.set(LEETCODE_CSRF_KEY, m.token);
    return done(null);
  },
  'sync:code': async (m, { deps }) => {
    if (!historyReaderFor(m.platform)?.code) return fail(`The sync cannot bring code from ${m.platform}`);
    const settings = await syncSettings(deps);
    await saveSyncSettings(deps, { ...settings, code: { ...settings.code, [m.platform]: m.keep } });
    return done(await overview(deps));
  },
  'sync:auto': async (m, { deps }) => {
    await saveSyncSettings(deps, { ...(await syncSettings(deps)), autoSync: m.autoSync });
    syncIoOf(deps).onAutoSync?.(m.autoSync);
    return done(await overview(deps));
  },
});
