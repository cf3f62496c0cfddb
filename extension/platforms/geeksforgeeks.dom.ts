import { at, embeddedJson, emptyDetails, isRecord, labelledList, labelledValue, leaf, pageTitle, str, strings, textOf, texts, type DomReader, type ReadDetails } from './types';

/** GeeksforGeeks's selectors, by name: a layout change is fixed here, with a saved page in tests/fixtures/pages/geeksforgeeks. */
export const selectors = {
  /** The page data embedded by Next.js. */
  nextData: 'script#__NEXT_DATA__',
  /** The header's title (CSS-module class, hashed suffix). */
  heading: '[class*=problems_header_content__title] h3',
  /** Elements that may show the level alone. */
  level: '[class*="difficulty" i],[class*="level" i],h5 a,[class*=header_desc] strong',
  /** Links to the problem explorer (topic tags filter it by category). */
  explorerLink: 'a[href*=explore]',
  /** The 2020 page's own tags. */
  topicTag: 'a.topicTags',
  /** The statement panel (CSS-module class; the older layout's tab) (isInterstitial: shown, the page is a problem page whatever its title says). */
  statement: '[class*=problem_content],.problem-tab__statement,.problemQuestion',
} as const;

const LEVELS = /^(School|Basic|Easy|Medium|Hard)$/i;

/**
 * The problem object in the Next.js page data: the first object with a problem_name, searched through
 * objects only (lists hold other problems). Today it is `initialState.problemData.allData.probData`;
 * older pages kept it under other keys (an RTK Query cache entry, `pageProps.problemData`…).
 */
function problemIn(v: unknown, depth = 0): Record<string, unknown> | null {
  if (!isRecord(v) || depth > 8) return null;
  if (str(v.problem_name)) return v;
  for (const child of Object.values(v)) {
    const found = problemIn(child, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Topic tags link to the problem explorer filtered by category (company tags filter by company). */
const topicLinks = (doc: Document): string[] =>
  texts(
    [...doc.querySelectorAll(selectors.explorerLink)].filter(
      (a) => !a.closest('header, nav, footer') && /\/explore\/?\?(?:[^#]*&)?category(?:\[\]|%5B%5D)?=/i.test(a.getAttribute('href') ?? ''),
    ),
  );

export const readGeeksforgeeks: DomReader = (doc) => {
  const details: ReadDetails = emptyDetails();
  // 1. Page data embedded by Next.js.
  const p = problemIn(embeddedJson(doc, selectors.nextData));
  if (p) {
    details.name = str(p.problem_name);
    const level = str(p.difficulty);
    details.difficulty = level && LEVELS.test(level) ? level : null;
    details.topics = strings(at(p, 'tags', 'topic_tags') ?? p.topic_tags);
  }
  // 2. og:title or the page title, "Kadane's Algorithm | Practice | GeeksforGeeks".
  details.name ??= pageTitle(doc, /^(.+?)\s*\|\s*Practice\s*\|\s*GeeksforGeeks\s*$/i);
  // 3. The header's title (CSS-module class, hashed suffix).
  details.name ??= textOf(doc, selectors.heading);
  // The header reads "Difficulty: Medium"; older ones show the level alone, in an element named for it.
  details.difficulty ??= labelledValue(doc, 'Difficulty', LEVELS);
  // (The 2020 page links it among other figures: "Accuracy: 69% Difficulty: <a>Medium</a>" in an h5; the 2022
  // header shows it bare and bold before "Accuracy:".)
  details.difficulty ??= leaf(doc, selectors.level, LEVELS);
  // Topic tags: the list under the "Topic Tags" heading, else links to the explorer filtered by category.
  if (!details.topics.length) details.topics = labelledList(doc, /^Topic Tags$/i);
  if (!details.topics.length) details.topics = topicLinks(doc);
  // The 2020 practice page: its own tags are links marked topicTags (the sidebar lists popular ones).
  if (!details.topics.length) details.topics = texts(doc.querySelectorAll(selectors.topicTag));
  return details;
};
