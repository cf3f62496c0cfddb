import { useEffect, useState } from 'react';
import { Dialog } from '../components/dialog';

/** The keys the dashboard answers to anywhere; the help dialog lists these. */
const SHORTCUTS = [
  { keys: ['/'], action: "Focus the screen's search" },
  { keys: ['?'], action: 'Show keyboard shortcuts' },
  { keys: ['Esc'], action: 'Close a dialog or menu' },
] as const;

/** The element a screen marks as its search (`data-shortcut="search"`), if one is shown. */
function screenSearch(): HTMLElement | null {
  const all = document.querySelectorAll<HTMLElement>('[data-shortcut="search"]');
  for (const el of all) if (el.offsetParent !== null || el.getClientRects().length > 0) return el;
  return null;
}

/** Typing goes to fields: a key pressed in one is text, not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

/** `/` and `?` for the whole dashboard, and the dialog that lists the shortcuts. */
export function KeyboardShortcuts() {
  const [help, setHelp] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      // A modal already has the keyboard.
      if (document.querySelector('dialog[open], [role="dialog"], [role="menu"]')) return;
      if (e.key === '/') {
        const search = screenSearch();
        if (!search) return;
        e.preventDefault();
        search.focus();
      } else if (e.key === '?') {
        e.preventDefault();
        setHelp(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Dialog open={help} onClose={() => setHelp(false)} title="Keyboard shortcuts">
      <dl className="shortcuts">
        {SHORTCUTS.map((s) => (
          <div key={s.action} className="shortcut">
            <dt>
              {s.keys.map((k) => (
                <kbd key={k}>{k}</kbd>
              ))}
            </dt>
            <dd>{s.action}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
