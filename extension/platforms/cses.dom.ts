import { emptyDetails, pageTitle, text, textOf, type DomReader, type ReadDetails } from './types';

/** CSES's selectors, by name: a layout change is fixed here, with a saved page in tests/fixtures/pages/cses. */
export const selectors = {
  /** The title block's heading. */
  heading: '.title-block > h1',
  /** The current task in the sidebar's list of its section. */
  currentTask: '.sidebar a.current[href*="/task/"]',
  /** The task's text under the limits (isInterstitial: shown, the page is a problem page whatever its title says). */
  statement: '.content .md',
} as const;

/** CSES has no difficulty; its only grouping is the problem-set section the task belongs to. */
export const readCses: DomReader = (doc) => {
  const details: ReadDetails = emptyDetails();
  // 1. The page title, "CSES - Weird Algorithm".
  details.name = pageTitle(doc, /^CSES\s*-\s*(.+)$/);
  // 2. The title block's heading (the <h3> above it names the problem set).
  details.name ??= textOf(doc, selectors.heading);
  // The sidebar lists the section's tasks under its heading, the current one marked: in a list, or
  // (older pages) as plain links. The heading is the nearest one before the current task.
  let node: Element | null | undefined = doc.querySelector(selectors.currentTask);
  while (node && !/^H[1-6]$/.test(node.tagName)) node = node.previousElementSibling ?? (node.parentElement?.matches('.sidebar') ? null : node.parentElement);
  details.topics = [text(node)];
  return details;
};
