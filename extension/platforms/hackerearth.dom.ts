import { breadcrumb, emptyDetails, labelledValue, LEVELS, pageTitle, textOf, type DomReader } from './types';

/** HackerEarth's selectors, by name: a layout change is fixed here, with a saved page in tests/fixtures/pages/hackerearth. */
export const selectors = {
  /** The problem heading. */
  heading: '#problem-title,.title-panel .title,.problem-statement .large',
  /** The 2022 layout's tags, the level among them. */
  tags: '.problem-meta .ui-tag+.label',
  /** The statement (isInterstitial: shown, the page is a problem page whatever its title says). */
  statement: '.problem-description,.problem-details',
} as const;

/** Crumbs that are sections of the site, not topics. */
const NOT_TOPICS = /^(Practice|Problem|Problems|Home|Challenges)$/i;

export const readHackerearth: DomReader = (doc) => {
  const details = emptyDetails();
  // 1. og:title or the page title, "Seven-Segment Display | Practice Problems".
  details.name = pageTitle(doc, /^(.+?)\s*\|\s*Practice Problems\b.*$/i);
  // 2. The problem heading.
  details.name ??= textOf(doc, selectors.heading);
  details.difficulty = labelledValue(doc, 'Difficulty', LEVELS);
  // The 2022 layout has the level among its tags: "Approved, Easy, Math, Open, Sorting".
  details.difficulty ??= textOf(doc, selectors.tags)?.split(/\s*,\s*/).find((t) => LEVELS.test(t)) ?? null;
  // Breadcrumb: Practice > Basic Programming > Input/Output > Basics of Input/Output > Problem.
  const crumbs = breadcrumb(doc).filter((c) => !NOT_TOPICS.test(c) && c !== details.name);
  const topic = crumbs.length >= 2 ? crumbs[crumbs.length - 1] : undefined;
  if (topic) details.topics = [topic];
  return details;
};
