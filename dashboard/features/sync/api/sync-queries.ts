import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SyncOverview } from '@shared/schemas/sync';
import { toast } from '../../../lib/toast';
import { askExtension } from '../lib/extension';

export const syncKeys = { status: ['extension-sync'] as const };

// Whether the last answer said a sync runs: while one does, the extension is not asked to look again
// who is signed in on LeetCode and which handles the account links (it polls every second).
let running = false;

/** The extension's sync, asked every second while one runs (the extension does the work). */
export const syncStatusQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: syncKeys.status,
    queryFn: async () => {
      const data = await askExtension({ type: 'sync:status', probe: !running });
      running = data.running;
      return data;
    },
    enabled,
    retry: false,
    refetchOnWindowFocus: true,
    refetchInterval: (q) => (q.state.data?.running ? 1000 : false),
  });

/** Starts (platforms absent: every ready judge) or cancels the sync, or sets a judge's code opt-in; the answer is the new status. */
export function useSyncActions() {
  const qc = useQueryClient();
  const onSuccess = (data: SyncOverview) => qc.setQueryData(syncKeys.status, data);
  const start = useMutation({ mutationFn: (platforms?: string[]) => askExtension({ type: 'sync:start', ...(platforms && { platforms }) }), onSuccess });
  const cancel = useMutation({ mutationFn: () => askExtension({ type: 'sync:cancel' }), onSuccess });
  // The switch moves at once; the extension's refusal (or its absence) puts it back with a toast.
  const keepCode = useMutation({
    mutationFn: ({ platform, keep }: { platform: string; keep: boolean }) => askExtension({ type: 'sync:code', platform, keep }),
    onMutate: async ({ platform, keep }) => {
      await qc.cancelQueries({ queryKey: syncKeys.status });
      const before = qc.getQueryData<SyncOverview>(syncKeys.status);
      if (before) {
        const code = keep ? 'on' : 'off';
        qc.setQueryData<SyncOverview>(syncKeys.status, { ...before, judges: before.judges.map((j) => (j.platform === platform ? { ...j, code } : j)) });
      }
      return { before };
    },
    onError: (err, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(syncKeys.status, ctx.before);
      toast.error(`Could not change the code setting: ${err.message}`);
    },
    onSuccess,
  });
  return { start, cancel, keepCode };
}
