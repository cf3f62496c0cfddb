import { emptyDetails, pageTitle, str, type DomReader } from './types';

/** AtCoder's selectors, by name: a layout change is fixed here, with a saved page in tests/fixtures/pages/atcoder. */
export const selectors = {
  /** The heading above the statement. */
  heading: '#main-container span.h2, #main-container h2, span.h2',
  /** The task statement (both languages) (isInterstitial: shown, the page is a problem page whatever its title says). */
  statement: '#task-statement',
} as const;

/** AtCoder shows no difficulty or tags on a task page, only its name (prefixed by the task index). */
export const readAtcoder: DomReader = (doc) => {
  const details = emptyDetails();
  // 1. og:title or the page title, "A - Frog 1".
  details.name = pageTitle(doc, /^[A-Za-z][A-Za-z0-9]{0,2}\s+-\s+(.+)$/);
  // 2. The heading above the statement: its own text, without the "Editorial" button inside it.
  if (!details.name) {
    const heading = doc.querySelector(selectors.heading);
    const own = [...(heading?.childNodes ?? [])].filter((n) => n.nodeType === 3).map((n) => n.nodeValue ?? '').join(' ');
    details.name = str(str(own)?.replace(/^[A-Za-z][A-Za-z0-9]{0,2}\s+-\s+/, ''));
  }
  return details;
};
