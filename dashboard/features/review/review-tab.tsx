import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CalendarCheck, ListChecks, SearchX } from 'lucide-react';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { DUE_LIST_LIMIT, RATING_LABELS, REVIEW_MESSAGES, type DueAnswer, type DueQuestion, type ReviewRating } from '@shared/schemas/review';
import { EmptyState, Skeleton } from '../../components/feedback';
import { useSession } from '../auth/api/session';
import { localTimeZone } from '../analysis/api/analytics-queries';
import { dueQuery, rateVars, retentionQuery, useRateDue, useSuspend } from './api/review-queries';
import { ReviewFilterBar } from './components/review-filters';
import { ReviewHeader } from './components/review-header';
import { ReviewRow, ReviewRowSkeleton } from './components/review-row';
import { UpcomingStrip } from './components/upcoming-strip';
import { hasReviewFilters, NO_FILTERS, readReviewFilters, writeReviewFilters, type ReviewFilters } from './lib/filters';
import { dayName } from './lib/progress';
import { plural } from '@shared/plural';
import { neighbourOf, splitQueue } from './lib/queue';
import './review.css';

type PendingFocus = { id: string; rating: ReviewRating | 'skip' } | 'heading' | null;

/** Review (spaced repetition): what is due today and overdue, rated in place, and what comes next. */
export default function ReviewTab() {
  const { token } = useSession();
  const tz = useMemo(() => localTimeZone(), []);
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => readReviewFilters(new URLSearchParams(search)), [search]);
  const setFilters = useCallback((next: ReviewFilters) => navigate(`/question-tracker?${writeReviewFilters(next)}`), [navigate]);
  const due = useQuery(dueQuery(token, tz, filters));

  return (
    <div className="rv-page">
      <ReviewHeader token={token} tz={tz} />
      <ReviewFilterBar token={token} filters={filters} onChange={setFilters} />
      {due.isError && !due.data ? (
        <EmptyState
          icon={<AlertTriangle size={22} />}
          title="Oops! Something Went Wrong"
          action={
            <button type="button" className="btn" onClick={() => void due.refetch()}>
              Retry
            </button>
          }
        >
          The review queue could not be loaded.
        </EmptyState>
      ) : !due.data ? (
        <QueueSkeleton />
      ) : (
        <Queue answer={due.data} filters={filters} token={token} onClearFilters={() => setFilters(NO_FILTERS)} />
      )}
    </div>
  );
}

