import type { QueryClient } from '@tanstack/react-query';
import { sheetQuery } from '../features/sheet/api/sheet-queries';
import type { Preloadable } from '../lib/preload';
import type { EarlySheet } from './early-sheet';

/** How long the first render may wait for a sheet's data and code that are on their way. */
export const EARLY_SHEET_WAIT_MS = 100;

/**
 * On a sheet's address index.html's early script has asked for the sheet's data and the page's code
 * already. The first render waits for them, briefly: drawn with them, the sheet shows in the first
 * paint instead of after a skeleton and a second render, which on a busy machine takes longer than
 * the wait. The answer is taken into the query cache here; the code is waited for as the early script
 * runs it, not asked for (the page asks, as usual, if it has not come). Whatever is still missing when
 * the wait ends shows its skeleton.
 */
export function earlySheetReady(
  early: EarlySheet | undefined,
  queryClient: QueryClient,
  page: Preloadable<unknown>,
  waitMs = EARLY_SHEET_WAIT_MS,
): Promise<void> {
  if (!early) return Promise.resolve();
  // Never rejects: a failed load is the sheet page's to show, the first render only waits for it.
  const data = queryClient.query(sheetQuery(early.slug, early.token)).catch(() => undefined);
  const arrived = Promise.all([data, page.provided()]);
  return Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, waitMs))]).then(() => undefined);
}
