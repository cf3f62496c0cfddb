import { emptyDetails, pageTitle, text, type DomReader } from './types';

/** CSES has no difficulty; its only grouping is the problem-set section the task belongs to. */
export const readCses: DomReader = (doc) => {
  const details = emptyDetails();
  // 1. The page title, "CSES - Weird Algorithm".
  details.name = pageTitle(doc, /^CSES\s*-\s*(.+)$/);
  // 2. The title block's heading (the <h3> above it names the problem set).
  details.name ??= text(doc.querySelector('.title-block > h1'));
  // The sidebar lists the section's tasks under its heading, the current one marked.
  const above = doc.querySelector('.sidebar a.current[href*="/task/"]')?.closest('ul')?.previousElementSibling;
  // Fallback: the sidebar's first heading that is followed by a task list.
  const heading = above?.tagName === 'H4' ? above : Array.from(doc.querySelectorAll('.sidebar h4')).find((h) => h.nextElementSibling?.matches('ul.task-list'));
  const section = text(heading);
  if (section) details.topics = [section];
  return details;
};
