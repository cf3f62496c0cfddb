/**
 * Step 8: the built extension (.output/chrome-mv3).
 * - Content-script size, raw and gzipped.
 * - Main-thread time of the content scripts on a saved LeetCode problem page (which has no scripts of
 *   its own): the V8 sampling profiler (CDP Profiler, 100 µs) runs while the page loads and for the
 *   seconds the detector keeps re-reading it; every sample whose stack includes a frame of a
 *   chrome-extension:// script counts for that script. Compilation outside those frames is not counted.
 * - Popup open time: chrome-extension://<id>/popup.html?tabId=… for the problem tab, signed in to the
 *   bench server, from navigation start until the detected problem and the account's facts are painted:
 *   after a signed-in visit of the page (the target), and without the lookup kept from that visit.
 * Reuses the e2e helpers of tests/e2e/support/extension.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { CONTENT_SCRIPT_MAX_BYTES } from '../extension/lib/budgets';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { EXTENSION_DIR, launchWithExtension, startFixtureServer, tabIdFor } from '../tests/e2e/support/extension';
import { CHROMIUM, NAME_SHIM } from './browser-context';
import { detail, errorText, kB, record, skip, summarize } from './lib';
import { PASSWORD, type BenchData } from './seed';

const CONTENT_BUDGET = { op: '<', limit: CONTENT_SCRIPT_MAX_BYTES / 1000, label: `< ${CONTENT_SCRIPT_MAX_BYTES / 1000} kB` } as const;

const PROBLEM = 'https://leetcode.com/problems/two-sum/';

function contentScriptSizes() {
  const dir = join(EXTENSION_DIR, 'content-scripts');
  if (!existsSync(dir)) {
    skip('8', 'content script size', 'the extension is not built (.output/chrome-mv3); run npm run build:extension', CONTENT_BUDGET.label);
    return;
  }
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const buf = readFileSync(join(dir, file));
    record('8', `content script ${file}, raw`, kB(buf.byteLength), 'kB', CONTENT_BUDGET, `${kB(gzipSync(buf).byteLength).toFixed(1)} kB gzipped`);
  }
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { url: string; functionName: string };
  children?: number[];
}

/** Milliseconds of samples per chrome-extension:// script (the innermost extension frame of each stack). */
function extensionTime(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) {
    const child = byId.get(c);
    if (child) child.parent = n.id;
  }
  const owner = new Map<number, string | null>();
  const ownerOf = (id: number): string | null => {
    if (owner.has(id)) return owner.get(id) ?? null;
    const n = byId.get(id);
    let found: string | null = null;
    if (n?.callFrame.url.startsWith('chrome-extension://')) found = n.callFrame.url.replace(/^chrome-extension:\/\/[^/]+\//, '');
    else if (n?.parent !== undefined) found = ownerOf(n.parent);
    owner.set(id, found);
    return found;
  };
  const out = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, i) => {
    const script = ownerOf(id);
    // A sample stands for the time until the next one.
    const us = deltas[i + 1] ?? deltas[i] ?? 0;
    if (script) out.set(script, (out.get(script) ?? 0) + us / 1000);
  });
  return out;
}

async function contentScriptTime(page: Page, quick: boolean) {
  // Same site first, so the profiled navigation stays in this renderer process.
  await page.goto('https://leetcode.com/problemset/');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.start');
  await page.evaluate((u) => (window.location.href = u), PROBLEM);
  await page.waitForURL(PROBLEM);
  await page.waitForLoadState('load');
  // The detector re-reads the page 0.4, 1.2, 3 and 6 s after load.
  await page.waitForTimeout(quick ? 3500 : 6800);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] } };
  const metrics = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  const times = extensionTime(profile);
  const total = [...times.values()].reduce((a, b) => a + b, 0);
  const scriptMs = (metrics.metrics.find((m) => m.name === 'ScriptDuration')?.value ?? NaN) * 1000;
  record(
    '8',
    `content scripts: main-thread time on the LeetCode problem page`,
    total,
    'ms',
    { op: '<', limit: 20, label: '< 20 ms' },
    `${[...times].map(([s, ms]) => `${s} ${ms.toFixed(1)} ms`).join(', ') || 'no samples in extension code'}; page ScriptDuration ${scriptMs.toFixed(1)} ms (the page has no scripts of its own); ${quick ? 3.5 : 6.8} s after load`,
  );
}

