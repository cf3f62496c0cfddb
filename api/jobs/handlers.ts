import { queueDueRefreshes, refreshAccount, type JudgeDeps } from '../services/judge-accounts';
import { refreshContests } from '../services/contests';
import type { JobHandlers } from './queue';

/** What each job does; a handler that throws is retried by the queue. */
export function jobHandlers(deps: JudgeDeps): JobHandlers {
  return {
    'refresh-account': ({ accountId }) => refreshAccount(deps, accountId),
    'refresh-contests': async ({ platform }) => {
      await refreshContests(deps, platform);
    },
    'refresh-due-accounts': async () => {
      await queueDueRefreshes(deps);
    },
  };
}
