/**
 * Step 7: the dashboard in Chromium (Playwright, /usr/bin/chromium), signed in as the big user by
 * putting its token in localStorage 'pt.token' before navigation:
 * - the 455-question sheet: time from navigation start until the first rows are painted, DOM nodes
 *   (as opened, and with every topic expanded), and frame times (requestAnimationFrame deltas) while
 *   dragging a question with the mouse;
 * - the workspace with 10,000 records: time to the first page, and to the table after a filter change;
 * - what a logged-out visitor's first screen actually downloads (cross-check of step 6).
 * Times are read inside the page (performance.now(), origin = navigation start), not around Playwright calls.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ARGS, CHROMIUM, CPU_THROTTLE, signedInContext, waitMark } from './browser-context';
import { throttledSheet } from './browser-throttled';
import { DASHBOARD_DIR, gzipOf } from './bundle';
import { detail, errorText, kB, record, skip, summarize } from './lib';
import type { BenchData } from './seed';

/** One display refresh at 60 Hz; rAF deltas come in multiples of it. */
const VSYNC = 1000 / 60;

/** Where the time of a load went: scripts loaded, and the API call that fills the page (from Resource Timing). */
async function timeline(page: Page, api: string): Promise<string> {
  const t = await page.evaluate((needle) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const call = entries.find((e) => e.name.includes(needle));
    const entry = entries.find((e) => /\/assets\/index-[^/]+\.js$/.test(e.name));
    // The route's scripts: those asked for before the call had its answer (the entry, the route's chunks,
    // whether they came first or, on a sheet's address, together with the call).
    const before = entries.filter((e) => e.name.endsWith('.js') && call && e.startTime <= call.responseEnd);
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return {
      html: nav?.responseEnd ?? 0,
      entry: entry?.responseEnd ?? 0,
      chunks: before.length ? Math.max(...before.map((e) => e.responseEnd)) : 0,
      callStart: call?.startTime ?? 0,
      callEnd: call?.responseEnd ?? 0,
    };
  }, api);
  return `HTML ${t.html.toFixed(0)} ms, entry JS ${t.entry.toFixed(0)} ms, route chunks ${t.chunks.toFixed(0)} ms, ${api} ${t.callStart.toFixed(0)}→${t.callEnd.toFixed(0)} ms`;
}

const domNodes = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);

/** Where the sheet page's nodes are: the question tree (per row), the topic chart, the rest. */
const sheetNodes = (page: Page) =>
  page.evaluate(() => {
    const count = (sel: string) => [...document.querySelectorAll(sel)].reduce((n, el) => n + el.getElementsByTagName('*').length + 1, 0);
    const rows = document.querySelectorAll('[data-testid="question-row"]').length;
    return { tree: count('.sheet-tree'), chart: count('.recharts-wrapper'), perRow: rows ? Math.round(count('[data-testid="question-row"]') / rows) : 0 };
  });

/**
 * BENCH_BROWSER_PROFILE=<dir> writes the page's CPU profile (Chrome DevTools' .cpuprofile) of the last
 * sheet load and of each drag into that folder, to open in DevTools' Performance panel; with
 * BENCH_BROWSER_TRACE=1 as well, a timeline trace (.trace.json) instead, which shows each frame's style,
 * layout and paint beside its script.
 */
