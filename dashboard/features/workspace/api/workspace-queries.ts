import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { UpdateCustomQuestionBody, UpdateRecordBody, WorkspacePage, WorkspaceQuestion } from '@shared/schemas/workspace';
import { api, unwrap } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { apiFilters, type WorkspaceView } from '../lib/filters';

const Q = () => api['question-tracker'].v1.user.question;

const workspaceKeys = {
  all: ['workspace'] as const,
  lists: ['workspace', 'list'] as const,
  list: (token: string | null, view: WorkspaceView) => ['workspace', 'list', token, apiFilters(view), view.page, view.pageSize] as const,
  filters: (token: string | null) => ['workspace', 'filters', token] as const,
};

/** The page last shown per session: a remounted tab shows it while the next one loads, instead of a skeleton. */
const lastShown = new Map<string, WorkspacePage>();

export const workspaceListQuery = (token: string | null, view: WorkspaceView) =>
  queryOptions({
    queryKey: workspaceKeys.list(token, view),
    queryFn: async () => {
      const page = await unwrap(Q()['get-questions'].$get({ query: { ...apiFilters(view), page: String(view.page), pageSize: String(view.pageSize) } }));
      if (token) lastShown.set(token, page);
      return page;
    },
    enabled: !!token,
    // Paging and filtering keep the previous rows on screen until the next ones arrive.
    placeholderData: (previous) => keepPreviousData(previous) ?? (token ? lastShown.get(token) : undefined),
  });

export const filterOptionsQuery = (token: string | null) =>
  queryOptions({
    queryKey: workspaceKeys.filters(token),
    queryFn: () => unwrap(Q()['get-filters'].$get()),
    enabled: !!token,
  });

export const workspaceCalls = {
  update: (id: string, json: UpdateRecordBody) => unwrap(Q()['update-question'][':id'].$patch({ param: { id }, json })),
  updateCustom: (id: string, json: UpdateCustomQuestionBody) => unwrap(Q()['update-custom-question'][':id'].$patch({ param: { id }, json })),
  remove: (id: string) => unwrap(Q()['remove-question'][':id'].$delete({ param: { id } })),
  export: (view: WorkspaceView) => unwrap(Q().export.$get({ query: apiFilters(view) })),
};

/** Everything a workspace change can make stale: lists, filter options, the analysis and sheets' ticks. */
function useInvalidateWorkspace() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: workspaceKeys.all }),
      qc.invalidateQueries({ queryKey: ['analytics'] }),
      qc.invalidateQueries({ queryKey: ['sheet'] }),
    ]);
}

function patchLists(pages: [QueryKey, WorkspacePage | undefined][], id: string, patch: (q: WorkspaceQuestion) => WorkspaceQuestion | null) {
  return pages.map(([key, page]) => {
    if (!page) return [key, page] as const;
    const questions = page.questions.flatMap((q) => {
      if (q._id !== id) return [q];
      const next = patch(q);
      return next ? [next] : [];
    });
    return [key, { ...page, questions, total: page.total - (page.questions.length - questions.length) }] as const;
  });
}

/**
 * A record change applied to every cached page at once, rolled back with a toast if the server refuses.
 * `apply` returns the record as it will be, or null when it leaves the list.
 */
function useOptimisticRecord<V extends { id: string }>(opts: {
  call: (vars: V) => Promise<unknown>;
  apply: (q: WorkspaceQuestion, vars: V) => WorkspaceQuestion | null;
  failure: string;
  success?: string;
}) {
  const qc = useQueryClient();
  const invalidate = useInvalidateWorkspace();
  return useMutation({
    mutationFn: opts.call,
    onMutate: async (vars: V) => {
      await qc.cancelQueries({ queryKey: workspaceKeys.lists });
      const previous = qc.getQueriesData<WorkspacePage>({ queryKey: workspaceKeys.lists });
      for (const [key, page] of patchLists(previous, vars.id, (q) => opts.apply(q, vars))) qc.setQueryData(key, page);
      return { previous };
    },
    onError: (err, _vars, ctx) => {
      for (const [key, page] of ctx?.previous ?? []) qc.setQueryData(key, page);
      toast.failure(opts.failure, err);
    },
    onSuccess: () => {
      if (opts.success) toast.success(opts.success);
    },
    onSettled: () => invalidate(),
  });
}

export const useUpdateRecord = () =>
  useOptimisticRecord<{ id: string } & UpdateRecordBody>({
    call: ({ id, ...json }) => workspaceCalls.update(id, json),
    apply: (q, { checked, starred, customTags }) => ({
      ...q,
      ...(checked !== undefined && { checked, solvedAt: checked ? (q.solvedAt ?? new Date().toISOString()) : null }),
      ...(starred !== undefined && { starred }),
      ...(customTags !== undefined && { customTags }),
    }),
    failure: 'Failed to update question',
  });

export const useRemoveRecord = () =>
  useOptimisticRecord<{ id: string }>({
    call: ({ id }) => workspaceCalls.remove(id),
    apply: () => null,
    failure: 'Failed to remove question',
    success: 'Question removed from workspace',
  });

export function useUpdateCustomQuestion() {
  const invalidate = useInvalidateWorkspace();
  return useMutation({
    mutationFn: ({ id, ...json }: { id: string } & UpdateCustomQuestionBody) => workspaceCalls.updateCustom(id, json),
    onSuccess: () => toast.success('Changes saved successfully!'),
    onSettled: () => invalidate(),
  });
}

export { useInvalidateWorkspace };
