import { Info } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import './info-tip.css';

/** The bubble's widest (info-tip.css) and the least room kept between it and the screen's edge. */
const BUBBLE_WIDTH = 260;
const MARGIN = 16;

/**
 * A one-line explanation behind a small button: shown while the pointer is over it or the button has focus,
 * and on a tap (phones have no hover); Escape hides it. The text describes the button while shown.
 */
export function InfoTip({ label, text }: { label: string; text: string }) {
  const [open, setOpen] = useState(false);
  // The bubble starts under the button, moved left as far as it takes to stay on a phone's screen.
  const [shift, setShift] = useState(0);
  const root = useRef<HTMLSpanElement>(null);
  const id = useId();
  const show = () => {
    const box = root.current?.getBoundingClientRect();
    if (box) {
      const width = Math.min(BUBBLE_WIDTH, window.innerWidth - 2 * MARGIN);
      setShift(Math.min(0, window.innerWidth - MARGIN - width - box.left));
    }
    setOpen(true);
  };
  return (
    <span ref={root} className="info-tip" onMouseEnter={show} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="info-tip-button"
        aria-label={label}
        aria-expanded={open}
        aria-describedby={open ? id : undefined}
        // A tap shows it (focus may have already); it hides on Escape, on leaving, or when focus moves on.
        onClick={show}
        onFocus={show}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      >
        <Info size={14} aria-hidden />
      </button>
      {open && (
        <span id={id} role="tooltip" className="info-tip-bubble" style={{ left: shift }}>
          {text}
        </span>
      )}
    </span>
  );
}