async function startProfile(page: Page): Promise<(name: string) => Promise<void>> {
  const dir = process.env.BENCH_BROWSER_PROFILE;
  if (!dir) return async () => {};
  const browser = page.context().browser();
  if (process.env.BENCH_BROWSER_TRACE && browser) {
    // A timeline trace (style, layout, paint and script per frame) in place of the CPU profile.
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline.frame'] });
    return async (name) => {
      mkdirSync(dir, { recursive: true });
      const file = resolve(dir, `${name}.trace.json`);
      writeFileSync(file, await browser.stopTracing());
      detail(`browser trace: ${file}`);
    };
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return async (name) => {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    const file = resolve(dir, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    detail(`browser CPU profile: ${file}`);
    await cdp.detach();
  };
}

/** Starts recording rAF timestamps; returns a function that stops and returns the deltas. */
async function recordFrames(page: Page): Promise<() => Promise<{ deltas: number[]; times: number[]; longFrames: number[]; dragStart: number }>> {
  await page.evaluate(() => {
    const frames: number[] = [];
    const longFrames: number[] = [];
    window.__bench.frames = frames;
    window.__bench.longFrames = longFrames;
    window.__bench.dragStart = undefined;
    window.__bench.recording = 1;
    try {
      // Long Animation Frames (Chromium 123+): frames whose work took 50 ms or more, with their duration.
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (window.__bench.recording) longFrames.push(e.duration);
      }).observe({ type: 'long-animation-frame' });
    } catch {
      // not supported: the rAF deltas alone
    }
    new MutationObserver((_, obs) => {
      if (document.querySelector('.dragging')) {
        window.__bench.dragStart = performance.now();
        obs.disconnect();
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
    const tick = (t: number) => {
      frames.push(t);
      if (window.__bench.recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return async (): Promise<{ deltas: number[]; times: number[]; longFrames: number[]; dragStart: number }> => {
    const out = await page.evaluate(() => {
      window.__bench.recording = 0;
      const f = window.__bench.frames as number[];
      return { deltas: f.slice(1).map((t, i) => t - (f[i] as number)), times: f, longFrames: window.__bench.longFrames as number[], dragStart: (window.__bench.dragStart as number | undefined) ?? NaN };
    });
    return out;
  };
}

const DRAGS = Number(process.env.BENCH_DRAGS ?? 3);

interface Drag {
  dragging: boolean;
  longest: number;
  phases: string;
  frames: number;
  total: number;
  p95: number;
  dropped: number;
  longFrames: number[];
}

/** One drag of the first question shown over ten rows, with the frame times it took; null when the user cannot drag. */
async function dragOnce(page: Page, name: string): Promise<Drag | null> {
  const handle = page.locator('[data-testid="question-row"] .drag-handle').first();
  if (!(await handle.count())) return null;
  await handle.evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -120);
  });
  await page.waitForTimeout(300);
  const box = await handle.boundingBox();
  if (!box) return null;
  const secondRowY = (await page.locator('[data-testid="question-row"] .drag-handle').nth(1).boundingBox())?.y ?? box.y + 40;
  const step = Math.max(20, secondRowY - box.y);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const profiled = await startProfile(page);
  const stop = await recordFrames(page);
  const now = () => page.evaluate(() => performance.now());
  await page.mouse.move(x, y);
  const downAt = await now();
  await page.mouse.down();
  await page.mouse.move(x + 2, y + 6, { steps: 2 });
  const moves = 60;
  let dragging = false;
  for (let i = 1; i <= moves; i++) {
    await page.mouse.move(x + 2, y + 6 + (i * step * 10) / moves);
    await page.waitForTimeout(VSYNC);
    if (i === moves / 2) dragging = await page.evaluate(() => !!document.querySelector('.q-row.dragging'));
  }
  const upAt = await now();
  await page.mouse.up();
  await page.waitForTimeout(400);
  const { deltas, longFrames, times, dragStart } = await stop();
  await profiled(name);
  // A frame belongs to the phase in which it ends.
  const phase = (from: number, to: number) => Math.max(0, ...deltas.filter((_, i) => (times[i + 1] ?? 0) > from && (times[i + 1] ?? 0) <= to));
  const picked = Number.isFinite(dragStart) ? dragStart : downAt;
  const phases = `pick-up (drag start + 300 ms) ${phase(downAt, picked + 300).toFixed(0)} ms, moving ${phase(picked + 300, upAt).toFixed(0)} ms, drop ${phase(upAt, Infinity).toFixed(0)} ms`;
  return { dragging, phases, ...frameStats(deltas), total: deltas.reduce((a, b) => a + b, 0), longFrames };
}

/** The longest of some frame times, their count and p95, and how many took longer than 1.5 frames. */
function frameStats(deltas: number[]) {
  return { longest: Math.max(...deltas), frames: deltas.length, p95: summarize(deltas).p95, dropped: deltas.filter((d) => d > VSYNC * 1.5).length };
}

/**
 * `runs` first visits of `url` by the big user, each in a new context (nothing cached), timed to the
 * first `rows` painted; the last visit's page stays open (and is profiled as `profile`, when asked).
 */
async function firstVisits(browser: Browser, url: string, data: BenchData, rows: string, runs: number, profile?: string) {
  const loads: number[] = [];
  let last: { context: BrowserContext; page: Page } | null = null;
  for (let i = 0; i < runs; i++) {
    await last?.context.close();
    last = await signedInContext(browser, data.big.token, { rows });
    const profiled = profile && i === runs - 1 ? await startProfile(last.page) : null;
    await last.page.goto(url);
    loads.push(await waitMark(last.page, 'rows'));
    if (profile) await profiled?.(profile);
  }
  return { loads, last };
}

async function sheetPage(browser: Browser, base: string, data: BenchData, runs: number) {
  const { loads, last } = await firstVisits(browser, `${base}/question-tracker/sheet/${data.sheet.slug}`, data, '[data-testid="question-row"]', runs, 'sheet-load');
  const page = last?.page;
  if (!page) return;
  const s = summarize(loads);
  const where = await timeline(page, 'get-sheet-data-by-slug');
  record('7', 'sheet page: first rows painted (455-question sheet, first visit)', s.median, 'ms', { op: '<', limit: 500, label: '< 500 ms' }, `median of ${runs} loads in fresh contexts (min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)} ms), from navigation start; last load: ${where}`);

  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const rowsShown = await page.locator('[data-testid="question-row"]').count();
  const opened = await sheetNodes(page);
  record('7', 'sheet page: DOM nodes as opened', await domNodes(page), 'nodes', { op: '<=', limit: 1500, label: '≤ 1,500' }, `${rowsShown} of 455 question rows rendered (topics after the first start collapsed); question tree ${opened.tree} nodes (${opened.perRow} per row), topic chart ${opened.chart}`);

  // Drag the first question of the open topic down over ten rows, about one second, as a person would;
  // a few times, the first being the page's first drag (dnd-kit's drag code then runs for the first time).
  const drags: Drag[] = [];
  for (let i = 0; i < DRAGS; i++) {
    const d = await dragOnce(page, `sheet-drag-${i + 1}`);
    if (!d) break;
    drags.push(d);
  }
  if (!drags.length) {
    skip('7', 'sheet page: longest frame while dragging', 'no drag handle (the user cannot edit this sheet?)', '≤ 16.7 ms');
  } else {
    const first = drags[0] as Drag;
    const s = summarize(drags.map((d) => d.longest));
    record(
      '7',
      'sheet page: longest frame while dragging a question',
      s.median,
      'ms',
      { op: '<=', limit: 20, label: '≤ 20 ms (one 16.7 ms frame)' },
      `median of ${drags.length} drags' longest frames (${drags.map((d) => d.longest.toFixed(0)).join(', ')} ms, the page's first drag first); ` +
        drags.map((d, i) => `drag ${i + 1}: ${d.dragging ? '' : 'the drag did not start! '}${d.phases}`).join('; ') +
        `; first drag: ${first.frames} frames over ${(first.total / 1000).toFixed(1)} s, p95 ${first.p95.toFixed(1)} ms, ${first.dropped} longer than 1.5 frames` +
        (first.longFrames.length ? `, long animation frames: ${first.longFrames.length}, longest ${Math.max(...first.longFrames).toFixed(0)} ms` : ''),
    );
  }

  // Every topic expanded: what a person who opens them all has in the page at once.
  const t = Date.now();
  for (let round = 0; round < 5; round++) {
    const clicked = await page.evaluate(() => {
      const buttons = [...document.querySelectorAll<HTMLButtonElement>('button[aria-label^="Expand "]')];
      buttons.forEach((b) => b.click());
      return buttons.length;
    });
    if (!clicked) break;
    await page.waitForTimeout(200);
  }
  const allRows = await page.locator('[data-testid="question-row"]').count();
  const expanded = await sheetNodes(page);
  record('7', 'sheet page: DOM nodes with every topic expanded', await domNodes(page), 'nodes', { op: '<=', limit: 1500, label: '≤ 1,500' }, `${allRows} question rows in the DOM, question tree ${expanded.tree} nodes (expanding took ${Date.now() - t} ms incl. waits)`);

  // Scrolling the expanded sheet: rows are drawn (and become drag items) as they come near the viewport.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(640, 450);
  await page.waitForTimeout(300);
  const profiledScroll = await startProfile(page);
  const stop = await recordFrames(page);
  for (let i = 0; i < 120; i++) {
    await page.mouse.wheel(0, 120);
    await page.waitForTimeout(VSYNC);
  }
  await page.waitForTimeout(300);
  const scroll = await stop();
  await profiledScroll('sheet-scroll');
  const scrolled = frameStats(scroll.deltas);
  record(
    '7',
    'sheet page: longest frame while scrolling, every topic expanded',
    scrolled.longest,
    'ms',
    undefined,
    `120 wheel steps of 120 px; ${scrolled.frames} frames, p95 ${scrolled.p95.toFixed(1)} ms, ${scrolled.dropped} longer than 1.5 frames; ${await page.locator('[data-testid="question-row"]').count()} rows drawn at the end`,
  );
  await last.context.close();
}

async function workspace(browser: Browser, base: string, data: BenchData, runs: number) {
  const { loads, last } = await firstVisits(browser, `${base}/question-tracker?tab=workspace`, data, '[data-testid="workspace-row"]', runs);
  const page = last?.page;
  if (!page) return;
  const s = summarize(loads);
  const where = await timeline(page, 'get-questions');
  record('7', 'workspace: first page painted (10,000 records, first visit)', s.median, 'ms', undefined, `median of ${runs} loads (min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)} ms), from navigation start; last load: ${where}`);
  await page.waitForLoadState('networkidle');

  /** Time from the user's input to the frame that paints the table of the new query. */
  const change = async (act: () => Promise<void>) => {
    await page.evaluate(() => {
      window.__bench.start = undefined;
      window.__bench.done = undefined;
      const begin = () => (window.__bench.start ??= performance.now());
      document.addEventListener('click', begin, { capture: true, once: true });
      document.addEventListener('input', begin, { capture: true, once: true });
      let sawBusy = false;
      const observer = new MutationObserver(() => {
        const busy = document.querySelector('.ws-table-wrap[aria-busy="true"]');
        if (busy) sawBusy = true;
        else if (sawBusy && window.__bench.done === undefined) {
          observer.disconnect();
          window.__bench.done = -1;
          requestAnimationFrame(() => requestAnimationFrame((t) => (window.__bench.done = t)));
        }
      });
      observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-busy'], childList: true });
    });
    await act();
    await page.waitForFunction(() => typeof window.__bench.done === 'number' && window.__bench.done > 0, null, { timeout: 30_000 });
    const { start, done } = await page.evaluate(() => ({ start: window.__bench.start as number, done: window.__bench.done as number }));
    return done - start;
  };
  const changes: [string, () => Promise<void>][] = [
    ['starred', () => page.locator('button[data-focus-key="starred"]').click()],
    ['status marked', () => page.locator('select[data-focus-key="status"]').selectOption('marked').then(() => undefined)],
    ['sort by updated', () => page.locator('select[data-focus-key="sortBy"]').selectOption('updatedAt').then(() => undefined)],
    ['order oldest', () => page.locator('button[data-focus-key="order:oldest"]').click()],
  ];
  const times: number[] = [];
  const labels: string[] = [];
  for (const [label, act] of changes) {
    try {
      const ms = await change(act);
      times.push(ms);
      labels.push(`${label} ${ms.toFixed(0)}`);
    } catch (err) {
      labels.push(`${label} failed (${errorText(err)})`);
    }
  }
  const f = summarize(times);
  record('7', 'workspace: filter change to repainted table', times.length ? f.median : null, 'ms', { op: '<', limit: 200, label: '< 200 ms' }, `median of ${labels.join(', ')} ms`);
  await last.context.close();
}

/** What the logged-out first screen really requests: every script, gzipped size from the build. */
async function firstScreen(browser: Browser, base: string) {
  const { context, page } = await signedInContext(browser, null, { explore: 'main, #root > *' });
  const scripts = new Set<string>();
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (r.request().resourceType() === 'script' && u.pathname.startsWith('/assets/')) scripts.add(u.pathname.slice('/assets/'.length));
  });
  await page.goto(`${base}/question-tracker`);
  await page.waitForLoadState('networkidle');
  const files = [...scripts].filter((f) => existsSync(join(DASHBOARD_DIR, 'assets', f)));
  const total = files.reduce((sum, f) => sum + gzipOf(f), 0);
  record('7', 'logged-out /question-tracker: JS actually requested, gzipped', kB(total), 'kB', undefined, `${files.length} scripts (entry, preloads and the Explore tab)`);
  await context.close();
}

export async function measureBrowser(base: string, data: BenchData, quick: boolean) {
  if (!existsSync(CHROMIUM)) {
    for (const name of ['sheet page', 'workspace']) skip('7', name, `no Chromium at ${CHROMIUM}`);
    return;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    detail(`Chromium ${browser.version()} headless, 1280×900, against ${base}`);
    if (CPU_THROTTLE > 1) detail(`CPU throttled ${CPU_THROTTLE}× (BENCH_CPU_THROTTLE): the browser figures show headroom, not the product against its targets`);
    const runs = quick ? 2 : 3;
    for (const [name, fn] of [
      ['sheet page', () => sheetPage(browser, base, data, runs)],
      ['workspace', () => workspace(browser, base, data, runs)],
      ['first screen', () => firstScreen(browser, base)],
      ['sheet page over a slow link', () => throttledSheet(browser, base, data, runs)],
    ] as const) {
      try {
        await fn();
      } catch (err) {
        skip('7', name, `failed: ${errorText(err)}`);
      }
    }
  } finally {
    await browser.close();
  }
}
