import type { PlatformId } from '@shared/platforms/types';
import { readAtcoder, selectors as atcoder } from './atcoder.dom';
import { readCodechef, selectors as codechef } from './codechef.dom';
import { readCodeforces, selectors as codeforces } from './codeforces.dom';
import { readCodestudio, selectors as codestudio } from './codestudio.dom';
import { readCses, selectors as cses } from './cses.dom';
import { readGeeksforgeeks, selectors as geeksforgeeks } from './geeksforgeeks.dom';
import { readHackerearth, selectors as hackerearth } from './hackerearth.dom';
import { readHackerrank, selectors as hackerrank } from './hackerrank.dom';
import { readInterviewbit, selectors as interviewbit } from './interviewbit.dom';
import { readLeetcode, selectors as leetcode, statementlessPaths as leetcodeStatementless } from './leetcode.dom';
import { readSpoj, selectors as spoj } from './spoj.dom';
import { readTopcoder, selectors as topcoder } from './topcoder.dom';
import { readTuf, selectors as tuf } from './tuf.dom';
import { emptyDetails, readWith, type PageDetails, type PageReader } from './types';

/** One DOM reader per platform with its selector table; a platform without one is still detected from its URL. */
export const domReaders: Partial<Record<PlatformId, PageReader>> = {
  leetcode: [readLeetcode, leetcode],
  codeforces: [readCodeforces, codeforces],
  geeksforgeeks: [readGeeksforgeeks, geeksforgeeks],
  codechef: [readCodechef, codechef],
  atcoder: [readAtcoder, atcoder],
  cses: [readCses, cses],
  hackerrank: [readHackerrank, hackerrank],
  interviewbit: [readInterviewbit, interviewbit],
  codestudio: [readCodestudio, codestudio],
  tuf: [readTuf, tuf],
  spoj: [readSpoj, spoj],
  topcoder: [readTopcoder, topcoder],
  hackerearth: [readHackerearth, hackerearth],
};

/** Paths of a judge's problem views that show no statement by design: there a name alone is understood. */
export const statementlessViews: Partial<Record<PlatformId, RegExp>> = { leetcode: leetcodeStatementless };

/** What the page shows of its problem, by the platform's reader (readWith); empty when it has none. */
export function readPageDetails(platform: string, doc: Document): PageDetails | null {
  const reader = domReaders[platform as PlatformId];
  return reader ? readWith(reader, doc) : emptyDetails();
}
