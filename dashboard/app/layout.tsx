import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ThemeToggle, UserMenu } from '../features/auth/components/user-menu';
import { useSession } from '../features/auth/api/session';
import { InviteBadge, usePendingInvites } from '../features/my-sheets/components/invite-badge';
import { SyncDialog } from '../features/sync/components/sync-dialog';
import { PhoneNav } from './phone-nav';
import { KeyboardShortcuts } from './shortcuts';
import { resolveTab, TAB_LABELS, tabHref, type Tab } from '../features/tracker/tabs';

const NAV: Tab[] = ['explore', 'mySheets', 'workspace', 'review', 'notes', 'analysis', 'contests', 'leaderboard'];

export function Layout({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const search = useSearch();
  const { isLoggedIn } = useSession();
  const onTracker = path.startsWith('/question-tracker');
  const current = onTracker ? resolveTab(path, new URLSearchParams(search), isLoggedIn).tab : null;
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
