import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sheetQuery } from '../features/sheet/api/sheet-queries';
import { preloadable } from '../lib/preload';
import type { EarlySheet } from './early-sheet';
import { EARLY_SHEET_WAIT_MS, earlySheetReady } from './first-render';

const data = { sheet: { name: 'Blind 75' }, mappings: [], progress: {} };
const answer = () => Promise.resolve(new Response(JSON.stringify({ status: { code: 200, success: true, error: null, message: 'OK' }, data })));
const early = (response: Promise<Response>): EarlySheet => ({ slug: 'blind-75', token: 'tok', response });
const cached = (qc: QueryClient) => qc.getQueryData(sheetQuery('blind-75', 'tok').queryKey);

/** Whether the promise has settled once pending work and timers up to `ms` have run. */
async function settledBy(p: Promise<unknown>, ms: number) {
  let done = false;
  void p.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(ms);
  return done;
}

describe('earlySheetReady', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    window.earlySheet = undefined;
  });

  it('does not hold back a page that is not a sheet', async () => {
    const qc = new QueryClient();
    expect(await settledBy(earlySheetReady(undefined, qc, preloadable(() => new Promise(() => undefined))), 0)).toBe(true);
  });

  it('lets the first render go as soon as the sheet and its page are there, with the sheet in the cache', async () => {
    const qc = new QueryClient();
    const page = preloadable(() => new Promise<string>(() => undefined));
    window.earlySheet = early(answer());
    const ready = earlySheetReady(window.earlySheet, qc, page);
    expect(await settledBy(ready, 0)).toBe(false);
    page.provide('page');
    expect(await settledBy(ready, 0)).toBe(true);
    expect(cached(qc)).toEqual(data);
    // The early request was claimed, not left for a second one.
    expect(window.earlySheet).toBeUndefined();
  });

  it('waits no longer than its limit for a page that does not come, nor asks for it', async () => {
    const qc = new QueryClient();
    const importer = vi.fn(() => new Promise<string>(() => undefined));
    window.earlySheet = early(answer());
    const ready = earlySheetReady(window.earlySheet, qc, preloadable(importer));
    expect(await settledBy(ready, EARLY_SHEET_WAIT_MS - 1)).toBe(false);
    expect(await settledBy(ready, 1)).toBe(true);
    expect(cached(qc)).toEqual(data);
    expect(importer).not.toHaveBeenCalled();
  });

  it('waits no longer than its limit for an answer that does not come', async () => {
    const qc = new QueryClient();
    const page = preloadable(() => new Promise<string>(() => undefined));
    page.provide('page');
    window.earlySheet = early(new Promise(() => undefined));
    const ready = earlySheetReady(window.earlySheet, qc, page);
    expect(await settledBy(ready, EARLY_SHEET_WAIT_MS - 1)).toBe(false);
    expect(await settledBy(ready, 1)).toBe(true);
    expect(cached(qc)).toBeUndefined();
  });
});
