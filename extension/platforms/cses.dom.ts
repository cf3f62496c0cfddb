import { emptyDetails, pageTitle, text, textOf, type DomReader, type ReadDetails } from './types';

/** CSES has no difficulty; its only grouping is the problem-set section the task belongs to. */
export const readCses: DomReader = (doc) => {
  const details: ReadDetails = emptyDetails();
  // 1. The page title, "CSES - Weird Algorithm".
  details.name = pageTitle(doc, /^CSES\s*-\s*(.+)$/);
  // 2. The title block's heading (the <h3> above it names the problem set).
  details.name ??= textOf(doc, '.title-block > h1');
  // The sidebar lists the section's tasks under its heading, the current one marked: in a list, or
  // (older pages) as plain links. The heading is the nearest one before the current task.
  let node: Element | null | undefined = doc.querySelector('.sidebar a.current[href*="/task/"]');
  while (node && !/^H[1-6]$/.test(node.tagName)) node = node.previousElementSibling ?? (node.parentElement?.matches('.sidebar') ? null : node.parentElement);
  details.topics = [text(node)];
  return details;
};

/** The task's text under the limits (isInterstitial: shown, the page is a problem page whatever its title says). */
export const csesStatement = '.content .md';
