import { X } from 'lucide-react';
import { chipsOf, clearFilters, type WorkspaceView } from '../lib/filters';

/** The active filters as removable chips, with Clear all. */
export function FilterChips({ view, onChange }: { view: WorkspaceView; onChange: (next: WorkspaceView) => void }) {
  const chips = chipsOf(view);
  if (!chips.length) return null;
  return (
    <ul className="ws-chips" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.key} className="chip ws-chip">
          <span className="ws-chip-label" title={chip.label}>
            {chip.label}
          </span>
          <button type="button" className="ws-chip-x" aria-label={`Remove filter ${chip.label}`} onClick={() => onChange(chip.without)}>
            <X size={12} />
          </button>
        </li>
      ))}
      <li>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(clearFilters(view))}>
          Clear all
        </button>
      </li>
    </ul>
  );
}
