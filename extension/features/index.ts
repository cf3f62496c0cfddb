import { codeforcesVerdictFeature } from './codeforces-verdict';
import { detectProblemFeature } from './detect-problem';
import { leetcodeCsrfFeature } from './leetcode-csrf';
import { leetcodeVerdictFeature } from './leetcode-verdict';
import type { ContentFeature } from './types';

/** Every content feature, in start order. Adding a feature is one file plus one line here. */
export const contentFeatures: readonly ContentFeature[] = [detectProblemFeature, leetcodeVerdictFeature, leetcodeCsrfFeature, codeforcesVerdictFeature];
