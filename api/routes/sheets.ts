import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { createSheetBodySchema, updateSheetBodySchema, validateSlugQuerySchema } from '../../shared/schemas/sheet';
import { updateSlugBodySchema } from '../../shared/schemas/sharing';
import type { AppEnv, Deps } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { deleteSheet, setVisibility, updateSlug } from '../services/sharing';
import { createSheet, getSheetData, isSlugAvailable, listCollaborators, setFollowing, updateSheetConfig, updateSheetDetails } from '../services/sheets';

/** /question-tracker/v2/sheet: a sheet's data, details, order and following. */
export function sheetRoutes(deps: Deps) {
  const { db, clock } = deps;
  return new Hono<AppEnv>()
    .post('/create-sheet', valid('json', createSheetBodySchema), async (c) => {
      const sheet = await createSheet(db, c.get('user'), c.req.valid('json'));
      return ok(c, { sheet }, 201, 'Sheet created successfully');
    })
    .get('/validate-slug', valid('query', validateSlugQuerySchema), async (c) => {
      return ok(c, { valid: await isSlugAvailable(db, c.req.valid('query').slug) }, 200);
    })
    .get('/get-sheet-data/:id', async (c) => {
      const { sheet, mappings, progress } = await getSheetData(db, { id: c.req.param('id') }, c.get('user'));
      return ok(c, { sheet, mappings, progress }, 200);
    })
    // Revalidation: an unchanged sheet answers 304 to If-None-Match.
    .use('/get-sheet-data-by-slug/*', etag())
    .get('/get-sheet-data-by-slug/:slug', async (c) => {
      const { sheet, mappings, progress } = await getSheetData(db, { slug: c.req.param('slug') }, c.get('user'));
      return ok(c, { sheet, mappings, progress }, 200);
    })
    .patch('/update-sheet/:id', valid('json', updateSheetBodySchema), async (c) => {
      const body = c.req.valid('json');
      const id = c.req.param('id');
      const user = c.get('user');
      const { sheet } = body.config
        ? await updateSheetConfig(db, clock, id, user, body.config, body.version ?? -1)
        : await updateSheetDetails(db, clock, id, user, body);
      return ok(c, { sheet }, 200, 'Changes saved successfully!');
    })
    .patch('/public/follow-sheet/:id', async (c) => {
      const sheet = await setFollowing(db, c.req.param('id'), c.get('user'), true);
      return ok(c, { sheet }, 200, 'Sheet followed successfully');
    })
    .patch('/public/unfollow-sheet/:id', async (c) => {
      const sheet = await setFollowing(db, c.req.param('id'), c.get('user'), false);
      return ok(c, { sheet }, 200, 'Sheet unfollowed successfully');
    })
    .patch('/update-sheet-slug/:id', valid('json', updateSlugBodySchema), async (c) => {
      const slug = await updateSlug(db, clock, c.req.param('id'), c.get('user'), c.req.valid('json').slug);
      return ok(c, { slug }, 200, 'Sheet URL updated successfully');
    })
    .patch('/mark-sheet-private/:id', async (c) => {
      await setVisibility(db, clock, c.req.param('id'), c.get('user'), 'private');
      return ok(c, { visibility: 'private' as const }, 200, 'The sheet is now private');
    })
    .patch('/mark-sheet-public/:id', async (c) => {
      await setVisibility(db, clock, c.req.param('id'), c.get('user'), 'public');
      return ok(c, { visibility: 'public' as const }, 200, 'The sheet is now public');
    })
    .delete('/delete-sheet/:id', async (c) => {
      await deleteSheet(db, c.req.param('id'), c.get('user'));
      return ok(c, null, 200, 'Sheet deleted successfully');
    })
    .get('/collaborators/get-collaborators/:id', async (c) => {
      const data = await listCollaborators(db, c.req.param('id'), c.get('user'));
      return ok(c, data, 200);
    });
}
