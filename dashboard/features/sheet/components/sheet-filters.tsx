import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown, SlidersHorizontal, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { platformById } from '@shared/platforms/index';
import { menuFilterCount, type SheetFilters } from '../lib/filters';

const platformName = (id: string) => platformById(id)?.name ?? id;

interface Props {
  filters: SheetFilters;
  difficulties: readonly string[];
  platforms: readonly string[];
  onChange: (patch: Partial<SheetFilters>) => void;
}

const toggle = (list: readonly string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

/**
 * Unsolved only, starred only, difficulty and platform. On a wide screen each is a control of the
 * toolbar; on a phone they fold into one Filters menu (CSS shows one set or the other).
 */
export function SheetFilterControls({ filters, difficulties, platforms, onChange }: Props) {
  const count = menuFilterCount(filters);
  return (
    <>
      <span className="sheet-filters-wide">
        <button type="button" className="btn btn-sm" aria-pressed={filters.unsolved} onClick={() => onChange({ unsolved: !filters.unsolved })}>
          Unsolved only
        </button>
        <button type="button" className="btn btn-sm" aria-pressed={filters.starred} onClick={() => onChange({ starred: !filters.starred })}>
          <Star size={14} aria-hidden fill={filters.starred ? 'currentColor' : 'none'} /> Starred only
        </button>
        <ChoiceMenu label="Difficulty" options={difficulties} selected={filters.difficulty} onChange={(difficulty) => onChange({ difficulty })} />
        <ChoiceMenu label="Platform" options={platforms} selected={filters.platform} display={platformName} onChange={(platform) => onChange({ platform })} />
      </span>
      <span className="sheet-filters-narrow">
        <FilterMenu
          label="Filters"
          count={count}
          trigger={
            <>
              <SlidersHorizontal size={14} aria-hidden /> Filters
            </>
          }
        >
          <Choice checked={filters.unsolved} onChange={() => onChange({ unsolved: !filters.unsolved })}>
            Unsolved only
          </Choice>
          <Choice checked={filters.starred} onChange={() => onChange({ starred: !filters.starred })}>
            Starred only
          </Choice>
          <DropdownMenu.Separator className="menu-sep" />
          <Group label="Difficulty" options={difficulties} selected={filters.difficulty} onChange={(difficulty) => onChange({ difficulty })} />
          <DropdownMenu.Separator className="menu-sep" />
          <Group label="Platform" options={platforms} selected={filters.platform} display={platformName} onChange={(platform) => onChange({ platform })} />
        </FilterMenu>
      </span>
    </>
  );
}

interface ChoiceProps {
  label: string;
  options: readonly string[];
  selected: readonly string[];
  display?: (value: string) => string;
  onChange: (next: string[]) => void;
}

/** One filter's values in a menu of its own (wide screens). */
function ChoiceMenu({ label, options, selected, display, onChange }: ChoiceProps) {
  return (
    <FilterMenu
      label={label}
      count={selected.length}
      trigger={
        <>
          {label} <ChevronDown size={14} aria-hidden />
        </>
      }
    >
      <Group label={label} options={options} selected={selected} display={display} onChange={onChange} hideLabel />
    </FilterMenu>
  );
}

/** A button with a Radix menu: arrow keys move, Space or Enter ticks and the menu stays open, Escape closes it. */
function FilterMenu({ label, count, trigger, children }: { label: string; count: number; trigger: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className={`btn btn-sm sheet-filter-trigger${count ? ' active' : ''}`} aria-label={count ? `${label} (${count} selected)` : label}>
          {trigger}
          {count > 0 && (
            <span className="sheet-filter-count" aria-hidden>
              {count}
            </span>
          )}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-list menu-popover sheet-filter-menu" align="start" sideOffset={6} collisionPadding={8} aria-label={label}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function Group({ label, options, selected, display = (v) => v, onChange, hideLabel }: ChoiceProps & { hideLabel?: boolean }) {
  return (
    <DropdownMenu.Group aria-label={label}>
      {!hideLabel && <DropdownMenu.Label className="sheet-filter-label">{label}</DropdownMenu.Label>}
      {options.length === 0 && <p className="faint sheet-filter-empty">Nothing here</p>}
      {options.map((value) => (
        <Choice key={value} checked={selected.includes(value)} onChange={() => onChange(toggle(selected, value))}>
          {display(value)}
        </Choice>
      ))}
    </DropdownMenu.Group>
  );
}

function Choice({ checked, onChange, children }: { checked: boolean; onChange: () => void; children: ReactNode }) {
  return (
    // Several values are picked in one go: ticking one leaves the menu open.
    <DropdownMenu.CheckboxItem className="menu-item sheet-filter-choice" checked={checked} onCheckedChange={onChange} onSelect={(e) => e.preventDefault()}>
      <span className={`sheet-filter-check${checked ? ' on' : ''}`} aria-hidden>
        <DropdownMenu.ItemIndicator>
          <Check size={12} strokeWidth={3} />
        </DropdownMenu.ItemIndicator>
      </span>
      {children}
    </DropdownMenu.CheckboxItem>
  );
}
