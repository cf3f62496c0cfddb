import { codeforcesFacts } from '@shared/platforms/codeforces';
import { leetcodeFacts } from '@shared/platforms/leetcode';
import { isOneOf } from '@shared/platforms/url';
import { countVisibleTime } from '../lib/visible-time';
import type { ContentFeature } from './types';

/**
 * The time a problem's tab is visible, on the judges whose verdicts the extension reads: kept per problem
 * per day by the background, and sent with the problem's Accepted solution as its time spent.
 */
export const visibleTimeFeature: ContentFeature = {
  id: 'visible-time',
  runsOn: (url) => isOneOf([...leetcodeFacts.hosts, ...codeforcesFacts.hosts], url.hostname),
  start({ window, signal, send, onLocationChange }) {
    countVisibleTime(window, signal, send, onLocationChange);
  },
};
