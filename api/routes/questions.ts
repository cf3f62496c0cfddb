import { Hono } from 'hono';
import { ENRICH_MESSAGES, enrichQuestionBodySchema, lookupQuerySchema, searchQuerySchema } from '../../shared/schemas/question';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { requireUser } from '../lib/session';
import { enrichQuestion } from '../services/enrich';
import { lookupQuestion, searchQuestions } from '../services/questions';

/** /question-tracker/v1/question: the catalogue. */
export function questionRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/search-question2', valid('query', lookupQuerySchema), async (c) => {
      const data = await lookupQuestion(deps.db, c.req.valid('query').problemUrl, c.get('user'));
      return ok(c, data, 200);
    })
    .get('/search', valid('query', searchQuerySchema), async (c) => {
      const questions = await searchQuestions(deps.db, c.req.valid('query').name, c.get('user')?.id ?? null);
      return ok(c, { questions }, 200);
    })
    // What the extension read on a judge's page; signed in only, checked before the body is read.
    .patch(
      '/enrich',
      async (c, next) => {
        requireUser(c);
        await next();
      },
      valid('json', enrichQuestionBodySchema),
      async (c) => {
        const result = await enrichQuestion(deps, requireUser(c).id, c.req.valid('json'));
        return ok(c, result, 200, result.updated.length ? ENRICH_MESSAGES.updated : ENRICH_MESSAGES.unchanged);
      },
    );
}
