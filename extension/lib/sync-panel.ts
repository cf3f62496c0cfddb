import type { PageMessage, Send } from '@shared/schemas/messages';
import type { SyncJudge, SyncOverview } from '@shared/schemas/sync';
import { syncAccountText, syncLastText, syncStateText, syncSummaryText } from '@shared/rules/sync';
import { h, setProp, syncChildren } from './dom';

/** How often the panel asks how a running sync is doing. */
const POLL_MS = 1000;

interface JudgeRow {
  li: HTMLLIElement;
  account: HTMLElement;
  last: HTMLElement;
  state: HTMLElement;
  summary: HTMLElement;
  sync: HTMLButtonElement;
  handleForm: HTMLFormElement;
  handleInput: HTMLInputElement;
  code: HTMLLabelElement;
  codeBox: HTMLInputElement;
}

/**
 * "Sync solved problems" in the popup and the options page: the judges with their state, a Sync button
 * each and Sync all, the running sync's progress, Cancel, and each judge's summary. Plain DOM (the popup
 * loads it only when asked); the background runs the sync, so closing the panel does not stop it.
 */
export function createSyncPanel(send: Send<PageMessage>, options: { autoSync?: boolean } = {}) {
  let data: SyncOverview | null = null;
  let timer = 0;
  let error: string | null = null;
  const rows = new Map<string, JudgeRow>();

  const heading = h('h2', { id: 'sync-heading' }, 'Sync solved problems');
  const intro = h('p', { class: 'muted' }, 'Brings the problems you solved on the judges into your workspace, with the dates you solved them.');
  const status = h('div', { role: 'status', 'aria-live': 'polite', 'data-testid': 'sync-progress' });
  const errorLine = h('div', { class: 'error', role: 'alert' });
  const syncAll = h('button', { class: 'primary', type: 'button', onclick: () => void start(undefined) }, 'Sync all');
  const cancel = h('button', { type: 'button', onclick: () => void act(() => send({ type: 'sync:cancel' })) }, 'Cancel');
  const controls = h('div', { class: 'row' });
  const list = h('ul', { class: 'sync-list', 'aria-labelledby': 'sync-heading' });
  const autoBox = h('input', {
    type: 'checkbox',
    onchange: (e) => void act(() => send({ type: 'sync:auto', autoSync: (e.target as HTMLInputElement).checked ? 'daily' : 'off' })),
  });
  const auto = h('label', { class: 'toggle' }, autoBox, 'Sync every day (the judges synced before, only what is new)');
  const unavailable = h('ul', { class: 'sync-list muted' });
  const more = h('details', null, h('summary', null, 'Judges without a history sync'), unavailable);
  const element = h('section', { class: 'card sync-panel', 'aria-labelledby': 'sync-heading', 'data-testid': 'sync-panel' });

  async function act(call: () => Promise<SyncOverview>) {
    try {
      show(await call());
      error = null;
    } catch (err) {
      error = (err as Error).message;
      render();
    }
  }

  function start(platforms: string[] | undefined) {
    return act(() => send({ type: 'sync:start', ...(platforms && { platforms }) }));
  }

  function show(next: SyncOverview) {
    data = next;
    render();
    window.clearTimeout(timer);
    if (next.running) timer = window.setTimeout(() => void act(() => send({ type: 'sync:status' })), POLL_MS);
  }

  function row(j: SyncJudge): JudgeRow {
    let r = rows.get(j.platform);
    if (r) return r;
    const handleInput = h('input', { name: 'handle', autocomplete: 'off', 'aria-label': `${j.name} handle`, placeholder: `${j.name} handle` });
    const handleForm = h(
      'form',
      {
        class: 'row',
        onsubmit: (e) => {
          e.preventDefault();
          void act(() => send({ type: 'sync:handle', platform: j.platform, handle: handleInput.value.trim() }));
        },
      },
      handleInput,
      h('button', { type: 'submit' }, 'Save'),
    );
    const codeBox = h('input', {
      type: 'checkbox',
      onchange: (e) => void act(() => send({ type: 'sync:code', platform: j.platform, keep: (e.target as HTMLInputElement).checked })),
    });
    r = {
      code: h('label', { class: 'toggle', 'data-testid': 'sync-code' }, codeBox, `Also bring my accepted code (one more request per solved problem, at ${j.name}'s pace)`),
      codeBox,
      li: h('li', { class: 'sync-judge', 'data-platform': j.platform, 'aria-label': j.name }),
      account: h('span', { 'data-testid': 'sync-account' }),
      last: h('span', { class: 'muted', 'data-testid': 'sync-last' }),
      state: h('div', { 'data-testid': 'sync-state' }),
      summary: h('div', { 'data-testid': 'sync-summary' }),
      sync: h('button', { type: 'button', 'aria-label': `Sync ${j.name}`, onclick: () => void start([j.platform]) }, 'Sync'),
      handleForm,
      handleInput,
    };
    rows.set(j.platform, r);
    return r;
  }

  function render() {
    const running = !!data?.running;
    const judges = data?.judges ?? [];
    const current = judges.find((j) => j.state === 'running');
    status.textContent = !data ? 'Loading…' : current ? `Syncing ${syncStateText(current) ?? current.name}` : running ? 'Syncing…' : '';
    errorLine.textContent = error ?? (data && !data.account ? 'Sign in to the tracker first: the problems go to that account.' : '');
    syncAll.disabled = running || !data?.account;
    syncChildren(controls, [syncAll, running && cancel]);
    autoBox.checked = data?.autoSync === 'daily';

    const items: HTMLElement[] = [];
    const others: HTMLElement[] = [];
    for (const j of judges) {
      if (j.account === 'unavailable') {
        others.push(h('li', null, h('strong', null, j.name), ': ', j.message ?? ''));
        continue;
      }
      const r = row(j);
      r.account.textContent = syncAccountText(j);
      r.last.textContent = syncLastText(j);
      const stateText = syncStateText(j);
      r.state.textContent = stateText ?? '';
      setProp(r.state, 'class', j.state === 'error' || j.state === 'signedOut' ? 'error' : 'muted');
      r.summary.textContent = j.summary && j.state !== 'queued' ? syncSummaryText(j.summary) : '';
      r.sync.disabled = running || j.account === 'handleNeeded' || !data?.account;
      r.codeBox.checked = j.code === 'on';
      r.codeBox.disabled = running;
      // A handle judge shows its field when the handle is missing, or to change it.
      const needsHandle = j.account === 'handleNeeded' || j.account === 'ready';
      if (needsHandle && document.activeElement !== r.handleInput) r.handleInput.value = j.handle ?? '';
      syncChildren(r.li, [
        h('div', { class: 'row sync-judge-head' }, h('strong', null, j.name), r.sync),
        r.account,
        needsHandle && r.handleForm,
        j.code !== null && r.code,
        r.last,
        !!stateText && r.state,
        !!r.summary.textContent && r.summary,
      ]);
      items.push(r.li);
    }
    syncChildren(list, items);
    syncChildren(unavailable, others);
    syncChildren(element, [heading, intro, controls, status, errorLine, list, options.autoSync !== false && auto, others.length > 0 && more]);
  }

  render();
  void act(() => send({ type: 'sync:status', probe: true }));
  return {
    element,
    destroy: () => window.clearTimeout(timer),
  };
}
