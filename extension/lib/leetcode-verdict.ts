/**
 * LeetCode verdicts, read from the judge's own network answers. The page-world tap (verdict-tap.ts)
 * posts only what `parseLeetcodeCheck` keeps; the isolated content script re-checks everything here
 * with hand-written guards (no zod in the content script) before it reports to the background.
 */

/** The `type` of the window message the tap posts. */
export const TAP_MESSAGE = 'practice-tracker:leetcode-verdict';

export interface TapVerdict {
  type: typeof TAP_MESSAGE;
  submissionId: string;
  state: string;
  statusMsg: string;
  /** LeetCode's internal question id from the check answer. */
  questionId: string | null;
  /** The problem slug from the submit request that created the submission, when it was seen. */
  slug: string | null;
}

const CHECK_PATH = /^\/submissions\/detail\/(\d{1,20})\/check\/?$/;
const SUBMIT_PATH = /^\/problems\/([a-z0-9-]{1,200})\/submit\/?$/;
const SLUG = /^[a-z0-9-]{1,200}$/;
const DIGITS = /^\d{1,20}$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const shortString = (v: unknown, max: number): string | null => (typeof v === 'string' && v.length <= max ? v : null);

/** The submission id a check URL polls, or null ("Run" checks have ids like runcode_…, not digits). */
export function checkSubmissionId(pathname: string): string | null {
  return CHECK_PATH.exec(pathname)?.[1] ?? null;
}

/** The problem slug a submit URL posts to. */
export function submitSlug(pathname: string): string | null {
  return SUBMIT_PATH.exec(pathname)?.[1] ?? null;
}

/** The submission id LeetCode answers a submit with. */
export function submittedId(json: unknown): string | null {
  const id = isRecord(json) ? json.submission_id : undefined;
  const s = typeof id === 'number' && Number.isSafeInteger(id) ? String(id) : shortString(id, 20);
  return s && DIGITS.test(s) ? s : null;
}

/**
 * A finished check answer ({state: 'SUCCESS', status_msg, question_id}) as a verdict for the
 * submission in the URL; null while it is still judging or when it is not a check answer at all.
 */
export function parseLeetcodeCheck(json: unknown, submissionId: string, slug: string | null): TapVerdict | null {
  if (!isRecord(json) || json.state !== 'SUCCESS') return null;
  const statusMsg = shortString(json.status_msg, 60);
  if (!statusMsg) return null;
  // The answer names its submission too; it must be the one polled.
  const own = json.submission_id === undefined ? submissionId : String(json.submission_id);
  if (own !== submissionId) return null;
  const qid = typeof json.question_id === 'number' ? String(json.question_id) : shortString(json.question_id, 20);
  return {
    type: TAP_MESSAGE,
    submissionId,
    state: 'SUCCESS',
    statusMsg,
    questionId: qid && DIGITS.test(qid) ? qid : null,
    slug: slug && SLUG.test(slug) ? slug : null,
  };
}

/** Checks a window message from the page world field by field; anything else is ignored. */
export function readTapMessage(data: unknown): TapVerdict | null {
  if (!isRecord(data) || data.type !== TAP_MESSAGE) return null;
  const { submissionId, state, statusMsg, questionId, slug } = data;
  const valid =
    typeof submissionId === 'string' &&
    DIGITS.test(submissionId) &&
    shortString(state, 20) !== null &&
    shortString(statusMsg, 60) !== null &&
    (questionId === null || (typeof questionId === 'string' && DIGITS.test(questionId))) &&
    (slug === null || (typeof slug === 'string' && SLUG.test(slug)));
  return valid ? ({ type: TAP_MESSAGE, submissionId, state, statusMsg, questionId, slug } as TapVerdict) : null;
}

/** The problem a LeetCode page shows: its slug from the URL and its question id from the page data. */
export function leetcodePage(location: { pathname: string }, doc: Document): { slug: string | null; questionId: string | null } {
  const slug = /^\/problems\/([a-z0-9-]{1,200})(?:\/|$)/.exec(location.pathname)?.[1] ?? null;
  const data = doc.querySelector('script#__NEXT_DATA__')?.textContent ?? '';
  // The question object of the page data names its id, then its slug: take the id of this slug.
  const questionId = slug ? (new RegExp(`"questionId":"(\\d{1,20})"[^{}]*?"titleSlug":"${slug}"`).exec(data)?.[1] ?? null) : null;
  return { slug, questionId };
}

/**
 * An Accepted verdict that belongs to the page's problem: the submit was for this slug (when seen),
 * and the judged question is this page's (when the page names its id). Anything else is refused.
 */
export function isAcceptedForPage(v: TapVerdict, page: { slug: string | null; questionId: string | null }): boolean {
  if (v.state !== 'SUCCESS' || v.statusMsg !== 'Accepted' || !page.slug) return false;
  if (v.slug !== null && v.slug !== page.slug) return false;
  if (v.questionId !== null && page.questionId !== null && v.questionId !== page.questionId) return false;
  return true;
}
