import { platformById } from '@shared/platforms/index';
import { PRACTICE_PLATFORMS, type PracticePlatform } from '@shared/rules/practice';
import { apiClient, unwrap } from '../lib/api';
import { reached } from './queue';
import { defineArea } from './types';

// The popup's "Try next" card: one recommended problem from the tracker (judges are never asked from here).

const isPractice = (p: string | undefined): p is PracticePlatform => !!p && (PRACTICE_PLATFORMS as readonly string[]).includes(p);

export const practiceArea = defineArea('practice', {
  'practice:recommend': async (m, { deps }) => {
    const client = await apiClient(deps.local, deps.fetch);
    const user = client['question-tracker'].v1.user;
    let platform: PracticePlatform = 'codeforces';
    if (isPractice(m.platform)) platform = m.platform;
    else {
      // Off a rated judge's page: the user's main judge, the first linked account with a rating.
      const { accounts } = await unwrap(user.accounts.$get());
      const rated = [...accounts].sort((a, b) => Number(b.rating !== null) - Number(a.rating !== null)).find((a) => isPractice(a.platform));
      if (rated && isPractice(rated.platform)) platform = rated.platform;
    }
    const answer = await unwrap(user.recommendations.$get({ query: { platform, band: 'moderate', limit: '1' } }));
    return reached(deps, { platform, judge: platformById(platform)?.name ?? platform, item: answer.items[0] ?? null, note: answer.note });
  },
});
