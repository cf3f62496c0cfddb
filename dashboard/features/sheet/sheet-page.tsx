import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock, Plus } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { SheetErrorScreen } from '../../components/error-screens';
import { ConfirmDialog } from '../../components/dialog';
import { EmptyState, Skeleton, SkeletonList } from '../../components/feedback';
import { subTopicsOf } from '@shared/rules/sheet';
import { ApiError } from '../../lib/api';
import { useSession } from '../auth/api/session';
import { tabHref } from '../tracker/tabs';
import { sheetQuery, type SheetData } from './api/sheet-queries';
import { sheetPageCode } from './page-code';
import { AddQuestionDialog, preloadDialogs } from './components/dialogs';
import { SheetHeader } from './components/sheet-header';
import { SheetTree } from './components/sheet-tree';
import { VideoDialog } from './components/video-dialog';
import { useSheetActions } from './use-sheet-actions';
import { useSheetAdmin } from './use-sheet-admin';
import './sheet.css';

const TopicChart = lazy(() => import('./components/topic-chart'));

function isNotFound(err: unknown) {
  if (err instanceof ApiError) return err.code === 404 || /NotFoundError|ValidationError/.test(err.error ?? '');
  return err instanceof Error && /404|NotFoundError|ValidationError/.test(err.message);
}

/** The current address with the sheet's slug in place of an old one (in the path, or in ?slug= on the sheet tab). */
function addressWithSlug(from: string, to: string): string {
  const url = new URL(window.location.href);
  if (url.searchParams.get('slug') === from) url.searchParams.set('slug', to);
  else url.pathname = url.pathname.replace(/\/[^/]*$/, `/${encodeURIComponent(to)}`);
  return url.pathname + url.search + url.hash;
}

export function SheetView({ slug }: { slug: string }) {
  const { token } = useSession();
  const query = useQuery(sheetQuery(slug, token));
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  const current = query.data?.sheet.slug;
  // An old slug still finds the sheet (spec: after a slug change the page is replaced with the new slug).
  useEffect(() => {
    if (!query.data || !current || current === slug) return;
    qc.setQueryData(sheetQuery(current, token).queryKey, query.data);
    navigate(addressWithSlug(slug, current), { replace: true });
  }, [current, slug, query.data, qc, navigate, token]);
  if (query.isPending) return <SheetSkeleton />;
  if (query.isError) {
    return isNotFound(query.error) ? (
      <div>
        <Breadcrumb name={slug} />
        <EmptyState title="No Sheet found" action={<Link className="btn btn-primary" href={tabHref('explore')}>Explore sheets</Link>} />
      </div>
    ) : (
      <SheetErrorScreen onRetry={() => void query.refetch()} />
    );
  }
  return <LoadedSheet slug={slug} data={query.data} />;
}

function Breadcrumb({ name }: { name: string }) {
  return (
    <nav aria-label="Breadcrumb" className="row muted breadcrumb">
      <Link href={tabHref('mySheets')}>Sheet</Link>
      <span aria-hidden>›</span>
      <span aria-current="page">{name}</span>
    </nav>
  );
}

/** Says before the first tick that ticks need a follow, with the sheet's one Follow button. */
function FollowBar({ onFollow }: { onFollow: () => void }) {
  return (
    <div className="follow-bar" role="region" aria-label="Follow this sheet">
      <span>
        <strong>Follow to track your progress</strong>
        <span className="muted"> Ticks, stars and notes are kept once you follow this sheet.</span>
      </span>
      <button type="button" className="btn btn-primary" onClick={onFollow}>
        <Plus size={16} aria-hidden /> Follow
      </button>
    </div>
  );
}

function LoadedSheet({ slug, data }: { slug: string; data: SheetData }) {
  const { sheet, mappings } = data;
  const a = useSheetActions(slug, data);
  const admin = useSheetAdmin(sheet);
  const locked = sheet.premium && !sheet.purchaseStatus && !sheet.isAuthor && !sheet.isCollaborator;
  const chart = useAfterFirstPaint();
  const member = sheet.isAuthor || sheet.isCollaborator;
  // Ticks and stars need a follow: an open sheet the viewer does not follow says so above its questions.
  const followBar = !locked && !member && !sheet.isFollowing && sheet.visibility !== 'private';
  useEffect(() => {
    if (chart && member) preloadDialogs();
  }, [chart, member]);
  return (
    <div className="sheet-page">
      <Breadcrumb name={sheet.name} />
      <SheetHeader
        locked={locked}
        sheet={sheet}
        isLoggedIn={a.isLoggedIn}
        onRename={(name) => a.details.mutate({ name })}
        onDescribe={(description) => a.details.mutate({ description })}
        onFollow={(follow) => a.guardLogin() && a.follow.mutate(follow)}
        followInBar={followBar}
        menuItems={admin.menuItems}
        actions={admin.shareButton}
        formatted={chart}
      />
      {locked ? (
        <EmptyState icon={<Lock size={22} />} title="This is a premium sheet" action={<Link className="btn btn-primary" href="/question-tracker/sheet/premium/pricing">Learn More</Link>}>
          Its questions are available with premium access.
        </EmptyState>
      ) : (
        <>
          {/* Before the chart: on a phone the chart fills the first screen, and following is the first step. */}
          {followBar && <FollowBar onFollow={() => a.guardLogin() && a.follow.mutate(true)} />}
          {mappings.length > 0 &&
            (chart ? (
              <Suspense fallback={<Skeleton height={200} />}>
                <TopicChart mappings={mappings} />
              </Suspense>
            ) : (
              <Skeleton height={200} />
            ))}
          <SheetTree data={data} actions={a.rowActions} edits={a.edits} live={chart} tracking={!followBar} />
        </>
      )}
      <AddQuestionDialog
        open={a.adding !== null}
        place={a.adding ?? { topic: '', subTopic: '' }}
        topics={sheet.config.topicOrder}
        subTopicsOf={(t) => subTopicsOf(sheet.config.subTopicOrder, t)}
        onClose={() => a.setAdding(null)}
        onAdd={a.addQuestion}
      />
      {admin.dialogs}
      <VideoDialog mapping={a.video} onClose={() => a.setVideo(null)} />
      <ConfirmDialog
        open={a.confirm !== null}
        danger
        title={a.confirm?.title ?? ''}
        message={a.confirm?.message ?? ''}
        onCancel={() => a.setConfirm(null)}
        onConfirm={() => {
          a.confirm?.run();
          a.setConfirm(null);
        }}
      />
    </div>
  );
}

/**
 * False until the frame after the first paint: the chart's code (the largest chunk) loads and runs,
 * the header formats its date and the tree's drag and drop comes alive, after the questions are on
 * screen, not before.
 */
function useAfterFirstPaint() {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

function SheetSkeleton() {
  return (
    <div className="stack" aria-busy="true" aria-label="Loading sheet">
      <Skeleton width={200} height={18} />
      <Skeleton height={150} />
      <SkeletonList rows={8} height={40} />
    </div>
  );
}

/** /question-tracker/sheet/{slug} and /question-tracker/sheet/premium/{slug} */
export default function SheetPage() {
  const { slug = '' } = useParams<{ slug?: string }>();
  return <SheetView slug={slug} />;
}

sheetPageCode.provide(SheetPage);
