import { platformById } from '@shared/platforms/index';
import { apiClient, unwrap } from '../lib/api';
import { reached } from './queue';
import { defineArea } from './types';

// The popup's "Next contest" line: the tracker's own contest list (judges are never asked from here).

export const contestsArea = defineArea('contests', {
  'contests:next': async (_m, { deps }) => {
    const client = await apiClient(deps.local, deps.fetch);
    const { contests } = await unwrap(client['question-tracker'].v1.contests.$get({ query: {} }));
    const now = (deps.now ?? Date.now)();
    // Soonest first: the first one still to start, else the first (a contest running now).
    const next = contests.find((c) => Date.parse(c.startsAt) > now) ?? contests[0];
    return reached(deps, next ? { ...next, judge: platformById(next.platform)?.name ?? next.platform } : null);
  },
});
