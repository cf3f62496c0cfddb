import { apiClient, unwrap } from '../lib/api';
import { forgetLookups } from './kept-lookups';
import { actionReply, queueFor, reached } from './queue';
import { defineArea, type HandlerDeps } from './types';

// The user's notes, for the side panel: a question's, the general ones, and their tags.

const notesApi = async (deps: HandlerDeps) => (await apiClient(deps.local, deps.fetch))['question-tracker'].v1.user.notes;

export const notesArea = defineArea('notes', {
  'notes:question': async (m, { deps }) =>
    reached(deps, await unwrap((await notesApi(deps))['get-question-notes'][':questionId'].$get({ param: { questionId: m.questionId } }))),
  'notes:general': async (m, { deps }) => {
    const query = { type: 'general' as const, limit: '100', ...(m.search?.trim() ? { search: m.search.trim() } : {}) };
    return reached(deps, await unwrap((await notesApi(deps))['get-notes'].$get({ query })));
  },
  'note:get': async (m, { deps }) => reached(deps, (await unwrap((await notesApi(deps))['get-note'][':id'].$get({ param: { id: m.noteId } }))).note),
  'note:create': async (m, { deps }) => {
    const json = { questionId: m.questionId, title: m.title, note: m.note, tags: m.tags };
    const { note } = await unwrap((await notesApi(deps))['create-note'].$post({ json }));
    await forgetLookups(deps);
    return reached(deps, note);
  },
  // An edit may wait in the offline queue; creating and deleting need the API at once.
  'note:update': async (m, { deps }) => {
    // The message's type names the queued action's kind.
    const { type: kind, noteId, ...fields } = m;
    return actionReply(await queueFor(deps).submit({ kind, noteId, ...fields }));
  },
  'note:delete': async (m, { deps }) => {
    const deleted = await unwrap((await notesApi(deps))['delete-note'][':id'].$delete({ param: { id: m.noteId } }));
    await forgetLookups(deps);
    return reached(deps, deleted);
  },
  'notes:tags': async (_m, { deps }) => reached(deps, (await unwrap((await notesApi(deps))['get-tags'].$get())).tags),
});
