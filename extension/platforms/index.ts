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
import { bounded, emptyDetails, isInterstitial, type DomReader, type PageDetails } from './types';

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

/**
 * What the page shows of its problem, by the platform's reader, as bounded plain text; empty when there
 * is no reader, it fails, or the page is a bot check, an error page or a login wall served at the URL.
 * Null while the page still shows another problem than its URL (see DomReader).
 */
export function readPageDetails(platform: string, doc: Document): PageDetails | null {
  const reader = domReaders[platform as PlatformId];
  try {
    if (!reader || isInterstitial(doc)) return emptyDetails();
    const details = reader(doc);
    return details && bounded(details);
  } catch {
    // A page we cannot read still yields the problem from its URL.
    return emptyDetails();
  }
}
