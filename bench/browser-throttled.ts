import type { Browser } from '@playwright/test';
import { signedInContext, waitMark } from './browser-context';
import { kB, record, summarize } from './lib';
import type { BenchData } from './seed';

/** A 4G-like link, as Lighthouse's "slow 4G": 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 };

/**
 * The sheet page's first visit over a slow link: bytes on the wire (every response's encoded length,
 * headers included, until the first rows are painted) and the time to the first rows, with the
 * browser's own Accept-Encoding and again with `identity` forced (the files as they are, as the
 * server sent them before it sent compressed ones). The 0.9 is the share of a link's rate that TCP
 * and TLS leave for content, as Chromium's own presets assume.
 */
export async function throttledSheet(browser: Browser, base: string, data: BenchData, runs: number) {
  const url = `${base}/question-tracker/sheet/${data.sheet.slug}`;
  const load = async (identity: boolean, throttled: boolean) => {
    const { context, page } = await signedInContext(browser, data.big.token, { rows: '[data-testid="question-row"]' });
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      if (identity) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
      if (throttled) await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      const wire = { assets: 0, api: 0, page: 0, compressed: 0, requests: 0 };
      const urls = new Map<string, string>();
      cdp.on('Network.responseReceived', (e) => {
        urls.set(e.requestId, e.response.url);
        const coding = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1];
        if (coding && coding !== 'identity') wire.compressed++;
      });
      cdp.on('Network.loadingFinished', (e) => {
        const path = new URL(urls.get(e.requestId) ?? base).pathname;
        const kind = path.startsWith('/assets/') ? 'assets' : /^\/(question-tracker\/v\d|auth\/)/.test(path) ? 'api' : 'page';
        wire[kind] += e.encodedDataLength;
        wire.requests++;
      });
      await page.goto(url, { timeout: 60_000 });
      const rows = await waitMark(page, 'rows', 60_000);
      return { rows, ...wire };
    } finally {
      await context.close();
    }
  };
  const figures: Record<string, { rows: number[]; wire: Awaited<ReturnType<typeof load>> }> = {};
  for (const [name, identity, throttled] of [
    ['compressed, slow 4G', false, true],
    ['uncompressed, slow 4G', true, true],
    ['compressed, no throttling', false, false],
  ] as const) {
    const rows: number[] = [];
    let wire: Awaited<ReturnType<typeof load>> | null = null;
    for (let i = 0; i < runs; i++) {
      wire = await load(identity, throttled);
      rows.push(wire.rows);
    }
    if (wire) figures[name] = { rows, wire };
  }
  const describeWire = (w: Awaited<ReturnType<typeof load>>) =>
    `${kB(w.assets + w.api + w.page).toFixed(0)} kB in ${w.requests} responses (${w.compressed} compressed): files ${kB(w.assets).toFixed(0)} kB, page ${kB(w.page).toFixed(1)} kB, API ${kB(w.api).toFixed(0)} kB`;
  const total = (w: Awaited<ReturnType<typeof load>>) => kB(w.assets + w.api + w.page);
  const c = figures['compressed, slow 4G'];
  const u = figures['uncompressed, slow 4G'];
  const n = figures['compressed, no throttling'];
  if (c) record('7', 'sheet page, first visit: bytes on the wire until the first rows', total(c.wire), 'kB', undefined, describeWire(c.wire));
  if (u) record('7', 'the same with Accept-Encoding: identity (as served before precompression)', total(u.wire), 'kB', undefined, describeWire(u.wire));
  const median = (f: { rows: number[] }) => summarize(f.rows).median;
  const spread = (f: { rows: number[] }) => `median of ${f.rows.length} (${f.rows.map((r) => r.toFixed(0)).join(', ')} ms)`;
  if (c) record('7', 'sheet page: first rows painted, slow 4G (1.6 Mbit/s, 150 ms)', median(c), 'ms', undefined, `${spread(c)}${n ? `; unthrottled here ${median(n).toFixed(0)} ms` : ''}`);
  if (u) record('7', 'sheet page: first rows painted, slow 4G, uncompressed', median(u), 'ms', undefined, spread(u));
}
