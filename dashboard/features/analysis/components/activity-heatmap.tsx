import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Flame } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { plural } from '@shared/plural';
import type { Activity } from '@shared/schemas/analytics';
import { Skeleton } from '../../../components/feedback';
import { useSession } from '../../auth/api/session';
import { activityQuery, localTimeZone } from '../api/analytics-queries';
import { formatNumber } from '@shared/format-number';
import { STREAKS } from '@shared/rules/review';
import { InfoTip } from '../../../components/info-tip';
import { heatmapWeeks, monthLabels, streaks } from '../lib/heatmap';

const DAY_LABELS = ['', 'Mon', '', 'Wed', '', 'Fri', ''];
const dayTitle = (day: string, count: number) =>
  `${count === 0 ? 'No questions' : plural(count, 'question')} solved on ${format(new Date(`${day}T12:00:00`), 'd MMM yyyy')}`;

/** The signed-in person's own activity, by their time zone (the Analysis tab). */
export function ActivityHeatmap() {
  const { token } = useSession();
  const activity = useQuery(activityQuery(token, localTimeZone()));
  return <ActivityCalendar activity={activity.data?.activity} isLoading={activity.isLoading} isError={activity.isError} />;
}

/** Solved per day over the last year, as a grid of weeks (a heatmap); no chart library needed. Also a profile's. */
export function ActivityCalendar({ activity: data, isLoading = false, isError = false }: { activity: Activity | undefined; isLoading?: boolean; isError?: boolean }) {
  const weeks = useMemo(() => (data ? heatmapWeeks(data) : []), [data]);
  const months = useMemo(() => monthLabels(weeks), [weeks]);
  const stats = data ? streaks(data) : null;
  // Today is the last column: a phone, which shows only part of the year, opens on it.
  const scroller = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, [data]);

  return (
    <section className="card card-pad an-card an-activity" aria-label="Activity">
      <div className="section-header">
        <h3>Activity</h3>
        {data && <span className="muted">{formatNumber(data.total)} solved in the last year</span>}
      </div>
      {isLoading && <Skeleton height={120} />}
      {isError && <p className="faint">Failed to load data.</p>}
      {data && stats && (
        <>
          {/* Scrolls sideways on a phone: focusable so a keyboard can scroll it too. */}
          <div ref={scroller} className="an-heat-scroll" tabIndex={0} role="region" aria-label="Activity calendar">
            <div className="an-heat" role="img" aria-label={`${data.total} questions solved in the last year, on ${Object.keys(data.days).length} days`}>
              <div className="an-heat-months" style={{ gridTemplateColumns: `repeat(${weeks.length}, minmax(10px, 1fr))` }} aria-hidden>
                {months.map((m) => (
                  <span key={`${m.column}-${m.label}`} style={{ gridColumn: m.area, gridRow: 1, justifySelf: m.end ? 'end' : 'start' }}>
                    {m.label}
                  </span>
                ))}
              </div>
              <div className="an-heat-body">
                <div className="an-heat-days" aria-hidden>
                  {DAY_LABELS.map((d, i) => (
                    <span key={i}>{d}</span>
                  ))}
                </div>
                <div className="an-heat-grid" style={{ gridTemplateColumns: `repeat(${weeks.length}, minmax(10px, 1fr))` }}>
                  {weeks.flatMap((week, w) =>
                    week.map((cell, d) =>
                      cell.day ? (
                        <span key={cell.day} className={`an-heat-cell l${cell.level}`} title={dayTitle(cell.day, cell.count)} data-day={cell.day} data-count={cell.count} />
                      ) : (
                        <span key={`pad-${w}-${d}`} className="an-heat-cell pad" />
                      ),
                    ),
                  )}
                </div>
              </div>
            </div>
          </div>
          <div className="an-heat-footer">
            <span className="row muted">
              <Flame size={15} aria-hidden /> <span data-testid="practice-streak">{STREAKS.practice.name}</span> <InfoTip label={`What is the ${STREAKS.practice.name.toLowerCase()}?`} text={STREAKS.practice.explain} />{' '}
              <strong>{stats.current}</strong> · Longest <strong>{stats.longest}</strong> · Best day <strong>{stats.best}</strong>
            </span>
            <span className="an-heat-legend" aria-hidden>
              Less
              {[0, 1, 2, 3, 4].map((l) => (
                <span key={l} className={`an-heat-cell l${l}`} />
              ))}
              More
            </span>
          </div>
        </>
      )}
    </section>
  );
}
