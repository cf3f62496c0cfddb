import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { ChevronDown, FileCode2, Globe, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { formatAttempts, formatTimeSpent, languageLabel } from '@shared/rules/solutions';
import type { Solution } from '@shared/schemas/solution';
import { ConfirmDialog, Dialog } from '../../../components/dialog';
import { EmptyState, LoadFailed, Skeleton } from '../../../components/feedback';
import { useSession } from '../../auth/api/session';
import { solutionsQuery, useDeleteSolution, usePublishSolution } from '../api/solutions-queries';
import { AddSolutionForm } from './add-solution-form';
import { CodeBlock } from './code-block';
import '../solutions.css';

export interface PanelQuestion {
  id: string;
  name: string;
}


/**
 * A question's panel in the workspace: its kept solutions, newest first, each with its code highlighted,
 * and a form to keep one typed by hand. Loaded only when opened (it brings highlight.js).
 */
export default function SolutionsPanel({ question, onClose }: { question: PanelQuestion; onClose: () => void }) {
  const { token } = useSession();
  const list = useQuery(solutionsQuery(token, question.id));
  const [adding, setAdding] = useState(false);
  const headingId = useId();
  const items = list.data?.items;

  return (
    <Dialog open wide onClose={onClose} title={question.name} label={`${question.name}: solutions`}>
      <section className="sol-section" aria-labelledby={headingId}>
        <div className="sol-head">
          <h4 id={headingId}>
            Solutions{items && items.length > 0 && <span className="sol-count">{items.length}</span>}
          </h4>
          {!adding && (
            <button type="button" className="btn btn-sm btn-primary" onClick={() => setAdding(true)}>
              <Plus size={14} aria-hidden /> Add solution
            </button>
          )}
        </div>
        {adding && <AddSolutionForm questionId={question.id} onDone={() => setAdding(false)} />}
        {list.isError && !items ? (
          <LoadFailed what="the solutions" onRetry={() => void list.refetch()} />
        ) : !items ? (
          <SolutionsSkeleton />
        ) : items.length === 0 ? (
          !adding && (
            <EmptyState icon={<FileCode2 size={22} />} title="No solution kept yet">
              Accepted code the extension sees is kept here, each different version apart. You can also paste one with Add solution.
            </EmptyState>
          )
        ) : (
          <ol className="sol-versions" aria-label={`Solutions of ${question.name}`}>
            {items.map((s, i) => (
              <VersionCard key={s.id} solution={s} questionName={question.name} initiallyOpen={i === 0} />
            ))}
          </ol>
        )}
      </section>
    </Dialog>
  );
}

function VersionCard({ solution: s, questionName, initiallyOpen }: { solution: Solution; questionName: string; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteSolution();
  const publish = usePublishSolution();
  const codeId = useId();
  const attempts = s.attempts === null ? null : formatAttempts(s.attempts);
  const label = `version ${s.version} of ${questionName}`;
  return (
    <li className="sol-version" data-testid="solution-version" data-version={s.version}>
      <div className="sol-version-head">
        <button type="button" className="sol-toggle" aria-expanded={open} aria-controls={codeId} onClick={() => setOpen((o) => !o)}>
          <ChevronDown size={16} aria-hidden className="sol-chevron" />
          <span className="badge sol-badge">v{s.version}</span>
          <span className="sol-lang">{languageLabel(s.language)}</span>
        </button>
        <dl className="sol-meta">
          <div>
            <dt className="visually-hidden">Accepted</dt>
            <dd title={format(new Date(s.acceptedAt), 'd MMM yyyy, HH:mm')}>Accepted {format(new Date(s.acceptedAt), 'd MMM yyyy')}</dd>
          </div>
          {attempts && (
            <div>
              <dt className="visually-hidden">Attempts</dt>
              <dd>{attempts}</dd>
            </div>
          )}
          {s.timeSpentSec !== null && (
            <div>
              <dt className="visually-hidden">Time spent</dt>
              <dd>{formatTimeSpent(s.timeSpentSec)}</dd>
            </div>
          )}
          {s.source === 'manual' && (
            <div>
              <dt className="visually-hidden">Source</dt>
              <dd className="faint">Added by hand</dd>
            </div>
          )}
        </dl>
        <div className="sol-actions">
          <button
            type="button"
            role="switch"
            aria-checked={s.published}
            className={`sol-publish${s.published ? ' on' : ''}`}
            aria-label={`Show ${label} on your public profile`}
            title={s.published ? 'Shown on your public profile' : 'Only you can see this code'}
            onClick={() => publish.mutate({ id: s.id, questionId: s.questionId, published: !s.published })}
          >
            <Globe size={14} aria-hidden />
            <span>{s.published ? 'Public' : 'Private'}</span>
          </button>
          <button type="button" className="icon-btn ws-danger" aria-label={`Delete ${label}`} onClick={() => setConfirming(true)}>
            <Trash2 size={15} />
          </button>
        </div>
      </div>
      {open && (
        <div id={codeId}>
          <CodeBlock code={s.code} language={s.language} label={`Code of ${label}`} />
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete Solution"
        message={`Delete version ${s.version} (${languageLabel(s.language)}) of "${questionName}"? Its code cannot be brought back.`}
        confirmLabel="Delete"
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate({ id: s.id, questionId: s.questionId, version: s.version });
        }}
      />
    </li>
  );
}

function SolutionsSkeleton() {
  return (
    <div className="sol-versions" aria-busy="true" aria-label="Loading solutions">
      {[0, 1].map((i) => (
        <div key={i} className="sol-version">
          <div className="sol-version-head">
            <Skeleton width={120} height={22} />
            <Skeleton width={180} height={14} />
          </div>
          {i === 0 && <Skeleton height={140} style={{ marginTop: 10 }} />}
        </div>
      ))}
    </div>
  );
}
