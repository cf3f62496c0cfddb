import { subTopicsOf } from '@shared/rules/sheet';
import type { PageMessage, Send } from '@shared/schemas/messages';
import type { EditableSheet, SheetOutline } from '@shared/schemas/message-replies';
import { h } from '../../lib/dom';
import type { Tone } from './popup';

export interface SheetPickerOptions {
  problemUrl: string;
  /** The title the question gets in the sheet, editable. */
  title: string;
  send: Send<PageMessage>;
  loadSheets(): Promise<EditableSheet[]>;
  onLoaded(sheets: EditableSheet[]): void;
  onDone(message: string, tone: Tone): void;
}

export interface SheetPicker {
  /** What to show: a loading line, a note that there is no sheet, or the form. */
  readonly element: HTMLElement;
  /** The user's sheets as the popup knows them (null: not loaded yet, which loads them). */
  update(sheets: EditableSheet[] | null): void;
}

function options(select: HTMLSelectElement, items: { value: string; label: string; disabled?: boolean }[], value: string) {
  select.replaceChildren(...items.map((o) => h('option', { value: o.value, disabled: !!o.disabled }, o.label)));
  select.value = value;
}

/** Choose one of my sheets (own or shared with me), then a topic and subtopic, or unassigned. */
export function createSheetPicker(o: SheetPickerOptions): SheetPicker {
  let sheets: EditableSheet[] | null | undefined;
  let outline: SheetOutline | null = null;
  let busy = false;

  const loadingCard = h('div', { class: 'card muted' }, 'Loading your sheets…');
  const emptyCard = h('div', { class: 'card muted' }, 'You have no sheets you can edit yet. Create one in the dashboard.');
  const sheetSelect = h('select', { 'aria-label': 'Sheet', required: true, onchange: () => void chooseSheet() });
  const topicSelect = h('select', { 'aria-label': 'Topic', onchange: () => drawSubTopics('') });
  const subTopicSelect = h('select', { 'aria-label': 'Subtopic', onchange: () => drawButton() });
  const titleInput = h('input', { value: o.title, maxLength: 300 });
  const addButton = h('button', { class: 'primary', type: 'submit' }, 'Add');
  const form = h(
    'form',
    { class: 'card', 'aria-label': 'Add to a sheet', onsubmit: (e) => void add(e) },
    h('label', null, 'Sheet', sheetSelect),
    h('label', null, 'Topic', topicSelect),
    h('label', null, 'Subtopic', subTopicSelect),
    h('label', null, 'Title', titleInput),
    addButton,
  );
  let element: HTMLElement = loadingCard;

  function drawButton() {
    addButton.disabled = busy || !sheetSelect.value || !outline;
  }

  function drawSubTopics(value: string) {
    const topic = topicSelect.value;
    const subTopics = outline && topic ? subTopicsOf(outline.subTopicOrder, topic) : [];
    options(subTopicSelect, [{ value: '', label: topic ? 'Directly under the topic' : 'Unassigned' }, ...subTopics.map((s) => ({ value: s, label: s }))], value);
    subTopicSelect.disabled = !topic || !subTopics.length;
    drawButton();
  }

  function drawTopics() {
    options(topicSelect, [{ value: '', label: 'Unassigned' }, ...(outline?.topicOrder ?? []).map((t) => ({ value: t, label: t }))], '');
    topicSelect.disabled = !outline;
    drawSubTopics('');
  }

  async function chooseSheet() {
    const sheetId = sheetSelect.value;
    outline = null;
    drawTopics();
    if (!sheetId) return;
    try {
      const got = await o.send({ type: 'sheet:get', sheetId });
      // Only the sheet still chosen.
      if (sheetSelect.value !== sheetId) return;
      outline = got;
      drawTopics();
    } catch (err) {
      o.onDone((err as Error).message, 'error');
    }
  }

  async function add(e: Event) {
    e.preventDefault();
    busy = true;
    drawButton();
    try {
      const r = await o.send({
        type: 'sheet:add',
        sheetId: sheetSelect.value,
        problemUrl: o.problemUrl,
        topic: topicSelect.value,
        subTopic: subTopicSelect.value,
        title: titleInput.value.trim() || undefined,
      });
      o.onDone(r.message, r.status === 'queued' ? 'info' : 'success');
    } catch (err) {
      o.onDone((err as Error).message, 'error');
    } finally {
      busy = false;
      drawButton();
    }
  }

  drawTopics();

  return {
    get element() {
      return element;
    },
    update(next) {
      if (next === sheets) return;
      sheets = next;
      if (!sheets) {
        element = loadingCard;
        o.loadSheets()
          .then((list) => o.onLoaded(list))
          .catch((err: unknown) => o.onDone(err instanceof Error ? err.message : String(err), 'error'));
      } else if (!sheets.length) element = emptyCard;
      else {
        const chosen = sheets.some((s) => s._id === sheetSelect.value && s.contains !== true) ? sheetSelect.value : '';
        const list = sheets.map((s) => ({
          value: s._id,
          label: `${s.name}${s.role === 'collaborator' ? ' (shared)' : ''}${s.contains ? ' (already in it)' : ''}`,
          disabled: s.contains === true,
        }));
        options(sheetSelect, [{ value: '', label: 'Choose a sheet' }, ...list], chosen);
        if (!chosen && outline) {
          outline = null;
          drawTopics();
        }
        element = form;
      }
    },
  };
}
