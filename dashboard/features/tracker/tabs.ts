const TABS = ['mySheets', 'workspace', 'review', 'analysis', 'explore', 'notes', 'sheet', 'leaderboard', 'contests', 'practice', 'groups'] as const;
export type Tab = (typeof TABS)[number];

/** Tabs a logged-out visitor may see; the others open the login popup. */
const PUBLIC_TABS: readonly Tab[] = ['explore', 'workspace', 'leaderboard', 'contests'];

export const TAB_LABELS: Record<Tab, string> = {
  explore: 'Explore',
  mySheets: 'My Sheets',
  workspace: 'Workspace',
  review: 'Review',
  notes: 'Notes',
  analysis: 'Analysis',
  sheet: 'Sheet',
  leaderboard: 'Leaderboard',
  contests: 'Contests',
  practice: 'Practice',
  groups: 'Groups',
};

const isTab = (value: string | null): value is Tab => value !== null && (TABS as readonly string[]).includes(value);

/**
 * The tab rules of spec §2: the `tab` query parameter chooses; the default is workspace when logged
 * in and explore when logged out; any path containing /sheet forces mySheets.
 */
export function resolveTab(path: string, search: URLSearchParams, loggedIn: boolean): { tab: Tab; needsLogin: boolean; sheetPath: boolean } {
  const sheetPath = path.includes('/sheet');
  if (sheetPath) return { tab: 'mySheets', needsLogin: false, sheetPath };
  const param = search.get('tab');
  const tab: Tab = isTab(param) ? param : loggedIn ? 'workspace' : 'explore';
  return { tab, needsLogin: !loggedIn && !PUBLIC_TABS.includes(tab), sheetPath };
}

export function tabHref(tab: Tab): string {
  return `/question-tracker?tab=${tab}`;
}
