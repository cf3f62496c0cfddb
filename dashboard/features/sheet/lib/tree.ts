import { inSheetOrder, subTopicsOf } from '@shared/rules/sheet';
import type { Mapping, SheetConfig } from '@shared/schemas/sheet';

/** Drag ids for topics and subtopics: names with spaces as hyphens and other non-alphanumerics (besides - and _) removed. */
export const dragId = (name: string) => name.replace(/\s/g, '-').replace(/[^A-Za-z0-9_-]/g, '');
/** The sortable ids of a topic and of a subtopic, for their grips and the lists that order them. */
export const topicDragId = (topic: string) => `topic:${dragId(topic)}`;
export const subTopicDragId = (topic: string, sub: string) => `sub:${dragId(topic)}:${dragId(sub)}`;

export type ZoneId = string;
export const UNASSIGNED: ZoneId = 'zone:unassigned';
export const topicZone = (topic: string): ZoneId => `zone:t:${topic}`;
export const subZone = (topic: string, sub: string): ZoneId => `zone:s:${topic}\u0000${sub}`;

export function zoneOf(m: Pick<Mapping, 'topic' | 'subTopic'>, config: SheetConfig): ZoneId {
  if (!m.topic || !config.topicOrder.includes(m.topic)) return UNASSIGNED;
  if (m.subTopic && subTopicsOf(config.subTopicOrder, m.topic).includes(m.subTopic)) return subZone(m.topic, m.subTopic);
  return topicZone(m.topic);
}

export function placeOf(zone: ZoneId): { topic: string; subTopic: string } {
  if (zone.startsWith('zone:s:')) {
    const [topic = '', subTopic = ''] = zone.slice(7).split('\u0000');
    return { topic, subTopic };
  }
  if (zone.startsWith('zone:t:')) return { topic: zone.slice(7), subTopic: '' };
  return { topic: '', subTopic: '' };
}

export interface Tree {
  byZone: Map<ZoneId, Mapping[]>;
  byId: Map<string, Mapping>;
  /** Every question under a topic, directly or in one of its subtopics. */
  byTopic: Map<string, Mapping[]>;
}

/**
 * Groups mappings into zones in the order of config.questionOrder. Mappings missing from the order
 * come last; mappings whose topic is unknown show as unassigned.
 */
export function buildTree(mappings: Mapping[], config: SheetConfig): Tree {
  const byId = new Map(mappings.map((m) => [m._id, m]));
  const ordered: Mapping[] = [];
  const seen = new Set<string>();
  for (const id of config.questionOrder) {
    const m = byId.get(id);
    if (m && !seen.has(id)) {
      ordered.push(m);
      seen.add(id);
    }
  }
  for (const m of mappings) if (!seen.has(m._id)) ordered.push(m);
  const byZone = new Map<ZoneId, Mapping[]>();
  const byTopic = new Map<string, Mapping[]>();
  const add = <K,>(map: Map<K, Mapping[]>, key: K, m: Mapping) => {
    const list = map.get(key);
    if (list) list.push(m);
    else map.set(key, [m]);
  };
  for (const m of ordered) {
    const z = zoneOf(m, config);
    add(byZone, z, m);
    if (z !== UNASSIGNED) add(byTopic, m.topic, m);
  }
  return { byZone, byId, byTopic };
}

/**
 * The new global order after dropping `dragged` into `zone`, before `overId` (a question in that zone)
 * or at the end of the zone when `overId` is null.
 */
export function reorderForDrop(order: string[], tree: Tree, config: SheetConfig, dragged: string, zone: ZoneId, overId: string | null): string[] {
  const without = order.filter((id) => id !== dragged);
  if (overId && overId !== dragged) {
    const from = order.indexOf(dragged);
    const to = order.indexOf(overId);
    const over = tree.byId.get(overId);
    const moved = tree.byId.get(dragged);
    const sameZone = over && zoneOf(over, config) === zone && moved && zoneOf(moved, config) === zone;
    const at = without.indexOf(overId);
    // Moving down within a zone lands after the item hovered, as sortable lists do.
    const index = sameZone && from < to ? at + 1 : at;
    return [...without.slice(0, index), dragged, ...without.slice(index)];
  }
  const zoneItems = (tree.byZone.get(zone) ?? []).map((m) => m._id).filter((id) => id !== dragged);
  const last = zoneItems[zoneItems.length - 1];
  if (!last) return [...without, dragged];
  const at = without.indexOf(last) + 1;
  return [...without.slice(0, at), dragged, ...without.slice(at)];
}

/** The questions in the order the page shows them (the sheet order rule of shared/rules/sheet). */
export function sheetOrder(mappings: Iterable<Mapping>, config: SheetConfig): Mapping[] {
  return inSheetOrder(mappings, config, (m) => ({ id: m._id, topic: m.topic, subTopic: m.subTopic }));
}

export function progressOf(items: Mapping[], solved: Set<string>) {
  const done = items.filter((m) => solved.has(m.questionId._id)).length;
  return { done, total: items.length, percent: items.length ? Math.round((done / items.length) * 100) : 0 };
}

export function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
