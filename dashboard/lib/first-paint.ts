/**
 * What index.html's early script (app/early-sheet.ts) and the app must agree on: the session's
 * storage key, the sheet routes and the sheet read's address. Both import them from here, so they
 * cannot drift apart. No imports: the early script is built from this file into the page itself.
 */

/** The localStorage key of the session's bearer token (lib/session-store.ts). */
export const SESSION_TOKEN_KEY = 'pt.token';

/** The pricing page, which the premium sheet route would otherwise read as a sheet called "pricing". */
export const PRICING_PATH = '/question-tracker/sheet/premium/pricing';
/** The sheet routes of app/app.tsx. */
export const SHEET_ROUTE = '/question-tracker/sheet/:slug';
export const PREMIUM_SHEET_ROUTE = '/question-tracker/sheet/premium/:slug';

/** A route's pattern as a regular expression, its `:slug` the one capture. */
const routeRegExp = (route: string) =>
  new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(':slug', '([^/]+)')}$`);
const SHEET_ROUTES = [routeRegExp(PREMIUM_SHEET_ROUTE), routeRegExp(SHEET_ROUTE)];

/** The (still encoded) slug of a sheet's address, or null for any other page, the pricing page included. */
export function sheetSlugOf(path: string): string | null {
  if (path === PRICING_PATH) return null;
  for (const route of SHEET_ROUTES) {
    const slug = route.exec(path)?.[1];
    if (slug) return slug;
  }
  return null;
}

/** The sheet read the page's data comes from (api/routes/sheets.ts, v2). */
export const sheetDataPath = (slug: string) => `/question-tracker/v2/sheet/get-sheet-data-by-slug/${encodeURIComponent(slug)}`;
