import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Info, Trophy, Users } from 'lucide-react';
import { useId } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { DIFFICULTY_WEIGHTS, RANKING_METRICS, RATING_DIVISOR, RATING_FLOORS, type RankingMetric } from '@shared/rules/ranking';
import type { LeaderboardRow } from '@shared/schemas/leaderboard';
import { EmptyState, LoadFailed, Skeleton } from '../../components/feedback';
import { useSession } from '../auth/api/session';
import { mySheetsQuery } from '../explore/api/sheet-list-queries';
import { judgeAccountsQuery } from '../judge-accounts/api/judge-account-queries';
import { judgeName } from '../judge-accounts/lib/judges';
import { leaderboardQuery } from './api/leaderboard-queries';
import { toBeRanked } from './lib/unranked';
import './leaderboard.css';
import { formatNumber } from '@shared/format-number';

const METRIC_LABELS: Record<RankingMetric, string> = {
  c_score: 'C-Score',
  total_questions: 'Total solved',
  leetcode_rating: 'LeetCode rating',
  codeforces_rating: 'Codeforces rating',
};

const isMetric = (v: string | null): v is RankingMetric => v !== null && (RANKING_METRICS as readonly string[]).includes(v);

/** Every choice of the leaderboard lives in the URL: ?tab=leaderboard&metric=&page=&sheet= */
function leaderboardHref(metric: RankingMetric, page = 1, sheet: string | null = null): string {
  const q = new URLSearchParams({ tab: 'leaderboard' });
  if (metric !== 'c_score') q.set('metric', metric);
  if (page > 1) q.set('page', String(page));
  if (sheet) q.set('sheet', sheet);
  return `/question-tracker?${q}`;
}

export default function LeaderboardTab() {
  const params = new URLSearchParams(useSearch());
  const metricParam = params.get('metric');
  const metric: RankingMetric = isMetric(metricParam) ? metricParam : 'c_score';
  const page = Math.max(1, Math.min(100_000, Math.floor(Number(params.get('page')) || 1)));
  const sheet = params.get('sheet') || null;
  const { token, isLoggedIn } = useSession();
  const [, navigate] = useLocation();
  const query = useQuery(leaderboardQuery(metric, page, sheet, token));
  const go = (m: RankingMetric, p: number, s: string | null) => navigate(leaderboardHref(m, p, s));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const meOnPage = !!data?.me && data.rows.some((r) => r.profileName === data.me?.profileName);
  const metricId = useId();

  return (
    <div className="leaderboard">
      <header className="page-header">
        <div>
          <h1>Leaderboard</h1>
          <p>People who chose to be ranked, by the figures of their public judge accounts.</p>
        </div>
        {isLoggedIn && (
          <Link href="/account" className="btn btn-sm">
            <Trophy size={14} aria-hidden /> Join or leave
          </Link>
        )}
      </header>

      <div className="lb-controls">
        <div className="field">
          <span className="label" id={metricId}>
            Rank by
          </span>
          <div className="segmented lb-metrics" role="group" aria-labelledby={metricId}>
            {RANKING_METRICS.map((m) => (
              <button key={m} type="button" aria-pressed={metric === m} onClick={() => go(m, 1, sheet)}>
                {METRIC_LABELS[m]}
              </button>
            ))}
          </div>
        </div>
        {isLoggedIn && <SheetFilter token={token} value={sheet} onChange={(s) => go(metric, 1, s)} />}
      </div>

      <CScoreNote />

      {isLoggedIn && data && !data.me && data.rows.length > 0 && !query.isPlaceholderData && (
        <p className="lb-notice" role="note">
          You are not ranked by {METRIC_LABELS[metric]}: join the leaderboard and make an account{metric.endsWith('_rating') ? ` on ${METRIC_LABELS[metric].replace(' rating', '')}` : ''} public in{' '}
          <Link href="/account">account settings</Link>.
        </p>
      )}

      {!data ? (
        query.isError ? (
          <LoadFailed what="the leaderboard" onRetry={() => void query.refetch()} />
        ) : (
          <TableSkeleton />
        )
      ) : data.rows.length === 0 && !data.me ? (
        <EmptyBoard metric={metric} sheet={sheet} token={token} />
      ) : (
        <div className={`card lb-table-wrap${query.isPlaceholderData ? ' lb-stale' : ''}`} aria-busy={query.isFetching}>
          <table className="lb-table">
            <caption className="visually-hidden">
              Leaderboard by {METRIC_LABELS[metric]}, page {page} of {pages}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="lb-rank">
                  Rank
                </th>
                <th scope="col">Profile</th>
                <th scope="col" className="lb-value">
                  {METRIC_LABELS[metric]}
                </th>
              </tr>
            </thead>
            {data.me && !meOnPage && (
              <tbody className="lb-pinned">
                <Row row={data.me} me />
              </tbody>
            )}
            <tbody>
              {data.rows.map((r) => (
                <Row key={r.profileName} row={r} me={r.profileName === data.me?.profileName} />
              ))}
            </tbody>
          </table>
          <nav className="lb-pager" aria-label="Leaderboard pages">
            <span className="muted">
              {formatNumber(data.total)} ranked · page {page} of {pages}
            </span>
            <div className="row">
              <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => go(metric, page - 1, sheet)}>
                <ChevronLeft size={14} aria-hidden /> Previous
              </button>
              <button type="button" className="btn btn-sm" disabled={page >= pages} onClick={() => go(metric, page + 1, sheet)}>
                Next <ChevronRight size={14} aria-hidden />
              </button>
            </div>
          </nav>
        </div>
      )}
    </div>
  );
}

