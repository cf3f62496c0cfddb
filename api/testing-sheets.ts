/** The calls the sheet route tests make, as one user makes them. */
import type { z } from 'zod';
import type {
  addQuestionsBodySchema,
  addSubTopicBodySchema,
  addTopicBodySchema,
  renameSubTopicBodySchema,
  renameTopicBodySchema,
  subTopicQuerySchema,
  topicQuerySchema,
  updateMappingBodySchema,
  updateSheetBodySchema,
} from '../shared/schemas/sheet';
import type { createTestApp } from './testing';

export type T = Awaited<ReturnType<typeof createTestApp>>;

export const sheetApi = (t: T) => t.api['question-tracker'].v2.sheet;
export const signedIn = (t: T, token?: string) => (token ? t.as(token) : undefined);
/** A sheet's page read by slug, signed in or not. */
export const get = async (t: T, slug: string, token?: string) => t.reply(sheetApi(t)['get-sheet-data-by-slug'][':slug'].$get({ param: { slug } }, signedIn(t, token)));

/** The calls that edit one sheet's details and tree, as one user makes them. */
export function editor(t: T, token: string, id: string) {
  const api = sheetApi(t);
  const param = { id };
  const as = t.as(token);
  return {
    addTopic: (json: z.input<typeof addTopicBodySchema>) => t.reply(api['add-topic'][':id'].$post({ param, json }, as)),
    addSubTopic: (json: z.input<typeof addSubTopicBodySchema>) => t.reply(api['add-subTopic'][':id'].$post({ param, json }, as)),
    addQuestions: (json: z.input<typeof addQuestionsBodySchema>) => t.reply(api['add-questions'][':id'].$post({ param, json }, as)),
    moveQuestion: (mappingId: string, json: z.input<typeof updateMappingBodySchema>) =>
      t.reply(api['update-mapping'][':id'][':mappingId'].$patch({ param: { id, mappingId }, json }, as)),
    removeQuestion: (mappingId: string) => t.reply(api['remove-question'][':id'][':mappingId'].$delete({ param: { id, mappingId } }, as)),
    updateSheet: (json: z.input<typeof updateSheetBodySchema>) => t.reply(api['update-sheet'][':id'].$patch({ param, json }, as)),
    renameTopic: (json: z.input<typeof renameTopicBodySchema>) => t.reply(api['update-topic'][':id'].$patch({ param, json }, as)),
    renameSubTopic: (json: z.input<typeof renameSubTopicBodySchema>) => t.reply(api['update-subTopic'][':id'].$patch({ param, json }, as)),
    deleteTopic: (query: z.input<typeof topicQuerySchema>) => t.reply(api['delete-topic'][':id'].$delete({ param, query }, as)),
    deleteSubTopic: (query: z.input<typeof subTopicQuerySchema>) => t.reply(api['delete-Subtopic'][':id'].$delete({ param, query }, as)),
    markPrivate: () => t.reply(api['mark-sheet-private'][':id'].$patch({ param }, as)),
  };
}
