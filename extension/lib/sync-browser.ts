import { browser } from 'wxt/browser';
import { handleExternalMessage } from '../background/dispatch';
import { autoSync, setSyncIo } from '../background/sync';
import { drive, type SyncIo } from '../background/sync-engine';
import { syncSettings } from '../background/sync-state';
import type { HandlerDeps } from '../background/types';
import { OFFSCREEN_PARSE, type OffscreenParse } from './offscreen-parse';
import type { SyncPage } from '../sync/index';

// The history sync's browser side: where HTML answers are parsed, the daily alarm,
// the dashboard's messages, and resuming a sync a stopped service worker left.

const DAILY_ALARM = 'sync-daily';
const DAY_MINUTES = 24 * 60;
const OFFSCREEN_URL = 'offscreen.html';

interface OffscreenApi {
  createDocument(options: { url: string; reasons: string[]; justification: string }): Promise<void>;
}
interface RuntimeWithContexts {
  getContexts?(filter: { contextTypes: string[] }): Promise<unknown[]>;
}

let creating: Promise<void> | null = null;

/** Chrome's offscreen document, made once (a second one is refused). */
async function ensureOffscreen(offscreen: OffscreenApi) {
  const runtime = browser.runtime as unknown as RuntimeWithContexts;
  const open = (await runtime.getContexts?.({ contextTypes: ['OFFSCREEN_DOCUMENT'] }).catch(() => [])) ?? [];
  if (open.length) return;
  creating ??= offscreen
    .createDocument({
      url: OFFSCREEN_URL,
      reasons: ['DOM_PARSER'],
      justification: "Reads the judges' HTML history pages (CodeChef, CSES, SPOJ) into the list of solved problems.",
    })
    .catch((err: unknown) => {
      if (!/single offscreen/i.test(err instanceof Error ? err.message : '')) throw err;
    })
    .finally(() => (creating = null));
  await creating;
}

const io: SyncIo = {
  async parseElsewhere(platform, answer, state, now) {
    const offscreen = (browser as unknown as { offscreen?: OffscreenApi }).offscreen;
    if (!offscreen) throw new Error('No HTML parser here');
    await ensureOffscreen(offscreen);
    const message: OffscreenParse = { target: OFFSCREEN_PARSE, platform, answer, state, now };
    const page: SyncPage<unknown> = await browser.runtime.sendMessage(message);
    return page;
  },
  onAutoSync(choice) {
    if (choice === 'daily') void browser.alarms.create(DAILY_ALARM, { delayInMinutes: DAY_MINUTES, periodInMinutes: DAY_MINUTES });
    else void browser.alarms.clear(DAILY_ALARM);
  },
};

/** Wires the sync into the background: call once at its start. */
export function wireSync(deps: HandlerDeps) {
  setSyncIo(deps, io);
  // The dashboard (externally_connectable, Chrome only) asks for the sync's status, start, cancel and code opt-in.
  browser.runtime.onMessageExternal.addListener((message: unknown, sender, sendResponse) => {
    void handleExternalMessage(message, sender, deps).then(sendResponse);
    return true;
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === DAILY_ALARM) void autoSync(deps);
  });
  // The daily alarm survives as long as the setting: made again if the browser dropped it.
  void syncSettings(deps).then((s) => {
    if (s.autoSync === 'daily') void browser.alarms.get(DAILY_ALARM).then((a) => a || io.onAutoSync?.('daily'));
  });
  // A sync left by a stopped worker carries on at its next wake (any event, the queue's minute alarm included).
  void drive(deps, io);
}

/** Called on the background's minute alarm: wakes a sync that a stopped worker left running. */
export function resumeSync(deps: HandlerDeps) {
  void drive(deps, io);
}
