import { Moon, Sun } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useThemeStore } from '../../../lib/theme';
import { useSession } from '../api/session';
import { AccountButton } from './account-button';
import { useLoginPopup } from '../stores/login-popup';

export function ThemeToggle() {
  const { theme, toggle } = useThemeStore();
  return (
    <button type="button" className="btn btn-ghost btn-icon" onClick={toggle} aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}>
      {theme === 'dark' ? <Sun size={18} /> : <Moon size={18} />}
    </button>
  );
}

export function UserMenu() {
  const { isLoggedIn } = useSession();
  const showLogin = useLoginPopup((s) => s.show);

  if (!isLoggedIn) {
    return (
      <div className="row">
        <button type="button" className="btn btn-ghost" onClick={() => showLogin('login')}>
          Sign in
        </button>
        <button type="button" className="btn btn-primary" onClick={() => showLogin('signup')}>
          Sign up
        </button>
      </div>
    );
  }
  return (
    <Suspense fallback={<AccountButtonPlaceholder />}>
      <AccountMenu />
    </Suspense>
  );
}

const AccountMenu = lazy(() => import('./account-menu'));

/** The avatar button as it will be, without its menu for the moment its code takes to arrive. */
function AccountButtonPlaceholder() {
  const { user } = useSession();
  return <AccountButton user={user} disabled />;
}
