import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PracticeBand, PracticePlatform } from '@shared/rules/practice';
import type { Recommendation } from '@shared/schemas/practice';
import { api, unwrap } from '../../../lib/api';

const U = () => api['question-tracker'].v1.user;

const practiceKeys = {
  all: (token: string | null) => ['practice', token] as const,
  recommendations: (token: string | null, platform: PracticePlatform, band: PracticeBand) => ['practice', token, 'recommendations', platform, band] as const,
  next: (token: string | null) => ['practice', token, 'next'] as const,
  upsolve: (token: string | null) => ['practice', token, 'upsolve'] as const,
};

/** How many recommendations a band shows. */
const SHOWN = 10;

export const recommendationsQuery = (token: string | null, platform: PracticePlatform, band: PracticeBand) =>
  queryOptions({
    queryKey: practiceKeys.recommendations(token, platform, band),
    queryFn: () => unwrap(U().recommendations.$get({ query: { platform, band, limit: String(SHOWN) } })),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });

export const nextQuery = (token: string | null) =>
  queryOptions({ queryKey: practiceKeys.next(token), queryFn: () => unwrap(U().next.$get({ query: { limit: String(SHOWN) } })), enabled: !!token });

export const upsolveQuery = (token: string | null) => queryOptions({ queryKey: practiceKeys.upsolve(token), queryFn: () => unwrap(U().upsolve.$get()), enabled: !!token });

/** "Not interested" and its undo; either way the lists are read again. */
export function useDismissal(token: string | null) {
  const qc = useQueryClient();
  const settle = () => qc.invalidateQueries({ queryKey: practiceKeys.all(token) });
  const dismiss = useMutation({ mutationFn: (r: Pick<Recommendation, 'platform' | 'key'>) => unwrap(U().practice.dismissals.$post({ json: { platform: r.platform as PracticePlatform, key: r.key } })), onSettled: settle });
  const undo = useMutation({
    mutationFn: (r: Pick<Recommendation, 'platform' | 'key'>) => unwrap(U().practice.dismissals[':platform'][':key'].$delete({ param: { platform: r.platform as PracticePlatform, key: r.key } })),
    onSettled: settle,
  });
  return { dismiss, undo };
}
