import { ApiError, apiClient, TOKEN_KEY, unwrap } from '../lib/api';
import type { HandlerDeps } from './types';

// The toolbar badge: how many questions are due for review now. Refreshed at start-up, on signing in,
// after a tick, star or rating made through the extension (queue.ts), on an alarm (background.ts), and
// by the popup's review facts; cleared when signed out or nothing is due.

/** The badge's text for a number due ('' hides it; the badge has room for about four characters). */
export const badgeText = (due: number) => (due <= 0 ? '' : due > 999 ? '999+' : String(due));

export function showDue(deps: HandlerDeps, due: number) {
  deps.badge?.(badgeText(due));
}

export function clearBadge(deps: HandlerDeps) {
  deps.badge?.('');
}

// One refresh at a time per background: a refresh asked for while one runs runs once after it.
const running = new WeakMap<HandlerDeps, { again: boolean }>();

/** Asks the API how many questions are due and shows it. Failures leave the badge as it was. */
export async function refreshBadge(deps: HandlerDeps): Promise<void> {
  if (!deps.badge) return;
  const current = running.get(deps);
  if (current) {
    current.again = true;
    return;
  }
  const state = { again: true };
  running.set(deps, state);
  try {
    while (state.again) {
      state.again = false;
      if (!(await deps.local.get<string>(TOKEN_KEY))) {
        clearBadge(deps);
        continue;
      }
      try {
        const client = await apiClient(deps.local, deps.fetch);
        showDue(deps, (await unwrap(client['question-tracker'].v1.user.review.count.$get())).due);
      } catch (err) {
        // The token no longer works: nothing of that account's is shown. Offline: the next refresh tries again.
        if (err instanceof ApiError && err.code === 401) clearBadge(deps);
      }
    }
  } finally {
    running.delete(deps);
  }
}
