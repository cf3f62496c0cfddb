import type { PageMessage, Send } from '@shared/schemas/messages';
import type { PracticePick } from '@shared/schemas/message-replies';
import { h, syncChildren } from '../../lib/dom';

/**
 * The popup's "Try next" card: one recommended problem for the judge of the page (or the user's main
 * judge). It asks the background once per judge and redraws only itself.
 */
export function createRecommendation(send: Send<PageMessage>) {
  const element = h('section', { class: 'card', 'aria-label': 'Try next', 'data-testid': 'try-next', hidden: true });
  let askedFor: string | null = null;

  function draw(pick: PracticePick | null) {
    if (!pick || (!pick.item && !pick.note)) {
      element.hidden = true;
      return;
    }
    element.hidden = false;
    const title = h('span', { class: 'muted' }, `Try next on ${pick.judge}`);
    if (!pick.item) {
      syncChildren(element, [title, h('span', { class: 'muted', 'data-testid': 'try-next-note' }, pick.note ?? '')]);
      return;
    }
    const item = pick.item;
    // Only a judge's own https link is followed from here.
    const link = /^https:\/\//.test(item.url) ? h('a', { href: item.url, target: '_blank', rel: 'noopener noreferrer', 'data-testid': 'try-next-link' }, item.name) : h('span', null, item.name);
    syncChildren(element, [title, link, h('span', { class: 'muted' }, `${item.estimated ? '≈' : ''}${item.difficulty} · ${Math.round(item.solveProbability * 100)}% to solve`)]);
  }

  return {
    element,
    /** The page's judge (null off a judge's page), or undefined while signed out: nothing is shown then. */
    update(platform: string | null | undefined) {
      if (platform === undefined) {
        askedFor = null;
        draw(null);
        return;
      }
      const key = platform ?? '';
      if (key === askedFor) return;
      askedFor = key;
      send({ type: 'practice:recommend', ...(platform && { platform }) })
        .then((pick) => {
          if (askedFor === key) draw(pick);
        })
        .catch(() => draw(null));
    },
  };
}
