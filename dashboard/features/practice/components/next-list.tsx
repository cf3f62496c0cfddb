import { useQuery } from '@tanstack/react-query';
import { ExternalLink, ListTodo } from 'lucide-react';
import { Link } from 'wouter';
import { EmptyState, LoadFailed, Skeleton } from '../../../components/feedback';
import { Difficulty, PlatformIcon } from '../../../components/question-bits';
import { nextQuery } from '../api/practice-queries';

/** "Next from your sheets": for anyone without a rating on the judge. */
export function NextFromSheets({ token }: { token: string | null }) {
  const query = useQuery(nextQuery(token));
  return (
    <section className="pr-next" aria-labelledby="pr-next-title">
      <h3 id="pr-next-title">Next from your sheets</h3>
      {query.isPending ? (
        <div className="pr-list" aria-busy="true" aria-label="Loading the next questions">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={56} style={{ borderRadius: 'var(--radius)' }} />
          ))}
        </div>
      ) : query.isError ? (
        <LoadFailed what="your next questions" onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState icon={<ListTodo size={22} />} title="Nothing queued from your sheets">
          Follow a sheet in Explore, or make your own, and its unsolved questions show here.
        </EmptyState>
      ) : (
        <ul className="pr-list" aria-label="Next from your sheets">
          {query.data.items.map((q) => (
            <li key={q.questionId} className="pr-row card" aria-label={q.name}>
              <PlatformIcon platform={q.platform} size={22} />
              <div className="pr-info">
                <a className="pr-name" href={q.url} target="_blank" rel="noopener noreferrer">
                  {q.name} <ExternalLink size={12} aria-hidden />
                </a>
                <span className="pr-meta">
                  <Difficulty value={q.difficulty} />
                  <Link href={`/question-tracker/sheet/${q.sheet.slug}`}>{q.sheet.name}</Link>
                  {q.topic && <span className="chip">{q.topic}</span>}
                  <span className="faint">{Math.round(q.topicSolvedShare * 100)}% of this topic solved</span>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
