import { monogramIcon } from './icon';
import type { Platform } from './types';
import { pathSegments, slugOf } from './url';

const COLOR = '#1E88E5';

export const interviewbit: Platform = {
  id: 'interviewbit',
  numericId: 5,
  name: 'InterviewBit',
  profileUrlBase: 'https://www.interviewbit.com/profile/',
  hosts: ['www.interviewbit.com', 'interviewbit.com'],
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
