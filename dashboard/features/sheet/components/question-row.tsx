import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, MoreHorizontal, NotebookPen, PlayCircle, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Mapping } from '@shared/schemas/sheet';
import { Difficulty, PlatformIcon } from '../../../components/question-bits';

export interface RowActions {
  canEdit: boolean;
  onCheck(m: Mapping, checked: boolean): void;
  onStar(m: Mapping, starred: boolean): void;
  onNote(m: Mapping): void;
  onVideo(m: Mapping): void;
  onRemove(m: Mapping): void;
}

const TAGS_SHOWN = 2;

export function QuestionRow({ mapping, zone, solved, starred, actions }: { mapping: Mapping; zone: string; solved: boolean; starred: boolean; actions: RowActions }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: mapping._id,
    data: { type: 'question', zone },
    disabled: !actions.canEdit,
  });
  const [menu, setMenu] = useState(false);
  const q = mapping.questionId;
  const extra = q.topics.length - TAGS_SHOWN;
  return (
    <li
      ref={setNodeRef}
      className={`q-row${isDragging ? ' dragging' : ''}${solved ? ' solved' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="question-row"
      data-title={mapping.title}
    >
      {actions.canEdit ? (
        <button type="button" className="icon-btn drag-handle" ref={setActivatorNodeRef} aria-label={`Drag ${mapping.title}`} {...attributes} {...listeners}>
          <GripVertical size={16} />
        </button>
      ) : (
        <span className="drag-spacer" />
      )}
      <input type="checkbox" className="q-check" checked={solved} aria-label={`Mark ${mapping.title} as solved`} onChange={(e) => actions.onCheck(mapping, e.target.checked)} />
      <a className="q-title" href={q.problemUrl} target="_blank" rel="noopener noreferrer">
        {mapping.title}
      </a>
      <PlatformIcon platform={q.platform} />
      <span className="q-diff">
        <Difficulty value={q.difficulty} />
      </span>
      <span className="q-tags">
        {q.topics.slice(0, TAGS_SHOWN).map((t) => (
          <span key={t} className="chip">
            {t}
          </span>
        ))}
        {extra > 0 && (
          <span className="chip" title={q.topics.slice(TAGS_SHOWN).join(', ')}>
            +{extra}
          </span>
        )}
      </span>
      <span className="q-actions">
        <button type="button" className="icon-btn" aria-label="Watch video" disabled={!mapping.resource} onClick={() => actions.onVideo(mapping)}>
          <PlayCircle size={17} />
        </button>
        <button type="button" className="icon-btn star" aria-label={starred ? 'Unstar' : 'Star'} aria-pressed={starred} onClick={() => actions.onStar(mapping, !starred)}>
          <Star size={17} fill={starred ? 'currentColor' : 'none'} />
        </button>
        <button type="button" className="icon-btn" aria-label="Notes" onClick={() => actions.onNote(mapping)}>
          <NotebookPen size={17} />
        </button>
        {actions.canEdit && (
          <span className="menu">
            <button type="button" className="icon-btn" aria-label="More actions" aria-haspopup="menu" aria-expanded={menu} onClick={() => setMenu((o) => !o)} onBlur={() => setTimeout(() => setMenu(false), 150)}>
              <MoreHorizontal size={17} />
            </button>
            {menu && (
              <div className="menu-list" role="menu">
                <button type="button" role="menuitem" className="menu-item danger" onMouseDown={(e) => e.preventDefault()} onClick={() => (setMenu(false), actions.onRemove(mapping))}>
                  <Trash2 size={15} /> Remove from Sheet
                </button>
              </div>
            )}
          </span>
        )}
      </span>
    </li>
  );
}
