import { apiClient, unwrap } from '../lib/api';
import { reached } from './queue';
import { defineArea } from './types';

// The popup's "due Friday": the signed-in user's group assignments that hold the page's problem.

export const groupsArea = defineArea('groups', {
  'groups:due': async (m, { deps }) => {
    const client = await apiClient(deps.local, deps.fetch);
    const answer = await unwrap(client['question-tracker'].v1.groups.$get({ query: { problem: m.url } }));
    return reached(
      deps,
      answer.assignments.map((a) => ({ groupName: a.groupName, sheetName: a.sheetName, dueAt: a.dueAt })),
    );
  },
});
