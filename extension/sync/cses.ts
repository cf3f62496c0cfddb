import { csesFacts } from '@shared/platforms/cses';
import { commonTrouble, failed, lastPage, signedOut, str, toSubmission, unknownShape } from './read';
import type { HistoryReader } from './types';

/**
 * CSES has no API. Signed in, its problem set list (https://cses.fi/problemset/) marks each task the
 * user has solved: <li class="task"><a href="/problemset/task/1068">Weird Algorithm</a>
 * <span class="detail">…</span><span class="task-score icon full"></span></li> ("zero": tried, not
 * solved; no modifier: not tried), in sections headed by <h2>. The page gives no dates, so every solve
 * is dated by the sync itself: the API keeps an earlier date it already has, but an incremental sync
 * cannot tell new solves from old. Signed out, the header's account link goes to /login.
 */
export type CsesCursor = never;

const JUDGE = 'CSES';

export const csesReader: HistoryReader<CsesCursor> = {
  platform: 'cses',
  needs: 'session',
  origins: ['cses'],
  delayMs: csesFacts.politeIntervalMs,
  dates: 'sync-time',
  plan(_state, origins) {
    return { url: `${origins.cses}/problemset/`, method: 'GET', credentials: 'include' };
  },
  parse(answer, _state, ctx) {
    const trouble = commonTrouble<CsesCursor>(JUDGE, answer);
    if (trouble) return trouble;
    if (answer.status >= 400) return failed(`CSES answered ${answer.status}: try again later.`);
    const doc = ctx.parseHtml?.(answer.body);
    if (!doc) return failed('CSES history needs an HTML parser (run it where DOMParser exists).');
    const account = doc.querySelector('.controls a.account, a.account');
    if (account?.getAttribute('href')?.replace(/\/+$/, '') === '/login') return signedOut();
    const tasks = Array.from(doc.querySelectorAll('ul.task-list li.task'));
    if (!account || tasks.length === 0) return failed(unknownShape(JUDGE, 'no account link or no task list'));
    const solvedAt = ctx.now.toISOString();
    const items = tasks.map((li) => {
      const link = li.querySelector('a[href*="/problemset/task/"]');
      const href = link?.getAttribute('href');
      if (!href || !li.querySelector('.task-score.full')) return null;
      // The section's heading is the <h2> just before the task's list.
      const list = li.closest('ul.task-list');
      const heading = list?.previousElementSibling?.matches('h2') ? str(list.previousElementSibling.textContent) : undefined;
      return toSubmission('cses', { url: new URL(href, `${csesFacts.origins.site}/`).href, solvedAt, name: str(link?.textContent), topics: heading ? [heading] : [] });
    });
    return lastPage(items);
  },
};
