import { MoreHorizontal, NotebookPen, Pencil, PlayCircle, Plus, Trash2 } from 'lucide-react';

/**
 * Icons repeated on every question row and section header, drawn once as SVG symbols and referenced
 * with <use>: two DOM nodes per icon instead of one per path, which matters on sheets of hundreds of rows.
 * The drag handles' grip is drawn by CSS (.drag-handle::before in sheet.css).
 */
const SYMBOLS = { more: MoreHorizontal, note: NotebookPen, pencil: Pencil, play: PlayCircle, plus: Plus, trash: Trash2 } as const;

export type IconName = keyof typeof SYMBOLS;

export function IconSprite() {
  return (
    <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden focusable="false">
      {Object.entries(SYMBOLS).map(([name, Icon]) => (
        <symbol key={name} id={`sheet-icon-${name}`} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} aria-hidden focusable="false">
      <use href={`#sheet-icon-${name}`} />
    </svg>
  );
}
