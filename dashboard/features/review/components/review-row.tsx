import { format } from 'date-fns';
import { EyeOff, ExternalLink } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'wouter';
import type { DueQuestion, ReviewRating } from '@shared/schemas/review';
import { Difficulty, PlatformIcon } from '../../../components/question-bits';
import { platformName } from '../../workspace/lib/filters';
import { intervalWords, ratingChoices } from '../lib/intervals';
import { plural } from '@shared/plural';
import { formatAttempts, formatTimeSpent, suggestRating } from '@shared/rules/solutions';

interface Props {
  question: DueQuestion;
  /** The time the intervals count from (the browser's now, taken when the list was drawn). */
  now: number;
  onRate: (q: DueQuestion, rating: ReviewRating) => void;
  onSuspend: (q: DueQuestion) => void;
}

const day = (iso: string) => format(new Date(iso), 'd MMM yyyy');

/** A question due for review: what it is, where it is from, and the four ratings with the interval each gives. */
export const ReviewRow = memo(function ReviewRow({ question: q, now, onRate, onSuspend }: Props) {
  const choices = ratingChoices(q.next, now);
  // What the latest kept solution's attempts and time suggest; the user still picks.
  const suggested = suggestRating(q);
  return (
    <li className="rv-row" data-testid="review-row" data-question-id={q._id}>
      <div className="rv-row-main">
        <a className="rv-name" href={q.problemUrl} target="_blank" rel="noopener noreferrer">
          <span className="rv-name-text">{q.name}</span>
          <ExternalLink size={13} aria-hidden className="rv-name-icon" />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <div className="rv-meta">
          <span className="rv-platform">
            <PlatformIcon platform={q.platform} size={15} />
            <span>{platformName(q.platform)}</span>
          </span>
          <Difficulty value={q.difficulty} />
          <span>{q.solvedAt ? `Solved ${day(q.solvedAt)}` : 'Not solved yet'}</span>
          <span>{q.reviews ? `Reviewed ${plural(q.reviews, 'time')}` : 'Not reviewed yet'}</span>
          {q.attempts !== null && <span>{formatAttempts(q.attempts)}</span>}
          {q.timeSpentSec !== null && <span>{formatTimeSpent(q.timeSpentSec)}</span>}
          {q.overdue && <span className="rv-overdue-since">Due {day(q.card.due)}</span>}
        </div>
        {q.sheets.length > 0 && (
          <ul className="rv-sheets" aria-label={`Sheets with ${q.name}`}>
            {q.sheets.map((s) => (
              <li key={s._id}>
                <Link className="chip rv-sheet" href={`/question-tracker/sheet/${s.slug}`} title={s.name}>
                  {s.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="rv-actions">
        <div className="rv-rates" role="group" aria-label={`How well did you remember ${q.name}?`}>
          {choices.map((c) => (
            <button
              key={c.rating}
              type="button"
              className={`rv-rate rate-${c.rating}${c.rating === suggested ? ' suggested' : ''}`}
              data-rating={c.rating}
              data-suggested={c.rating === suggested || undefined}
              aria-label={`Rate ${q.name} ${c.label}${c.rating === suggested ? ' (suggested from your attempts and time)' : ''}`}
              title={`${c.label}: next review in ${intervalWords(c.days)}${c.rating === suggested ? ' (suggested)' : ''}`}
              onClick={() => onRate(q, c.rating)}
            >
              {c.text}
            </button>
          ))}
        </div>
        <button type="button" className="btn btn-ghost btn-sm rv-skip" aria-label={`Don't review ${q.name}`} title="Take it out of the review queue" onClick={() => onSuspend(q)}>
          <EyeOff size={14} aria-hidden /> Don’t review
        </button>
      </div>
    </li>
  );
});

export function ReviewRowSkeleton() {
  return (
    <li className="rv-row" aria-hidden>
      <div className="rv-row-main">
        <div className="skeleton" style={{ width: '45%', height: 18 }} />
        <div className="skeleton" style={{ width: '70%', height: 14, marginTop: 8 }} />
      </div>
      <div className="rv-actions">
        <div className="skeleton" style={{ width: 300, maxWidth: '100%', height: 32 }} />
      </div>
    </li>
  );
}
