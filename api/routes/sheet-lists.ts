import { Hono } from 'hono';
import { publicSheetsQuerySchema } from '../../shared/schemas/sheet-list';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { mySheets, premiumSheets, publicSheets } from '../services/sheet-lists';

/** /question-tracker/v2/sheet: the lists of sheets (explore, premium, My Sheets). */
export function sheetListRoutes(deps: Deps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .get('/public/get-public-sheets', valid('query', publicSheetsQuerySchema), async (c) => {
      return ok(c, await publicSheets(db, c.get('user'), c.req.valid('query')), 200);
    })
    .get('/premium/get-all-sheets', async (c) => {
      return ok(c, await premiumSheets(db, c.get('user')), 200);
    })
    .get('/my-sheets', async (c) => {
      return ok(c, await mySheets(db, c.get('user')), 200);
    });
}
