import { ExternalLink, History, Medal, Swords, TrendingUp } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { platformById } from '@shared/platforms/index';
import { Skeleton } from '../../../components/feedback';
import { PlatformIcon } from '../../../components/question-bits';
import { isHttpUrl } from '@shared/rules/contests';
import { isContestJudge } from '../../judge-accounts/lib/judges';
import type { PortfolioCard } from '@shared/schemas/profile';
import { recentContests } from '../lib/portfolio';
import { formatNumber } from '@shared/format-number';

// recharts is the heaviest part of the page: it loads after the cards are on screen.
const RatingChart = lazy(() => import('./rating-chart'));

const fmt = (n: number | null) => (n === null ? '—' : formatNumber(n));

/** One card per public judge account: rating, best rating, title, solved and contests, and a link to the judge. */
export function JudgeCards({ accounts }: { accounts: readonly PortfolioCard[] }) {
  return (
    <ul className="pf-cards" aria-label="Judge accounts">
      {accounts.map((a) => {
        const name = a.name;
        return (
          <li key={a.platform} className="card pf-card" style={{ ['--judge' as string]: platformById(a.platform)?.color ?? 'var(--primary)' }}>
            <div className="pf-card-head">
              <PlatformIcon platform={a.platform} size={24} />
              <div className="pf-card-ident">
                <h3>{name}</h3>
                {isHttpUrl(a.profileUrl) ? (
                  <a href={a.profileUrl} target="_blank" rel="noopener noreferrer" className="pf-handle">
                    {a.handle} <ExternalLink size={12} aria-hidden />
                    <span className="visually-hidden"> ({name} profile, opens in a new tab)</span>
                  </a>
                ) : (
                  <span className="pf-handle">{a.handle}</span>
                )}
              </div>
            </div>
            {a.rank && (
              <span className="badge pf-title" title={a.rank}>
                {a.rank}
              </span>
            )}
            <dl className="pf-figures">
              {isContestJudge(a.platform) && (
                <>
                  <div>
                    <dt>Rating</dt>
                    <dd className="pf-big">{fmt(a.rating)}</dd>
                  </div>
                  <div>
                    <dt>Max rating</dt>
                    <dd>{fmt(a.maxRating)}</dd>
                  </div>
                </>
              )}
              <div>
                <dt>Solved</dt>
                <dd className={isContestJudge(a.platform) ? undefined : 'pf-big'}>{fmt(a.solved)}</dd>
              </div>
              {isContestJudge(a.platform) && (
                <div>
                  <dt>Contests</dt>
                  <dd>{fmt(a.contests)}</dd>
                </div>
              )}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

/** A rating chart per contest judge with a rated contest. */
export function RatingCharts({ accounts }: { accounts: readonly PortfolioCard[] }) {
  const rated = accounts.filter((a) => isContestJudge(a.platform) && a.history.length > 0);
  if (rated.length === 0) return null;
  return (
    <section className="section" aria-labelledby="pf-ratings-h">
      <div className="section-header">
        <h2 id="pf-ratings-h">
          <TrendingUp size={18} aria-hidden /> Rating history
        </h2>
      </div>
      <div className="pf-charts">
        {rated.map((a) => (
          <figure key={a.platform} className="card card-pad pf-chart-card">
            <figcaption className="row">
              <PlatformIcon platform={a.platform} size={18} />
              <strong>{a.name}</strong>
              <span className="faint">
                {a.history.length} {a.history.length === 1 ? 'contest' : 'contests'}
              </span>
            </figcaption>
            <Suspense fallback={<Skeleton height={220} />}>
              <RatingChart platform={a.platform} history={a.history} />
            </Suspense>
          </figure>
        ))}
      </div>
    </section>
  );
}

/** The headline figures across judges. */
export function PortfolioStats({ accounts, contests }: { accounts: readonly PortfolioCard[]; contests: number }) {
  const best = accounts
    .filter((a) => isContestJudge(a.platform) && a.maxRating !== null)
    .sort((x, y) => (y.maxRating ?? 0) - (x.maxRating ?? 0))[0];
  if (accounts.length === 0) return null;
  return (
    <div className="pf-stats">
      <div className="pf-stat">
        <Swords size={16} aria-hidden />
        <span className="pf-stat-value">{contests.toLocaleString('en-US')}</span>
        <span className="muted">contests taken</span>
      </div>
      {best && (
        <div className="pf-stat">
          <Medal size={16} aria-hidden />
          <span className="pf-stat-value">{fmt(best.maxRating)}</span>
          <span className="muted">best rating ({best.name})</span>
        </div>
      )}
      <div className="pf-stat">
        <span className="pf-stat-value">{accounts.length}</span>
        <span className="muted">{accounts.length === 1 ? 'judge' : 'judges'} linked</span>
      </div>
    </div>
  );
}

/** The latest rated contests across judges with their rating changes. */
export function RecentContests({ accounts, taken }: { accounts: readonly PortfolioCard[]; taken: number }) {
  const recent = recentContests(accounts);
  if (recent.length === 0) return null;
  return (
    <section className="section" aria-labelledby="pf-contests-h">
      <div className="section-header">
        <h2 id="pf-contests-h">
          <History size={18} aria-hidden /> Recent contests
        </h2>
        <span className="muted">{formatNumber(taken)} taken in all</span>
      </div>
      <ol className="card pf-contests">
        {recent.map((c) => (
          <li key={`${c.platform}|${c.at}|${c.contest}`}>
            <PlatformIcon platform={c.platform} size={18} />
            <div className="pf-contest-name">
              <span>{c.contest}</span>
              <span className="faint">
                {c.judge} · <time dateTime={c.at}>{new Date(c.at).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}</time>
              </span>
            </div>
            <span className="pf-contest-rating">{c.rating.toLocaleString('en-US')}</span>
            <span className={`pf-change${c.change === null ? '' : c.change >= 0 ? ' pf-up' : ' pf-down'}`}>
              {c.change === null ? '—' : c.change >= 0 ? `+${c.change}` : `−${Math.abs(c.change)}`}
              {c.change !== null && <span className="visually-hidden"> rating change</span>}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
