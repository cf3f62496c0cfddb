import { useDndContext } from '@dnd-kit/core';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

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
 * `shown` re-observes when the element itself comes and goes (a section body that opens).
 */
export function useNearViewport<T extends HTMLElement>(enabled: boolean, shown = true, initiallyShown = false) {
  // Shown from the start (a topic open on arrival) draws at once; its rows then decide for themselves.
  const [near, setNear] = useState(!enabled || initiallyShown);
  const height = useRef(0);
  const node = useRef<T | null>(null);
  // While something is dragged nothing is dropped from the page: dnd-kit keeps the rects it measured.
  // Rows scrolled into view during a drag are drawn; none are emptied until the drop.
  const dragging = useRef(false);
  dragging.current = useDndContext().active !== null;
  useLayoutEffect(() => {
    const el = node.current;
    if (!enabled) return setNear(true);
    if (!el) return;
    // Decided before the first paint, so the rows in view show at once rather than a frame later.
    const r = el.getBoundingClientRect();
    const h = window.innerHeight;
    if (r.bottom > -h / 4 && r.top < 1.25 * h) setNear(true);
    return observe(el, (n) => {
      if (n) return setNear(true);
      if (dragging.current) return;
      height.current = el.offsetHeight;
      setNear(false);
    });
  }, [enabled, shown]);
  const ref = useCallback((el: T | null) => {
    node.current = el;
  }, []);
  return { ref, near, height: height.current };
}
