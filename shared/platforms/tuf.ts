import { monogramIcon } from './icon';
import { type JudgeFacts, NO_READER, type Platform } from './types';
import { allSlugs, pathSegments, slugOf } from './url';

const COLOR = '#DB2D2D';

/** Where takeUforward is read from, how politely, and by which readers. */
const tufFacts = {
  hosts: ['takeuforward.org', 'www.takeuforward.org'],
  origins: {
    site: 'https://takeuforward.org',
  },
  readers: {
    page: true,
    history: { missing: "Not available: TUF+ keeps progress inside the signed-in app, with no endpoint known to list a user's solved problems." },
    verdict: NO_READER.noVerdictAnswer,
    server: { missing: 'takeUforward has no public profile data' },
    problems: NO_READER.noRatedList,
    solves: NO_READER.noContestSolves,
  },
} as const satisfies JudgeFacts;

export const tuf: Platform = {
  ...tufFacts,
  id: 'tuf',
  numericId: 9,
  name: 'TUF',
  profileUrlBase: 'https://takeuforward.org/profile/',
  icon: monogramIcon('TUF', COLOR),
  color: COLOR,
  problemSource: true,
  parse(url) {
    // /plus/{...}/problems/{slug}: articles elsewhere on the site are not problems.
    const s = pathSegments(url);
    if (!s || s.length < 3 || s[0] !== 'plus' || s[s.length - 2] !== 'problems') return null;
    const slug = slugOf(s[s.length - 1]);
    if (!slug || !allSlugs(s.slice(1, -2))) return null;
    return { key: slug, url: `https://takeuforward.org/plus/dsa/problems/${slug}` };
  },
  examples: [
    { url: 'https://takeuforward.org/plus/dsa/problems/two-sum', key: 'two-sum', canonical: 'https://takeuforward.org/plus/dsa/problems/two-sum' },
    { url: 'takeuforward.org/plus/dsa/problems/two-sum/', key: 'two-sum', canonical: 'https://takeuforward.org/plus/dsa/problems/two-sum' },
    { url: 'http://www.takeuforward.org/plus/dsa/problems/Two-Sum?tab=editorial', key: 'two-sum', canonical: 'https://takeuforward.org/plus/dsa/problems/two-sum' },
    { url: 'https://takeuforward.org/plus/dsa/problems/two-sum#submissions', key: 'two-sum', canonical: 'https://takeuforward.org/plus/dsa/problems/two-sum' },
    { url: 'https://takeuforward.org/plus/dsa/arrays/problems/two-sum', key: 'two-sum', canonical: 'https://takeuforward.org/plus/dsa/problems/two-sum' },
    { url: 'https://takeuforward.org/plus/problems/two-sum', key: 'two-sum', canonical: 'https://takeuforward.org/plus/dsa/problems/two-sum' },
    { url: 'https://takeuforward.org/plus/dsa/problems/majority-element', key: 'majority-element', canonical: 'https://takeuforward.org/plus/dsa/problems/majority-element' },
    { url: 'https://takeuforward.org/plus/dsa/problems/majority-element?tab=submissions', key: 'majority-element', canonical: 'https://takeuforward.org/plus/dsa/problems/majority-element' },
  ],
  nonProblems: [
    'https://takeuforward.org/',
    'https://takeuforward.org/data-structure/two-sum-check-if-a-pair-with-given-sum-exists-in-array/',
    'https://takeuforward.org/strivers-a2z-dsa-course/strivers-a2z-dsa-course-sheet-2/',
    'https://takeuforward.org/plus/dsa/problems',
    'https://takeuforward.org/plus/dsa',
    'https://takeuforward.org/plus',
    'https://takeuforward.org/problems/two-sum',
    'https://takeuforward.org/plus/dsa/problems/two-sum/extra',
  ],
};
