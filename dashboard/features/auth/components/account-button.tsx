import { User as UserIcon } from 'lucide-react';
import type { ComponentPropsWithRef } from 'react';
import { AvatarFace } from '../../../components/avatar';
import type { User } from '@shared/schemas/user';

/**
 * The account menu's button: the menu's trigger (which hands it its props and ref), and drawn on its own,
 * inert, for the moment the menu's code takes to arrive.
 */
export function AccountButton({ user, ...button }: { user: User | null } & ComponentPropsWithRef<'button'>) {
  return (
    <button type="button" className="btn btn-ghost btn-icon" aria-label="Account menu" {...button}>
      <span className="avatar">{user ? <AvatarFace person={user} /> : <UserIcon size={16} />}</span>
    </button>
  );
}
