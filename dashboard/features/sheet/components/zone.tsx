import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { memo, useContext, useMemo, useRef } from 'react';
import type { Mapping } from '@shared/schemas/sheet';
import { DragReady, ZoneDrop } from './drag-handle';
import { QuestionRow, type RowActions } from './question-row';

interface ZoneProps {
  zone: string;
  items: Mapping[];
  solved: Set<string>;
  starred: Set<string>;
  actions: RowActions;
  /** Shown when the zone is empty and nothing is being dragged. */
  emptyText: string;
  /** Long sheets draw only the rows near the viewport. */
  lazy: boolean;
}

/** A drop zone of questions: unassigned, directly under a topic, or in a subtopic. */
export const Zone = memo(function Zone({ zone, items, solved, starred, actions, emptyText, lazy }: ZoneProps) {
  const list = useRef<HTMLUListElement>(null);
  const live = useContext(DragReady) && actions.canEdit;
  // One array per list of items: a new one would make every row of the zone re-render.
  const ids = useMemo(() => items.map((m) => m._id), [items]);
  return (
    <SortableContext id={zone} items={ids} strategy={verticalListSortingStrategy}>
      <ul ref={list} className="q-zone" data-zone={zone}>
        {live && <ZoneDrop zone={zone} list={list} />}
        {items.map((m) => (
          <QuestionRow key={m._id} mapping={m} zone={zone} solved={solved.has(m.questionId._id)} starred={starred.has(m.questionId._id)} actions={actions} lazy={lazy} />
        ))}
        {items.length === 0 && (
          // Which text shows follows the tree's drag state in CSS (see SheetTree), without a render.
          <li className="q-empty">
            {actions.canEdit ? (
              <>
                <span className="idle-only">{emptyText}</span>
                <span className="drop-only">Drop question here</span>
              </>
            ) : (
              emptyText
            )}
          </li>
        )}
      </ul>
    </SortableContext>
  );
});
