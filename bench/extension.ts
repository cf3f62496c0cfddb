/**
 * Step 8: the built extension (.output/chrome-mv3).
 * - Content-script size, raw and gzipped.
 * - Main-thread time of the content scripts on a saved LeetCode problem page (which has no scripts of
 *   its own): the V8 sampling profiler (CDP Profiler, 100 µs) runs while the page loads and for the
 *   seconds the detector keeps re-reading it; every sample whose stack includes a frame of a
 *   chrome-extension:// script counts for that script. Compilation outside those frames is not counted.
 * - Popup open time: chrome-extension://<id>/popup.html?tabId=… for the problem tab, signed in to the
 *   bench server, from navigation start until the detected problem and the account's facts are painted.
 * Reuses the e2e helpers of tests/e2e/support/extension.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { EXTENSION_DIR, launchWithExtension, startFixtureServer, tabIdFor } from '../tests/e2e/support/extension';
import { CHROMIUM, NAME_SHIM } from './browser';
import { detail, errorText, kB, record, skip, summarize } from './lib';
import { PASSWORD, type BenchData } from './seed';

const PROBLEM = 'https://leetcode.com/problems/two-sum/';

export function contentScriptSizes() {
  const dir = join(EXTENSION_DIR, 'content-scripts');
  if (!existsSync(dir)) {
    skip('8', 'content script size', 'the extension is not built (.output/chrome-mv3); run npm run build:extension', '< 20 kB');
    return;
  }
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const buf = readFileSync(join(dir, file));
    record('8', `content script ${file}, raw`, kB(buf.byteLength), 'kB', { op: '<', limit: 20, label: '< 20 kB' }, `${kB(gzipSync(buf).byteLength).toFixed(1)} kB gzipped`);
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
  const metrics = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
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

async function popupTime(ext: Awaited<ReturnType<typeof launchWithExtension>>, apiBase: string, data: BenchData, runs: number) {
  const setup = await ext.context.newPage();
  await setup.goto(`chrome-extension://${ext.extensionId}/popup.html`);
  await setup.evaluate((apiBaseUrl) => chrome.runtime.sendMessage({ type: 'settings:set', apiBaseUrl }), apiBase);
  const login = (await setup.evaluate((creds) => chrome.runtime.sendMessage({ type: 'auth:login', ...creds }), { email: data.big.email, password: PASSWORD })) as { ok: boolean; error?: string };
  await setup.close();
  const signedIn = login.ok;
  if (!signedIn) detail(`extension sign-in failed (${login.error}); the popup is measured signed out`);

  const tabId = await tabIdFor(ext.worker, PROBLEM);
  const ready = signedIn ? '[data-testid="workspace-state"]' : '[data-testid="problem-name"]';
  const times: number[] = [];
  const shells: number[] = [];
  for (let i = 0; i < runs; i++) {
    const popup = await ext.context.newPage();
    // Two moments: the popup's own first paint (its shell, "Looking at this page…"), and the content.
    await popup.addInitScript((selector) => {
      const w = window as unknown as { __ready?: number; __shell?: number };
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
    const marks = await popup.evaluate(() => {
      const w = window as unknown as { __ready: number; __shell: number };
      return { ready: w.__ready, shell: w.__shell };
    });
    times.push(marks.ready);
    shells.push(marks.shell);
    await popup.close();
  }
  const s = summarize(times);
  record(
    '8',
    `popup ready (${signedIn ? 'problem and your workspace state' : 'problem, signed out'})`,
    s.median,
    'ms',
    { op: '<', limit: 150, label: '< 150 ms' },
    `median of ${runs} opens (min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)} ms) from navigation start; the popup's own shell painted at ${summarize(shells).median.toFixed(0)} ms, the rest waits for the background's answer${signedIn ? ' (which includes the API lookup)' : ''}`,
  );
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
        await popupTime(ext, apiBase, data, quick ? 3 : 5);
      } catch (err) {
        skip('8', 'popup ready', `failed: ${errorText(err)}`, '< 150 ms');
      }
    } else skip('8', 'popup ready', 'no API server to sign in to', '< 150 ms');
  } finally {
    await ext?.context.close();
    await fixtures.close();
  }
}
