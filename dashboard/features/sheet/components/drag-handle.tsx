import { useDroppable } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { createContext, useCallback, useContext, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Whether the tree's drag and drop is live. False for the page's first paint: every dnd-kit item
 * registers with DndContext as it mounts, which renders the context and its items again (and measures
 * them) before anything is painted. The handles are drawn as they will be and come alive a frame later.
 */
export const DragReady = createContext(false);

/** Drop targets keep the size they had at pick-up (rows and zones change size only between drags). */
const NO_RESIZE_OBSERVER = { disabled: true };

interface DragHandleProps {
  /** The sortable item's id and data (see SheetTree's onDragEnd). */
  id: string;
  data: Record<string, string>;
  label: string;
  /** The element that moves: the handle's closest ancestor matching this selector. */
  frame: string;
}

/** The grip of a row or a section. */
export function DragHandle(props: DragHandleProps) {
  return useContext(DragReady) ? <SortableHandle {...props} /> : <button type="button" className="icon-btn drag-handle" aria-label={props.label} aria-roledescription="sortable" />;
}

/**
 * The sortable item lives in its grip, not in the row or section it moves: dnd-kit renders every item
 * again when a drag starts, when the item under the pointer changes and at the drop, and a grip is one
 * button. Its position and drag state go straight onto the moving element, which React leaves alone
 * (it sets no inline style there, and this effect runs again after any render that rewrites its class).
 */
function SortableHandle({ id, data, label, frame }: DragHandleProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, data, resizeObserverConfig: NO_RESIZE_OBSERVER });
  const moving = useRef<HTMLElement | null>(null);
  const ref = useCallback(
    (button: HTMLButtonElement | null) => {
      setActivatorNodeRef(button);
      moving.current = button?.closest<HTMLElement>(frame) ?? null;
      setNodeRef(moving.current);
    },
    [frame, setActivatorNodeRef, setNodeRef],
  );
  useLayoutEffect(() => {
    const el = moving.current;
    if (!el) return;
    el.style.transform = CSS.Translate.toString(transform) ?? '';
    el.style.transition = transition ?? '';
    el.classList.toggle('dragging', isDragging);
  });
  return <button type="button" className="icon-btn drag-handle" ref={ref} aria-label={label} {...attributes} {...listeners} />;
}

/** Makes a zone's list a drop target for questions once drag and drop is live; it draws nothing itself. */
export function ZoneDrop({ zone, list }: { zone: string; list: RefObject<HTMLUListElement | null> }) {
  const { setNodeRef, isOver } = useDroppable({ id: zone, data: { type: 'zone', zone }, resizeObserverConfig: NO_RESIZE_OBSERVER });
  useLayoutEffect(() => setNodeRef(list.current), [list, setNodeRef]);
  useLayoutEffect(() => {
    list.current?.classList.toggle('over', isOver);
  });
  return null;
}
