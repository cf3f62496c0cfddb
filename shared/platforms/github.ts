import { monogramIcon } from './icon';
import type { JudgeFacts, Platform } from './types';

const COLOR = '#181717';

/** A profile platform only: it has no problems and claims no hosts for problem parsing. */
/** Where GitHub is, and by which readers it is read: its API is where solution exports go. */
export const githubFacts = {
  hosts: [],
  origins: {
    site: 'https://github.com',
    api: 'https://api.github.com',
  },
  readers: {
    page: { missing: 'GitHub is a profile link here, not a judge.' },
    history: { missing: 'Not available: GitHub is a profile link here, not a judge with problems.' },
    verdict: { missing: 'GitHub is a profile link here, not a judge.' },
    server: { missing: 'GitHub is not a judge' },
    problems: { missing: 'GitHub is a profile link here, not a judge.' },
    solves: { missing: 'GitHub is a profile link here, not a judge.' },
  },
} as const satisfies JudgeFacts;

export const github: Platform = {
  ...githubFacts,
  id: 'github',
  name: 'GitHub',
  profileUrlBase: 'https://github.com/',
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
