import { Hono } from 'hono';
import { EXPORT_MESSAGES } from '../../shared/rules/exports';
import { EXPORT_FILES, exportDownloadQuerySchema, githubConnectBodySchema } from '../../shared/schemas/export';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { requireUser } from '../lib/session';
import { buildAnkiPackage } from '../services/anki';
import { buildExportTree, solvedQuestions, zipExportTree } from '../services/export-content';
import { connectGithub, disconnectGithub, exportState, startExport } from '../services/github-export';

/** A file answer of the caller's own data: downloaded, never kept by a cache. */
const fileHeaders = (type: string, name: string) => ({ 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'private, no-store' });

/**
 * /question-tracker/v1/user/exports: the caller's kept solutions taken elsewhere. GitHub (a connected
 * repository, its token never sent back, runs as jobs), a zip of the same files, and an Anki deck.
 */
export function exportRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      requireUser(c);
      await next();
    })
    .get('/github', async (c) => ok(c, await exportState(deps, requireUser(c).id), 200))
    .put('/github', valid('json', githubConnectBodySchema), async (c) => ok(c, await connectGithub(deps, requireUser(c).id, c.req.valid('json')), 200, EXPORT_MESSAGES.connected))
    .delete('/github', async (c) => {
      await disconnectGithub(deps, requireUser(c).id);
      return ok(c, null, 200, EXPORT_MESSAGES.disconnected);
    })
    .post('/github/run', async (c) => {
      const start = await startExport(deps, requireUser(c).id, 'manual');
      return ok(c, start, 200, start.started ? EXPORT_MESSAGES.runStarted : EXPORT_MESSAGES.runAlready);
    })
    .get('/solutions.zip', valid('query', exportDownloadQuerySchema), async (c) => {
      const tree = await buildExportTree(deps.db, requireUser(c).id, { includeNotes: c.req.valid('query').notes === 'true' });
      const zip = zipExportTree(tree);
      return c.body(new Uint8Array(zip.buffer as ArrayBuffer, zip.byteOffset, zip.byteLength), 200, fileHeaders('application/zip', EXPORT_FILES.zip));
    })
    .get('/anki.apkg', valid('query', exportDownloadQuerySchema), async (c) => {
      const user = requireUser(c);
      const solved = await solvedQuestions(deps.db, user.id, { includeNotes: c.req.valid('query').notes !== 'false' });
      const apkg = await buildAnkiPackage(user.id, solved, deps.clock.now());
      return c.body(new Uint8Array(apkg.buffer as ArrayBuffer, apkg.byteOffset, apkg.byteLength), 200, fileHeaders('application/octet-stream', EXPORT_FILES.anki));
    });
}
