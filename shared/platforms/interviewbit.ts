import { monogramIcon } from './icon';
import { type JudgeFacts, NO_READER, type Platform } from './types';
import { pathSegments, slugOf } from './url';

const COLOR = '#1E88E5';

/** Where InterviewBit is read from, how politely, and by which readers. */
const interviewbitFacts = {
  hosts: ['www.interviewbit.com', 'interviewbit.com'],
  origins: {
    site: 'https://www.interviewbit.com',
  },
  readers: {
    page: true,
    history: { missing: 'Not available: InterviewBit publishes only solved counts per course (its profile API), not which problems were solved or when.' },
    verdict: NO_READER.noVerdictAnswer,
    server: { missing: 'InterviewBit has no public profile data (its profile pages need a session)' },
    problems: NO_READER.noRatedList,
    solves: NO_READER.noContestSolves,
  },
} as const satisfies JudgeFacts;

export const interviewbit: Platform = {
  ...interviewbitFacts,
  id: 'interviewbit',
  numericId: 5,
  name: 'InterviewBit',
  profileUrlBase: 'https://www.interviewbit.com/profile/',
  icon: monogramIcon('IB', COLOR),
  color: COLOR,
  problemSource: true,
  parse(url) {
    const s = pathSegments(url);
    const slug = s && s.length === 2 && s[0] === 'problems' ? slugOf(s[1]) : null;
    return slug ? { key: slug, url: `https://www.interviewbit.com/problems/${slug}/` } : null;
  },
  examples: [
    { url: 'https://www.interviewbit.com/problems/colorful-number/', key: 'colorful-number', canonical: 'https://www.interviewbit.com/problems/colorful-number/' },
    { url: 'interviewbit.com/problems/colorful-number', key: 'colorful-number', canonical: 'https://www.interviewbit.com/problems/colorful-number/' },
    { url: 'http://WWW.InterviewBit.com/problems/Colorful-Number/?ref=similar_problems', key: 'colorful-number', canonical: 'https://www.interviewbit.com/problems/colorful-number/' },
    { url: 'https://www.interviewbit.com/problems/colorful-number#hints', key: 'colorful-number', canonical: 'https://www.interviewbit.com/problems/colorful-number/' },
    { url: ' https://www.interviewbit.com/problems/colorful-number// ', key: 'colorful-number', canonical: 'https://www.interviewbit.com/problems/colorful-number/' },
    { url: 'https://www.interviewbit.com/problems/2-sum/', key: '2-sum', canonical: 'https://www.interviewbit.com/problems/2-sum/' },
    { url: 'https://interviewbit.com/problems/2-sum', key: '2-sum', canonical: 'https://www.interviewbit.com/problems/2-sum/' },
  ],
  nonProblems: [
    'https://www.interviewbit.com/',
    'https://www.interviewbit.com/problems/',
    'https://www.interviewbit.com/courses/programming/',
    'https://www.interviewbit.com/courses/programming/arrays/',
    'https://www.interviewbit.com/practice/',
    'https://www.interviewbit.com/problems/colorful-number/extra/',
    'https://www.interviewbit.com/profile/someone',
  ],
};
