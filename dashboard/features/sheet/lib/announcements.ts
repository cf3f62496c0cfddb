import type { Active, Announcements, Over, ScreenReaderInstructions } from '@dnd-kit/core';
import { subTopicsOf } from '@shared/rules/sheet';
import type { SheetConfig } from '@shared/schemas/sheet';
import { placeOf, UNASSIGNED, type Tree } from './tree';

/** What a drag item or drop target carries (see DragHandle and ZoneDrop). */
interface DragData {
  type?: string;
  topic?: string;
  name?: string;
  zone?: string;
}

const REFUSED = 'subtopics stay in their topic.';

const dataOf = (item: Active | Over): DragData => item.data.current ?? {};

/** A zone as a person names it: 'Arrays', 'Hashing in Arrays' or 'Unassigned'. */
function zoneName(zone: string): string {
  if (zone === UNASSIGNED) return 'Unassigned';
  const { topic, subTopic } = placeOf(zone);
  return subTopic ? `${subTopic} in ${topic}` : topic;
}

/**
 * What a screen reader says while a question, topic or subtopic is moved: names and positions as the
 * sheet shows them ("Two Sum moved to Arrays, position 3"), never ids. `read` gives the sheet as it is
 * at the moment of speaking.
 */
export function sheetAnnouncements(read: () => { tree: Tree; config: SheetConfig }): Announcements {
  const nameOf = (active: Active): string => {
    const d = dataOf(active);
    if (d.type === 'topic') return `Topic ${d.name ?? ''}`;
    if (d.type === 'subtopic') return `Subtopic ${d.name ?? ''}`;
    return read().tree.byId.get(String(active.id))?.title ?? 'Question';
  };

  /** Where the item would land over `over`, or why it cannot, as words. */
  const placeOver = (active: Active, over: Over): { text: string; refused?: boolean } => {
    const { tree, config } = read();
    const a = dataOf(active);
    const o = dataOf(over);
    if (a.type === 'topic') {
      const i = config.topicOrder.indexOf(o.name ?? '');
      return { text: `position ${i + 1} of ${config.topicOrder.length}` };
    }
    if (a.type === 'subtopic') {
      if (o.topic !== a.topic) return { text: o.topic ?? '', refused: true };
      const list = subTopicsOf(config.subTopicOrder, a.topic ?? '');
      return { text: `position ${list.indexOf(o.name ?? '') + 1} of ${list.length} in ${a.topic ?? ''}` };
    }
    const zone = o.zone ?? UNASSIGNED;
    const list = tree.byZone.get(zone) ?? [];
    if (o.type === 'question') return { text: `${zoneName(zone)}, position ${list.findIndex((m) => m._id === String(over.id)) + 1}` };
    // Over a zone itself: the end of its list.
    const already = list.some((m) => m._id === String(active.id));
    return { text: `${zoneName(zone)}, position ${already ? list.length : list.length + 1}` };
  };

  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active)}.`,
    onDragOver: ({ active, over }) => {
      if (!over) return `${nameOf(active)} is not over a place to drop it.`;
      const place = placeOver(active, over);
      if (over.id === active.id) return `${nameOf(active)} is at its own place, ${place.text}.`;
      return place.refused ? `${nameOf(active)} cannot move to ${place.text}: ${REFUSED}` : `${nameOf(active)} is over ${place.text}.`;
    },
    onDragEnd: ({ active, over }) => {
      if (!over || over.id === active.id) return `${nameOf(active)} was dropped where it was.`;
      const place = placeOver(active, over);
      return place.refused ? `${nameOf(active)} stays where it was: ${REFUSED}` : `${nameOf(active)} moved to ${place.text}.`;
    },
    onDragCancel: ({ active }) => `Moving ${nameOf(active)} was cancelled; it is back where it was.`,
  };
}

export const SCREEN_READER_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move a question, topic or subtopic, press Space or Enter on its grip. Use the arrow keys to move it, Space or Enter to drop it where it is, or Escape to cancel.',
};
