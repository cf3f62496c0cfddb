import { queueDueRefreshes, refreshAccount, type JudgeDeps } from '../services/judge-accounts';
import { refreshContests } from '../services/contests';
import { refreshProblemRatings } from '../services/problem-ratings';
import { refreshSolves } from '../services/judge-solves';
import { solvesReaderFor } from '../judges/solves-readers';
import type { MemoryCaches } from '../lib/memory-cache';
import type { JobHandlers } from './queue';
import { queueDueExports, type ExportDeps } from '../services/github-export';
import { runExport } from '../services/github-export-run';

/**
 * What each job does; a handler that throws is retried by the queue. Each announces its changes when
 * it ends, as a write request does before it answers (see db/change-feed).
 */
export function jobHandlers(deps: JudgeDeps & ExportDeps & { caches: Pick<MemoryCaches, 'settle'> }): JobHandlers {
  return {
    'refresh-account': async ({ accountId, platform }) => {
      await refreshAccount(deps, accountId);
      // The accepted list is read after the figures, as its own job: it is the larger answer.
      if (solvesReaderFor(platform)) await deps.jobs.send('refresh-solves', { accountId }, `solves-${accountId}`);
      await deps.caches.settle();
    },
    'refresh-contests': async ({ platform }) => {
      await refreshContests(deps, platform);
      await deps.caches.settle();
    },
    'refresh-problem-ratings': async ({ platform }) => {
      await refreshProblemRatings(deps, platform);
    },
    'refresh-solves': async ({ accountId }) => {
      await refreshSolves(deps, accountId);
    },
    'refresh-due-accounts': async () => {
      await queueDueRefreshes(deps);
    },
    'export-github': async ({ userId }) => {
      await runExport(deps, userId);
    },
    'export-due': async () => {
      await queueDueExports(deps);
    },
  };
}
