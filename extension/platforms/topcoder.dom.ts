import { emptyDetails, labelledValue, leaf, str, type DomReader } from './types';

/** TopCoder's selectors, by name: a layout change is fixed here, with a saved page in tests/fixtures/pages/topcoder. */
export const selectors = {
  /** Where the header "Problem Statement for …" may be. */
  header: 'td,div,span,h1,h2,h3',
  /** The statement table (isInterstitial: shown, the page is a problem page whatever its title says). */
  statement: '.problemText',
} as const;

/** The Definition block's "Class:" value is the problem's name (a Java/C++ class name). */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const readTopcoder: DomReader = (doc) => {
  const details = emptyDetails();
  // 1. The header, "Problem Statement for FlowerGarden".
  details.name = str(leaf(doc, selectors.header, /^Problem Statement for\s+\S/)?.slice(22));
  // 2. The statement's Definition block, "Class: FlowerGarden".
  details.name ??= labelledValue(doc, 'Class', IDENTIFIER);
  // Problem archive details, when shown: "Used As: Division I Level Two", "Categories: Sorting, Greedy".
  details.difficulty = labelledValue(doc, 'Used As', /^Division\s+I{1,2}\s+Level\s+\w+$/i);
  const categories = labelledValue(doc, 'Categories', /^.{1,200}$/);
  details.topics = categories?.split(',') ?? [];
  return details;
};
