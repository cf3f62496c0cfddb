import { queueDueRefreshes, refreshAccount, type JudgeDeps } from '../services/judge-accounts';
import { refreshContests } from '../services/contests';
import type { MemoryCaches } from '../lib/memory-cache';
import type { JobHandlers } from './queue';

/**
 * What each job does; a handler that throws is retried by the queue. Each announces its changes when
 * it ends, as a write request does before it answers (see db/change-feed).
 */
export function jobHandlers(deps: JudgeDeps & { caches: Pick<MemoryCaches, 'settle'> }): JobHandlers {
  return {
    'refresh-account': async ({ accountId }) => {
      await refreshAccount(deps, accountId);
      await deps.caches.settle();
    },
    'refresh-contests': async ({ platform }) => {
      await refreshContests(deps, platform);
      await deps.caches.settle();
    },
    'refresh-due-accounts': async () => {
      await queueDueRefreshes(deps);
    },
  };
}
