import { breadcrumb, emptyDetails, str, text, type DomReader } from './types';

/** SPOJ shows no difficulty on a problem page; tags are "#number-theory" links. */
export const readSpoj: DomReader = (doc) => {
  const details = emptyDetails();
  // 1. The heading, "PRIME1 - Prime Generator".
  const heading = text(doc.querySelector('#problem-name'));
  details.name = heading ? str(heading.replace(/^[A-Z0-9_]+\s+-\s+/, '')) : null;
  // 2. The breadcrumb's last item: Problems > classical > Prime Generator.
  if (!details.name) {
    const crumbs = breadcrumb(doc);
    details.name = crumbs.length >= 3 ? (crumbs[crumbs.length - 1] ?? null) : null;
  }
  const tags = doc.querySelectorAll('#problem-tags a[href*="/problems/tag/"]');
  details.topics = Array.from(tags)
    .map((a) => str(text(a)?.replace(/^#/, '')))
    .filter((t): t is string => t !== null)
    .filter((t, i, all) => all.indexOf(t) === i);
  return details;
};
