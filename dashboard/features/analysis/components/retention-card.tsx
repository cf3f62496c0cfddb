import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Skeleton } from '../../../components/feedback';
import { useSession } from '../../auth/api/session';
import { retentionQuery } from '../../review/api/review-queries';
import { retentionFigures } from '../lib/retention';

/** How the spaced-repetition reviews go: how many, the share remembered (Good or Easy), the average interval. */
export function RetentionCard() {
  const { token } = useSession();
  const stats = useQuery(retentionQuery(token));
  const figures = stats.data ? retentionFigures(stats.data) : null;
  return (
    <section className="card card-pad an-card an-retention" aria-label="Review retention">
      <div className="section-header">
        <h3>Review retention</h3>
        <Link href="/question-tracker?tab=review" className="btn btn-sm btn-ghost">
          Open Review
        </Link>
      </div>
      {stats.isError && <p className="faint">Failed to load data.</p>}
      {stats.isLoading && <Skeleton height={64} />}
      {stats.data && figures && (
        <>
          <dl className="an-stats">
            <div>
              <dt>Reviews done</dt>
              <dd>{figures.reviews}</dd>
            </div>
            <div>
              <dt>Recalled</dt>
              <dd>{figures.recalled}</dd>
            </div>
            <div>
              <dt>Average interval</dt>
              <dd>{figures.interval}</dd>
            </div>
          </dl>
          {stats.data.reviews === 0 && <p className="faint an-stats-note">No reviews yet: rate the questions due in the Review tab to see how much you keep.</p>}
        </>
      )}
    </section>
  );
}
