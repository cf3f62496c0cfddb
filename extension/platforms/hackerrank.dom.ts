import { breadcrumb, emptyDetails, labelledValue, pageTitle, textOf, type DomReader } from './types';

/** HackerRank's selectors, by name: a layout change is fixed here, with a saved page in tests/fixtures/pages/hackerrank. */
export const selectors = {
  /** The challenge heading. */
  heading: 'h1.page-label,.challenge-page-label-wrapper h1,h2.hr_tour-challenge-name',
  /** The challenge body (isInterstitial: shown, the page is a problem page whatever its title says). */
  statement: '.challenge-body-html,.challenge_problem_statement',
} as const;

const LEVELS = /^(Easy|Medium|Hard|Advanced|Expert)$/i;

export const readHackerrank: DomReader = (doc) => {
  const details = emptyDetails();
  // Breadcrumb (schema.org microdata): Prepare > Algorithms > Warmup > Solve Me First; in 2016 plain links
  // in a .bcrumb block: All Domains > Algorithms > Implementation > New Year Chaos.
  const crumbs = breadcrumb(doc);
  // 1. og:title or the page title, "Solve Me First | HackerRank"; in 2016 "New Year Chaos : Challenge | Implementation | Algorithms | HackerRank".
  details.name = pageTitle(doc, /^([^|]+?)(?:\s+:\s+Challenge)?\s*\|(?:[^|]*\|)*\s*HackerRank\s*$/i);
  // 2. The challenge heading, else the breadcrumb's last item.
  details.name ??= textOf(doc, selectors.heading);
  if (!details.name && crumbs.length >= 3) details.name = crumbs[crumbs.length - 1] ?? null;
  // The sidebar reads "Difficulty: Easy".
  details.difficulty = labelledValue(doc, 'Difficulty', LEVELS);
  // The subdomain (the crumb before the challenge) is the topic: "Warmup", "Arrays", "Strings".
  const subdomain = crumbs.length >= 4 ? crumbs[crumbs.length - 2] : undefined;
  if (subdomain) details.topics = [subdomain];
  return details;
};
