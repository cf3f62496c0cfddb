import { browser } from 'wxt/browser';
import { answerNotice, layoutNotice, type PageDiagnosis } from '@shared/schemas/health';
import type { PageMessage, Send } from '@shared/schemas/messages';
import { browserVersion, diagnosticText } from '../../lib/diagnostic';
import { h } from '../../lib/dom';
import type { PopupTarget } from './boot';

const versions = () => ({ extension: browser.runtime.getManifest().version, browser: browserVersion(navigator.userAgent) });

/**
 * The popup's notice for a page of the tab that the extension did not understand (a layout new to its
 * reader): it says so plainly and offers the diagnostic to copy, shown in full so nobody has to trust
 * what it holds. Hidden while there is nothing to say.
 */
export function createLayoutNotice(send: Send<PageMessage>, target: Promise<PopupTarget>, about = versions): HTMLElement {
  const message = h('p', { class: 'notice-text' });
  const copied = h('span', { class: 'muted', role: 'status' });
  const text = h('pre', { class: 'diagnostic', 'data-testid': 'layout-diagnostic', tabindex: 0 });
  const details = h('details', null, h('summary', null, 'What the diagnostic holds'), text);
  const copyButton = h('button', { type: 'button', onclick: () => void copy() }, 'Copy diagnostic');
  const section = h(
    'section',
    { class: 'card notice', 'aria-label': 'Page not understood', 'data-testid': 'layout-notice', hidden: true },
    message,
    h('div', { class: 'row' }, copyButton, copied),
    details,
  );

  async function copy() {
    try {
      await navigator.clipboard.writeText(text.textContent);
      copied.textContent = 'Copied';
    } catch {
      // No clipboard access: the text is there to select and copy by hand.
      details.open = true;
      getSelection()?.selectAllChildren(text);
      copied.textContent = 'Select the text below and copy it';
    }
  }

  function show(d: PageDiagnosis | null) {
    if (!d?.judge) return;
    message.textContent = d.answer ? answerNotice(d.judge) : layoutNotice(d.judge);
    text.textContent = diagnosticText(d, about());
    section.hidden = false;
  }

  target
    .then((t) => (t.tabId === null ? null : send({ type: 'health:tab', tabId: t.tabId })))
    .then(show)
    .catch(() => undefined);
  return section;
}
