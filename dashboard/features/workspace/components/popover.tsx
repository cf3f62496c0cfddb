import { useEffect, useId, useRef, type ReactNode } from 'react';

interface PopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger's content; the trigger is a button with aria-expanded. */
  trigger: ReactNode;
  triggerLabel?: string;
  triggerClassName?: string;
  children: ReactNode;
  align?: 'start' | 'end';
  /** Accessible name of the panel. */
  label: string;
  /** Marks the trigger for focus restoring (see stores/workspace-ui). */
  focusKey?: string;
}

/** A button with a floating panel: closes on Escape (focus returns to the button) and on a click outside. */
export function Popover({ open, onOpenChange, trigger, triggerLabel, triggerClassName, children, align = 'start', label, focusKey }: PopoverProps) {
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) onOpenChange(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onOpenChange(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, onOpenChange]);
  return (
    <div className="ws-popover" ref={root}>
      <button
        ref={button}
        type="button"
        className={triggerClassName ?? 'btn btn-sm ws-filter-btn'}
        aria-expanded={open}
        aria-controls={id}
        aria-label={triggerLabel}
        data-focus-key={focusKey}
        onClick={() => onOpenChange(!open)}
      >
        {trigger}
      </button>
      {open && (
        <div id={id} className={`ws-popover-panel ws-popover-${align}`} role="dialog" aria-label={label}>
          {children}
        </div>
      )}
    </div>
  );
}
