import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Solution, SolutionBody, SolutionsResponse } from '@shared/schemas/solution';
import { api, unwrap } from '../../../lib/api';
import { toast } from '../../../lib/toast';

const S = () => api['question-tracker'].v1.user.solutions;

const solutionKeys = {
  all: ['solutions'] as const,
  question: (token: string | null, questionId: string) => ['solutions', token, questionId] as const,
};

/** A question's kept versions, newest first. */
export const solutionsQuery = (token: string | null, questionId: string) =>
  queryOptions({
    queryKey: solutionKeys.question(token, questionId),
    queryFn: () => unwrap(S().$get({ query: { questionId } })),
    enabled: !!token,
  });

/** The workspace shows each question's latest figures and count: a change to its versions makes them stale. */
function useInvalidate() {
  const qc = useQueryClient();
  return (questionId: string) =>
    Promise.all([qc.invalidateQueries({ queryKey: ['solutions'], predicate: (q) => q.queryKey[2] === questionId }), qc.invalidateQueries({ queryKey: ['workspace'] })]);
}

export function useSaveSolution() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (json: SolutionBody) => unwrap(S().$post({ json })),
    onSuccess: (saved) => toast.success(saved.created ? `Solution kept as version ${saved.version}` : `This code is kept already (version ${saved.version})`),
    onError: (err) => toast.failure('Failed to keep the solution', err),
    onSettled: (_data, _err, vars) => (vars.questionId ? invalidate(vars.questionId) : undefined),
  });
}

/**
 * A change to one version, shown at once in every cached list of the question and rolled back with a
 * toast if the server refuses. `apply` returns the version as it will be, or null when it goes.
 */
function useOptimisticSolution<V extends { id: string; questionId: string }>(opts: {
  call: (vars: V) => Promise<unknown>;
  apply: (s: Solution, vars: V) => Solution | null;
  failure: string;
  success: (vars: V) => string;
}) {
  const qc = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: opts.call,
    onMutate: async (vars: V) => {
      const filter = { queryKey: solutionKeys.all, predicate: (q: { queryKey: readonly unknown[] }) => q.queryKey[2] === vars.questionId };
      await qc.cancelQueries(filter);
      const previous = qc.getQueriesData<SolutionsResponse>(filter);
      for (const [key, data] of previous) {
        if (data) qc.setQueryData<SolutionsResponse>(key, { items: data.items.flatMap((s) => (s.id === vars.id ? (opts.apply(s, vars) ?? []) : [s])) });
      }
      return { previous };
    },
    onError: (err, _vars, ctx) => {
      for (const [key, data] of ctx?.previous ?? []) qc.setQueryData(key, data);
      toast.failure(opts.failure, err);
    },
    onSuccess: (_data, vars) => toast.success(opts.success(vars)),
    onSettled: (_data, _err, vars) => invalidate(vars.questionId),
  });
}

export const useDeleteSolution = () =>
  useOptimisticSolution<{ id: string; questionId: string; version: number }>({
    call: ({ id }) => unwrap(S()[':id'].$delete({ param: { id } })),
    apply: () => null,
    failure: 'Failed to delete the solution',
    success: ({ version }) => `Version ${version} deleted`,
  });

export const usePublishSolution = () =>
  useOptimisticSolution<{ id: string; questionId: string; published: boolean }>({
    call: ({ id, published }) => unwrap(S()[':id'].$patch({ param: { id }, json: { published } })),
    apply: (s, { published }) => ({ ...s, published }),
    failure: 'Failed to change who sees the solution',
    success: ({ published }) => (published ? 'Published on your profile' : 'Taken off your profile'),
  });
