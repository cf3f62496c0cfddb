import { useCallback, useRef, useState } from 'react';
import { useDragStore } from '../stores/drag';

/**
 * Windowing for long sheets: rows and section bodies far from the viewport render as empty boxes of
 * their last height, so the page holds about a screenful of full rows. One observer serves them all.
 */
type Listener = (near: boolean) => void;
const listeners = new Map<Element, Listener>();
let observer: IntersectionObserver | null = null;

function observe(el: Element, fn: Listener) {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) listeners.get(e.target)?.(e.isIntersecting);
    },
    // A quarter screen above and below: scrolling and keyboard moves find the next rows already drawn.
    { rootMargin: '25% 0px' },
  );
  listeners.set(el, fn);
  observer.observe(el);
  return () => {
    listeners.delete(el);
    observer?.unobserve(el);
  };
}

/**
 * Whether the element is within a quarter screen of the viewport; always true when `enabled` is false.
 * Put `ref` on the element: it is observed for as long as it is in the page, and an element that
 * replaces it (a row drawn in place of its empty box, a section body opened again) is observed in turn.
 * `initial` decides the first render without measuring (true: drawn, false: empty); left undefined,
 * the element is measured before the first paint, so what is in view shows at once rather than a
 * frame later. Either way the observer corrects it from then on.
 */
export function useNearViewport(enabled: boolean, initial?: boolean) {
  const [near, setNear] = useState(initial === true);
  const height = useRef(0);
  const measure = useRef(initial === undefined);
  const nearNow = useRef(near);
  nearNow.current = near;
  const ref = useCallback(
    (el: HTMLElement | null) => {
      if (!el || !enabled) return;
      if (measure.current && !nearNow.current) {
        const r = el.getBoundingClientRect();
        const h = window.innerHeight;
        if (r.bottom > -h / 4 && r.top < 1.25 * h) setNear(true);
      }
      // Shown again later (a section opened once more), it is measured like any newcomer.
      measure.current = true;
      return observe(el, (n) => {
        if (n) {
          setNear(true);
          return;
        }
        // While something is dragged nothing is dropped from the page: dnd-kit keeps the rects it measured.
        // Rows scrolled into view during a drag are drawn; none are emptied until the drop.
        if (useDragStore.getState().dragging) return;
        height.current = el.offsetHeight;
        setNear(false);
      });
    },
    [enabled],
  );
  return { ref, near: near || !enabled, height: height.current };
}
