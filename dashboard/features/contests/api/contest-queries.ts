import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

const contestKeys = {
  all: ['contests'] as const,
  list: (platform: string | null) => ['contests', 'list', platform] as const,
  feed: (token: string | null) => ['contests', 'feed', token] as const,
};

export const contestsQuery = (platform: string | null) =>
  queryOptions({
    queryKey: contestKeys.list(platform),
    queryFn: () => unwrap(api['question-tracker'].v1.contests.$get({ query: platform ? { platform } : {} })),
    // The list changes slowly; a contest that starts moves to Running on the page's own clock.
    staleTime: 5 * 60_000,
  });

const FEED = () => api['question-tracker'].v1.user['calendar-feed'];

export const calendarFeedQuery = (token: string | null) =>
  queryOptions({
    queryKey: contestKeys.feed(token),
    queryFn: () => unwrap(FEED().$get()),
    enabled: !!token,
  });

/** Creates the feed, or rotates it: the old address stops working and the new one is shown once. */
export function useCreateFeed(token: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(FEED().$put({ json: {} })),
    onSuccess: (created) => qc.setQueryData(contestKeys.feed(token), { feed: created.feed }),
  });
}

export function useRevokeFeed(token: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(FEED().$delete()),
    onSuccess: () => qc.setQueryData(contestKeys.feed(token), { feed: null }),
    onSettled: () => qc.invalidateQueries({ queryKey: contestKeys.feed(token) }),
  });
}
