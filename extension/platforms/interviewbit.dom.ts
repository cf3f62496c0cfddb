import { breadcrumb, emptyDetails, labelledValue, LEVELS, pageTitle, text, type DomReader } from './types';

/** InterviewBit's selectors, by name: a layout change is fixed here, with a saved page in tests/fixtures/pages/interviewbit. */
export const selectors = {
  /** The problem heading, else any. */
  mainHeading: 'main h1',
  heading: 'h1',
  /** The problem description (isInterstitial: shown, the page is a problem page whatever its title says). */
  statement: '.markdown-content',
} as const;

export const readInterviewbit: DomReader = (doc) => {
  const details = emptyDetails();
  // 1. og:title or the page title, "Colorful Number | InterviewBit".
  details.name = pageTitle(doc, /^(.+?)\s*[|-]\s*InterviewBit\s*$/i);
  // 2. The problem heading.
  details.name ??= text(doc.querySelector(selectors.mainHeading) ?? doc.querySelector(selectors.heading));
  details.difficulty = labelledValue(doc, 'Difficulty', LEVELS);
  // The breadcrumb reads Programming > Hashing > Colorful Number: the topic is the crumb before the problem.
  const crumbs = breadcrumb(doc);
  const topic = crumbs.length >= 3 ? crumbs[crumbs.length - 2] : undefined;
  if (topic) details.topics = [topic];
  return details;
};
