import type { PlatformId } from '@shared/platforms/types';
import { readAtcoder } from './atcoder.dom';
import { readCodechef } from './codechef.dom';
import { readCodeforces } from './codeforces.dom';
import { readCodestudio } from './codestudio.dom';
import { readCses } from './cses.dom';
import { readGeeksforgeeks } from './geeksforgeeks.dom';
import { readHackerearth } from './hackerearth.dom';
import { readHackerrank } from './hackerrank.dom';
import { readInterviewbit } from './interviewbit.dom';
import { readLeetcode } from './leetcode.dom';
import { readSpoj } from './spoj.dom';
import { readTopcoder } from './topcoder.dom';
import { readTuf } from './tuf.dom';
import { emptyDetails, type DomReader, type PageDetails } from './types';

/** One DOM reader per platform; a platform without one is still detected from its URL. */
export const domReaders: Partial<Record<PlatformId, DomReader>> = {
  leetcode: readLeetcode,
  codeforces: readCodeforces,
  geeksforgeeks: readGeeksforgeeks,
  codechef: readCodechef,
  atcoder: readAtcoder,
  cses: readCses,
  hackerrank: readHackerrank,
  interviewbit: readInterviewbit,
  codestudio: readCodestudio,
  tuf: readTuf,
  spoj: readSpoj,
  topcoder: readTopcoder,
  hackerearth: readHackerearth,
};

/** What the page shows of its problem, by the platform's reader; empty when there is none or it fails. */
export function readPageDetails(platform: string, doc: Document): PageDetails {
  const reader = domReaders[platform as PlatformId];
  if (!reader) return emptyDetails();
  try {
    return reader(doc);
  } catch {
    // A page we cannot read still yields the problem from its URL.
    return emptyDetails();
  }
}
