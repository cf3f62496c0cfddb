import { sectionKey } from './topic-section';

/** How long a question brought into view stays highlighted. */
const HIGHLIGHT_MS = 2500;
/** About two seconds of frames: enough for a closed topic to open and its rows to be drawn. */
const MAX_FRAMES = 120;

/**
 * Scrolls a question of the tree into view, then focuses its title and highlights it. On a long sheet
 * its section's body or the row itself may still be an empty box (see useNearViewport): each frame
 * scrolls to the nearest thing drawn (the row's box, else its subtopic's or topic's body), whose
 * observer then draws it, until the row is drawn. Returns a function that stops the search.
 */
export function revealRow(root: HTMLElement, mappingId: string, place: { topic: string; subTopic: string }): () => void {
  let frames = 0;
  let frame = 0;
  const find = (key: string) => root.querySelector<HTMLElement>(`section[data-section-key="${CSS.escape(key)}"]`);
  const step = () => {
    const row = root.querySelector<HTMLElement>(`li[data-mapping-id="${CSS.escape(mappingId)}"]`);
    if (row && !row.classList.contains('q-row-far')) {
      row.scrollIntoView({ block: 'center' });
      row.querySelector<HTMLElement>('.q-title')?.focus({ preventScroll: true });
      row.setAttribute('data-continue', '');
      setTimeout(() => row.removeAttribute('data-continue'), HIGHLIGHT_MS);
      return;
    }
    if (row) row.scrollIntoView({ block: 'center' });
    else if (place.topic) {
      const section = (place.subTopic && find(sectionKey('subtopic', place.topic, place.subTopic))) || find(sectionKey('topic', place.topic, place.topic));
      const body = section?.querySelector<HTMLElement>(':scope > .section-body');
      (body ?? section)?.scrollIntoView({ block: 'start' });
    }
    if (++frames < MAX_FRAMES) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}
