import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

const A = () => api['question-tracker'].v1.user.analytics;

const analyticsKeys = {
  all: ['analytics'] as const,
  distributions: (token: string | null, days: number) => ['analytics', 'get', token, days] as const,
  activity: (token: string | null, tz: string) => ['analytics', 'activity', token, tz] as const,
};

export const analyticsQuery = (token: string | null, days: number) =>
  queryOptions({
    queryKey: analyticsKeys.distributions(token, days),
    queryFn: () => unwrap(A().get.$get({ query: { days: String(days) } })),
    enabled: !!token,
  });

/** The browser's time zone, so days in the activity view are the person's own days. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const activityQuery = (token: string | null, tz: string) =>
  queryOptions({
    queryKey: analyticsKeys.activity(token, tz),
    queryFn: () => unwrap(A().activity.$get({ query: { tz } })),
    enabled: !!token,
  });
