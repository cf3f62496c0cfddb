import { useQuery } from '@tanstack/react-query';
import { plural } from '@shared/plural';
import { useSession } from '../../auth/api/session';
import { mySheetsQuery } from '../../explore/api/sheet-list-queries';
import './invite-badge.css';

/** Invites waiting for the signed-in user's answer (from the My Sheets answer, so accepting one updates it). */
export function usePendingInvites(): number {
  const { token } = useSession();
  const mine = useQuery(mySheetsQuery(token));
  return token ? (mine.data?.invites.length ?? 0) : 0;
}

/** The count on the My Sheets tab; read out as "N pending invites" after the tab's name. */
export function InviteBadge({ count }: { count: number }) {
  if (!count) return null;
  return (
    <span className="nav-badge" data-testid="invite-badge">
      <span aria-hidden>{count}</span>
      <span className="visually-hidden">, {plural(count, 'pending invite')}</span>
    </span>
  );
}
