import { emptyDetails, labelledValue, pageTitle, textOf, texts, type DomReader } from './types';

/** CodeChef's selectors, by name: a layout change is fixed here, with a saved page in tests/fixtures/pages/codechef. */
export const selectors = {
  /** The rendered banner's title (a contest problem has its own title block). */
  bannerTitle: '[class*=_problem__title_] h1,[class*=_titleStatus__container_] h1,[class*=_contestProblemTitle_] h1',
  /** The statement's first heading. */
  statementHeading: '#problem-statement > h3:first-child',
  /** The rating's hashed class pair. */
  rating: '[class*=_difficulty-ratings__box_] [class*=_value_]',
  tagItem: '[class*=_tagList__item_]',
  /** The rendered statement (isInterstitial: shown, the page is a problem page whatever its title says). */
  statement: '#problem-statement,[class*=_problem-statement]',
} as const;

const RATING = /^\d{1,4}$/;

/** The app is client-rendered (Vite + React, hashed CSS-module classes): the server-sent head is the stable part. */
export const readCodechef: DomReader = (doc) => {
  const details = emptyDetails();
  // 1. The page title, "New Year Resolution Practice Coding Problem"; a course's problem reads
  // "Janmansh and Assignments Practice Problem in 500 to 1000 difficulty problems".
  details.name = pageTitle(doc, /^(.+?)\s+Practice (?:Coding Problem(?:\s*[-|]\s*CodeChef)?|Problem in .+)\s*$/i);
  // 2. The rendered banner title (a contest problem has its own title block), else the statement's first heading.
  details.name ??= textOf(doc, selectors.bannerTitle);
  details.name ??= textOf(doc, selectors.statementHeading);
  // The banner reads "Difficulty: 1200" (a rating); fall back to the hashed class pair.
  details.difficulty = labelledValue(doc, 'Difficulty', RATING);
  if (!details.difficulty) {
    const value = textOf(doc, selectors.rating);
    details.difficulty = value && RATING.test(value) ? value : null;
  }
  // Tags, when the page shows them: the tag list items (hashed class).
  details.topics = texts(doc.querySelectorAll(selectors.tagItem));
  return details;
};
