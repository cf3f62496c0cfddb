import type { ListCategory } from '@shared/schemas/sheet-list';
import { Crown } from 'lucide-react';
import { CATEGORY_BUTTONS, CATEGORY_LABELS } from '../lib/categories';

/** The explore category buttons; the active one is pressed. */
export function CategoryBar({ active, onSelect }: { active: ListCategory; onSelect: (category: ListCategory) => void }) {
  return (
    <div className="category-bar" role="group" aria-label="Categories">
      {CATEGORY_BUTTONS.map((c) => (
        <button key={c} type="button" className="category-pill" aria-pressed={active === c} onClick={() => onSelect(c)}>
          {c === 'company-wise' && <Crown size={14} aria-hidden />}
          {CATEGORY_LABELS[c]}
        </button>
      ))}
    </div>
  );
}
