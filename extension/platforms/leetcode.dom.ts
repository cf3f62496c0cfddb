import { embeddedJson, emptyDetails, meta, text, type DomReader } from './types';

interface LeetcodeQuestion {
  title?: string;
  difficulty?: string;
  topicTags?: { name: string }[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Merges the question objects inside Next.js page data (dehydrated React Query state). */
function questionFromNextData(data: unknown): LeetcodeQuestion | null {
  const queries = (data as { props?: { pageProps?: { dehydratedState?: { queries?: unknown } } } } | null)?.props?.pageProps?.dehydratedState?.queries;
  if (!Array.isArray(queries)) return null;
  const merged: LeetcodeQuestion = {};
  for (const q of queries) {
    const question = (q as { state?: { data?: { question?: unknown } } } | null)?.state?.data?.question;
    if (!isRecord(question)) continue;
    if (typeof question.title === 'string') merged.title = question.title;
    if (typeof question.difficulty === 'string') merged.difficulty = question.difficulty;
    if (Array.isArray(question.topicTags)) {
      merged.topicTags = question.topicTags.filter((t): t is { name: string } => isRecord(t) && typeof t.name === 'string');
    }
  }
  return Object.keys(merged).length ? merged : null;
}

const DIFFICULTIES = ['Easy', 'Medium', 'Hard'];

/** The problem slug of the page's own URL (a live page; a saved one has none). */
function locationSlug(doc: Document): string | null {
  try {
    return /^\/problems\/([a-z0-9-]+)(?:\/|$)/.exec(doc.location?.pathname ?? '')?.[1] ?? null;
  } catch {
    return null;
  }
}

export const readLeetcode: DomReader = (doc) => {
  const details = emptyDetails();
  const slug = locationSlug(doc);
  // 1. Page data embedded by Next.js. It describes the page first loaded: after a client-side move to
  // another problem it is stale, so it counts only while it names the problem in the URL.
  const data = embeddedJson(doc, 'script#__NEXT_DATA__');
  const dataSlug = (data as { query?: { slug?: unknown } } | null)?.query?.slug;
  const q = slug && typeof dataSlug === 'string' && dataSlug !== slug ? null : questionFromNextData(data);
  if (q) {
    details.name = q.title ?? null;
    details.difficulty = q.difficulty && DIFFICULTIES.includes(q.difficulty) ? q.difficulty : null;
    details.topics = q.topicTags?.map((t) => t.name) ?? [];
  }
  // 2. The visible title link to the problem, which reads "1. Two Sum".
  if (!details.name) {
    const link = text((slug && doc.querySelector(`a[href="/problems/${slug}/"]`)) || doc.querySelector('a[href^="/problems/"][href$="/"]'));
    details.name = link?.replace(/^\d+\.\s*/, '') ?? null;
  }
  // 3. og:title or the document title, "Two Sum - LeetCode".
  if (!details.name) {
    const title = meta(doc, 'og:title') ?? doc.title;
    details.name = title?.replace(/\s*-\s*LeetCode.*$/i, '').trim() || null;
  }
  // Difficulty fallback: a leaf element whose whole text is one of the three levels.
  if (!details.difficulty) {
    const label = Array.from(doc.querySelectorAll('div, span')).find(
      (el) => el.childElementCount === 0 && DIFFICULTIES.includes(el.textContent?.trim() ?? ''),
    );
    details.difficulty = text(label);
  }
  if (!details.topics.length) {
    details.topics = Array.from(doc.querySelectorAll('a[href^="/tag/"]'))
      .map((a) => text(a))
      .filter((t): t is string => !!t);
  }
  return details;
};

/**
 * The problem a LeetCode page shows, to match a verdict against (verdicts/leetcode.ts): its slug
 * from the URL and its question id from the page data.
 */
export function leetcodePage(location: { pathname: string }, doc: Document): { slug: string | null; questionId: string | null } {
  const slug = /^\/problems\/([a-z0-9-]{1,200})(?:\/|$)/.exec(location.pathname)?.[1] ?? null;
  const data = doc.querySelector('script#__NEXT_DATA__')?.textContent ?? '';
  // The question object of the page data names its id, then its slug: take the id of this slug.
  const questionId = slug ? (new RegExp(`"questionId":"(\\d{1,20})"[^{}]*?"titleSlug":"${slug}"`).exec(data)?.[1] ?? null) : null;
  return { slug, questionId };
}
