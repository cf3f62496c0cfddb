import { emptyDetails, labelledList, labelledValue, pageTitle, textOf, type DomReader } from './types';

/** Code360's selectors, by name: a layout change is fixed here, with a saved page in tests/fixtures/pages/codestudio. */
export const selectors = {
  /** The problem component's heading (Angular custom elements). */
  heading: 'codestudio-single-problem h1,codestudio-problem-details h1',
  /** The problem description (isInterstitial: shown, the page is a problem page whatever its title says). */
  statement: '.problem-statement',
} as const;

/** Code360's levels: Easy, Moderate, Hard (and Ninja for the hardest). */
const LEVELS = /^(Easy|Moderate|Medium|Hard|Ninja)$/i;

export const readCodestudio: DomReader = (doc) => {
  const details = emptyDetails();
  // 1. og:title or the page title, "Reverse Linked List - Naukri Code 360".
  details.name = pageTitle(doc, /^(.+?)\s*[-|]\s*(?:Naukri\s+)?Code\s?360\b.*$/i);
  // 2. The problem component's heading (Angular custom elements).
  details.name ??= textOf(doc, selectors.heading);
  // The header reads "Difficulty: Moderate".
  details.difficulty = labelledValue(doc, 'Difficulty', LEVELS);
  // The chips under the "Topics" heading.
  details.topics = labelledList(doc, /^Topics?$/i);
  return details;
};
