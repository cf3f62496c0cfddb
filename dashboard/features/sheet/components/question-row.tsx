import { Star } from 'lucide-react';
import { memo } from 'react';
import type { Mapping } from '@shared/schemas/sheet';
import { Menu, MenuItem } from '../../../components/menu';
import { Difficulty, PlatformIcon, RateMenu } from '../../../components/question-bits';
import { DragHandle } from './drag-handle';
import { Icon } from './icons';
import { useNearViewport } from './near-viewport';

export interface RowActions {
  canEdit: boolean;
  onCheck(m: Mapping, checked: boolean): void;
  onStar(m: Mapping, starred: boolean): void;
  onNote(m: Mapping): void;
  onVideo(m: Mapping): void;
  onRemove(m: Mapping): void;
}

const TAGS_SHOWN = 2;

interface RowProps {
  mapping: Mapping;
  zone: string;
  solved: boolean;
  starred: boolean;
  /** Must keep its identity across renders (see SheetTree), or every row re-renders on each drag move. */
  actions: RowActions;
  /** Draw the row's contents only near the viewport (long sheets). */
  lazy: boolean;
}

/** A row's height (CSS .q-row), for rows not drawn yet. */
const ROW_HEIGHT = 38;

/**
 * A question of a zone. On a long sheet a row far from the viewport is an empty box of its height and
 * takes no part in drag and drop: dnd-kit measures every drop target when a drag starts and re-renders
 * every sortable item as it goes, so only the rows near the viewport are sortable items (through their
 * grip, see DragHandle). A drop over the empty boxes lands on their zone, and rows scrolled near during
 * a drag become items at once.
 */
export const QuestionRow = memo(function QuestionRow({ mapping, zone, solved, starred, actions, lazy }: RowProps) {
  // Measured before the first paint: the rows in view are drawn in the same frame, the others never.
  const view = useNearViewport(lazy);
  if (!view.near) return <li ref={view.ref} className="q-row q-row-far" data-mapping-id={mapping._id} style={{ height: view.height || ROW_HEIGHT }} aria-hidden />;
  return (
    <li ref={view.ref} className={`q-row${solved ? ' solved' : ''}`} data-testid="question-row" data-title={mapping.title} data-mapping-id={mapping._id}>
      <RowContent mapping={mapping} zone={zone} solved={solved} starred={starred} actions={actions} />
    </li>
  );
});

interface ContentProps {
  mapping: Mapping;
  zone: string;
  solved: boolean;
  starred: boolean;
  actions: RowActions;
}

/** The row's contents, apart from its <li> (which also draws the empty box of a far row). */
const RowContent = memo(function RowContent({ mapping, zone, solved, starred, actions }: ContentProps) {
  const q = mapping.questionId;
  const extra = q.topics.length - TAGS_SHOWN;
  return (
    <>
      {actions.canEdit ? (
        <DragHandle id={mapping._id} data={{ type: 'question', zone }} label={`Drag ${mapping.title}`} frame=".q-row" />
      ) : (
        <span className="drag-spacer" />
      )}
      {/* The label is the tap area around the box (larger on phones, see sheet.css). */}
      <label className="q-check-hit">
        <input type="checkbox" className="q-check" checked={solved} aria-label={`Mark ${mapping.title} as solved`} onChange={(e) => actions.onCheck(mapping, e.target.checked)} />
      </label>
      {/* One button on a solved row (its own grid column, empty on the others); its menu exists only while open. */}
      {solved && q._id && <RateMenu questionId={q._id} name={mapping.title} />}
      <a className="q-title" href={q.problemUrl} target="_blank" rel="noopener noreferrer">
        {mapping.title}
      </a>
      <PlatformIcon platform={q.platform} />
      <Difficulty value={q.difficulty} />
      <span className="q-tags">
        {q.topics.slice(0, TAGS_SHOWN).map((t) => (
          <span key={t} className="chip" title={t}>
            {t}
          </span>
        ))}
        {extra > 0 && (
          <span className="chip chip-more" title={q.topics.slice(TAGS_SHOWN).join(', ')}>
            +{extra}
          </span>
        )}
      </span>
      <span className="q-actions">
        {/* Only a row with a resource link has a video; the others keep its place so columns line up. */}
        {mapping.resource ? (
          <button type="button" className="icon-btn" aria-label={`Watch video for ${mapping.title}`} onClick={() => actions.onVideo(mapping)}>
            <Icon name="play" size={17} />
          </button>
        ) : (
          <span className="icon-btn-space" aria-hidden />
        )}
        <button type="button" className="icon-btn star" aria-label={starred ? 'Unstar' : 'Star'} aria-pressed={starred} onClick={() => actions.onStar(mapping, !starred)}>
          <Star size={17} fill={starred ? 'currentColor' : 'none'} />
        </button>
        <button type="button" className="icon-btn" aria-label="Notes" onClick={() => actions.onNote(mapping)}>
          <Icon name="note" size={17} />
        </button>
        {actions.canEdit && (
          <Menu
            trigger={
              <button type="button" className="icon-btn" aria-label="More actions">
                <Icon name="more" size={17} />
              </button>
            }
          >
            <MenuItem danger onSelect={() => actions.onRemove(mapping)}>
              <Icon name="trash" size={15} /> Remove from Sheet
            </MenuItem>
          </Menu>
        )}
      </span>
    </>
  );
});
