import { Hono } from 'hono';
import type { Context } from 'hono';
import type { UserRow } from '../services/auth';
import { createSheetBodySchema, updateSheetBodySchema, validateSlugQuerySchema } from '../../shared/schemas/sheet';
import { updateSlugBodySchema } from '../../shared/schemas/sharing';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { keepSheetAnswer, sheetAnswerKey, SHEET_PATHS, type SheetKey } from '../lib/kept-answers';
import { encodeAnswer, ok, sendAnswer, valid, type EncodedAnswer, type OkAnswer } from '../lib/respond';
import { PRIVATE_REVALIDATE } from '../lib/security-headers';
import { keepStanding } from '../services/access';
import { deleteSheet, setVisibility, updateSlug } from '../services/sharing';
import type { Mapping, Sheet, SheetProgress } from '../../shared/schemas/sheet';
import { createSheet, getSheetData, isSlugAvailable, setFollowing, updateSheetConfig, updateSheetDetails } from '../services/sheets';

/** /question-tracker/v2/sheet: a sheet's data, details, order and following. */
export function sheetRoutes(deps: Deps) {
  const { db, clock } = deps;
  /**
   * The sheet page's read. Answers are remembered per viewer and dropped when the database announces a change
   * to the sheet (its row, mappings, questions, collaborators, followers), its creator or the viewer (their
   * records, entitlement, sessions), so a repeated read, or its 304, touches no database at all (and is
   * usually answered before reaching here, by lib/kept-answers).
   */
  async function readSheet(c: Context<AppEnv>, where: SheetKey) {
    const user = c.get('user');
    const key = sheetAnswerKey(user, where);
    const data = await getSheetData(deps, where, user);
    const answer = encodeSheet(data);
    const ticket = c.get('readTicket');
    deps.kept.sheets.set(ticket, key, keepSheetAnswer(answer, data.list?.key ?? null), answerTags(data.access.sheet, user));
    // The viewer's ticks from this page then need no read of their standing (services/access.markTarget).
    keepStanding(deps, ticket, data.access, user);
    return sendSheet(c, answer);
  }

  /** A signed-in viewer's sheet may stay in their browser, revalidated by its ETag (lib/kept-answers says the same). */
  function sendSheet(c: Context<AppEnv>, answer: EncodedAnswer) {
    if (c.get('user')) c.header('Cache-Control', PRIVATE_REVALIDATE);
    return sendAnswer(c, answer) as Promise<OkAnswer<SheetAnswer>>;
  }

  return new Hono<AppEnv>()
    .post('/create-sheet', valid('json', createSheetBodySchema), async (c) => {
      const sheet = await createSheet(deps, c.get('user'), c.req.valid('json'));
      return ok(c, { sheet }, 201, 'Sheet created successfully');
    })
    .get('/validate-slug', valid('query', validateSlugQuerySchema), async (c) => {
      return ok(c, { valid: await isSlugAvailable(db, c.req.valid('query').slug) }, 200);
    })
    .get(`${SHEET_PATHS.byId}/:id`, (c) => readSheet(c, { id: c.req.param('id') }))
    // Revalidation: an unchanged sheet answers 304 to If-None-Match.
    .get(`${SHEET_PATHS.bySlug}/:slug`, (c) => readSheet(c, { slug: c.req.param('slug') }))
    .patch('/update-sheet/:id', valid('json', updateSheetBodySchema), async (c) => {
      const body = c.req.valid('json');
      const id = c.req.param('id');
      const user = c.get('user');
      const { sheet } = body.config
        ? await updateSheetConfig(deps, id, user, body.config, body.version ?? -1)
        : await updateSheetDetails(deps, id, user, body);
      return ok(c, { sheet }, 200, 'Changes saved successfully!');
    })
    .patch('/public/follow-sheet/:id', async (c) => {
      const sheet = await setFollowing(deps, c.req.param('id'), c.get('user'), true);
      return ok(c, { sheet }, 200, 'Sheet followed successfully');
    })
    .patch('/public/unfollow-sheet/:id', async (c) => {
      const sheet = await setFollowing(deps, c.req.param('id'), c.get('user'), false);
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
    });
}

type SheetAnswer = { sheet: Sheet; mappings: Mapping[]; progress: SheetProgress };

/** The rows a sheet answer is built from: the sheet, its author, and the viewer with their records (migration 0017). */
const answerTags = (sheet: { id: string; authorId: string }, viewer: UserRow | null) =>
  [`sheet:${sheet.id}`, `user:${sheet.authorId}`, ...(viewer ? [`user:${viewer.id}`, `records:${viewer.id}`] : [])];

/** Leaves the sheet's config out of its JSON, for the kept bytes to be spliced in instead. */
const withoutConfig = (key: string, value: unknown) => (key === 'config' ? undefined : value);

/**
 * The sheet with its mappings and the viewer's progress. The mappings are spliced in as the kept list's
 * bytes and the config as its kept bytes, each named in the ETag by its key or digest rather than hashed
 * again. The ETag names everything the answer holds, so it changes exactly when the answer does.
 */
function encodeSheet(data: Awaited<ReturnType<typeof getSheetData>>): EncodedAnswer {
  const rest = `,"mappings":${data.list ? '' : '[]'}`;
  const tail = `,"progress":${JSON.stringify(data.progress)}}`;
  if (!data.config) {
    const sheetJson = JSON.stringify(data.sheet);
    return encodeAnswer(`${sheetJson}|${data.cacheKey}`, `{"sheet":${sheetJson}${rest}`, data.list?.bytes, tail);
  }
  const sheetJson = JSON.stringify(data.sheet, withoutConfig);
  return encodeAnswer(
    `${sheetJson}|${data.config.digest}|${data.cacheKey}`,
    [`{"sheet":${sheetJson.slice(0, -1)},"config":`, data.config.bytes, `}${rest}`],
    data.list?.bytes,
    tail,
  );
}
