import type { DueAnswer } from '@shared/schemas/review';
import { format } from 'date-fns';
import { dayName, loadLevel, localDay } from '../lib/progress';
import { plural } from '@shared/plural';
import { SPREAD_NOTE } from '@shared/rules/review';

/** The next 14 days as a strip of day cells, each with the number of questions coming due. */
export function UpcomingStrip({ upcoming, total }: { upcoming: DueAnswer['upcoming']; total: number }) {
  const max = Math.max(0, ...upcoming.map((d) => d.count));
  return (
    <section className="rv-section" aria-labelledby="rv-upcoming-title">
      <div className="rv-section-head">
        <h2 id="rv-upcoming-title">Upcoming</h2>
        <span className="rv-count" aria-label={`${plural(total, 'question')} in the next ${upcoming.length} days`}>
          {total}
        </span>
        <span className="faint rv-section-note">next {upcoming.length} days</span>
      </div>
      <ol className="rv-strip" aria-label={`Questions coming due in the next ${upcoming.length} days`}>
        {upcoming.map((d) => {
          const date = localDay(d.day);
          return (
            <li key={d.day} className={`rv-day l${loadLevel(d.count, max)}`} aria-label={`${dayName(d.day)}: ${plural(d.count, 'question')}`} data-day={d.day} data-count={d.count}>
              <span className="rv-day-name" aria-hidden>
                {format(date, 'EEE')}
              </span>
              <span className="rv-day-date" aria-hidden>
                {format(date, 'd MMM')}
              </span>
              <strong className="rv-day-count" aria-hidden>
                {d.count}
              </strong>
            </li>
          );
        })}
      </ol>
      {upcoming.filter((d) => d.count > 0).length > 1 && (
        <p className="faint rv-spread-note" data-testid="spread-note">
          {SPREAD_NOTE}
        </p>
      )}
    </section>
  );
}
