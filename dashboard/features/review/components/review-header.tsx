import { useQuery } from '@tanstack/react-query';
import { Flame, Target } from 'lucide-react';
import { useState } from 'react';
import { REVIEW_MESSAGES } from '@shared/schemas/review';
import { newTodayText, STREAKS } from '@shared/rules/review';
import { InfoTip } from '../../../components/info-tip';
import { Skeleton } from '../../../components/feedback';
import { ProgressRing } from '../../../components/question-bits';
import { streakQuery } from '../api/review-queries';
import { goalProgress } from '../lib/progress';
import { plural } from '@shared/plural';
import { GoalDialog } from './goal-dialog';

/** Title, today's progress toward the daily goal, the streak, and the goal's settings. */
export function ReviewHeader({ token, tz }: { token: string | null; tz: string }) {
  const streak = useQuery(streakQuery(token, tz));
  const [editing, setEditing] = useState(false);
  const s = streak.data;
  const progress = s ? goalProgress(s) : null;

  return (
    <header className="page-header rv-header">
      <div>
        <h1>{REVIEW_MESSAGES.title}</h1>
        <p>Revise the questions you solved just before you would forget them.</p>
      </div>
      <section className="card rv-today" aria-label="Today">
        {!s || !progress ? (
          streak.isError ? (
            <p className="faint">Failed to load today’s progress.</p>
          ) : (
            <div className="rv-today-loading" aria-busy="true" aria-label="Loading today’s progress">
              <Skeleton width={56} height={56} style={{ borderRadius: '50%' }} />
              <div className="stack" style={{ gap: 8, flex: 1 }}>
                <Skeleton width={150} />
                <Skeleton width={110} />
              </div>
            </div>
          )
        ) : (
          <>
            <ProgressRing percent={progress.percent} label={`Daily goal ${progress.percent}% done`} />
            <div className="rv-today-text">
              <p className="rv-today-line">
                <strong>Today</strong>{' '}
                <span data-testid="today-reviews">
                  {s.today.reviews}/{s.goal.reviews} reviews
                </span>{' '}
                ·{' '}
                <span data-testid="today-new">{newTodayText(s.today.newProblems, s.goal.newProblems)}</span>
                {s.today.met && <span className="rv-met"> · goal met</span>}
              </p>
              <p className="rv-streak" data-testid="streak">
                <Flame size={15} aria-hidden className={s.current > 0 ? 'rv-flame on' : 'rv-flame'} />
                <span>
                  {STREAKS.review.name} {plural(s.current, 'day')} · best {plural(s.best, 'day')}
                </span>
                <InfoTip label={`What is the ${STREAKS.review.name.toLowerCase()}?`} text={STREAKS.review.explain} />
              </p>
            </div>
            <button type="button" className="btn btn-sm rv-goal-btn" onClick={() => setEditing(true)}>
              <Target size={14} aria-hidden /> Daily goal
            </button>
            <GoalDialog open={editing} goal={s.goal} onClose={() => setEditing(false)} />
          </>
        )}
      </section>
    </header>
  );
}
