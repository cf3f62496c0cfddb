import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Link2, UserX } from 'lucide-react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { difficultyTone } from '@shared/rules/difficulty';
import { platformById } from '@shared/platforms/index';
import type { Profile } from '@shared/schemas/profile';
import { TrackerErrorScreen } from '../../components/error-screens';
import { EmptyState, Skeleton } from '../../components/feedback';
import { PlatformIcon } from '../../components/question-bits';
import { ExpandableGrid, SheetCard, SheetCardGridSkeleton } from '../../components/sheet-card';
import { ApiError } from '../../lib/api';
import { useSession } from '../auth/api/session';
import { AvatarFace } from '../../components/avatar';
import { ActivityCalendar } from '../analysis/components/activity-heatmap';
import { useCardFollow } from '../explore/api/use-follow-sheet';
import { tabHref } from '../tracker/tabs';
import { profileQuery } from './api/profile-queries';
import { JudgeCards, PortfolioStats, RatingCharts, RecentContests } from './components/portfolio';
import { totalSolved } from './lib/portfolio';
import '../analysis/analysis.css';
import './profile.css';
import { formatNumber } from '@shared/format-number';

// Published code brings highlight.js: loaded only for a profile that has some.
const PublishedSolutions = lazy(() => import('../solutions/components/published-solutions'));

const DIFFICULTY_ORDER = ['Easy', 'Medium', 'Hard'];
const SHEETS_SHOWN = 6;

/** Entries sorted for display: the named difficulties first, then the rest by count. */
function orderedCounts(counts: Record<string, number>, first: readonly string[] = []): [string, number][] {
  return Object.entries(counts).sort(([a, x], [b, y]) => {
    const ia = first.indexOf(a);
    const ib = first.indexOf(b);
    if (ia !== -1 || ib !== -1) return (ia === -1 ? first.length : ia) - (ib === -1 ? first.length : ib);
    return y - x || a.localeCompare(b);
  });
}

/** /profile/{profileName}: a public profile. */
export default function ProfilePage() {
  const { profileName = '' } = useParams<{ profileName?: string }>();
  const { token } = useSession();
  const query = useQuery(profileQuery(profileName, token));
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  const current = query.data?.profileName;
  // A name the person used before answers with their profile: show it under the current name.
  useEffect(() => {
    if (!query.data || !current || current === profileName) return;
    qc.setQueryData(profileQuery(current, token).queryKey, query.data);
    navigate(`/profile/${encodeURIComponent(current)}`, { replace: true });
  }, [current, profileName, query.data, qc, navigate, token]);

  if (query.error instanceof ApiError && query.error.code === 404) {
    return (
      <EmptyState
        icon={<UserX size={22} />}
        title="Profile not found"
        action={
          <Link className="btn btn-primary" href={tabHref('explore')}>
            Explore sheets
          </Link>
        }
      >
        There is no profile called “{profileName}”.
      </EmptyState>
    );
  }
  if (query.error) return <TrackerErrorScreen />;
  if (!query.data) return <ProfileSkeleton />;
  return <ProfileView profile={query.data} />;
}

