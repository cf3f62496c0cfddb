import { at, embeddedJson, emptyDetails, isRecord, labelledList, labelledValue, pageTitle, str, strings, text, texts, type DomReader } from './types';

const LEVELS = /^(School|Basic|Easy|Medium|Hard)$/i;

/**
 * The problem object in the Next.js page data: `initialState.problemData.allData.probData`, or the
 * RTK Query cache entry `initialState.problemApi.queries["getProblemDetails(...)"].data`.
 */
function problemFromNextData(data: unknown): Record<string, unknown> | null {
  const state = at(data, 'props', 'pageProps', 'initialState');
  const candidates: unknown[] = [at(state, 'problemData', 'allData', 'probData')];
  const queries = at(state, 'problemApi', 'queries');
  if (isRecord(queries)) {
    for (const [key, query] of Object.entries(queries)) if (key.startsWith('getProblemDetails')) candidates.push(at(query, 'data'));
  }
  return candidates.filter(isRecord).find((p) => str(p.problem_name)) ?? null;
}

/** Topic tags link to the problem explorer filtered by category (company tags filter by company). */
function topicLinks(doc: Document): string[] {
  const links = Array.from(doc.querySelectorAll('a[href*="explore"]')).filter((a) => {
    if (a.closest('header, nav, footer')) return false;
    try {
      const url = new URL(a.getAttribute('href') ?? '', 'https://www.geeksforgeeks.org/');
      return /\/explore\/?$/.test(url.pathname) && (url.searchParams.has('category') || url.searchParams.has('category[]'));
    } catch {
      return false;
    }
  });
  return texts(links);
}

export const readGeeksforgeeks: DomReader = (doc) => {
  const details = emptyDetails();
  // 1. Page data embedded by Next.js.
  const p = problemFromNextData(embeddedJson(doc, 'script#__NEXT_DATA__'));
  if (p) {
    details.name = str(p.problem_name);
    const level = str(p.difficulty);
    details.difficulty = level && LEVELS.test(level) ? level : null;
    details.topics = strings(at(p, 'tags', 'topic_tags'));
  }
  // 2. og:title or the page title, "Kadane's Algorithm | Practice | GeeksforGeeks".
  details.name ??= pageTitle(doc, /^(.+?)\s*\|\s*Practice\s*\|\s*GeeksforGeeks\s*$/i);
  // 3. The header's title (CSS-module class, hashed suffix).
  details.name ??= text(doc.querySelector('[class^="problems_header_content__title"] h3, [class*=" problems_header_content__title"] h3'));
  // The header reads "Difficulty: Medium".
  details.difficulty ??= labelledValue(doc, 'Difficulty', (v) => LEVELS.test(v));
  // Topic tags: the list under the "Topic Tags" heading, else links to the explorer filtered by category.
  if (!details.topics.length) details.topics = labelledList(doc, /^Topic Tags$/i);
  if (!details.topics.length) details.topics = topicLinks(doc);
  return details;
};
