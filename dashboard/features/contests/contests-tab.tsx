import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, CalendarX2, ExternalLink, Radio, TriangleAlert } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import type { Contest } from '@shared/schemas/contest';
import { EmptyState, LoadFailed, Skeleton } from '../../components/feedback';
import { PlatformIcon } from '../../components/question-bits';
import { useNow } from '../../lib/use-now';
import { isContestJudge, judgeName } from '../judge-accounts/lib/judges';
import { contestsQuery } from './api/contest-queries';
import { CalendarFeedCard } from './components/calendar-feed-card';
import { contestPhase, formatCountdown, formatDuration, formatStart, isHttpUrl, unreachableMessage } from '@shared/rules/contests';
import { contestCalendarHref } from './lib/links';
import './contests.css';

/** The judges whose contest lists the server reads, in the order of the filter chips. */
const CONTEST_JUDGES = ['codeforces', 'leetcode', 'atcoder', 'codechef'].filter(isContestJudge);

/** ?tab=contests&judge=codeforces: the judge filter lives in the URL. */
export default function ContestsTab() {
  const params = new URLSearchParams(useSearch());
  const judgeParam = params.get('judge');
  const judge = judgeParam && CONTEST_JUDGES.includes(judgeParam) ? judgeParam : null;
  const [, navigate] = useLocation();
  const query = useQuery(contestsQuery(null));
  const now = useNow(1000);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const shown = (query.data?.contests ?? []).filter((c) => (!judge || c.platform === judge) && contestPhase(c.startsAt, c.durationSeconds, now) !== 'over');
  const running = shown.filter((c) => contestPhase(c.startsAt, c.durationSeconds, now) === 'running');
  const upcoming = shown.filter((c) => contestPhase(c.startsAt, c.durationSeconds, now) === 'upcoming');
  // A judge whose latest refresh failed: its list is what was known before, and says so.
  const unreachable = (query.data?.unreachable ?? []).filter((u) => !judge || u.platform === judge);

  return (
    <div className="contests">
      <header className="page-header">
        <div>
          <h1>Contests</h1>
          <p>
            Upcoming and running contests across judges. Times are in your time zone ({zone}).
          </p>
        </div>
      </header>
      <div className="ct-layout">
        <div className="ct-main">
          <div className="ct-chips" role="group" aria-label="Filter by judge">
            <button type="button" className="ct-chip" aria-pressed={!judge} onClick={() => navigate('/question-tracker?tab=contests', { replace: true })}>
              All judges
            </button>
            {CONTEST_JUDGES.map((j) => (
              <button key={j} type="button" className="ct-chip" aria-pressed={judge === j} onClick={() => navigate(`/question-tracker?tab=contests&judge=${j}`, { replace: true })}>
                <PlatformIcon platform={j} size={15} />
                {judgeName(j)}
              </button>
            ))}
          </div>
          {unreachable.map((u) => (
            <p key={u.platform} className="ct-unreachable" role="status">
              <TriangleAlert size={15} aria-hidden />
              {unreachableMessage(judgeName(u.platform), u.failedAt)}
            </p>
          ))}
          {query.isPending ? (
            <ContestsSkeleton />
          ) : query.isError ? (
            <LoadFailed what="contests" onRetry={() => void query.refetch()} />
          ) : shown.length === 0 ? (
            <EmptyState icon={<CalendarX2 size={22} />} title="No contests scheduled">
              {judge ? `${judgeName(judge)} has no upcoming contest we know of.` : 'No upcoming contest we know of. Check back later.'}
            </EmptyState>
          ) : (
            <>
              {running.length > 0 && <ContestList title="Running now" contests={running} now={now} />}
              {upcoming.length > 0 && <ContestList title="Upcoming" contests={upcoming} now={now} />}
            </>
          )}
        </div>
        <CalendarFeedCard platform={judge} hasContests={shown.length > 0} />
      </div>
    </div>
  );
}

function ContestList({ title, contests, now }: { title: string; contests: Contest[]; now: number }) {
  const id = `ct-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="ct-section" aria-labelledby={id}>
      <h2 id={id} className="ct-section-title">
        {title} <span className="faint">{contests.length}</span>
      </h2>
      <ul className="ct-list">
        {contests.map((c) => (
          <ContestRow key={c.id} contest={c} now={now} />
        ))}
      </ul>
    </section>
  );
}

function ContestRow({ contest: c, now }: { contest: Contest; now: number }) {
  const start = Date.parse(c.startsAt);
  const running = now >= start;
  const left = running ? start + c.durationSeconds * 1000 - now : start - now;
  const soon = !running && left < 3600_000;
  return (
    <li className="ct-row card" aria-label={c.name}>
      <PlatformIcon platform={c.platform} size={28} />
      <div className="ct-info">
        <span className="ct-name">{c.name}</span>
        <span className="ct-meta">
          <span>{judgeName(c.platform)}</span>
          <time dateTime={c.startsAt}>{formatStart(c.startsAt)}</time>
          <span>{formatDuration(c.durationSeconds)}</span>
        </span>
      </div>
      <div className={`ct-countdown${running ? ' ct-running' : soon ? ' ct-soon' : ''}`}>
        <span className="ct-countdown-label">{running ? <><Radio size={12} aria-hidden /> Ends in</> : 'Starts in'}</span>
        <span className="ct-countdown-value" role="timer">
          {formatCountdown(left)}
        </span>
      </div>
      <div className="ct-actions">
        <a className="btn btn-sm" href={contestCalendarHref(c.id)} download aria-label={`Add ${c.name} to calendar`}>
          <CalendarPlus size={14} aria-hidden /> Add to calendar
        </a>
        {isHttpUrl(c.url) && (
          <a className="btn btn-sm btn-primary" href={c.url} target="_blank" rel="noopener noreferrer" aria-label={`Register for ${c.name} on ${judgeName(c.platform)} (opens in a new tab)`}>
            Register <ExternalLink size={13} aria-hidden />
          </a>
        )}
      </div>
    </li>
  );
}

function ContestsSkeleton() {
  return (
    <div className="ct-list" aria-busy="true" aria-label="Loading contests">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} height={76} style={{ borderRadius: 'var(--radius)' }} />
      ))}
    </div>
  );
}
