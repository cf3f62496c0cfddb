// Spec §5's tag rule, for sheet tags, workspace custom tags and note tags alike.

export const MAX_TAGS = 10;
const TAG_MAX_LENGTH = 40;

export const TAG_MESSAGES = {
  tagExists: 'This tag already exists',
  tagLimit: `Maximum ${MAX_TAGS} tags allowed`,
} as const;

/** One tag as saved: characters other than word characters, spaces and hyphens removed, spaces collapsed, trimmed. */
export function cleanTag(tag: string): string {
  return tag.replace(/[^\w\s-]/g, '').replace(/\s+/g, ' ').trim().slice(0, TAG_MAX_LENGTH);
}

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Adds a tag as typed: the reason it was refused, or the new list (unchanged when nothing was left to add). */
export function addTag(tags: readonly string[], input: string): { tags: readonly string[] } | { error: string } {
  const tag = cleanTag(input);
  if (!tag) return { tags };
  if (tags.some((t) => sameTag(t, tag))) return { error: TAG_MESSAGES.tagExists };
  if (tags.length >= MAX_TAGS) return { error: TAG_MESSAGES.tagLimit };
  return { tags: [...tags, tag] };
}

/** Tags as saved: cleaned, empty ones dropped, duplicates (any case) kept once. */
export function normalizeTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    const tag = cleanTag(raw);
    if (tag && !out.some((t) => sameTag(t, tag))) out.push(tag);
  }
  return out;
}

/** Whether a cleaned list names a tag twice (any case). */
export const hasDuplicateTags = (tags: readonly string[]): boolean => new Set(tags.map((t) => t.toLowerCase())).size !== tags.length;
