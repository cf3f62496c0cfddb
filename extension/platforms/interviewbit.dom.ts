import { breadcrumb, emptyDetails, labelledValue, LEVELS, pageTitle, text, type DomReader } from './types';

export const readInterviewbit: DomReader = (doc) => {
  const details = emptyDetails();
  // 1. og:title or the page title, "Colorful Number | InterviewBit".
  details.name = pageTitle(doc, /^(.+?)\s*[|-]\s*InterviewBit\s*$/i);
  // 2. The problem heading.
  details.name ??= text(doc.querySelector('main h1') ?? doc.querySelector('h1'));
  details.difficulty = labelledValue(doc, 'Difficulty', LEVELS);
  // The breadcrumb reads Programming > Hashing > Colorful Number: the topic is the crumb before the problem.
  const crumbs = breadcrumb(doc);
  const topic = crumbs.length >= 3 ? crumbs[crumbs.length - 2] : undefined;
  if (topic) details.topics = [topic];
  return details;
};

/** The problem description (isInterstitial: shown, the page is a problem page whatever its title says). */
export const interviewbitStatement = '.markdown-content';
