import { monogramIcon } from './icon';
import type { Platform } from './types';

const COLOR = '#181717';

/** A profile platform only: it has no problems and claims no hosts for problem parsing. */
export const github: Platform = {
  id: 'github',
  name: 'GitHub',
  profileUrlBase: 'https://github.com/',
  hosts: [],
  icon: monogramIcon('GH', COLOR),
  color: COLOR,
  problemSource: false,
  parse: () => null,
  examples: [],
  nonProblems: [
    'https://github.com/',
    'https://github.com/torvalds',
    'https://github.com/torvalds/linux',
    'https://github.com/torvalds/linux/blob/master/README',
    'https://github.com/kamyu104/LeetCode-Solutions/blob/master/Python/two-sum.py',
    'https://gist.github.com/someone/0123456789abcdef',
  ],
};