function ProfileView({ profile }: { profile: Profile }) {
  const follow = useCardFollow();
  const { user } = useSession();
  const own = user?.profileName === profile.profileName;
  const accounts = profile.portfolio.cards;
  const name = `${profile.firstName} ${profile.secondName}`.trim();
  const joined = new Date(profile.joinedAt).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
  const { total, byDifficulty, byPlatform } = profile.solved;
  return (
    <div className="profile">
      <header className="profile-header card card-pad">
        <span className="avatar profile-avatar" aria-hidden>
          <AvatarFace person={profile} />
        </span>
        <div className="profile-identity">
          <h1>{name}</h1>
          <p className="muted">@{profile.profileName}</p>
          <p className="faint row">
            <CalendarDays size={14} aria-hidden /> Joined {joined}
          </p>
        </div>
        <div className="profile-total">
          <span className="profile-total-number">{formatNumber(accounts.length ? totalSolved(byPlatform, accounts) : total)}</span>
          <span className="muted">{accounts.length ? 'solved across judges' : 'questions solved'}</span>
        </div>
      </header>

      {accounts.length > 0 ? (
        <section className="section stack" aria-labelledby="profile-judges-h" style={{ marginTop: 0 }}>
          <div className="section-header" style={{ marginBottom: 0 }}>
            <div className="row">
              <h2 id="profile-judges-h">Judges</h2>
              {own && (
                <Link href="/account" className="btn btn-sm btn-ghost" aria-label="Manage judge accounts">
                  Manage
                </Link>
              )}
            </div>
            <PortfolioStats accounts={accounts} contests={profile.portfolio.contestsTaken} />
          </div>
          <JudgeCards accounts={accounts} />
        </section>
      ) : (
        own && (
          <p className="muted pf-empty-link row">
            <Link2 size={14} aria-hidden /> Your ratings show here once you{' '}
            <Link href="/account">link your judge accounts</Link> and make them public.
          </p>
        )
      )}
      <RatingCharts accounts={accounts} />
      <RecentContests accounts={accounts} taken={profile.portfolio.contestsTaken} />
      <ActivityCalendar activity={profile.activity} />

      <div className="profile-stats">
        <StatCard title="By difficulty" total={total} entries={orderedCounts(byDifficulty, DIFFICULTY_ORDER)} render={(d) => <span className={`diff diff-${difficultyTone(d)}`}>{d}</span>} tone={(d) => difficultyTone(d)} />
        <StatCard
          title="By platform"
          total={total}
          entries={orderedCounts(byPlatform)}
          render={(p) => (
            <span className="row">
              <PlatformIcon platform={p} size={16} />
              {platformById(p)?.name ?? p}
            </span>
          )}
        />
      </div>

      {profile.solutions.length > 0 && (
        <section className="section" aria-labelledby="profile-solutions-h">
          <div className="section-header">
            <h2 id="profile-solutions-h">Published Solutions</h2>
          </div>
          <Suspense fallback={<Skeleton height={160} />}>
            <PublishedSolutions solutions={profile.solutions} />
          </Suspense>
        </section>
      )}

      <section className="section" aria-labelledby="profile-sheets-h">
        <div className="section-header">
          <h2 id="profile-sheets-h">Public Sheets</h2>
        </div>
        {profile.sheets.length ? (
          <ExpandableGrid
            items={profile.sheets}
            limit={SHEETS_SHOWN}
            label="Public Sheets"
            itemKey={(c) => c._id}
            render={(c) => <SheetCard card={c} showProgress={follow.isLoggedIn} onToggleFollow={follow.toggle} followPending={follow.isPending(c._id)} />}
          />
        ) : (
          <EmptyState title="No public sheets yet" />
        )}
      </section>
      {follow.dialog}
    </div>
  );
}

interface StatCardProps {
  title: string;
  total: number;
  entries: [string, number][];
  render: (key: string) => ReactNode;
  tone?: (key: string) => string;
}

function StatCard({ title, total, entries, render, tone }: StatCardProps) {
  return (
    <section className="card card-pad profile-stat" aria-label={`Solved ${title}`}>
      <h2>{title}</h2>
      {entries.length === 0 ? (
        <p className="muted">No solved questions yet.</p>
      ) : (
        <ul className="profile-bars">
          {entries.map(([key, n]) => (
            <li key={key}>
              <div className="row profile-bar-label">
                {render(key)}
                <span className="profile-bar-count">{formatNumber(n)}</span>
              </div>
              <div className="progress-bar" aria-hidden>
                <div className={tone ? `bar-${tone(key)}` : undefined} style={{ width: `${total ? Math.max(2, Math.round((n / total) * 100)) : 0}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProfileSkeleton() {
  return (
    <div className="profile" aria-busy="true" aria-label="Loading profile">
      <div className="profile-header card card-pad">
        <Skeleton width={88} height={88} style={{ borderRadius: '50%' }} />
        <div className="stack" style={{ flex: 1 }}>
          <Skeleton width="40%" height={26} />
          <Skeleton width="25%" />
        </div>
      </div>
      <div className="pf-cards" aria-hidden>
        <Skeleton height={150} />
        <Skeleton height={150} />
      </div>
      <div className="profile-stats">
        <Skeleton height={180} />
        <Skeleton height={180} />
      </div>
      <div className="section">
        <SheetCardGridSkeleton count={3} />
      </div>
    </div>
  );
}
