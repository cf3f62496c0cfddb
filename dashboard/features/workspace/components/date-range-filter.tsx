import { format, startOfYear, subDays } from 'date-fns';
import { useState } from 'react';
import { CalendarDays, ChevronDown } from 'lucide-react';
import { DayPicker, type DateRange } from 'react-day-picker';
import 'react-day-picker/style.css';
import { formatDay, parseDay } from '../lib/filters';
import { useWorkspaceUi } from '../stores/workspace-ui';
import { Popover } from './popover';

interface Props {
  from: string | null;
  to: string | null;
  /** Which date the range applies to, for the label. */
  field: 'createdAt' | 'updatedAt';
  onChange: (from: string | null, to: string | null) => void;
}

const PRESETS: { label: string; range: () => [Date, Date] }[] = [
  { label: 'Last 7 days', range: () => [subDays(new Date(), 6), new Date()] },
  { label: 'Last 30 days', range: () => [subDays(new Date(), 29), new Date()] },
  { label: 'This year', range: () => [startOfYear(new Date()), new Date()] },
];

/** The date range filter: a calendar (react-day-picker) with a few presets. */
export function DateRangeFilter({ from, to, field, onChange }: Props) {
  const open = useWorkspaceUi((s) => s.openMenu === 'dates');
  const setOpenMenu = useWorkspaceUi((s) => s.setOpenMenu);
  // The first day picked, while the last is still to pick.
  const [start, setStart] = useState<Date | null>(null);
  const setOpen = (o: boolean) => {
    setStart(null);
    setOpenMenu(o ? 'dates' : null);
  };
  const selected: DateRange | undefined = from || to ? { from: parseDay(from) ?? undefined, to: parseDay(to) ?? undefined } : undefined;
  const active = !!(from || to);
  const label = active ? `${from ? format(parseDay(from) ?? new Date(), 'd MMM') : '…'} – ${to ? format(parseDay(to) ?? new Date(), 'd MMM yyyy') : '…'}` : 'Date range';
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      focusKey="dates"
      label={`${field === 'updatedAt' ? 'Updated' : 'Added'} between`}
      triggerLabel={active ? `Date range ${label}` : 'Date range'}
      triggerClassName={`btn btn-sm ws-filter-btn${active ? ' active' : ''}`}
      trigger={
        <>
          <CalendarDays size={14} aria-hidden />
          {label}
          <ChevronDown size={14} aria-hidden />
        </>
      }
    >
      <div className="ws-range">
        <div className="ws-range-presets">
          <span className="faint">{field === 'updatedAt' ? 'Updated' : 'Added'}</span>
          {PRESETS.map((p) => (
            <button
              key={p.label}
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                const [a, b] = p.range();
                onChange(formatDay(a), formatDay(b));
                setOpen(false);
              }}
            >
              {p.label}
            </button>
          ))}
          {active && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(null, null)}>
              Clear dates
            </button>
          )}
        </div>
        {/* The filter changes once both ends are picked: a first day alone would filter from it on. */}
        <DayPicker
          mode="range"
          selected={start ? { from: start, to: undefined } : selected}
          defaultMonth={start ?? selected?.from}
          disabled={{ after: new Date() }}
          onSelect={(_range, day) => {
            if (!start) {
              setStart(day);
              return;
            }
            const [a, b] = day < start ? [day, start] : [start, day];
            setStart(null);
            onChange(formatDay(a), formatDay(b));
          }}
          footer={<p className="faint ws-range-hint" aria-live="polite">{start ? `From ${format(start, 'd MMM yyyy')}: pick the last day.` : 'Pick the first day, then the last.'}</p>}
          className="ws-daypicker"
        />
      </div>
    </Popover>
  );
}
