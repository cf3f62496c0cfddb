import { useMutation, useMutationState, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { SheetCard } from '@shared/schemas/sheet-list';
import { ConfirmDialog } from '../../../components/dialog';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/api/session';
import { useLoginPopup } from '../../auth/stores/login-popup';
import { profileKeys } from '../../profile/api/profile-queries';
import { sheetListCalls, sheetListKeys } from './sheet-list-queries';

const UNFOLLOW_CONFIRM = 'Are you sure you want to unfollow this sheet?';

const isCard = (v: object): v is SheetCard => '_id' in v && 'isFollowing' in v && 'followers' in v && 'slug' in v;

/** Returns `value` with every card of this sheet replaced by `patch(card)`; untouched parts keep their identity. */
export function patchCards(value: unknown, id: string, patch: (card: SheetCard) => SheetCard): unknown {
  if (Array.isArray(value)) {
    const next = value.map((v: unknown) => patchCards(v, id, patch));
    return next.some((v, i) => v !== value[i]) ? next : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (isCard(value)) return value._id === id ? patch(value) : value;
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    next[k] = patchCards(v, id, patch);
    if (next[k] !== v) changed = true;
  }
  return changed ? next : value;
}

const following = (follow: boolean) => (card: SheetCard): SheetCard =>
  card.isFollowing === follow ? card : { ...card, isFollowing: follow, followers: Math.max(0, card.followers + (follow ? 1 : -1)) };

const FOLLOW_KEY = ['follow-sheet'] as const;

interface Vars {
  card: SheetCard;
  follow: boolean;
}

/**
 * Follow or unfollow from a card: every cached list shows the change at once and rolls back on
 * failure; afterwards the lists, profiles and the sheet's own page (['sheet', slug]) refetch.
 */
function useFollowSheet() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: FOLLOW_KEY,
    mutationFn: ({ card, follow }: Vars) => (follow ? sheetListCalls.follow(card._id) : sheetListCalls.unfollow(card._id)),
    onMutate: async ({ card, follow }: Vars) => {
      const scopes = [sheetListKeys.all, profileKeys.all];
      await Promise.all(scopes.map((queryKey) => qc.cancelQueries({ queryKey })));
      const previous: [QueryKey, unknown][] = scopes.flatMap((queryKey) => qc.getQueriesData({ queryKey }));
      for (const queryKey of scopes) qc.setQueriesData({ queryKey }, (old: unknown) => patchCards(old, card._id, following(follow)));
      return { previous };
    },
    onError: (_err, { follow }, ctx) => {
      for (const [key, data] of ctx?.previous ?? []) qc.setQueryData(key, data);
      toast.error(follow ? 'Failed to follow sheet' : 'Failed to unfollow sheet');
    },
    onSuccess: (_data, { follow }) => toast.success(follow ? 'Sheet followed successfully' : 'Sheet unfollowed successfully'),
    onSettled: (_data, _err, { card }) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: sheetListKeys.all }),
        qc.invalidateQueries({ queryKey: profileKeys.all }),
        qc.invalidateQueries({ queryKey: ['sheet', card.slug] }),
      ]),
  });
}

/**
 * The follow button's behaviour for a list of cards: the login popup when signed out, follow at once,
 * unfollow after the confirm dialog. Render `dialog` once next to the list.
 */
export function useCardFollow() {
  const { isLoggedIn } = useSession();
  const showLogin = useLoginPopup((s) => s.show);
  const mutation = useFollowSheet();
  const [confirming, setConfirming] = useState<SheetCard | null>(null);

  const toggle = (card: SheetCard) => {
    if (!isLoggedIn) {
      showLogin('login');
      return;
    }
    if (card.isFollowing) {
      setConfirming(card);
      return;
    }
    mutation.mutate({ card, follow: true });
  };
  const dialog = (
    <ConfirmDialog
      open={!!confirming}
      title="Unfollow sheet"
      message={UNFOLLOW_CONFIRM}
      onCancel={() => setConfirming(null)}
      onConfirm={() => {
        if (confirming) mutation.mutate({ card: confirming, follow: false });
        setConfirming(null);
      }}
    />
  );
  const pending = useMutationState({
    filters: { mutationKey: FOLLOW_KEY, status: 'pending' },
    select: (m) => (m.state.variables as Vars | undefined)?.card._id ?? '',
  });
  return { toggle, dialog, isPending: (id: string) => pending.includes(id), isLoggedIn };
}
