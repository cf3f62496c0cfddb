import { lazy, Suspense, useRef, useState } from 'react';
import type { ReviewRating } from '@shared/rules/review';

/*
 * The open menu is a chunk of its own (the review feature's): the sheet page draws hundreds of rows and
 * must not carry the review client (and the schemas it brings) until someone opens a menu. Pointing at
 * or focusing the button starts loading it. The button itself ships with question-bits (re-exported
 * there), so a sheet's first visit asks for no extra file.
 */
const loadPanel = () => import('../features/review/components/rate-panel');
const RatePanel = lazy(loadPanel);
const preload = () => void loadPanel().catch(() => undefined);

/**
 * A small "Rate" button for a solved question's row (workspace, sheet): opens a menu of the four ratings,
 * the one the solve's attempts and time suggest (shared/rules/solutions) marked; the user still picks.
 * Rows are many and the sheet's are performance-sensitive, so a closed control is one button with a word
 * in it; the menu, its mutation and its listeners exist only while it is open.
 */
export function RateMenu({ questionId, name, suggested = null }: { questionId: string; name: string; suggested?: ReviewRating | null }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="rate-trigger"
        aria-label={`Rate ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen((o) => !o)}
      >
        Rate
      </button>
      {open && (
        <Suspense fallback={null}>
          <RatePanel
            questionId={questionId}
            name={name}
            suggested={suggested}
            anchor={button}
            onClose={(refocus) => {
              setOpen(false);
              if (refocus) button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