interface PopupMarks {
  ready: number;
  shell: number;
  messages: { type: string; sent: number; answered: number }[];
}

/** Opens the popup for a tab once: when its frame and its content were painted, and its messages. */
async function openPopup(ext: Awaited<ReturnType<typeof launchWithExtension>>, tabId: number, ready: string): Promise<PopupMarks> {
  const popup = await ext.context.newPage();
  // Two moments: the popup's own first paint (its frame, "Looking at this page…"), and the content.
  await popup.addInitScript((selector) => {
    const w = window as unknown as { __ready?: number; __shell?: number; __messages?: PopupMarks['messages'] };
    // Each message to the background: when it was sent and when its answer came back.
    w.__messages = [];
    const runtime = chrome.runtime as unknown as { sendMessage(message: unknown): Promise<unknown> };
    const original = runtime.sendMessage.bind(runtime);
    runtime.sendMessage = (message: unknown) => {
      const entry = { type: String((message as { type?: unknown } | null)?.type), sent: performance.now(), answered: NaN };
      w.__messages?.push(entry);
      return original(message).finally(() => (entry.answered = performance.now()));
    };
    const observer = new MutationObserver(() => {
      if (w.__shell === undefined && document.querySelector('.wrap.popup')) {
        w.__shell = -1;
        requestAnimationFrame(() => requestAnimationFrame((t) => (w.__shell = t)));
      }
      if (document.querySelector(selector) && w.__ready === undefined) {
        observer.disconnect();
        w.__ready = -1;
        requestAnimationFrame(() => requestAnimationFrame((t) => (w.__ready = t)));
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  }, ready);
  await popup.goto(`chrome-extension://${ext.extensionId}/popup.html?tabId=${tabId}`);
  await popup.waitForFunction(() => ((window as unknown as { __ready?: number }).__ready ?? 0) > 0, null, { timeout: 15_000 });
  // Until every message has its answer (the fresh lookup after a kept one).
  await popup.waitForFunction(() => (window as unknown as { __messages: PopupMarks['messages'] }).__messages.every((m) => m.answered > 0), null, { timeout: 15_000 });
  const marks = await popup.evaluate(() => {
    const w = window as unknown as { __ready: number; __shell: number; __messages: PopupMarks['messages'] };
    return { ready: w.__ready, shell: w.__shell, messages: w.__messages };
  });
  await popup.close();
  return marks;
}

/**
 * Popup open time. As it is used: signed in, the problem page visited (the background looks the problem
 * up on the visit and keeps the answer in storage.session; the popup paints it and asks for a fresh
 * one). Cold: the kept answer removed before each open, so the API lookup is on the way to the paint.
 * Asleep: the service worker stopped before each open.
 */
async function popupTime(ext: Awaited<ReturnType<typeof launchWithExtension>>, problemPage: Page, apiBase: string, data: BenchData, runs: number) {
  const control = await ext.context.newPage();
  await control.goto(`chrome-extension://${ext.extensionId}/options.html`);
  await control.evaluate((apiBaseUrl) => chrome.runtime.sendMessage({ type: 'settings:set', apiBaseUrl }), apiBase);
  const login = await control.evaluate(
    (creds): Promise<{ ok: boolean; error?: string }> => chrome.runtime.sendMessage({ type: 'auth:login', ...creds }),
    { email: data.big.email, password: PASSWORD },
  );
  const signedIn = login.ok;
  if (!signedIn) detail(`extension sign-in failed (${login.error}); the popup is measured signed out`);

  const tabId = await tabIdFor(ext.worker, PROBLEM);
  const keptKey = `lookup:${tabId}`;
  const kept = () => control.evaluate(async (key) => !!(await chrome.storage.session.get(key))[key], keptKey);
  // The signed-in visit: the page is loaded again and detected, and the background keeps its lookup.
  await problemPage.reload();
  if (signedIn) {
    const until = Date.now() + 10_000;
    while (!(await kept()) && Date.now() < until) await problemPage.waitForTimeout(50);
    if (!(await kept())) detail('the background kept no lookup after the visit: every open below looked the problem up');
  }

  const ready = signedIn ? '[data-testid="workspace-state"]' : '[data-testid="problem-name"]';
  const warm: PopupMarks[] = [];
  for (let i = 0; i < runs; i++) warm.push(await openPopup(ext, tabId, ready));
  const cold: PopupMarks[] = [];
  if (signedIn) {
    for (let i = 0; i < runs; i++) {
      await control.evaluate((key) => chrome.storage.session.remove(key), keptKey);
      cold.push(await openPopup(ext, tabId, ready));
    }
  }
  // The background asleep (Chrome stops an idle service worker after 30 s): the popup's first message
  // starts it again. Last, because the worker handle of `ext` does not survive this.
  const asleep: PopupMarks[] = [];
  if (signedIn) {
    await problemPage.reload();
    const until = Date.now() + 10_000;
    while (!(await kept()) && Date.now() < until) await problemPage.waitForTimeout(50);
    const cdp = await ext.context.newCDPSession(control);
    await cdp.send('ServiceWorker.enable');
    for (let i = 0; i < runs; i++) {
      await cdp.send('ServiceWorker.stopAllWorkers');
      await control.waitForTimeout(300);
      asleep.push(await openPopup(ext, tabId, ready));
    }
    await cdp.detach();
  }
  await control.close();

  const median = (xs: number[]) => summarize(xs).median.toFixed(0);
  const states = (marks: PopupMarks[]) => marks.map((m) => m.messages.filter((x) => x.type === 'problem:state'));
  const s = summarize(warm.map((m) => m.ready));
  const fresh = states(warm).map((list) => list.at(-1)?.answered ?? NaN);
  record(
    '8',
    `popup ready (${signedIn ? 'problem and your workspace state, after a signed-in visit of the page' : 'problem, signed out'})`,
    s.median,
    'ms',
    { op: '<', limit: 150, label: '< 150 ms' },
    `median of ${runs} opens (min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)} ms) from navigation start; the popup's frame painted at ${median(warm.map((m) => m.shell))} ms, first message sent at ${median(warm.map((m) => m.messages[0]?.sent ?? NaN))} ms${signedIn ? `; painted from what the background kept at the visit (read from storage), its fresh answer (with the API lookup) came at ${median(fresh)} ms` : ''}`,
  );
  if (cold.length) {
    const c = summarize(cold.map((m) => m.ready));
    const trips = states(cold).map((list) => (list[0] ? list[0].answered - list[0].sent : NaN));
    record(
      '8',
      'popup ready without a kept lookup (the API lookup before the paint)',
      c.median,
      'ms',
      undefined,
      `median of ${runs} opens (min ${c.min.toFixed(0)}, max ${c.max.toFixed(0)} ms); frame painted at ${median(cold.map((m) => m.shell))} ms, problem:state (with the API lookup) answered after ${median(trips)} ms`,
    );
  }
  if (asleep.length) {
    const a = summarize(asleep.map((m) => m.ready));
    const answered = states(asleep).map((list) => list[0]?.answered ?? NaN);
    record(
      '8',
      'popup ready with the background asleep (after a signed-in visit)',
      a.median,
      'ms',
      undefined,
      `median of ${runs} opens (min ${a.min.toFixed(0)}, max ${a.max.toFixed(0)} ms), the service worker stopped before each; the background's fresh answer (starting the worker, then the API lookup) came at ${median(answered)} ms`,
    );
  }
}

export async function measureExtension(apiBase: string | null, data: BenchData | null, quick: boolean) {
  contentScriptSizes();
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) {
    skip('8', 'content-script main-thread time and popup', 'the extension is not built');
    return;
  }
  if (!existsSync(CHROMIUM)) {
    skip('8', 'content-script main-thread time and popup', `no Chromium at ${CHROMIUM}`);
    return;
  }
  const fixtures = await startFixtureServer({
    'leetcode.com/problems/two-sum/': 'leetcode/two-sum.html',
    'leetcode.com/problemset/': 'leetcode/problemset.html',
  });
  let ext: Awaited<ReturnType<typeof launchWithExtension>> | null = null;
  try {
    ext = await launchWithExtension(fixtures.port);
    await ext.context.addInitScript(NAME_SHIM);
    const page = await ext.context.newPage();
    try {
      await contentScriptTime(page, quick);
    } catch (err) {
      skip('8', 'content scripts: main-thread time', `failed: ${errorText(err)}`, '< 20 ms');
    }
    if (apiBase && data) {
      try {
        await popupTime(ext, page, apiBase, data, quick ? 5 : 9);
      } catch (err) {
        skip('8', 'popup ready', `failed: ${errorText(err)}`, '< 150 ms');
      }
    } else skip('8', 'popup ready', 'no API server to sign in to', '< 150 ms');
  } finally {
    await ext?.context.close();
    await fixtures.close();
  }
}
