import type { PlatformId } from '@shared/platforms/types';
import { readCodeforces } from './codeforces.dom';
import { readLeetcode } from './leetcode.dom';
import type { DomReader } from './types';

/** One DOM reader per platform; a platform without one is still detected from its URL. */
export const domReaders: Partial<Record<PlatformId, DomReader>> = {
  leetcode: readLeetcode,
  codeforces: readCodeforces,
};
