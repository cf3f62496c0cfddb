import { lazy, Suspense, useState } from 'react';
import type { WorkspacePage, WorkspaceQuestion } from '@shared/schemas/workspace';
import { ConfirmDialog } from '../../../components/dialog';
import { Skeleton } from '../../../components/feedback';
import { useRemoveRecord, useUpdateRecord } from '../api/workspace-queries';
import { EditQuestionDialog } from './edit-question-dialog';
import { TagsDialog } from './tags-dialog';
import { WorkspaceRow } from './workspace-row';

const COLUMNS = ['Question Name', 'Link', 'Difficulty', 'Attempts', 'Time', 'Custom Tags', 'Action'] as const;
const NUMERIC: readonly string[] = ['Attempts', 'Time'];

// The question's solutions panel brings highlight.js: loaded when first opened, never with the list.
const SolutionsPanel = lazy(() => import('../../solutions/components/solutions-panel'));

/** The workspace table with its row actions and their dialogs. */
export function WorkspaceTable({ page, tagSuggestions, busy }: { page: WorkspacePage; tagSuggestions: readonly string[]; busy: boolean }) {
  const update = useUpdateRecord();
  const remove = useRemoveRecord();
  const [tagging, setTagging] = useState<WorkspaceQuestion | null>(null);
  const [editing, setEditing] = useState<WorkspaceQuestion | null>(null);
  const [removing, setRemoving] = useState<WorkspaceQuestion | null>(null);
  const [viewing, setViewing] = useState<WorkspaceQuestion | null>(null);
  return (
    <>
      <div className="ws-table-wrap" aria-busy={busy}>
        <table className="ws-table">
          <TableHead />
          <tbody>
            {page.questions.map((record) => (
              <WorkspaceRow
                key={record._id}
                record={record}
                onToggle={(change) => update.mutate({ id: record._id, ...change })}
                onEditTags={() => setTagging(record)}
                onEditQuestion={() => setEditing(record)}
                onRemove={() => setRemoving(record)}
                onSolutions={() => setViewing(record)}
              />
            ))}
          </tbody>
        </table>
      </div>
      <TagsDialog
        record={tagging}
        suggestions={tagSuggestions}
        onClose={() => setTagging(null)}
        onSave={(customTags) => {
          if (tagging) update.mutate({ id: tagging._id, customTags });
          setTagging(null);
        }}
      />
      {viewing && (
        <Suspense fallback={null}>
          <SolutionsPanel question={{ id: viewing.question._id, name: viewing.question.name }} onClose={() => setViewing(null)} />
        </Suspense>
      )}
      <EditQuestionDialog record={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={!!removing}
        title="Remove Question"
        message={`Remove "${removing?.question.name ?? ''}" from your workspace? Its notes are kept.`}
        confirmLabel="Remove"
        danger
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate({ id: removing._id });
          setRemoving(null);
        }}
      />
    </>
  );
}

function TableHead() {
  return (
    <thead>
      <tr>
        {COLUMNS.map((c) => (
          <th key={c} scope="col" className={c === 'Link' ? 'ws-link-cell' : c === 'Custom Tags' ? 'ws-tags-cell' : NUMERIC.includes(c) ? 'ws-num-cell' : undefined}>
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function WorkspaceTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div className="ws-table-wrap" aria-busy="true" aria-label="Loading questions">
      <table className="ws-table">
        <TableHead />
        <tbody>
          {Array.from({ length: rows }, (_, i) => (
            <tr key={i}>
              <td>
                <Skeleton width={`${55 + ((i * 17) % 35)}%`} />
              </td>
              <td className="ws-link-cell">
                <Skeleton width={70} />
              </td>
              <td>
                <Skeleton width={50} />
              </td>
              <td className="ws-num-cell">
                <Skeleton width={40} />
              </td>
              <td className="ws-num-cell">
                <Skeleton width={40} />
              </td>
              <td className="ws-tags-cell">
                <Skeleton width={90} />
              </td>
              <td>
                <Skeleton width={150} height={24} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
