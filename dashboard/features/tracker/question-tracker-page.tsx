import { LockKeyhole } from 'lucide-react';
import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { usePrefetchQuery } from '@tanstack/react-query';
import { useLocation, useParams, useSearch } from 'wouter';
import { EmptyState, SkeletonList } from '../../components/feedback';
import { ErrorBoundary, TrackerErrorScreen } from '../../components/error-screens';
import { useLoaded } from '../../lib/preload';
import { useSession } from '../auth/api/session';
import { useLoginPopup } from '../auth/stores/login-popup';
import { sheetQuery } from '../sheet/api/sheet-queries';
import { sheetPageCode } from '../sheet/page-code';
import { resolveTab, type Tab } from './tabs';

// Each tab is its own chunk: charts, drag and drop and the editor load only where used.
const TAB_VIEWS: Record<Tab, LazyExoticComponent<ComponentType>> = {
  explore: lazy(() => import('../explore/explore-tab')),
  mySheets: lazy(() => import('../my-sheets/my-sheets-tab')),
  workspace: lazy(() => import('../workspace/workspace-tab')),
  review: lazy(() => import('../review/review-tab')),
  analysis: lazy(() => import('../analysis/analysis-tab')),
  notes: lazy(() => import('../notes/notes-tab')),
  sheet: lazy(() => import('../sheet/sheet-tab')),
  leaderboard: lazy(() => import('../leaderboard/leaderboard-tab')),
  contests: lazy(() => import('../contests/contests-tab')),
  practice: lazy(() => import('../practice/practice-tab')),
  groups: lazy(() => import('../groups/groups-tab')),
};

export function QuestionTrackerPage() {
  const [path] = useLocation();
  const search = useSearch();
  const { isLoggedIn, token } = useSession();
  const { slug } = useParams<{ slug?: string }>();
  const showLogin = useLoginPopup((s) => s.show);
  const { tab, needsLogin, sheetPath } = resolveTab(path, new URLSearchParams(search), isLoggedIn);

  useEffect(() => {
    if (needsLogin) showLogin('login');
  }, [needsLogin, tab, showLogin]);

  const View = TAB_VIEWS[tab];
  return (
    <ErrorBoundary key={`${path}|${tab}`} fallback={<TrackerErrorScreen />}>
      {slug && <PrefetchSheet slug={slug} token={token} />}
      <Suspense fallback={<SkeletonList rows={6} />}>
        {sheetPath ? (
          <SheetRoute />
        ) : needsLogin ? (
          <EmptyState
            icon={<LockKeyhole size={22} />}
            title="Sign in to continue"
            action={
              <button type="button" className="btn btn-primary" onClick={() => showLogin('login')}>
                Sign in
              </button>
            }
          >
            This section keeps your own sheets, notes and insights.
          </EmptyState>
        ) : (
          <View />
        )}
      </Suspense>
    </ErrorBoundary>
  );
}

/** The sheet page, with its own skeleton until its code is there rather than a Suspense fallback (see useLoaded). */
function SheetRoute() {
  const SheetPage = useLoaded(sheetPageCode);
  // eslint-disable-next-line react-hooks/static-components -- useLoaded returns sheet-page.tsx's own export, the same component at every render, not one made here.
  return SheetPage ? <SheetPage /> : <SkeletonList rows={6} />;
}

/**
 * Requests a sheet's data while the sheet page's code loads, not after it: a sheet opened from
 * another page of the app. On a first visit to a sheet's address the entry has asked already
 * (app/first-render.ts), and this finds the answer in the cache.
 */
function PrefetchSheet({ slug, token }: { slug: string; token: string | null }) {
  usePrefetchQuery(sheetQuery(slug, token));
  return null;
}
