import { Hono } from 'hono';
import {
  addQuestionsBodySchema,
  addSubTopicBodySchema,
  addTopicBodySchema,
  markQuestionBodySchema,
  renameSubTopicBodySchema,
  renameTopicBodySchema,
  subTopicQuerySchema,
  topicQuerySchema,
  updateMappingBodySchema,
} from '../../shared/schemas/sheet';
import type { Deps } from '../deps';
import type { AppEnv } from '../lib/env';
import { ok, valid } from '../lib/respond';
import {
  addQuestions,
  addSubTopic,
  addTopic,
  deleteSubTopic,
  deleteTopic,
  markQuestion,
  moveQuestion,
  removeQuestion,
  renameSubTopic,
  renameTopic,
} from '../services/sheet-tree';

/** /question-tracker/v2/sheet: topics, subtopics and questions placed in a sheet, and ticking them. */
export function sheetTreeRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post('/add-questions/:id', valid('json', addQuestionsBodySchema), async (c) => {
      const mappings = await addQuestions(deps, c.req.param('id'), c.get('user'), c.req.valid('json').data);
      return ok(c, { mappings }, 201, 'Question added successfully');
    })
    .patch('/update-mapping/:id/:mappingId', valid('json', updateMappingBodySchema), async (c) => {
      const data = await moveQuestion(deps, c.req.param('id'), c.req.param('mappingId'), c.get('user'), c.req.valid('json'));
      return ok(c, data, 200);
    })
    .delete('/remove-question/:id/:mappingId', async (c) => {
      const version = await removeQuestion(deps, c.req.param('id'), c.req.param('mappingId'), c.get('user'));
      return ok(c, { version }, 200, 'Question removed from sheet');
    })
    .post('/add-topic/:id', valid('json', addTopicBodySchema), async (c) => {
      const version = await addTopic(deps, c.req.param('id'), c.get('user'), c.req.valid('json').topic);
      return ok(c, { version }, 201, 'Topic created successfully');
    })
    .patch('/update-topic/:id', valid('json', renameTopicBodySchema), async (c) => {
      const { oldTopic, newTopic } = c.req.valid('json');
      const version = await renameTopic(deps, c.req.param('id'), c.get('user'), oldTopic, newTopic);
      return ok(c, { version }, 200, 'Topic name updated successfully');
    })
    .delete('/delete-topic/:id', valid('query', topicQuerySchema), async (c) => {
      const version = await deleteTopic(deps, c.req.param('id'), c.get('user'), c.req.valid('query').topic);
      return ok(c, { version }, 200, 'Topic deleted successfully');
    })
    .post('/add-subTopic/:id', valid('json', addSubTopicBodySchema), async (c) => {
      const { topic, subTopic } = c.req.valid('json');
      const version = await addSubTopic(deps, c.req.param('id'), c.get('user'), topic, subTopic);
      return ok(c, { version }, 201, 'Subtopic added successfully');
    })
    .patch('/update-subTopic/:id', valid('json', renameSubTopicBodySchema), async (c) => {
      const { topic, oldSubTopic, newSubTopic } = c.req.valid('json');
      const version = await renameSubTopic(deps, c.req.param('id'), c.get('user'), topic, oldSubTopic, newSubTopic);
      return ok(c, { version }, 200, 'Subtopic name updated successfully');
    })
    .delete('/delete-Subtopic/:id', valid('query', subTopicQuerySchema), async (c) => {
      const { topic, subTopic } = c.req.valid('query');
      const version = await deleteSubTopic(deps, c.req.param('id'), c.get('user'), topic, subTopic);
      return ok(c, { version }, 200, 'Subtopic deleted successfully');
    })
    .patch('/mark-question/:id/:mappingId', valid('json', markQuestionBodySchema), async (c) => {
      const data = await markQuestion(deps, c.req.param('id'), c.req.param('mappingId'), c.get('user'), c.req.valid('json'));
      return ok(c, data, 200);
    });
}
