import type { PlatformId } from '@shared/platforms/types';
import { readAtcoder, atcoderStatement } from './atcoder.dom';
import { readCodechef, codechefStatement } from './codechef.dom';
import { readCodeforces, codeforcesStatement } from './codeforces.dom';
import { readCodestudio, codestudioStatement } from './codestudio.dom';
import { readCses, csesStatement } from './cses.dom';
import { readGeeksforgeeks, geeksforgeeksStatement } from './geeksforgeeks.dom';
import { readHackerearth, hackerearthStatement } from './hackerearth.dom';
import { readHackerrank, hackerrankStatement } from './hackerrank.dom';
import { readInterviewbit, interviewbitStatement } from './interviewbit.dom';
import { readLeetcode, leetcodeStatement } from './leetcode.dom';
import { readSpoj, spojStatement } from './spoj.dom';
import { readTopcoder, topcoderStatement } from './topcoder.dom';
import { readTuf, tufStatement } from './tuf.dom';
import { emptyDetails, readWith, type PageDetails, type PageReader } from './types';

/** One DOM reader per platform with its statement's selector; a platform without one is still detected from its URL. */
export const domReaders: Partial<Record<PlatformId, PageReader>> = {
  leetcode: [readLeetcode, leetcodeStatement],
  codeforces: [readCodeforces, codeforcesStatement],
  geeksforgeeks: [readGeeksforgeeks, geeksforgeeksStatement],
  codechef: [readCodechef, codechefStatement],
  atcoder: [readAtcoder, atcoderStatement],
  cses: [readCses, csesStatement],
  hackerrank: [readHackerrank, hackerrankStatement],
  interviewbit: [readInterviewbit, interviewbitStatement],
  codestudio: [readCodestudio, codestudioStatement],
  tuf: [readTuf, tufStatement],
  spoj: [readSpoj, spojStatement],
  topcoder: [readTopcoder, topcoderStatement],
  hackerearth: [readHackerearth, hackerearthStatement],
};

/** What the page shows of its problem, by the platform's reader (readWith); empty when it has none. */
export function readPageDetails(platform: string, doc: Document): PageDetails | null {
  const reader = domReaders[platform as PlatformId];
  return reader ? readWith(reader, doc) : emptyDetails();
}
