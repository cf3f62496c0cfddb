import type { RankingMetric } from '@shared/rules/ranking';
import type { JudgeAccount } from '@shared/schemas/judge-account';

/** The judge whose contest rating a metric ranks by (the other metrics take every public account). */
const RATING_JUDGE: Partial<Record<RankingMetric, string>> = { leetcode_rating: 'leetcode', codeforces_rating: 'codeforces' };

export interface Viewer {
  accounts: readonly Pick<JudgeAccount, 'platform' | 'public' | 'rating'>[];
  optIn: boolean;
}

/**
 * What the viewer would do to be ranked by a metric, as one sentence ("Link a LeetCode account to be
 * ranked by LeetCode rating"); null when nothing of theirs is missing. An empty board says this rather
 * than that nobody is ranked, which is untrue to someone ranked by the other metrics.
 */
export function toBeRanked(metric: RankingMetric, label: string, viewer: Viewer, judgeName: (platform: string) => string): string | null {
  const steps: string[] = [];
  const judge = RATING_JUDGE[metric];
  if (judge) {
    const name = judgeName(judge);
    const account = viewer.accounts.find((a) => a.platform === judge);
    if (!account) steps.push(`Link a ${name} account`);
    else if (!account.public) steps.push(`Make your ${name} account public`);
    else if (account.rating === null) steps.push(`Take part in a rated ${name} contest`);
  } else if (viewer.accounts.length === 0) {
    steps.push('Link a judge account');
  } else if (!viewer.accounts.some((a) => a.public)) {
    steps.push('Make a judge account public');
  }
  if (!viewer.optIn) steps.push(steps.length ? 'join the leaderboard' : 'Join the leaderboard');
  return steps.length ? `${steps.join(' and ')} to be ranked by ${label}` : null;
}
