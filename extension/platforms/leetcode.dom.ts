import { at, embeddedJson, emptyDetails, leaf, LEVELS, meta, str, strings, text, type DomReader, type ReadDetails } from './types';
import type { PartialDocument } from '../lib/partial-document';

/** LeetCode's selectors, by name: a layout change is fixed here, with a saved page in tests/fixtures/pages/leetcode. */
export const selectors = {
  /** The page data embedded by Next.js. */
  nextData: 'script#__NEXT_DATA__',
  /** Problem links; the title is the one reading "1. Two Sum". */
  titleLink: 'a[href*="/problems/"]',
  /** Leaves that may be the level chip ("Easy"). */
  level: 'div, span',
  topicTags: 'a[href^="/tag/"]',
  /** Inline scripts, where the page data names the question's id (auto-tick). */
  pageData: 'script:not([src])',
  /** The description panel, today's and the contest page's (isInterstitial: shown, the page is a problem page whatever its title says). */
  statement: '[data-track-load=description_content],.question-content',
} as const;

/** A problem's tabs that show no statement (its solutions, editorial and submissions): read by the name alone. */
export const statementlessPaths = /^(?:\/contest\/[\w-]{1,100})?\/problems\/[a-z0-9-]{1,200}\/(?:solutions|editorial|submissions)(?:\/|$)/;

/** The problem slug of a path: /problems/<slug>/… or a contest's /contest/<id>/problems/<slug>/…. */
const problemSlug = (pathname: string): string | null =>
  /^(?:\/contest\/[\w-]{1,100})?\/problems\/([a-z0-9-]{1,200})(?:\/|$)/.exec(pathname)?.[1] ?? null;

/** A title as LeetCode makes its slug: "Pow(x, n)" is powx-n. */
const slugify = (name: string) => name.toLowerCase().replace(/[^a-z0-9\s-]/g, '').trim().replace(/[\s-]+/g, '-');

/**
 * LeetCode moves between problems without a page load: the URL changes first, the content follows, and
 * the page data stays the first page's. So on a live page every name must be tied to the URL's slug (the
 * page data's own slug, the title link's, the title's); until one is, the page is not read (null).
 */
export const readLeetcode: DomReader = (doc) => {
  const details: ReadDetails = emptyDetails();
  // The page's own URL's slug (a live page; a saved one has no location).
  const page: PartialDocument = doc;
  const slug = problemSlug(page.location?.pathname ?? '');
  // 1. Page data embedded by Next.js: the question, its dehydrated queries merged.
  const data = embeddedJson(doc, selectors.nextData);
  const q: Record<string, unknown> = {};
  const queries = at(data, 'props', 'pageProps', 'dehydratedState', 'queries');
  if (Array.isArray(queries)) for (const query of queries) Object.assign(q, at(query, 'state', 'data', 'question'));
  const dataSlug = q.titleSlug ?? at(data, 'query', 'slug');
  if (!slug || dataSlug === undefined || dataSlug === slug) {
    details.name = str(q.title);
    details.difficulty = LEVELS.test(String(q.difficulty)) ? str(q.difficulty) : null;
    details.topics = strings(Array.isArray(q.topicTags) ? q.topicTags.map((t) => at(t, 'name')) : []);
  }
  // 2. The visible title link, "1. Two Sum" (a contest's links under /contest/…/problems/ too).
  const own = [...doc.querySelectorAll(selectors.titleLink)].find(
    (a) => /^\d+\.\s/.test(text(a) ?? '') && (!slug || problemSlug(a.getAttribute('href') ?? '') === slug),
  );
  details.name ??= text(own)?.replace(/^\d+\.\s*/, '') ?? null;
  // 3. The page title or og:title, "Two Sum - LeetCode" (a contest's "… - LeetCode Contest"), whichever
  // names the URL's problem (either may change late).
  for (const title of [doc.title, meta(doc, 'og:title')]) {
    const titled = str(/^(.+?)\s+-\s+LeetCode\b/i.exec(title ?? '')?.[1]);
    if (titled && (!slug || slugify(titled) === slug)) details.name ??= titled;
  }
  // Nothing on the page is this problem yet: a move still under way.
  if (!details.name) return slug ? null : details;
  // Difficulty fallback: a leaf whose whole text is one of the three levels.
  details.difficulty ??= leaf(doc, selectors.level, LEVELS);
  if (!details.topics.length) details.topics = Array.from(doc.querySelectorAll(selectors.topicTags), text);
  return details;
};

/**
 * The problem a LeetCode page shows, to match a verdict against (verdicts/leetcode.ts): its slug from
 * the URL (a problem or a contest problem) and its question id from the page data.
 */
export function leetcodePage(location: { pathname: string }, doc: Document): { slug: string | null; questionId: string | null } {
  const slug = problemSlug(location.pathname);
  // The page data (Next.js JSON, or the older contest page's `var pageData = {questionId: '2916', …}`)
  // names the question's id, then its slug: take the id of this slug.
  const data = Array.from(doc.querySelectorAll(selectors.pageData), (s) => s.textContent).join();
  const questionId = slug ? (new RegExp(`"?questionId"?: ?["'](\\d{1,20})["'][^{}]*?"?(?:titleSlug|questionTitleSlug)"?: ?["']${slug}["']`).exec(data)?.[1] ?? null) : null;
  return { slug, questionId };
}
