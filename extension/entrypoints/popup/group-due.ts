import { dueLabel } from '@shared/rules/groups';
import type { PageMessage, Send } from '@shared/schemas/messages';
import type { GroupDue } from '@shared/schemas/message-replies';
import { h, syncChildren } from '../../lib/dom';

/**
 * The popup's "due Friday" line on a problem page that one of the user's group assignments holds. It
 * asks the background once per page and redraws only itself.
 */
export function createGroupDue(send: Send<PageMessage>, now: () => Date = () => new Date()) {
  const element = h('section', { class: 'card', 'aria-label': 'Group assignments', 'data-testid': 'group-due', hidden: true });
  let askedFor: string | null = null;

  function draw(due: GroupDue[]) {
    element.hidden = due.length === 0;
    syncChildren(
      element,
      due.slice(0, 3).map((d) =>
        h('div', { class: 'group-due-row' }, h('strong', { 'data-testid': 'group-due-when' }, dueLabel(d.dueAt, now())), h('span', { class: 'muted' }, ` · ${d.groupName} · ${d.sheetName}`)),
      ),
    );
  }

  return {
    element,
    /** The page's URL while signed in on a problem page; undefined otherwise (nothing is shown then). */
    update(url: string | undefined) {
      if (url === undefined) {
        askedFor = null;
        draw([]);
        return;
      }
      if (url === askedFor) return;
      askedFor = url;
      send({ type: 'groups:due', url })
        .then((due) => {
          if (askedFor === url) draw(due);
        })
        .catch(() => draw([]));
    },
  };
}
