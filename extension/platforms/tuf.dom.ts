import { emptyDetails, labelledList, labelledValue, leaf, LEVELS, pageTitle, textOf, type DomReader } from './types';

/** TUF+'s selectors, by name: a layout change is fixed here, with a saved page in tests/fixtures/pages/tuf. */
export const selectors = {
  /** The problem heading. */
  heading: 'main h1',
  /** Where a chip with the level may be. */
  level: 'main span,main div',
  /** The problem description (the class other TUF tools read it by) (isInterstitial: shown, the page is a problem page whatever its title says). */
  statement: '.text-new_secondary',
} as const;

export const readTuf: DomReader = (doc) => {
  const details = emptyDetails();
  // 1. og:title or the page title, "Majority Element - TUF+".
  const titled = pageTitle(doc, /^(.+?)\s*[-|]\s*(?:TUF\+?|takeUforward)\s*$/i);
  details.name = titled && !/^(?:TUF\+?|takeUforward)$/i.test(titled) ? titled : null;
  // 2. The problem heading.
  details.name ??= textOf(doc, selectors.heading);
  // The level: after a "Difficulty" label, else a chip in the header whose whole text is the level.
  details.difficulty = labelledValue(doc, 'Difficulty', LEVELS) ?? leaf(doc, selectors.level, LEVELS);
  details.topics = labelledList(doc, /^Topics?$/i);
  return details;
};
