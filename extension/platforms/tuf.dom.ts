import { emptyDetails, labelledList, labelledValue, leaf, LEVELS, pageTitle, textOf, type DomReader } from './types';

export const readTuf: DomReader = (doc) => {
  const details = emptyDetails();
  // 1. og:title or the page title, "Majority Element - TUF+".
  const titled = pageTitle(doc, /^(.+?)\s*[-|]\s*(?:TUF\+?|takeUforward)\s*$/i);
  details.name = titled && !/^(?:TUF\+?|takeUforward)$/i.test(titled) ? titled : null;
  // 2. The problem heading.
  details.name ??= textOf(doc, 'main h1');
  // The level: after a "Difficulty" label, else a chip in the header whose whole text is the level.
  details.difficulty = labelledValue(doc, 'Difficulty', LEVELS) ?? leaf(doc, 'main span,main div', LEVELS);
  details.topics = labelledList(doc, /^Topics?$/i);
  return details;
};

/** The problem description (the class other TUF tools read it by) (isInterstitial: shown, the page is a problem page whatever its title says). */
export const tufStatement = '.text-new_secondary';
