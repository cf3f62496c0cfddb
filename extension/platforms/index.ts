import type { PlatformId } from '@shared/platforms/types';
import { atcoderReader } from './atcoder.dom';
import { codechefReader } from './codechef.dom';
import { codeforcesReader } from './codeforces.dom';
import { codestudioReader } from './codestudio.dom';
import { csesReader } from './cses.dom';
import { geeksforgeeksReader } from './geeksforgeeks.dom';
import { hackerearthReader } from './hackerearth.dom';
import { hackerrankReader } from './hackerrank.dom';
import { interviewbitReader } from './interviewbit.dom';
import { leetcodeReader } from './leetcode.dom';
import { spojReader } from './spoj.dom';
import { topcoderReader } from './topcoder.dom';
import { tufReader } from './tuf.dom';
import { bounded, emptyDetails, isInterstitial, type PageDetails, type PageReader } from './types';

/** One DOM reader per platform, with its statement's selector; a platform without one is still detected from its URL. */
export const domReaders: Partial<Record<PlatformId, PageReader>> = {
  leetcode: leetcodeReader,
  codeforces: codeforcesReader,
  geeksforgeeks: geeksforgeeksReader,
  codechef: codechefReader,
  atcoder: atcoderReader,
  cses: csesReader,
  hackerrank: hackerrankReader,
  interviewbit: interviewbitReader,
  codestudio: codestudioReader,
  tuf: tufReader,
  spoj: spojReader,
  topcoder: topcoderReader,
  hackerearth: hackerearthReader,
};

/**
 * What the page shows of its problem, by the platform's reader, as bounded plain text; empty when there
 * is no reader, it fails, or the page is a bot check, an error page or a login wall served at the URL.
 * Null while the page still shows another problem than its URL (see DomReader).
 */
export function readPageDetails(platform: string, doc: Document): PageDetails | null {
  const reader = domReaders[platform as PlatformId];
  try {
    if (!reader || isInterstitial(doc, reader.statement)) return emptyDetails();
    const details = reader.read(doc);
    return details && bounded(details);
  } catch {
    // A page we cannot read still yields the problem from its URL.
    return emptyDetails();
  }
}
