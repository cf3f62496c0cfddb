import { preloadable } from '../../lib/preload';
import type SheetPage from './sheet-page';

/**
 * The sheet page's code. On a sheet's address the early script (app/early-sheet.ts) runs the page's
 * chunk itself, from a module script tag, and the chunk hands its page over here as it runs
 * (sheetPageCode.provide): a dynamic import() of a chunk that is already there can still take
 * Chromium a hundred milliseconds or more during the page's load. Elsewhere it is imported.
 */
export const sheetPageCode = preloadable<typeof SheetPage>(() => import('./sheet-page').then((m) => m.default));
