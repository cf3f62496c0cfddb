import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle, ExternalLink, Trophy, Undo2 } from 'lucide-react';
import type { UpsolveContest } from '@shared/schemas/practice';
import { EmptyState, LoadFailed, Skeleton } from '../../../components/feedback';
import { PlatformIcon, ProgressBar } from '../../../components/question-bits';
import { judgeName } from '../../judge-accounts/lib/judges';
import { upsolveQuery } from '../api/practice-queries';

const STATUS_LABELS = { solved: 'Solved in contest', upsolved: 'Upsolved', unsolved: 'Not solved yet' } as const;
const eitherOf = new Intl.ListFormat('en', { type: 'disjunction' });

/** The contests taken part in, grouped: those with problems left, then the done ones. */
export function UpsolveList({ token, hideDifficulty }: { token: string | null; hideDifficulty: boolean }) {
  const query = useQuery(upsolveQuery(token));
  const open = query.data?.contests.filter((c) => !c.done) ?? [];
  const done = query.data?.contests.filter((c) => c.done) ?? [];
  return (
    <section className="pr-section" aria-labelledby="pr-upsolve">
      <h2 id="pr-upsolve">Upsolve</h2>
      {query.isPending ? (
        <div className="pr-list" aria-busy="true" aria-label="Loading contests">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={96} style={{ borderRadius: 'var(--radius)' }} />
          ))}
        </div>
      ) : query.isError ? (
        <LoadFailed what="your contests" onRetry={() => void query.refetch()} />
      ) : query.data.contests.length === 0 ? (
        <EmptyState icon={<Trophy size={22} />} title="No contests to upsolve">
          Link your {eitherOf.format(query.data.platforms.map(judgeName))} account in your profile: the contests you take part in show here with the problems left.
        </EmptyState>
      ) : (
        <>
          {open.length > 0 && <ContestGroup title="To upsolve" contests={open} hideDifficulty={hideDifficulty} />}
          {done.length > 0 && (
            <details className="pr-done">
              <summary>
                Done <span className="faint">{done.length}</span>
              </summary>
              <ContestGroup title="Done" contests={done} hideDifficulty={hideDifficulty} />
            </details>
          )}
        </>
      )}
    </section>
  );
}

function ContestGroup({ title, contests, hideDifficulty }: { title: string; contests: UpsolveContest[]; hideDifficulty: boolean }) {
  return (
    <ul className="pr-list" aria-label={title}>
      {contests.map((c) => {
        const solved = c.problems.filter((p) => p.status !== 'unsolved').length;
        const percent = c.problems.length ? Math.round((solved / c.problems.length) * 100) : 0;
        return (
          <li key={`${c.platform}:${c.contestId}`} className="pr-contest card" aria-label={c.name}>
            <div className="pr-contest-head">
              <PlatformIcon platform={c.platform} size={22} />
              <div className="pr-info">
                <span className="pr-name">{c.name}</span>
                <span className="pr-meta">
                  <span>{judgeName(c.platform)}</span>
                  <time dateTime={c.endedAt}>{new Date(c.endedAt).toLocaleDateString()}</time>
                  <span data-testid="upsolve-progress">
                    {solved} of {c.problems.length} solved
                  </span>
                </span>
              </div>
            </div>
            <ProgressBar percent={percent} label={`${c.name}: ${solved} of ${c.problems.length} solved`} />
            <ul className="pr-problems">
              {c.problems.map((p) => (
                <li key={p.index} className={`pr-problem pr-${p.status}`}>
                  {p.status === 'unsolved' ? <Circle size={14} aria-hidden /> : p.status === 'upsolved' ? <Undo2 size={14} aria-hidden /> : <CheckCircle2 size={14} aria-hidden />}
                  <a href={p.url} target="_blank" rel="noopener noreferrer">
                    {p.index}. {p.name} <ExternalLink size={11} aria-hidden />
                  </a>
                  {!hideDifficulty && p.difficulty !== null && <span className="faint">{p.difficulty}</span>}
                  <span className="pr-status">{STATUS_LABELS[p.status]}</span>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
