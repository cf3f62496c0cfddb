import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RankingMetric } from '@shared/rules/ranking';
import { api, unwrap } from '../../../lib/api';

const leaderboardKeys = {
  all: ['leaderboard'] as const,
  page: (metric: RankingMetric, page: number, sheet: string | null, token: string | null) => ['leaderboard', metric, page, sheet, token] as const,
};

export const leaderboardQuery = (metric: RankingMetric, page: number, sheet: string | null, token: string | null) =>
  queryOptions({
    queryKey: leaderboardKeys.page(metric, page, sheet, token),
    queryFn: () => unwrap(api['question-tracker'].v1.leaderboard.$get({ query: { metric, page: String(page), ...(sheet && { sheet }) } })),
    // The old page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
