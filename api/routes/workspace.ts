import { Hono } from 'hono';
import {
  removeImportedBodySchema,
  solveQuestionBodySchema,
  updateCustomQuestionBodySchema,
  updateRecordBodySchema,
  WORKSPACE_MESSAGES,
  workspaceFiltersSchema,
  workspaceListQuerySchema,
} from '../../shared/schemas/workspace';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { requireUser } from '../lib/session';
import { removeImported } from '../services/progress-import';
import { exportWorkspace, filterOptions, listWorkspace, removeRecord, solveQuestion, updateCustomQuestion, updateRecord } from '../services/workspace';

/** /question-tracker/v1/user/question: the signed-in user's workspace records. */
export function workspaceRoutes(deps: Deps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      requireUser(c); // every record call is personal: 401 before anything else
      await next();
    })
    .post('/solve-question', valid('json', solveQuestionBodySchema), async (c) => {
      const result = await solveQuestion(deps, requireUser(c).id, c.req.valid('json'));
      return result.created ? ok(c, result, 201, WORKSPACE_MESSAGES.added) : ok(c, result, 200, WORKSPACE_MESSAGES.added);
    })
    .get('/get-questions', valid('query', workspaceListQuerySchema), async (c) => {
      return ok(c, await listWorkspace(db, requireUser(c).id, c.req.valid('query')), 200);
    })
    .get('/get-filters', async (c) => {
      return ok(c, await filterOptions(db, requireUser(c).id), 200);
    })
    .get('/export', valid('query', workspaceFiltersSchema), async (c) => {
      return ok(c, await exportWorkspace(db, requireUser(c).id, c.req.valid('query')), 200);
    })
    .patch('/update-question/:id', valid('json', updateRecordBodySchema), async (c) => {
      const question = await updateRecord(deps, requireUser(c).id, c.req.param('id'), c.req.valid('json'));
      return ok(c, { question }, 200);
    })
    .patch('/update-custom-question/:id', valid('json', updateCustomQuestionBodySchema), async (c) => {
      const question = await updateCustomQuestion(deps, requireUser(c).id, c.req.param('id'), c.req.valid('json'));
      return ok(c, { question }, 200);
    })
    .delete('/remove-question/:id', async (c) => {
      return ok(c, await removeRecord(db, requireUser(c).id, c.req.param('id')), 200, 'Question removed from workspace');
    })
    // The custom questions a progress import added (its answer's `custom`), taken back from its result.
    .post('/remove-imported', valid('json', removeImportedBodySchema), async (c) => {
      return ok(c, await removeImported(db, requireUser(c).id, c.req.valid('json').questionIds), 200);
    });
}
