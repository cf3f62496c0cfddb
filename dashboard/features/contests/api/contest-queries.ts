import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { calendarFeedCreatedSchema, calendarFeedResponseSchema, contestsResponseSchema } from '@shared/schemas/contest';
import { request } from '../../../lib/request';

export const contestKeys = {
  all: ['contests'] as const,
  list: (platform: string | null) => ['contests', 'list', platform] as const,
  feed: (token: string | null) => ['contests', 'feed', token] as const,
};

export const contestsQuery = (platform: string | null) =>
  queryOptions({
    queryKey: contestKeys.list(platform),
    queryFn: ({ signal }) =>
      request('GET', `/question-tracker/v1/contests${platform ? `?platform=${encodeURIComponent(platform)}` : ''}`, contestsResponseSchema, undefined, signal),
    // The list changes slowly; a contest that starts moves to Running on the page's own clock.
    staleTime: 5 * 60_000,
  });

const FEED = '/question-tracker/v1/user/calendar-feed';

export const calendarFeedQuery = (token: string | null) =>
  queryOptions({
    queryKey: contestKeys.feed(token),
    queryFn: ({ signal }) => request('GET', FEED, calendarFeedResponseSchema, undefined, signal),
    enabled: !!token,
  });

/** Creates the feed, or rotates it: the old address stops working and the new one is shown once. */
export function useCreateFeed(token: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => request('PUT', FEED, calendarFeedCreatedSchema, {}),
    onSuccess: (created) => qc.setQueryData(contestKeys.feed(token), { feed: created.feed }),
  });
}

export function useRevokeFeed(token: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => request('DELETE', FEED, z.unknown()),
    onSuccess: () => qc.setQueryData(contestKeys.feed(token), { feed: null }),
    onSettled: () => qc.invalidateQueries({ queryKey: contestKeys.feed(token) }),
  });
}
