import { emptyDetails, labelledList, labelledValue, pageTitle, text, type DomReader, type PageReader } from './types';

/** Code360's levels: Easy, Moderate, Hard (and Ninja for the hardest). */
const LEVELS = /^(Easy|Moderate|Medium|Hard|Ninja)$/i;

export const readCodestudio: DomReader = (doc) => {
  const details = emptyDetails();
  // 1. og:title or the page title, "Reverse Linked List - Naukri Code 360".
  details.name = pageTitle(doc, /^(.+?)\s*[-|]\s*(?:Naukri\s+)?Code\s?360\b.*$/i);
  // 2. The problem component's heading (Angular custom elements).
  details.name ??= text(doc.querySelector('codestudio-single-problem h1, codestudio-problem-details h1'));
  // The header reads "Difficulty: Moderate".
  details.difficulty = labelledValue(doc, 'Difficulty', LEVELS);
  // The chips under the "Topics" heading.
  details.topics = labelledList(doc, /^Topics?$/i);
  return details;
};

/** The problem description: shown, it makes the page a problem page whatever its title says. */
export const codestudioReader: PageReader = { read: readCodestudio, statement: '.problem-statement,codestudio-problem-details' };
