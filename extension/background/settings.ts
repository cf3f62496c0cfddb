import type { Settings } from '@shared/schemas/messages';
import { getSettings, SETTINGS_KEY } from '../lib/api';
import { signOut } from './auth';
import { queueFor } from './queue';
import { defineArea, done, fail } from './types';

// The extension's settings: the API address, auto-tick, asking how it went after an Accepted verdict, and
// keeping the accepted code.

export const settingsArea = defineArea('settings', {
  'settings:get': async (_m, { deps }) => done(await getSettings(deps.local)),
  'settings:set': async (m, { deps }) => {
    const current = await getSettings(deps.local);
    const next: Settings = {
      ...current,
      ...(m.autoTick !== undefined && { autoTick: m.autoTick }),
      ...(m.askRating !== undefined && { askRating: m.askRating }),
      ...(m.keepCode !== undefined && { keepCode: m.keepCode }),
    };
    if (m.apiBaseUrl !== undefined) {
      const url = new URL(m.apiBaseUrl);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('The API address must start with http:// or https://');
      next.apiBaseUrl = url.origin;
    }
    await deps.local.set(SETTINGS_KEY, next);
    if (next.apiBaseUrl !== current.apiBaseUrl) {
      // A different server means a different account, and nothing waiting is for it.
      await signOut(deps);
      await queueFor(deps).clear();
    }
    return done(next);
  },
});
