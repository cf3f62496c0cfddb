import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ThemeToggle, UserMenu } from '../features/auth/components/user-menu';
import { useSession } from '../features/auth/api/session';
import { InviteBadge, usePendingInvites } from '../features/my-sheets/components/invite-badge';
import { myGroupsQuery } from '../features/groups/api/group-queries';
import { sheetQuery } from '../features/sheet/api/sheet-queries';
import { SyncDialog } from '../features/sync/components/sync-dialog';
import { PhoneNav } from './phone-nav';
import { KeyboardShortcuts } from './shortcuts';
import { EXTENSION_PAGE_PATH } from '@shared/extension';
import { resolveTab, TAB_LABELS, tabHref, type Tab } from '../features/tracker/tabs';

const NAV: Tab[] = ['explore', 'mySheets', 'workspace', 'review', 'practice', 'notes', 'analysis', 'contests', 'leaderboard', 'groups'];

/** The tab a sheet page belongs to, once its data is loaded: null off a sheet page or before. */
function useSheetTab(path: string): Tab | null {
  const { token } = useSession();
  const slug = /^\/question-tracker\/sheet\/([^/]+)$/.exec(path)?.[1];
  // Reads what the sheet page fetched; it never fetches by itself.
  const sheet = useQuery({ ...sheetQuery(slug ?? '', token), enabled: false }).data?.sheet;
  if (!slug || !sheet) return null;
  return sheet.isAuthor || sheet.isCollaborator ? 'mySheets' : 'explore';
}

export function Layout({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const search = useSearch();
  const { isLoggedIn, token } = useSession();
  // Group invites show on the Groups tab as sheet invites do on My Sheets.
  const groupInvites = useQuery(myGroupsQuery(token)).data?.invites.length ?? 0;
  // The extension page lives under the tracker's path but is none of its tabs.
  const onTracker = path.startsWith('/question-tracker') && path !== EXTENSION_PAGE_PATH;
  const sheetTab = useSheetTab(path);
  const resolved = onTracker ? resolveTab(path, new URLSearchParams(search), isLoggedIn).tab : null;
  // A sheet the viewer neither made nor edits was found in Explore, followed or not.
  const current = resolved === 'mySheets' && sheetTab ? sheetTab : resolved;
  const invites = usePendingInvites();
  return (
    <div className="app-shell">
      <header className="topbar">
        <PhoneNav tabs={NAV} current={current} invites={invites} />
        <Link href="/question-tracker" className="brand" aria-label="Practice Tracker home">
          <span className="brand-mark">
            <Check size={18} strokeWidth={3} />
          </span>
          <span>Practice Tracker</span>
        </Link>
        <nav className="tabs" aria-label="Sections">
          {NAV.map((tab) => (
            <Link key={tab} href={tabHref(tab)} className="tab" aria-current={current === tab ? 'page' : undefined}>
              {TAB_LABELS[tab]}
              {tab === 'mySheets' && <InviteBadge count={invites} />}
              {tab === 'groups' && <InviteBadge count={groupInvites} />}
            </Link>
          ))}
        </nav>
        <div className="topbar-spacer" />
        <ThemeToggle />
        <UserMenu />
      </header>
      <main className="main">{children}</main>
      <KeyboardShortcuts />
      {isLoggedIn && <SyncDialog />}
    </div>
  );
}
