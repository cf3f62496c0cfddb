import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { REVIEW_MESSAGES, type DueAnswer, type Goal, type ReviewRating } from '@shared/schemas/review';
import { api, ApiError, unwrap } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { dueQueryOf, type ReviewFilters } from '../lib/filters';
import { ratingId } from '../lib/rating-id';
import { withoutQuestion, withQuestionBack } from '../lib/queue';

const R = () => api['question-tracker'].v1.user.review;

/** Everything under 'review' changes with a rating: the queue, today's progress, the streak and the retention card. */
const reviewKeys = {
  all: ['review'] as const,
  dues: ['review', 'due'] as const,
  due: (token: string | null, tz: string, filters: ReviewFilters) => ['review', 'due', token, tz, filters] as const,
  streak: (token: string | null, tz: string) => ['review', 'streak', token, tz] as const,
  stats: (token: string | null) => ['review', 'stats', token] as const,
};

// The queue changes with every tick elsewhere (workspace, sheets, the extension): read afresh whenever shown.
const FRESH = { staleTime: 0 } as const;

export const dueQuery = (token: string | null, tz: string, filters: ReviewFilters) =>
  queryOptions({
    queryKey: reviewKeys.due(token, tz, filters),
    queryFn: (): Promise<DueAnswer> => unwrap(R().due.$get({ query: dueQueryOf(tz, filters) })),
    enabled: !!token,
    ...FRESH,
  });

export const streakQuery = (token: string | null, tz: string) =>
  queryOptions({
    queryKey: reviewKeys.streak(token, tz),
    queryFn: () => unwrap(R().streak.$get({ query: { tz } })),
    enabled: !!token,
    ...FRESH,
  });

export const retentionQuery = (token: string | null) =>
  queryOptions({
    queryKey: reviewKeys.stats(token),
    queryFn: async () => (await unwrap(R().stats.$get())).retention,
    enabled: !!token,
    ...FRESH,
  });

const reviewCalls = {
  rate: (questionId: string, rating: ReviewRating, id: string) => unwrap(R().rate[':questionId'].$post({ param: { questionId }, json: { rating, id } })),
  suspend: (questionId: string) => unwrap(R().suspend[':questionId'].$post({ param: { questionId } })),
  resume: (questionId: string) => unwrap(R().resume[':questionId'].$post({ param: { questionId } })),
  setGoal: (goal: Goal) => unwrap(R().goal.$put({ json: goal })),
};

export interface RateVars {
  questionId: string;
  rating: ReviewRating;
  /** One per click: a retry of the same request is rated once by the server. */
  id: string;
}
export const rateVars = (questionId: string, rating: ReviewRating): RateVars => ({ questionId, rating, id: ratingId() });

/** A dropped connection is retried once with the same id (the server rates it once); a refusal is final. */
const retryNetwork = (count: number, err: unknown) => count < 1 && err instanceof ApiError && err.code === 0;

/** What a rating can make stale: the review queries, and the workspace and analysis (rating adds an unsaved question). */
function useSettleRating() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: reviewKeys.all }),
      qc.invalidateQueries({ queryKey: ['workspace'] }),
      qc.invalidateQueries({ queryKey: ['analytics'] }),
    ]);
}

/**
 * Takes a question out of every cached queue at once and puts it back if the server refuses, with
 * `failure` as the toast (only that question: others rated meanwhile stay out).
 */
function useQueueMutation<V extends { questionId: string }, T>(opts: { call: (vars: V) => Promise<T>; failure: string; onSuccess?: (data: T, vars: V) => void }) {
  const qc = useQueryClient();
  const settle = useSettleRating();
  return useMutation({
    mutationFn: opts.call,
    retry: retryNetwork,
    onMutate: async (vars: V) => {
      await qc.cancelQueries({ queryKey: reviewKeys.dues });
      const previous: [QueryKey, DueAnswer | undefined][] = qc.getQueriesData<DueAnswer>({ queryKey: reviewKeys.dues });
      for (const [key, answer] of previous) if (answer) qc.setQueryData(key, withoutQuestion(answer, vars.questionId));
      return { previous };
    },
    onError: (err, vars, ctx) => {
      for (const [key, answer] of ctx?.previous ?? []) {
        if (answer) qc.setQueryData<DueAnswer>(key, (now) => (now ? withQuestionBack(now, answer, vars.questionId) : answer));
      }
      toast.failure(opts.failure, err);
    },
    onSuccess: opts.onSuccess,
    onSettled: () => settle(),
  });
}

/** Rating in the Review tab: the row leaves its list at once, and comes back with REVIEW_MESSAGES.rateFailed if refused. */
export const useRateDue = () => useQueueMutation<RateVars, unknown>({ call: (v) => reviewCalls.rate(v.questionId, v.rating, v.id), failure: REVIEW_MESSAGES.rateFailed });

/** "Don't review": out of the queue, with an Undo that puts it back. */
export function useSuspend() {
  const settle = useSettleRating();
  return useQueueMutation<{ questionId: string }, unknown>({
    call: (v) => reviewCalls.suspend(v.questionId),
    failure: 'Failed to update the review queue',
    onSuccess: (_data, { questionId }) =>
      toast.action(REVIEW_MESSAGES.suspended, 'Undo', () => {
        reviewCalls.resume(questionId).then(
          () => {
            toast.success(REVIEW_MESSAGES.resumed);
            void settle();
          },
          (err: unknown) => toast.failure('Failed to update the review queue', err),
        );
      }),
  });
}

/**
 * Rating from a question's row (workspace, sheet) after solving it: no list to update here, so a toast says
 * it was saved or not. Used by the small Rate menu, which is mounted only while open: the callbacks here
 * (not the call's own) still run once it has closed.
 */
export function useRateSolved() {
  const settle = useSettleRating();
  return useMutation({
    mutationFn: (v: RateVars) => reviewCalls.rate(v.questionId, v.rating, v.id),
    retry: retryNetwork,
    onSuccess: () => toast.success(REVIEW_MESSAGES.rated),
    onError: (err) => toast.failure(REVIEW_MESSAGES.rateFailed, err),
    onSettled: () => settle(),
  });
}

export function useSaveGoal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reviewCalls.setGoal,
    onSuccess: () => toast.success(REVIEW_MESSAGES.goalSaved),
    onError: (err) => toast.failure(err instanceof ApiError && err.code >= 400 && err.code < 500 ? err.message : 'Failed to save the daily goal', err),
    onSettled: () => qc.invalidateQueries({ queryKey: ['review', 'streak'] }),
  });
}