function Row({ row, me }: { row: LeaderboardRow; me: boolean }) {
  return (
    <tr className={me ? 'lb-me' : undefined} aria-current={me ? 'true' : undefined}>
      <td className="lb-rank">
        <span className={`lb-rank-badge${row.rank <= 3 ? ` lb-top lb-top-${row.rank}` : ''}`}>{formatNumber(row.rank)}</span>
      </td>
      <td className="lb-name">
        {/* Profiles open in a new tab, as every profile link does (spec). */}
        <a href={`/profile/${encodeURIComponent(row.profileName)}`} target="_blank" rel="noopener noreferrer">
          {row.profileName}
        </a>
        {me && <span className="badge lb-you">You</span>}
      </td>
      <td className="lb-value">{formatNumber(row.value)}</td>
    </tr>
  );
}

/** Narrows the board to the people of one of the viewer's sheets (its author, collaborators and followers). */
function SheetFilter({ token, value, onChange }: { token: string | null; value: string | null; onChange: (sheet: string | null) => void }) {
  const mine = useQuery(mySheetsQuery(token));
  const sheets = mine.data ? [...mine.data.custom, ...mine.data.shared, ...mine.data.followed] : [];
  const seen = new Set<string>();
  const options = sheets.filter((s) => !seen.has(s.slug) && seen.add(s.slug));
  const id = useId();
  return (
    <div className="field lb-sheet">
      <label htmlFor={id}>People of</label>
      <select id={id} className="select" value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} disabled={mine.isPending}>
        <option value="">Everyone</option>
        {value && !options.some((s) => s.slug === value) && <option value={value}>{value}</option>}
        {options.map((s) => (
          <option key={s._id} value={s.slug}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** c_score in one line, and its whole definition (from shared/rules/ranking) a click away. */
/** An empty board: what the viewer would do to be on it, where their accounts say; else that nobody is ranked by the metric. */
function EmptyBoard({ metric, sheet, token }: { metric: RankingMetric; sheet: string | null; token: string | null }) {
  const accounts = useQuery(judgeAccountsQuery(token));
  const label = METRIC_LABELS[metric];
  const nobody = sheet ? `Nobody from this sheet is ranked by ${label} yet` : `Nobody is ranked by ${label} yet`;
  const step = accounts.data ? toBeRanked(metric, label, { accounts: accounts.data.accounts, optIn: accounts.data.leaderboardOptIn }, judgeName) : null;
  return (
    <EmptyState icon={<Users size={22} />} title={step ?? nobody}>
      {!token ? (
        'Sign in, link a judge account and join.'
      ) : step ? (
        <>
          {nobody}. Judge accounts and the leaderboard are in <Link href="/account">account settings</Link>.
        </>
      ) : (
        `${nobody}.`
      )}
    </EmptyState>
  );
}

function CScoreNote() {
  const weights = Object.entries(DIFFICULTY_WEIGHTS)
    .map(([name, w]) => `${name.charAt(0).toUpperCase()}${name.slice(1)} ${w}`)
    .join(', ');
  const floors = Object.entries(RATING_FLOORS)
    .map(([p, f]) => `${judgeName(p)} ${f}`)
    .join(', ');
  return (
    <details className="lb-explain" id="c-score">
      <summary>
        <Info size={14} aria-hidden />
        <span>
          <strong>C-Score</strong> adds up solved problems weighted by difficulty and contest ratings above each judge’s starting point. <span className="lb-explain-more">How it is computed</span>
        </span>
      </summary>
      <ul>
        <li>Each solved problem counts by its difficulty on the judge: {weights}; a judge that gives no difficulty counts 1 a problem.</li>
        <li>
          Each contest rating adds (rating − starting point) / {RATING_DIVISOR}, never below zero. Starting points: {floors}.
        </li>
        <li>Only accounts their owner made public count. The sum is rounded to a whole number.</li>
      </ul>
    </details>
  );
}

function TableSkeleton() {
  return (
    <div className="card lb-table-wrap" aria-busy="true" aria-label="Loading leaderboard">
      <div className="stack" style={{ padding: 16 }}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={28} />
        ))}
      </div>
    </div>
  );
}
