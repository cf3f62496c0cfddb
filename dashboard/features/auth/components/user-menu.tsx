import { LogOut, Moon, RefreshCw, Settings, Sun, User as UserIcon } from 'lucide-react';
import { Link } from 'wouter';
import { AvatarFace } from '../../../components/avatar';
import { useThemeStore } from '../../../lib/theme';
import { Menu, MenuItem, MenuLabel, MenuLink, MenuSeparator } from '../../../components/menu';
import { useSyncDialog } from '../../sync/stores/sync-dialog';
import { toast } from '../../../lib/toast';
import { useLogout, useSession } from '../api/session';
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
  const { isLoggedIn, user } = useSession();
  const showLogin = useLoginPopup((s) => s.show);
  const showSync = useSyncDialog((s) => s.show);
  const logout = useLogout();

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
    <Menu
      trigger={
        <button type="button" className="btn btn-ghost btn-icon" aria-label="Account menu">
          <span className="avatar">{user ? <AvatarFace person={user} /> : <UserIcon size={16} />}</span>
        </button>
      }
    >
      {user && (
        <MenuLabel>
          <span className="menu-label-name">
            {user.firstName} {user.secondName}
          </span>
          <span className="faint menu-label-email">{user.email}</span>
        </MenuLabel>
      )}
      {user && (
        <MenuLink
          link={
            <a href={`/profile/${user.profileName}`} target="_blank" rel="noopener noreferrer">
              <UserIcon size={16} aria-hidden /> Profile
            </a>
          }
        />
      )}
      <MenuLink
        link={
          <Link href="/account">
            <Settings size={16} aria-hidden /> Account settings
          </Link>
        }
      />
      <MenuItem onSelect={showSync}>
        <RefreshCw size={16} aria-hidden /> Sync solved problems
      </MenuItem>
      <MenuSeparator />
      <MenuItem danger onSelect={() => logout.mutate(undefined, { onSettled: () => toast.success('Signed out') })}>
        <LogOut size={16} aria-hidden /> Sign out
      </MenuItem>
    </Menu>
  );
}
