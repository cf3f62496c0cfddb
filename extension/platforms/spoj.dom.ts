import { breadcrumb, emptyDetails, str, text, textOf, type DomReader, type ReadDetails } from './types';

/** SPOJ's selectors, by name: a layout change is fixed here, with a saved page in tests/fixtures/pages/spoj. */
export const selectors = {
  /** The heading, "PRIME1 - Prime Generator". */
  heading: '#problem-name',
  tags: '#problem-tags a[href*="/problems/tag/"]',
  /** The statement under the heading (isInterstitial: shown, the page is a problem page whatever its title says). */
  statement: '#problem-body',
} as const;

/** SPOJ shows no difficulty on a problem page; tags are "#number-theory" links. */
export const readSpoj: DomReader = (doc) => {
  const details: ReadDetails = emptyDetails();
  // 1. The heading, "PRIME1 - Prime Generator".
  const heading = textOf(doc, selectors.heading);
  details.name = heading ? str(heading.replace(/^[A-Z0-9_]+\s+-\s+/, '')) : null;
  // 2. The breadcrumb's last item: Problems > classical > Prime Generator.
  if (!details.name) {
    const crumbs = breadcrumb(doc);
    details.name = crumbs.length >= 3 ? (crumbs[crumbs.length - 1] ?? null) : null;
  }
  const tags = doc.querySelectorAll(selectors.tags);
  details.topics = Array.from(tags, (a) => text(a)?.replace(/^#/, '') ?? null);
  return details;
};
