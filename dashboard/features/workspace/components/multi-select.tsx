import { Check, ChevronDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useWorkspaceUi } from '../stores/workspace-ui';
import { Popover } from './popover';

interface MultiSelectProps {
  label: string;
  options: readonly string[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  /** How an option is shown (platform ids become names). */
  display?: (value: string) => string;
  loading?: boolean;
}

/** A filter menu of checkboxes; long lists get a search box. */
export function MultiSelect({ label, options, selected, onChange, display = (v) => v, loading }: MultiSelectProps) {
  const open = useWorkspaceUi((s) => s.openMenu === label);
  const setOpenMenu = useWorkspaceUi((s) => s.setOpenMenu);
  const [query, setQuery] = useState('');
  // A value in the URL that the workspace no longer has stays listed, so it can be unticked.
  const all = useMemo(() => [...new Set([...options, ...selected])], [options, selected]);
  const shown = query ? all.filter((o) => display(o).toLowerCase().includes(query.toLowerCase())) : all;
  const toggle = (value: string) => onChange(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  return (
    <Popover
      open={open}
      onOpenChange={(o) => { setOpenMenu(o ? label : null); setQuery(''); }}
      focusKey={`menu:${label}`}
      triggerLabel={selected.length ? `${label} (${selected.length} selected)` : label}
      label={label}
      triggerClassName={`btn btn-sm ws-filter-btn${selected.length ? ' active' : ''}`}
      trigger={
        <>
          {label}
          {selected.length > 0 && <span className="ws-count">{selected.length}</span>}
          <ChevronDown size={14} aria-hidden />
        </>
      }
    >
      {all.length > 8 && (
        <input className="input ws-menu-search" placeholder={`Search ${label.toLowerCase()}`} aria-label={`Search ${label.toLowerCase()}`} value={query} onChange={(e) => setQuery(e.target.value)} autoFocus />
      )}
      <div className="ws-menu-list" role="group" aria-label={label}>
        {loading && <p className="faint ws-menu-empty">Loading…</p>}
        {!loading && shown.length === 0 && <p className="faint ws-menu-empty">{all.length ? 'No match' : 'Nothing here yet'}</p>}
        {shown.map((value) => {
          const on = selected.includes(value);
          return (
            <label key={value} className="ws-menu-option">
              <input type="checkbox" className="visually-hidden" data-focus-key={`menu:${label}:${value}`} checked={on} onChange={() => toggle(value)} />
              <span className={`ws-check${on ? ' on' : ''}`} aria-hidden>
                {on && <Check size={12} strokeWidth={3} />}
              </span>
              <span className="ws-menu-text">{display(value)}</span>
            </label>
          );
        })}
      </div>
      {selected.length > 0 && (
        <div className="ws-menu-footer">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange([])}>
            Clear
          </button>
        </div>
      )}
    </Popover>
  );
}
