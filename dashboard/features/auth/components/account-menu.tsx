import { LogOut, Puzzle, RefreshCw, Settings, User as UserIcon } from 'lucide-react';
import { EXTENSION_PAGE_PATH } from '@shared/extension';
import { Link } from 'wouter';
import { Menu, MenuItem, MenuLabel, MenuLink, MenuSeparator } from '../../../components/menu';
import { toast } from '../../../lib/toast';
import { useSyncDialog } from '../../sync/stores/sync-dialog';
import { useLogout, useSession } from '../api/session';
import { AccountButton } from './account-button';

/** The signed-in account menu (Radix, with its own chunk: the first screen of a visitor does without it). */
export default function AccountMenu() {
  const { user } = useSession();
  const showSync = useSyncDialog((s) => s.show);
  const logout = useLogout();
  return (
    <Menu trigger={<AccountButton user={user} />}>
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
            <Link href={`/profile/${user.profileName}`}>
              <UserIcon size={16} aria-hidden /> Profile
            </Link>
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
      <MenuLink
        link={
          <Link href={EXTENSION_PAGE_PATH}>
            <Puzzle size={16} aria-hidden /> Get the extension
          </Link>
        }
      />
      <MenuSeparator />
      <MenuItem danger onSelect={() => logout.mutate(undefined, { onSettled: () => toast.success('Signed out') })}>
        <LogOut size={16} aria-hidden /> Sign out
      </MenuItem>
    </Menu>
  );
}

