import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { TAB_LABELS, tabHref, type Tab } from '../features/tracker/tabs';

/**
 * The tab list behind a menu button, for narrow screens (CSS shows it below 900 px and hides the
 * top bar's tabs there). Escape or a click outside closes it and gives focus back to the button.
 */
export function PhoneNav({ tabs, current }: { tabs: readonly Tab[]; current: Tab | null }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);

  return (
    <div className="phone-nav" ref={ref}>
      <button ref={button} type="button" className="btn btn-ghost btn-icon" aria-label="Sections menu" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? <X size={20} /> : <Menu size={20} />}
      </button>
      {open && (
        <nav id={id} className="phone-nav-panel" aria-label="Sections">
          {tabs.map((tab) => (
            <Link key={tab} href={tabHref(tab)} className="menu-item" aria-current={current === tab ? 'page' : undefined} onClick={() => setOpen(false)}>
              {TAB_LABELS[tab]}
            </Link>
          ))}
        </nav>
      )}
    </div>
  );
}
