import { useQuery } from '@tanstack/react-query';
import { ListChecks, Plus, SearchX, Upload } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { WORKSPACE_MESSAGES } from '@shared/schemas/workspace';
import { EmptyState } from '../../components/feedback';
import { useSession } from '../auth/api/session';
import { SyncButton } from '../sync/components/sync-dialog';
import { useLoginPopup } from '../auth/stores/login-popup';
import { filterOptionsQuery, workspaceListQuery } from './api/workspace-queries';
import { AddQuestionDialog } from './components/add-question-dialog';
import { ExportMenu } from './components/export-menu';
import { FilterBar } from './components/filter-bar';
import { FilterChips } from './components/filter-chips';
import { ImportDialog } from './components/import-dialog';
import { Pagination } from './components/pagination';
import { WorkspaceTable, WorkspaceTableSkeleton } from './components/workspace-table';
import { clearFilters, hasActiveFilters, readView, writeView, type WorkspaceView } from './lib/filters';
import { rememberFocus, useRestoreFocus, useWorkspaceUi } from './stores/workspace-ui';
import './workspace.css';
import { DueAssignments } from '../groups/components/due-assignments';

/** My Workspace (spec §2): the user's questions with filters in the URL, paged by the server. */
export default function WorkspaceTab() {
  const { token, isLoggedIn } = useSession();
  const showLogin = useLoginPopup((s) => s.show);
  const search = useSearch();
  const [, navigate] = useLocation();
  const view = useMemo(() => readView(new URLSearchParams(search)), [search]);
  const setView = useCallback(
    (next: WorkspaceView, replace = false) => {
      rememberFocus();
      navigate(`/question-tracker?${writeView(next)}`, { replace });
    },
    [navigate],
  );
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const list = useQuery(workspaceListQuery(token, view));
  const options = useQuery(filterOptionsQuery(token));
  useRestoreFocus();
  // A menu stays open across the remount a filter change causes, but not when leaving the tab.
  useEffect(
    () => () => {
      if (new URLSearchParams(window.location.search).get('tab') !== 'workspace') useWorkspaceUi.getState().setOpenMenu(null);
    },
    [],
  );

  const add = () => (isLoggedIn ? setAdding(true) : showLogin('login'));
  const page = list.data;
  const filtered = hasActiveFilters(view);
  // Past the last page (after removals, or a shared link): go to the last one that exists.
  const beyond = !!page && !list.isPlaceholderData && page.total > 0 && page.questions.length === 0 && view.page > 1;
  useEffect(() => {
    if (beyond) setView({ ...view, page: Math.max(1, Math.ceil(page.total / view.pageSize)) }, true);
  }, [beyond, page, view, setView]);

  return (
    <div className="ws-page">
      <header className="page-header">
        <div>
          <h1>{WORKSPACE_MESSAGES.title}</h1>
          <p>{WORKSPACE_MESSAGES.subtitle}</p>
        </div>
        {isLoggedIn && (
          <div className="row ws-header-actions">
            <SyncButton />
            <button type="button" className="btn" onClick={() => setImporting(true)}>
              <Upload size={16} aria-hidden /> Import
            </button>
            <ExportMenu view={view} />
          </div>
        )}
      </header>
      {isLoggedIn && <DueAssignments compact />}

      {isLoggedIn && (
        <section className="card ws-toolbar" aria-label="Filters">
          <FilterBar view={view} options={options.data} loading={options.isLoading} onChange={setView} />
          <FilterChips view={view} onChange={setView} />
        </section>
      )}

      {!isLoggedIn ? (
        <FirstQuestion onAdd={add} />
      ) : list.isError && !page ? (
        <EmptyState
          title="Oops! Something Went Wrong"
          action={
            <button type="button" className="btn" onClick={() => void list.refetch()}>
              Retry
            </button>
          }
        />
      ) : !page ? (
        <div className="card">
          <WorkspaceTableSkeleton />
        </div>
      ) : page.total === 0 && !list.isPlaceholderData ? (
        filtered ? (
          <EmptyState
            icon={<SearchX size={22} />}
            title={WORKSPACE_MESSAGES.noMatch}
            action={
              <button type="button" className="btn" onClick={() => setView(clearFilters(view))}>
                Clear all filters
              </button>
            }
          >
            No question in your workspace matches these filters.
          </EmptyState>
        ) : (
          <FirstQuestion onAdd={add} sync />
        )
      ) : (
        <div className="card ws-results">
          <WorkspaceTable page={page} tagSuggestions={options.data?.customTags ?? []} busy={list.isFetching} />
          <Pagination
            page={view.page}
            pageSize={view.pageSize}
            total={page.total}
            onPage={(p) => setView({ ...view, page: p })}
            onPageSize={(pageSize) => setView({ ...view, pageSize, page: 1 })}
          />
        </div>
      )}

      <button type="button" className="fab" aria-label="Add Question" onClick={add}>
        <Plus size={24} />
      </button>
      {isLoggedIn && <AddQuestionDialog open={adding} onClose={() => setAdding(false)} />}
      {isLoggedIn && <ImportDialog open={importing} onClose={() => setImporting(false)} />}
    </div>
  );
}

/** `sync`: a signed-in user's empty workspace also offers to bring in what they solved on the judges. */
function FirstQuestion({ onAdd, sync = false }: { onAdd: () => void; sync?: boolean }) {
  return (
    <EmptyState
      icon={<ListChecks size={22} />}
      title={WORKSPACE_MESSAGES.empty}
      action={
        <div className="row ws-empty-actions">
          <button type="button" className="btn btn-primary" onClick={onAdd}>
            <Plus size={16} /> Add Question
          </button>
          {sync && <SyncButton />}
        </div>
      }
    >
      Paste a problem link or search by name: your solved and planned questions stay here, with tags and notes.
      {sync && ' Or sync the problems you already solved on LeetCode, Codeforces and other judges.'}
    </EmptyState>
  );
}
