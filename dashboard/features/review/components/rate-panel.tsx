import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { RATING_LABELS, REVIEW_RATINGS, type ReviewRating } from '@shared/schemas/review';
import { rateVars, useRateSolved } from '../api/review-queries';

const GAP = 4;

/**
 * The open menu. Fixed to the viewport next to its button, so a table that scrolls sideways (the
 * workspace's) does not clip it; it closes when the page scrolls or resizes rather than follow the row.
 */
export default function RatePanel({
  questionId,
  name,
  suggested = null,
  anchor,
  onClose,
}: {
  questionId: string;
  name: string;
  /** The rating the kept solution's attempts and time suggest: marked, and focused first. */
  suggested?: ReviewRating | null;
  anchor: RefObject<HTMLButtonElement | null>;
  onClose: (refocus: boolean) => void;
}) {
  const rate = useRateSolved();
  const panel = useRef<HTMLDivElement>(null);
  // The listeners below are added once; they call the latest onClose.
  const close = useRef(onClose);
  close.current = onClose;
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);

  useLayoutEffect(() => {
    const a = anchor.current?.getBoundingClientRect();
    const p = panel.current;
    if (!a || !p) return;
    const { offsetWidth: w, offsetHeight: h } = p;
    const below = a.bottom + GAP + h <= window.innerHeight;
    setPlace({
      top: below ? a.bottom + GAP : Math.max(GAP, a.top - GAP - h),
      left: Math.max(GAP, Math.min(a.left, window.innerWidth - w - GAP)),
    });
  }, [anchor]);

  // Once placed (a hidden element takes no focus), the first rating has the focus, as in any menu.
  const placed = place !== null;
  useLayoutEffect(() => {
    if (placed) (panel.current?.querySelector<HTMLElement>('[data-suggested]') ?? panel.current?.querySelector<HTMLElement>('[role="menuitem"]'))?.focus({ preventScroll: true });
  }, [placed]);

  useEffect(() => {
    const onDown = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!panel.current?.contains(t) && !anchor.current?.contains(t)) close.current(false);
    };
    const onMove = (e: Event) => {
      if (!panel.current?.contains(e.target as Node)) close.current(false);
    };
    const onResize = () => close.current(false);
    document.addEventListener('mousedown', onDown);
    window.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('mousedown', onDown);
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onResize);
    };
  }, [anchor]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(panel.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => {
      e.preventDefault();
      items[(i + items.length) % items.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(items.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose(true);
    } else if (e.key === 'Tab') onClose(true);
  };

  return (
    <div
      ref={panel}
      className="rate-menu"
      role="menu"
      aria-label={`Rate ${name}`}
      style={place ? { top: place.top, left: place.left } : { top: 0, left: 0, visibility: 'hidden' }}
      onKeyDown={onKeyDown}
    >
      {REVIEW_RATINGS.map((rating) => (
        <button
          key={rating}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={`rate-menu-item rate-${rating}${rating === suggested ? ' suggested' : ''}`}
          data-suggested={rating === suggested || undefined}
          aria-label={rating === suggested ? `${RATING_LABELS[rating]} (suggested from your attempts and time)` : undefined}
          onClick={() => {
            rate.mutate(rateVars(questionId, rating));
            onClose(true);
          }}
        >
          {RATING_LABELS[rating]}
          {rating === suggested && <span className="rate-suggested">Suggested</span>}
        </button>
      ))}
    </div>
  );
}
