import { isValidDifficulty } from '@shared/rules/difficulty';
import type { RecordSetResult, RecordState } from '@shared/schemas/message-replies';
import { isRecord } from '@shared/untrusted';
import { ApiError, unwrap, unwrapWithMessage, type Client } from './api';
import type { QueuedAction } from '../background/queue';

export const ACTION_MESSAGES = {
  added: 'Added to workspace',
  addedStarred: 'Added to workspace and starred',
  already: 'Already in your workspace',
  solved: 'Marked as solved',
  unsolved: 'Marked as unsolved',
  starred: 'Starred',
  unstarred: 'Star removed',
  tags: 'Tags updated',
  questionAdded: 'Question added successfully',
  noteSaved: 'Saved',
  queued: 'You are offline: saved, and it will be sent when the tracker is reachable.',
  solutionKept: 'Solution kept',
  solutionSame: 'This code is already kept',
} as const;

/** The catalogue's answer for a URL: the question with the user's record, or what is known of an unknown one. */
export async function lookup(client: Client, problemUrl: string) {
  try {
    const data = await unwrap(client['question-tracker'].v1.question['search-question2'].$get({ query: { problemUrl } }));
    return { found: true as const, data };
  } catch (err) {
    if (err instanceof ApiError && err.code === 404 && isRecord(err.data) && isRecord(err.data.question)) {
      const q = err.data.question;
      return {
        found: false as const,
        question: {
          name: typeof q.name === 'string' ? q.name : '',
          difficulty: typeof q.difficulty === 'string' ? q.difficulty : 'N/A',
          problemUrl: typeof q.problemUrl === 'string' ? q.problemUrl : problemUrl,
        },
      };
    }
    throw err;
  }
}

const toRecordState = (r: { _id: string; checked: boolean; starred: boolean; customTags: string[] }): RecordState => ({
  _id: r._id,
  checked: r.checked,
  starred: r.starred,
  customTags: r.customTags,
});

function changeMessage(change: { checked?: boolean; starred?: boolean; customTags?: string[] }): string {
  if (change.checked !== undefined) return change.checked ? ACTION_MESSAGES.solved : ACTION_MESSAGES.unsolved;
  if (change.starred !== undefined) return change.starred ? ACTION_MESSAGES.starred : ACTION_MESSAGES.unstarred;
  return ACTION_MESSAGES.tags;
}

/** Topics a custom question may carry (the solve-question schema's limits). */
const cleanTopics = (topics: readonly string[] = []) =>
  [...new Set(topics.map((t) => t.trim().slice(0, 80)).filter(Boolean))].slice(0, 30);

/**
 * Puts a question in the workspace with the given fields set: a PATCH of the existing record, or a
 * new record (a custom question when the catalogue does not know the URL). Sending it twice is harmless.
 */
async function setRecord(client: Client, a: Extract<QueuedAction, { kind: 'record:set' }>): Promise<{ result: RecordSetResult; message: string }> {
  const change = {
    ...(a.checked !== undefined && { checked: a.checked }),
    ...(a.starred !== undefined && { starred: a.starred }),
    ...(a.customTags !== undefined && { customTags: a.customTags }),
  };
  const found = await lookup(client, a.problemUrl);
  const fields = { checked: a.checked ?? false, starred: a.starred ?? false, customTags: a.customTags ?? [] };
  if (found.found) {
    const question = found.data.question;
    const doc = found.data.document;
    if (doc) {
      if (!Object.keys(change).length) return { result: { record: toRecordState(doc), created: false, questionId: question._id }, message: ACTION_MESSAGES.already };
      const data = await unwrap(
        client['question-tracker'].v1.user.question['update-question'][':id'].$patch({ param: { id: doc._id }, json: change }),
      );
      return { result: { record: toRecordState(data.question), created: false, questionId: question._id }, message: changeMessage(change) };
    }
    const data = await unwrap(client['question-tracker'].v1.user.question['solve-question'].$post({ json: { questionId: question._id, ...fields } }));
    return {
      result: { record: toRecordState(data.question), created: true, questionId: data.question.question._id },
      message: fields.starred ? ACTION_MESSAGES.addedStarred : ACTION_MESSAGES.added,
    };
  }
  const details = a.details ?? {};
  const difficulty = details.difficulty && isValidDifficulty(details.difficulty) ? details.difficulty : 'N/A';
  const data = await unwrap(
    client['question-tracker'].v1.user.question['solve-question'].$post({
      json: {
        custom: {
          name: details.name?.trim() || found.question.name || a.problemUrl,
          problemUrl: found.question.problemUrl,
          difficulty,
          topics: cleanTopics(details.topics),
        },
        ...fields,
      },
    }),
  );
  return {
    result: { record: toRecordState(data.question), created: data.created, questionId: data.question.question._id },
    message: fields.starred ? ACTION_MESSAGES.addedStarred : ACTION_MESSAGES.added,
  };
}

/** Performs one queued action against the API. */
export async function executeAction(client: Client, action: QueuedAction): Promise<{ result: unknown; message: string }> {
  switch (action.kind) {
    case 'record:set':
      return setRecord(client, action);
    case 'sheet:add': {
      const { data, message } = await unwrapWithMessage(
        client['question-tracker'].v2.sheet['add-questions'][':id'].$post({
          param: { id: action.sheetId },
          json: { data: [{ topic: action.topic, subTopic: action.subTopic, problemUrl: action.problemUrl, ...(action.title ? { title: action.title } : {}) }] },
        }),
      );
      return { result: data, message: message || ACTION_MESSAGES.questionAdded };
    }
    case 'note:update': {
      const { noteId, title, note, tags } = action;
      const data = await unwrap(client['question-tracker'].v1.user.notes['update-note'][':id'].$patch({ param: { id: noteId }, json: { title, note, tags } }));
      return { result: data.note, message: ACTION_MESSAGES.noteSaved };
    }
    case 'review:rate': {
      const { data, message } = await unwrapWithMessage(
        client['question-tracker'].v1.user.review.rate[':questionId'].$post({ param: { questionId: action.questionId }, json: { rating: action.rating, id: action.id } }),
      );
      return { result: data, message };
    }
    case 'solution:save': {
      const { problemUrl, code, language, acceptedAt, attempts, timeSpentSec } = action;
      const data = await unwrap(
        client['question-tracker'].v1.user.solutions.$post({
          json: { url: problemUrl, code, language, acceptedAt, source: 'extension', ...(attempts !== undefined && { attempts }), ...(timeSpentSec !== undefined && { timeSpentSec }) },
        }),
      );
      return { result: data, message: data.created ? ACTION_MESSAGES.solutionKept : ACTION_MESSAGES.solutionSame };
    }
  }
}
