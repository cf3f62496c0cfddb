import { decodeHTML } from 'entities';
import { FIRST_GYM_ID } from '@shared/platforms/codeforces';
import { codeFailure, codeRead, type CodeRead } from './types';

/**
 * Codeforces' submission page (/contest/{id}/submission/{submissionId}): the source in
 * `<pre id="program-source-text" class="prettyprint lang-… program-source">`, HTML-escaped, and the
 * submission's row in the table above it (columns "#", "Author", "Problem", "Lang", "Verdict", …).
 * Read as text, not as a Document: the service worker has no DOM parser, and the source must come out
 * exactly as the judge holds it. The page is shown to its author (and, after the contest, to others):
 * the background asks only for the user's own Accepted submissions.
 */

/** The page of one submission, from the problem's registry key (4A, 1776F2, gym104114C). Null for another key. */
export function codeforcesSubmissionUrl(origin: string, problemKey: string, submissionId: string): string | null {
  const m = /^(gym)?(\d{1,7})[A-Z][0-9]?$/.exec(problemKey);
  if (!m?.[2] || !/^\d{1,20}$/.test(submissionId)) return null;
  const gym = !!m[1] || Number(m[2]) >= FIRST_GYM_ID;
  return `${origin}/${gym ? 'gym' : 'contest'}/${m[2]}/submission/${submissionId}`;
}

/** Page text without tags, entities decoded, whitespace collapsed. */
const cellText = (html: string) => decodeHTML(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();

/** The language of the submission's own row: the cell under "Lang", in the row whose first cell is its id. */
function rowLanguage(html: string, submissionId: string): string | null {
  for (const table of html.match(/<table[^>]*>[\s\S]*?<\/table>/gi) ?? []) {
    const rows = table.match(/<tr[^>]*>[\s\S]*?<\/tr>/gi) ?? [];
    const head = rows.find((r) => /<th/i.test(r));
    const headers = (head?.match(/<th[^>]*>[\s\S]*?<\/th>/gi) ?? []).map(cellText);
    const at = headers.findIndex((h) => /^lang(uage)?$/i.test(h));
    if (at < 0) continue;
    for (const row of rows) {
      const cells = (row.match(/<td[^>]*>[\s\S]*?<\/td>/gi) ?? []).map(cellText);
      if (cells[0] === submissionId && cells[at]) return cells[at].slice(0, 40);
    }
  }
  return null;
}

/** The prettify class's language (`lang-cpp`) when the table names none. */
const classLanguage = (attrs: string): string | null => /\blang-([\w+#.-]{1,20})\b/.exec(attrs)?.[1] ?? null;

/** The code and language of a submission page; an error in words when the page is not one. */
export function parseCodeforcesSubmission(html: string, submissionId: string): CodeRead {
  if (/<title>\s*Just a moment/i.test(html) || html.includes('_cf_chl_opt')) return codeFailure('Codeforces asked for a browser check.');
  const pre = /<pre\b([^>]*\bid=["']program-source-text["'][^>]*)>([\s\S]*?)<\/pre>/i.exec(html);
  if (!pre) {
    if (/\/enter\b|name="handleOrEmail"/.test(html)) return codeFailure('Sign in on Codeforces in this browser to read your code.', true);
    return codeFailure('This Codeforces page shows no source: the submission page may have changed.');
  }
  const attrs = pre[1] ?? '';
  // The source is escaped text. A copy saved after the page's highlighter ran has its lines in <li> and its
  // tokens in <span>: that markup is dropped. Anything else that looks like a tag is the code's own text.
  let raw = pre[2] ?? '';
  if (/<(?:span|li|ol)\b[^>]*>/i.test(raw)) raw = raw.replace(/<\/li>/gi, '\n').replace(/<\/?(?:span|li|ol)\b[^>]*>/gi, '');
  const code = decodeHTML(raw).replace(/\r\n?/g, '\n');
  if (!code.trim()) return codeFailure('The submission page shows an empty source.');
  const language = rowLanguage(html, submissionId) ?? classLanguage(attrs);
  if (!language) return codeFailure('The submission page names no language.');
  return codeRead(code, language);
}
