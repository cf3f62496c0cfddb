import { Hono } from 'hono';
import { createNoteBodySchema, listNotesQuerySchema, updateNoteBodySchema } from '../../shared/schemas/note';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { ok, valid } from '../lib/respond';
import { requireUser } from '../lib/session';
import { createNote, deleteNote, getNote, listNoteTags, listNotes, questionNotes, updateNote } from '../services/notes';

/** /question-tracker/v1/user/notes: a user's own notes. Someone else's note answers 404, never 403. */
export function notesRoutes(deps: Deps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    // Signed-in only, checked before any body is read.
    .use(async (c, next) => {
      requireUser(c);
      await next();
    })
    .get('/get-notes', valid('query', listNotesQuerySchema), async (c) => {
      const page = await listNotes(db, requireUser(c).id, c.req.valid('query'));
      return ok(c, page, 200);
    })
    .get('/get-tags', async (c) => {
      const tags = await listNoteTags(db, requireUser(c).id);
      return ok(c, { tags }, 200);
    })
    .get('/get-question-notes/:questionId', async (c) => {
      const data = await questionNotes(db, requireUser(c).id, c.req.param('questionId'));
      return ok(c, data, 200);
    })
    .get('/get-note/:id', async (c) => {
      const note = await getNote(db, requireUser(c).id, c.req.param('id'));
      return ok(c, { note }, 200);
    })
    .post('/create-note', valid('json', createNoteBodySchema), async (c) => {
      const note = await createNote(deps, requireUser(c).id, c.req.valid('json'));
      return ok(c, { note }, 201, 'Note created');
    })
    .patch('/update-note/:id', valid('json', updateNoteBodySchema), async (c) => {
      const note = await updateNote(deps, requireUser(c).id, c.req.param('id'), c.req.valid('json'));
      return ok(c, { note }, 200, 'Note saved');
    })
    .delete('/delete-note/:id', async (c) => {
      const data = await deleteNote(db, requireUser(c).id, c.req.param('id'));
      return ok(c, data, 200, 'Note deleted');
    });
}