function Queue({ answer, filters, token, onClearFilters }: { answer: DueAnswer; filters: ReviewFilters; token: string | null; onClearFilters: () => void }) {
  const { counts, upcoming } = answer;
  const { today, overdue } = useMemo(() => splitQueue(answer.questions), [answer.questions]);
  // The intervals on the buttons count from the server's time of the answer (the dues were computed for it),
  // so they neither change under the pointer nor follow a wrong clock on this device.
  const now = useMemo(() => Date.parse(answer.now), [answer.now]);
  const nothingDue = counts.due + counts.overdue === 0;
  const queueEmpty = nothingDue && counts.upcoming === 0;
  const filtered = hasReviewFilters(filters);
  // Before any review and with nothing coming up, the queue has never held anything: say how it fills.
  const stats = useQuery({ ...retentionQuery(token), enabled: !!token && queueEmpty && !filtered });

  // `mutate` keeps one identity across renders, so the row callbacks below do too (the rows are memoised).
  const { mutate: rateDue } = useRateDue();
  const { mutate: suspendDue } = useSuspend();
  const [announce, setAnnounce] = useState('');
  const pending = useRef<PendingFocus>(null);
  const order = useRef<DueQuestion[]>([]);
  order.current = [...today, ...overdue];
  const dueHeading = useRef<HTMLHeadingElement>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);

  // After a row leaves, the keyboard focus goes to the same button of the next row (or the list's heading).
  useLayoutEffect(() => {
    const p = pending.current;
    if (!p) return;
    pending.current = null;
    if (p !== 'heading') {
      const row = document.querySelector(`[data-question-id="${CSS.escape(p.id)}"]`);
      const target = row?.querySelector<HTMLElement>(p.rating === 'skip' ? '.rv-skip' : `[data-rating="${p.rating}"]`);
      if (target) {
        target.focus();
        return;
      }
    }
    (doneHeading.current ?? dueHeading.current)?.focus();
  }, [answer]);

  const leave = useCallback((q: DueQuestion, rating: ReviewRating | 'skip') => {
    const next = neighbourOf(order.current, q._id);
    pending.current = next ? { id: next, rating } : 'heading';
  }, []);
  const onRate = useCallback(
    (q: DueQuestion, rating: ReviewRating) => {
      leave(q, rating);
      setAnnounce(`${q.name} rated ${RATING_LABELS[rating]}`);
      rateDue(rateVars(q._id, rating));
    },
    [leave, rateDue],
  );
  const onSuspend = useCallback(
    (q: DueQuestion) => {
      leave(q, 'skip');
      setAnnounce(`${q.name} will not be reviewed`);
      suspendDue({ questionId: q._id });
    },
    [leave, suspendDue],
  );

  const status = (
    <p className="visually-hidden" role="status">
      {announce}
    </p>
  );

  if (queueEmpty && filtered) {
    return (
      <>
        {status}
        <EmptyState
          icon={<SearchX size={22} />}
          title="No Match Found"
          action={
            <button type="button" className="btn" onClick={onClearFilters}>
              Clear filters
            </button>
          }
        >
          No question in your review queue matches these filters.
        </EmptyState>
      </>
    );
  }
  if (queueEmpty && !stats.data && !stats.isError) return <QueueSkeleton />;
  // Without the figure (its call failed), explaining how the queue fills is the safer guess.
  if (queueEmpty && (stats.data?.reviews === 0 || stats.isError)) {
    return (
      <>
        {status}
        <EmptyState
          icon={<ListChecks size={22} />}
          title={REVIEW_MESSAGES.empty}
          action={
            <Link href="/question-tracker?tab=workspace" className="btn btn-primary">
              Go to My Workspace
            </Link>
          }
        >
          {REVIEW_MESSAGES.emptyHint}
        </EmptyState>
      </>
    );
  }

  const nextDay = upcoming.find((d) => d.count > 0);
  const shown = answer.questions.length;
  const total = counts.due + counts.overdue;
  return (
    <>
      {status}
      {nothingDue ? (
        <div className="empty rv-done">
          <div className="empty-icon">
            <CalendarCheck size={22} />
          </div>
          <h3 ref={doneHeading} tabIndex={-1}>
            {REVIEW_MESSAGES.allDone}
          </h3>
          <p>{nextDay ? `Next: ${plural(nextDay.count, 'question')} on ${dayName(nextDay.day)}.` : 'Nothing comes due in the next two weeks.'}</p>
        </div>
      ) : (
        <>
          <section className="rv-section" aria-labelledby="rv-due-title">
            <div className="rv-section-head">
              <h2 id="rv-due-title" ref={dueHeading} tabIndex={-1}>
                Due today
              </h2>
              <span className="rv-count" data-testid="due-count">
                {counts.due}
              </span>
            </div>
            {today.length ? (
              <ol className="rv-list" aria-label="Due today">
                {today.map((q) => (
                  <ReviewRow key={q._id} question={q} now={now} onRate={onRate} onSuspend={onSuspend} />
                ))}
              </ol>
            ) : (
              <p className="faint rv-none">{counts.due ? 'Rate the overdue ones below first.' : 'Nothing else is due today.'}</p>
            )}
          </section>
          {(counts.overdue > 0 || overdue.length > 0) && (
            <section className="rv-section" aria-labelledby="rv-overdue-title">
              <div className="rv-section-head">
                <h2 id="rv-overdue-title">Overdue</h2>
                <span className="rv-count rv-count-warn" data-testid="overdue-count">
                  {counts.overdue}
                </span>
              </div>
              <ol className="rv-list" aria-label="Overdue">
                {overdue.map((q) => (
                  <ReviewRow key={q._id} question={q} now={now} onRate={onRate} onSuspend={onSuspend} />
                ))}
              </ol>
            </section>
          )}
          {shown < total && shown >= DUE_LIST_LIMIT && <p className="faint rv-none">Showing the first {shown} of {total}: the rest appear as you rate these.</p>}
        </>
      )}
      <UpcomingStrip upcoming={upcoming} total={counts.upcoming} />
    </>
  );
}

function QueueSkeleton() {
  return (
    <div className="rv-section" aria-busy="true" aria-label="Loading the review queue">
      <Skeleton width={140} height={22} />
      <ol className="rv-list" style={{ marginTop: 12 }}>
        {[0, 1, 2].map((i) => (
          <ReviewRowSkeleton key={i} />
        ))}
      </ol>
    </div>
  );
}
