import { useQuery } from '@tanstack/react-query';
import { BookmarkPlus, ExternalLink, EyeOff, Repeat } from 'lucide-react';
import type { ReactNode } from 'react';
import { PRACTICE_MESSAGES, type PracticeBand, type PracticePlatform } from '@shared/rules/practice';
import type { Recommendation } from '@shared/schemas/practice';
import { LoadFailed, Skeleton } from '../../../components/feedback';
import { toast } from '../../../lib/toast';
import { judgeName } from '../../judge-accounts/lib/judges';
import { useSolveQuestion } from '../../workspace/api/add-question';
import { recommendationsQuery, useDismissal } from '../api/practice-queries';

interface Props {
  token: string | null;
  platform: PracticePlatform;
  band: PracticeBand;
  hideDifficulty: boolean;
  /** Shown under the reason when the judge gives no recommendation (no rating to recommend from). */
  fallback: ReactNode;
}

export function Recommendations({ token, platform, band, hideDifficulty, fallback }: Props) {
  const query = useQuery(recommendationsQuery(token, platform, band));
  const { dismiss, undo } = useDismissal(token);
  const solve = useSolveQuestion();

  if (query.isPending) return <RecommendationsSkeleton />;
  if (query.isError) return <LoadFailed what="recommendations" onRetry={() => void query.refetch()} />;
  const data = query.data;

  const notInterested = (r: Recommendation) =>
    dismiss.mutate(r, {
      onSuccess: () => toast.action(PRACTICE_MESSAGES.dismissed, 'Undo', () => undo.mutate(r, { onSuccess: () => toast.success(PRACTICE_MESSAGES.restored), onError: (e) => toast.failure('Could not undo', e) })),
      onError: (e) => toast.failure('Could not hide the problem', e),
    });
  // Starring puts a question in the review queue at once; a plain add only puts it in the workspace.
  const add = (r: Recommendation, review: boolean) =>
    solve.mutate(r.questionId ? { questionId: r.questionId, starred: review } : { custom: { name: r.name, problemUrl: r.url, platform: r.platform, topics: r.topics.slice(0, 30) }, starred: review }, {
      onSuccess: () => toast.success(review ? 'Added to your review queue' : 'Added to your workspace'),
      onError: (e) => toast.failure('Failed to add the question', e),
    });

  return (
    <div className="pr-recs">
      {data.rating !== null ? (
        <p className="pr-rating" data-testid="practice-rating">
          {hideDifficulty ? `Matched to your ${judgeName(platform)} rating` : `${judgeName(platform)} rating ${data.rating}`}
          {data.note && !hideDifficulty && <span className="faint"> · {data.note}</span>}
        </p>
      ) : (
        <div className="pr-no-rating">
          <p role="status">{data.note}</p>
          {fallback}
        </div>
      )}
      {data.rating !== null && data.items.length === 0 && <p className="faint">Nothing left in this band: try another.</p>}
      {data.items.length > 0 && (
        <ul className="pr-list" aria-label="Recommended problems">
          {data.items.map((r) => (
            <li key={r.key} className="pr-row card" aria-label={r.name}>
              <div className="pr-info">
                <a className="pr-name" href={r.url} target="_blank" rel="noopener noreferrer">
                  {r.name} <ExternalLink size={12} aria-hidden />
                </a>
                <span className="pr-meta">
                  {!hideDifficulty && (
                    <>
                      <span className="badge pr-difficulty" title={r.estimated ? 'Estimated difficulty' : 'Difficulty'}>
                        {r.estimated ? '≈' : ''}
                        {r.difficulty}
                      </span>
                      <span>{Math.round(r.solveProbability * 100)}% to solve</span>
                    </>
                  )}
                  {r.topics.slice(0, 4).map((t) => (
                    <span key={t} className="chip">
                      {t}
                    </span>
                  ))}
                </span>
              </div>
              <div className="pr-actions">
                <button type="button" className="btn btn-sm" onClick={() => add(r, false)} aria-label={`Add ${r.name} to workspace`}>
                  <BookmarkPlus size={14} aria-hidden /> Workspace
                </button>
                <button type="button" className="btn btn-sm" onClick={() => add(r, true)} aria-label={`Add ${r.name} to the review queue`}>
                  <Repeat size={14} aria-hidden /> Review
                </button>
                <button type="button" className="btn btn-sm btn-ghost" onClick={() => notInterested(r)} aria-label={`Not interested in ${r.name}`}>
                  <EyeOff size={14} aria-hidden /> Not interested
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RecommendationsSkeleton() {
  return (
    <div className="pr-list" aria-busy="true" aria-label="Loading recommendations">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} height={72} style={{ borderRadius: 'var(--radius)' }} />
      ))}
    </div>
  );
}
