import { parseProblemUrl } from '@shared/platforms/index';
import type { Reply } from '@shared/schemas/messages';
import type { ActionResult, RecordSetResult } from '@shared/schemas/message-replies';
import { ApiError, apiClient, unwrap } from '../lib/api';
import { actionReply, queueFor, reached, type QueuedAction } from './queue';
import { defineArea, fail, type HandlerDeps } from './types';

// The user's workspace: a problem's record (added, solved, starred, tags) and today's solved count.

export const workspaceArea = defineArea('workspace', {
  'record:set': async (m, { deps }) => {
    // The message's type names the queued action's kind.
    const { type: kind, problemUrl, details, ...change } = m;
    const parsed = parseProblemUrl(problemUrl);
    if (!parsed) return fail('Invalid Platform', 400);
    const action: QueuedAction = { kind, problemUrl: parsed.url, ...change, ...(details && { details }) };
    return actionReply<RecordSetResult>(await queueFor(deps).submit(action));
  },
  'activity:today': async (m, { deps }) => {
    const query = m.timeZone ? { tz: m.timeZone } : {};
    const client = await apiClient(deps.local, deps.fetch);
    const { activity } = await unwrap(client['question-tracker'].v1.user.analytics.activity.$get({ query }));
    return reached(deps, { date: activity.to, solved: activity.days[activity.to] ?? 0 });
  },
});

/** Adds a problem link (the context menu on any page) to the workspace. */
export async function addLinkToWorkspace(deps: HandlerDeps, linkUrl: string): Promise<Reply<ActionResult<RecordSetResult>>> {
  const parsed = parseProblemUrl(linkUrl);
  if (!parsed) return fail('Invalid Platform', 400);
  try {
    return actionReply<RecordSetResult>(await queueFor(deps).submit({ kind: 'record:set', problemUrl: parsed.url }));
  } catch (err) {
    return fail((err as Error).message, err instanceof ApiError ? err.code : undefined);
  }
}
