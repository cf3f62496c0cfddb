import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { leaderboardResponseSchema } from '@shared/schemas/leaderboard';
import type { RankingMetric } from '@shared/rules/ranking';
import { request } from '../../../lib/request';

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  page: (metric: RankingMetric, page: number, sheet: string | null, token: string | null) => ['leaderboard', metric, page, sheet, token] as const,
};

export const leaderboardQuery = (metric: RankingMetric, page: number, sheet: string | null, token: string | null) =>
  queryOptions({
    queryKey: leaderboardKeys.page(metric, page, sheet, token),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ metric, page: String(page) });
      if (sheet) q.set('sheet', sheet);
      return request('GET', `/question-tracker/v1/leaderboard?${q}`, leaderboardResponseSchema, undefined, signal);
    },
    // The old page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
