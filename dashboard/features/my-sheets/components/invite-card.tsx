import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, MailPlus, X } from 'lucide-react';
import type { Invite } from '@shared/schemas/sheet-list';
import { VERIFY_MESSAGES } from '@shared/rules/email-verification';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useResendVerification } from '../../auth/api/session';
import { sheetListCalls, sheetListKeys } from '../../explore/api/sheet-list-queries';

/** The server refuses an invite until the account's address is verified (with e-mail set up). */
const needsVerifiedAddress = (err: unknown) => err instanceof ApiError && err.code === 403 && err.message === VERIFY_MESSAGES.unverified;

/** A pending invitation to collaborate, with Accept and Decline. */
export function InviteCard({ invite }: { invite: Invite }) {
  const qc = useQueryClient();
  const answer = useMutation({
    mutationFn: (accept: boolean) => (accept ? sheetListCalls.acceptInvite(invite._id) : sheetListCalls.declineInvite(invite._id)),
    onSuccess: (_data, accept) => toast.success(accept ? `You joined ${invite.sheet.name}` : 'Invite declined'),
    onError: (err, accept) => {
      if (!needsVerifiedAddress(err)) toast.error(accept ? 'Failed to accept invite' : 'Failed to decline invite');
    },
    onSettled: () => qc.invalidateQueries({ queryKey: sheetListKeys.all }),
  });
  const resend = useResendVerification();
  const unverified = answer.isError && needsVerifiedAddress(answer.error);
  const titleId = `invite-${invite._id}`;
  return (
    <article className="invite-card card" aria-labelledby={titleId}>
      <span className="invite-icon" aria-hidden>
        <MailPlus size={18} />
      </span>
      <div className="invite-body">
        <h3 id={titleId}>{invite.sheet.name}</h3>
        <p className="muted">
          <strong>{invite.inviterEmail}</strong> invited you to collaborate on this sheet.
        </p>
      </div>
      <div className="invite-actions">
        <button type="button" className="btn btn-sm" disabled={answer.isPending} onClick={() => answer.mutate(false)}>
          <X size={14} aria-hidden /> Decline
        </button>
        <button type="button" className="btn btn-sm btn-primary" disabled={answer.isPending} onClick={() => answer.mutate(true)}>
          {answer.isPending && answer.variables ? <span className="spinner" aria-hidden /> : <Check size={14} aria-hidden />} Accept
        </button>
      </div>
      {unverified && (
        <div className="invite-verify">
          <p role="alert">{answer.error.message}</p>
          {resend.isSuccess ? (
            <p role="status" className="muted">
              {resend.data.sent ? VERIFY_MESSAGES.sent : VERIFY_MESSAGES.alreadyVerified}
            </p>
          ) : (
            <button
              type="button"
              className="btn btn-sm"
              disabled={resend.isPending}
              onClick={() => resend.mutate(undefined, { onError: (err) => toast.error(err instanceof ApiError ? err.message : 'Network error. Please try again.') })}
            >
              {resend.isPending && <span className="spinner" aria-hidden />} Resend verification link
            </button>
          )}
        </div>
      )}
    </article>
  );
}
