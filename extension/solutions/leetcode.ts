import { isRecord } from '@shared/untrusted';
import { SOLUTION_MAX_BYTES } from '@shared/rules/solutions';
import { codeFailure, type CodeRead } from './types';

/**
 * LeetCode's GraphQL `submissionDetails(submissionId)`: what a submission's page shows its author
 * (code, language, time, question). Answers `{data: {submissionDetails: null}}` for a submission that is
 * not the signed-in user's. The older `submissionDetail` (string id, `lang` a plain string) is read too.
 */

/** LeetCode's status code for Accepted. */
const ACCEPTED = 10;

const SUBMISSION_DETAILS_QUERY = `query submissionDetails($submissionId: Int!) {
  submissionDetails(submissionId: $submissionId) {
    code
    timestamp
    statusCode
    lang { name verboseName }
    question { questionId titleSlug }
  }
}`;

/** The GraphQL request body for one submission's details. */
export function submissionDetailsBody(submissionId: string): string {
  return JSON.stringify({ operationName: 'submissionDetails', query: SUBMISSION_DETAILS_QUERY, variables: { submissionId: Number(submissionId) } });
}

const text = (v: unknown, max: number): string | null => (typeof v === 'string' && v.trim() && v.length <= max ? v.trim() : null);

/**
 * The code and language of a submission details answer. `slug`: the problem it must be for (a
 * submission of another problem is refused). Only Accepted code is read.
 */
export function parseSubmissionDetails(json: unknown, slug: string | null): CodeRead {
  if (!isRecord(json)) return codeFailure('LeetCode answered something other than JSON.');
  const data = isRecord(json.data) ? json.data : null;
  const errors = Array.isArray(json.errors) ? json.errors : [];
  const details = data ? ('submissionDetails' in data ? data.submissionDetails : data.submissionDetail) : undefined;
  if (details === null || (details === undefined && errors.length)) {
    const words = errors.map((e) => (isRecord(e) && typeof e.message === 'string' ? e.message : '')).join(' ');
    if (/sign(ed)? ?in|log(ged)? ?in|authenticat|permission/i.test(words)) return codeFailure('Sign in on LeetCode in this browser to read your code.', true);
    return codeFailure('LeetCode shows no such submission of yours.');
  }
  if (!isRecord(details)) return codeFailure('LeetCode answered in a shape this version does not know (no submissionDetails).');
  const code = typeof details.code === 'string' && details.code.trim() ? details.code : null;
  if (!code) return codeFailure('LeetCode answered no code for this submission.');
  if (code.length > SOLUTION_MAX_BYTES * 4) return codeFailure('The code is far larger than the tracker keeps.');
  const lang = details.lang;
  const language = isRecord(lang) ? (text(lang.verboseName, 40) ?? text(lang.name, 40)) : text(lang, 40);
  if (!language) return codeFailure('LeetCode named no language for this submission.');
  const status = details.statusCode ?? details.status;
  if (typeof status === 'number' && status !== ACCEPTED) return codeFailure('That submission was not Accepted.');
  const question = isRecord(details.question) ? details.question : null;
  const ownSlug = question ? text(question.titleSlug, 200) : null;
  if (slug && ownSlug && ownSlug !== slug) return codeFailure('That submission is for another problem.');
  return { ok: true, code: code.replace(/\r\n?/g, '\n'), language };
}
