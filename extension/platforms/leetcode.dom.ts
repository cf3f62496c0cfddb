import { z } from 'zod';
import { embeddedJson, emptyDetails, meta, text, type DomReader } from './types';

const questionSchema = z.object({
  title: z.string().optional(),
  translatedTitle: z.string().nullish(),
  questionFrontendId: z.string().optional(),
  difficulty: z.string().optional(),
  topicTags: z.array(z.object({ name: z.string() })).optional(),
});

/** Finds the question object inside Next.js page data (dehydrated React Query state). */
function questionFromNextData(data: unknown) {
  const queries = (data as { props?: { pageProps?: { dehydratedState?: { queries?: { state?: { data?: { question?: unknown } } }[] } } } })?.props?.pageProps
    ?.dehydratedState?.queries;
  if (!Array.isArray(queries)) return null;
  const merged: z.infer<typeof questionSchema> = {};
  for (const q of queries) {
    const parsed = questionSchema.safeParse(q?.state?.data?.question);
    if (parsed.success) Object.assign(merged, Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v != null)));
  }
  return Object.keys(merged).length ? merged : null;
}

const DIFFICULTIES = ['Easy', 'Medium', 'Hard'];

export const readLeetcode: DomReader = (doc) => {
  const details = emptyDetails();
  // 1. Page data embedded by Next.js.
  const q = questionFromNextData(embeddedJson(doc, 'script#__NEXT_DATA__'));
  if (q) {
    details.name = q.title ?? null;
    details.difficulty = q.difficulty && DIFFICULTIES.includes(q.difficulty) ? q.difficulty : null;
    details.topics = q.topicTags?.map((t) => t.name) ?? [];
  }
  // 2. Visible title link to the problem, which reads "1. Two Sum".
  if (!details.name) {
    const link = text(doc.querySelector('a[href^="/problems/"][href$="/"]'));
    details.name = link?.replace(/^\d+\.\s*/, '') ?? null;
  }
  // 3. The document title / og:title, "Two Sum - LeetCode".
  if (!details.name) {
    const title = meta(doc, 'og:title') ?? doc.title;
    details.name = title?.replace(/\s*-\s*LeetCode.*$/i, '').trim() || null;
  }
  // Difficulty label fallback: an element whose whole text is one of the three levels.
  if (!details.difficulty) {
    const label = Array.from(doc.querySelectorAll('[class*="difficulty"], div, span')).find((el) =>
      el.childElementCount === 0 && DIFFICULTIES.includes(el.textContent?.trim() ?? ''),
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
