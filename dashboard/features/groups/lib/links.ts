import { dueLabel as sharedDueLabel } from '@shared/rules/groups';

/** Every place in the Groups tab lives in the URL: ?tab=groups&group=&assignment=&join= */
export function groupHref(group?: string, assignment?: string): string {
  const q = new URLSearchParams({ tab: 'groups' });
  if (group) q.set('group', group);
  if (assignment) q.set('assignment', assignment);
  return `/question-tracker?${q}`;
}

/** The join link a group's code makes: opening it signed in offers to join. */
export function joinLink(code: string, origin = window.location.origin): string {
  return `${origin}/question-tracker?tab=groups&join=${encodeURIComponent(code)}`;
}

export const dueLabel = (dueAt: string) => sharedDueLabel(dueAt);
