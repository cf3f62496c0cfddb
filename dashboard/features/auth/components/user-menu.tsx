import { LogOut, Moon, Settings, Sun, User as UserIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { AvatarFace } from '../../../components/avatar';
import { useThemeStore } from '../../../lib/theme';
import { SyncButton } from '../../sync/components/sync-dialog';
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
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    // Escape gives focus back to the button, where a keyboard user left it.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

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
    <div className="menu" ref={ref}>
      <button ref={button} type="button" className="btn btn-ghost btn-icon" aria-label="Account menu" aria-expanded={open} aria-haspopup="menu" onClick={() => setOpen((o) => !o)}>
        <span className="avatar">{user ? <AvatarFace person={user} /> : <UserIcon size={16} />}</span>
      </button>
      {open && (
        <div className="menu-list" role="menu">
          {user && (
            <div style={{ padding: '8px 10px' }}>
              <div style={{ fontWeight: 600 }}>
                {user.firstName} {user.secondName}
              </div>
              <div className="faint" style={{ fontSize: 12.5 }}>
                {user.email}
              </div>
            </div>
          )}
          {user && (
            <a className="menu-item" role="menuitem" href={`/profile/${user.profileName}`} target="_blank" rel="noopener noreferrer">
              <UserIcon size={16} /> Profile
            </a>
          )}
          <Link className="menu-item" role="menuitem" href="/account" onClick={() => setOpen(false)}>
            <Settings size={16} /> Account settings
          </Link>
          <SyncButton className="menu-item" role="menuitem" onOpen={() => setOpen(false)} />
          <div className="menu-sep" />
          <button
            type="button"
            className="menu-item danger"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              logout.mutate(undefined, { onSettled: () => toast.success('Signed out') });
            }}
          >
            <LogOut size={16} /> Sign out
          </button>
        </div>
      )}
    </div>
  );
}
