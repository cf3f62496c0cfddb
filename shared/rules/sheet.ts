import type { SheetConfig } from '../schemas/sheet';
import { TAG_MESSAGES } from './tags';

/** Sheet rules and limits from spec §5 and §9, with their exact messages. */
export const SHEET_MESSAGES = {
  nameEmpty: 'Sheet name cannot be empty.',
  nameTaken: 'Sheet name already exists. Please choose a different name.',
  slugEmpty: 'Slug cannot be empty',
  slugPattern: 'Slug can only contain lowercase letters, numbers, and hyphens',
  ...TAG_MESSAGES,
  topicRequired: 'Topic name is required',
  topicEmpty: 'Topic name cannot be empty',
  subTopicEmpty: 'Subtopic name cannot be empty',
  subTopicRequired: 'Subtopic name is required',
  topicDuplicate: 'Topic with this name already exists.',
  subTopicDuplicate: 'Subtopic with this name already exists in this topic.',
  reorderForbidden: 'You do not have permission to reorder items',
  followRequired: 'Follow the sheet to perform any action',
  notFound: 'No Sheet found',
} as const;

/**
 * The message for a topic or subtopic name already among its siblings (the sheet's topics, or its
 * topic's subtopics), or null. Case does not make a name new ("arrays" is taken by "Arrays").
 * `renaming`: the name being changed, which may stay as it is or change only its case.
 */
export function sectionNameTaken(kind: 'topic' | 'subtopic', name: string, siblings: readonly string[], renaming?: string): string | null {
  const key = name.trim().toLowerCase();
  if (renaming !== undefined && key === renaming.trim().toLowerCase()) return null;
  if (!siblings.some((s) => s.trim().toLowerCase() === key)) return null;
  return kind === 'topic' ? SHEET_MESSAGES.topicDuplicate : SHEET_MESSAGES.subTopicDuplicate;
}

/**
 * A topic's subtopics in the sheet's subtopic map, or none. Only the map's own entries count: a topic
 * named "constructor" or "toString" without an entry has no subtopics, not a property every object has.
 */
export function subTopicsOf(subTopicOrder: Record<string, string[]>, topic: string): string[] {
  return Object.hasOwn(subTopicOrder, topic) ? (subTopicOrder[topic] ?? []) : [];
}

export const SLUG_PATTERN = /^[a-z0-9-]+$/;
export const SLUG_MAX_ATTEMPTS = 10;

/** Slug input as typed: lower-cased, spaces to hyphens, any other character dropped. */
export function normalizeSlugInput(input: string): string {
  return input.toLowerCase().replace(/\s/g, '-').replace(/[^a-z0-9-]/g, '');
}

export const EXPLORE_CATEGORIES = ['company-wise', 'all', 'popular', 'quickRevision', 'dsa', 'topicspecific', 'competitive'] as const;

export const SHARE_MESSAGES = {
  alreadyCollaborator: 'This person is already a collaborator',
  alreadyInvited: 'An invite is already pending for this email',
  ownerInvite: 'The creator of the sheet already has access',
  slugTaken: 'This sheet URL is already taken',
  linkCopied: 'Link copied to clipboard!',
  tagsCopied: 'Tags copied to clipboard',
  copyFailed: 'Failed to copy link',
} as const;

/**
 * Where a question stands in its sheet as the sheet page shows it: topics in the config's order, a topic's
 * own questions before its subtopics' (in their order), questions of an unknown topic last; within each,
 * the config's question order, with questions missing from it after the rest. Compare two with
 * compareSheetPositions.
 */
export function sheetPositions(config: SheetConfig): (m: { id: string; topic: string; subTopic: string }) => readonly number[] {
  const last = Number.MAX_SAFE_INTEGER;
  const topic = new Map(config.topicOrder.map((t, i) => [t, i]));
  const question = new Map<string, number>();
  config.questionOrder.forEach((id, i) => {
    if (!question.has(id)) question.set(id, i);
  });
  return (m) => {
    const at = question.get(m.id) ?? last;
    const t = m.topic ? topic.get(m.topic) : undefined;
    if (t === undefined) return [last, 0, at];
    const sub = m.subTopic ? subTopicsOf(config.subTopicOrder, m.topic).indexOf(m.subTopic) : -1;
    return [t, sub + 1, at];
  };
}

export function compareSheetPositions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  return a.length - b.length;
}

/** The items in the sheet page's order; `place` says where each one sits (its mapping's id, topic and subtopic). */
export function inSheetOrder<T>(items: Iterable<T>, config: SheetConfig, place: (item: T) => { id: string; topic: string; subTopic: string }): T[] {
  const positionOf = sheetPositions(config);
  const placed = [...items].map((item) => ({ item, at: positionOf(place(item)) }));
  return placed.sort((a, b) => compareSheetPositions(a.at, b.at)).map((p) => p.item);
}
