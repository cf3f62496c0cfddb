import { Hono } from 'hono';
import { SOLUTION_MAX_BYTES, SOLUTION_MESSAGES } from '../../shared/rules/solutions';
import { solutionBodySchema, solutionPatchSchema, solutionsQuerySchema } from '../../shared/schemas/solution';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { requireUser } from '../lib/session';
import { deleteSolution, listSolutions, publishSolution, saveSolution } from '../services/solutions';

/** The path of POST /solutions, whose body limit speaks of code (app.ts). */
export const SOLUTIONS_PATH = '/question-tracker/v1/user/solutions';

/**
 * The largest body that can hold code of SOLUTION_MAX_BYTES: JSON may write a byte as six characters
 * (\u0000), plus room for the other fields. Past it the body is refused unread, with the code's message.
 */
export const SOLUTIONS_MAX_BODY_BYTES = 6 * SOLUTION_MAX_BYTES + 16 * 1024;

/** /question-tracker/v1/user/solutions: the user's kept accepted code. Someone else's answers 404. */
export function solutionRoutes(deps: Deps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      requireUser(c);
      await next();
    })
    // Code over the limit is a size limit: 413, whatever else is wrong with the body.
    .post('/', valid('json', solutionBodySchema, { tooLarge: SOLUTION_MESSAGES.tooLarge }), async (c) => {
      const saved = await saveSolution(deps, requireUser(c).id, c.req.valid('json'));
      return saved.created ? ok(c, saved, 201, 'Solution kept') : ok(c, saved, 200, 'This code is kept already');
    })
    .get('/', valid('query', solutionsQuerySchema), async (c) => {
      const items = await listSolutions(db, requireUser(c).id, c.req.valid('query').questionId);
      return ok(c, { items }, 200);
    })
    .patch('/:id', valid('json', solutionPatchSchema), async (c) => {
      const { published } = c.req.valid('json');
      const solution = await publishSolution(db, requireUser(c).id, c.req.param('id'), published);
      return ok(c, solution, 200, published ? 'Solution published' : 'Solution unpublished');
    })
    .delete('/:id', async (c) => {
      return ok(c, await deleteSolution(db, requireUser(c).id, c.req.param('id')), 200, 'Solution deleted');
    });
}
