import { breadcrumb, emptyDetails, str, text, textOf, type DomReader, type ReadDetails } from './types';

/** SPOJ shows no difficulty on a problem page; tags are "#number-theory" links. */
export const readSpoj: DomReader = (doc) => {
  const details: ReadDetails = emptyDetails();
  // 1. The heading, "PRIME1 - Prime Generator".
  const heading = textOf(doc, '#problem-name');
  details.name = heading ? str(heading.replace(/^[A-Z0-9_]+\s+-\s+/, '')) : null;
  // 2. The breadcrumb's last item: Problems > classical > Prime Generator.
  if (!details.name) {
    const crumbs = breadcrumb(doc);
    details.name = crumbs.length >= 3 ? (crumbs[crumbs.length - 1] ?? null) : null;
  }
  const tags = doc.querySelectorAll('#problem-tags a[href*="/problems/tag/"]');
  details.topics = Array.from(tags, (a) => text(a)?.replace(/^#/, '') ?? null);
  return details;
};

/** The statement under the heading (isInterstitial: shown, the page is a problem page whatever its title says). */
export const spojStatement = '#problem-body';
