import type { DueQuery } from '@shared/schemas/review';

/**
 * The review queue's filters as they live in the URL next to tab=review (one value each), so a filtered
 * queue survives a reload and can be shared.
 */
export interface ReviewFilters {
  sheet: string | null;
  platform: string | null;
  topic: string | null;
  difficulty: string | null;
}

const FILTER_KEYS = ['sheet', 'platform', 'topic', 'difficulty'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const NO_FILTERS: ReviewFilters = { sheet: null, platform: null, topic: null, difficulty: null };

const clean = (v: string | null) => {
  const t = v?.trim().slice(0, 200);
  return t ? t : null;
};

export function readReviewFilters(params: URLSearchParams): ReviewFilters {
  return {
    sheet: clean(params.get('sheet'))?.slice(0, 64) ?? null,
    platform: clean(params.get('platform')),
    topic: clean(params.get('topic')),
    difficulty: clean(params.get('difficulty')),
  };
}

/** The URL query for a filtered queue: tab=review, then only the filters set. */
export function writeReviewFilters(f: ReviewFilters): string {
  const q = new URLSearchParams({ tab: 'review' });
  for (const key of FILTER_KEYS) if (f[key]) q.set(key, f[key]);
  return q.toString();
}

export const hasReviewFilters = (f: ReviewFilters) => FILTER_KEYS.some((k) => !!f[k]);

/** GET /review/due's query: the viewer's time zone and the filters set. */
export function dueQueryOf(tz: string, f: ReviewFilters): DueQuery & { tz: string } {
  return {
    tz,
    ...(f.sheet && { sheet: f.sheet }),
    ...(f.platform && { platform: f.platform }),
    ...(f.topic && { topic: f.topic }),
    ...(f.difficulty && { difficulty: f.difficulty }),
  };
}
