import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Globe, Lock, Trash2 } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SHARE_MESSAGES } from '@shared/rules/sheet';
import type { Sheet } from '@shared/schemas/sheet';
import { inviteBodySchema } from '@shared/schemas/sharing';
import { Dialog } from '../../../components/dialog';
import { describedBy, FieldError } from '../../../components/field-error';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { AvatarFace } from '../../../components/avatar';
import { useCopy } from '../../../lib/clipboard';
import { invitesQuery, sharingCalls } from '../api/sharing-queries';
import { collaboratorsQuery, sheetKeys } from '../api/sheet-queries';

type InviteBody = z.input<typeof inviteBodySchema>;
type Invite = z.output<typeof inviteBodySchema>;

/** Share Sheet: invite people, see people and pending invites, general access, copy link. */
export function ShareDialog({ sheet, open, onClose }: { sheet: Sheet; open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const [tab, setTab] = useState<'people' | 'pending'>('people');
  const [visibility, setVisibility] = useState(sheet.visibility);
  useEffect(() => setVisibility(sheet.visibility), [sheet.visibility]);
  const people = useQuery({ ...collaboratorsQuery(sheet._id), enabled: open });
  const invites = useQuery({ ...invitesQuery(sheet._id), enabled: open });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: invitesQuery(sheet._id).queryKey });
    void qc.invalidateQueries({ queryKey: collaboratorsQuery(sheet._id).queryKey });
  };

  const remove = useMutation({
    mutationFn: (id: string) => sharingCalls.removeCollaborator(sheet._id, id),
    onSuccess: () => { toast.success('Collaborator removed'); refresh(); },
    onError: (err) => toast.failure('Failed to remove collaborator', err),
  });
  const access = useMutation({
    mutationFn: (v: 'public' | 'private') => sharingCalls.setVisibility(sheet._id, v),
    onMutate: (v) => {
      const before = visibility;
      setVisibility(v);
      return { before };
    },
    onError: (err, _v, ctx) => {
      if (ctx) setVisibility(ctx.before);
      toast.failure('Failed to update visibility', err);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: sheetKeys.all }),
  });

  const { copied, copy: copyText } = useCopy();
  const copy = () => copyText(`${location.origin}/question-tracker/sheet/${sheet.slug}`);

  const pending = invites.data ?? [];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title="Share Sheet"
      footer={
        <>
          <button type="button" className="btn" onClick={() => void copy()}>
            {copied ? <Check size={15} /> : <Copy size={15} />} {copied ? 'Copied' : 'Copy Link'}
          </button>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Done
          </button>
        </>
      }
    >
      <InviteForm
        sheetId={sheet._id}
        collaborators={people.data?.collaborators.map((p) => p.user) ?? []}
        onInvited={() => {
          setTab('pending');
          refresh();
        }}
      />
      <div className="segmented" role="tablist" aria-label="Sharing">
        <button type="button" role="tab" aria-selected={tab === 'people'} onClick={() => setTab('people')}>
          People
        </button>
        <button type="button" role="tab" aria-selected={tab === 'pending'} onClick={() => setTab('pending')}>
          Pending Invites {pending.length > 0 && `(${pending.length})`}
        </button>
      </div>
      {tab === 'people' ? (
        <ul className="people-list" aria-label="People">
          <li className="row">
            <span className="avatar">
              <AvatarFace person={sheet.authorDetails} />
            </span>
            <span>
              {sheet.authorDetails.firstName} {sheet.authorDetails.secondName}
            </span>
            <span className="faint">Creator</span>
          </li>
          {(people.data?.collaborators ?? []).map((p) => (
            <li key={p._id} className="row">
              <span className="avatar">
                <AvatarFace person={p.userDetails} />
              </span>
              <span>
                {p.userDetails.firstName} {p.userDetails.secondName}
              </span>
              <span className="faint">{p.user}</span>
              <span className="topbar-spacer" />
              {sheet.isAuthor && (
                <button type="button" className="icon-btn" aria-label={`Remove ${p.user}`} onClick={() => remove.mutate(p._id)}>
                  <Trash2 size={15} />
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <ul className="people-list" aria-label="Pending Invites">
          {pending.length === 0 && <li className="faint">No pending invites</li>}
          {pending.map((i) => (
            <li key={i._id} className="row">
              <span>{i.inviteeEmail}</span>
              <span className="faint">invited by {i.inviterEmail}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <span className="label">General access</span>
        <div className="row">
          {visibility === 'public' ? <Globe size={16} /> : <Lock size={16} />}
          <select
            className="select"
            style={{ maxWidth: 220 }}
            aria-label="General access"
            value={visibility}
            disabled={!sheet.isAuthor || access.isPending}
            onChange={(e) => access.mutate(e.target.value as 'public' | 'private')}
          >
            <option value="private">Private</option>
            <option value="public">Public</option>
          </select>
          <span className="faint">{visibility === 'public' ? 'Anyone with the link can view and follow' : 'Only people added can open'}</span>
        </div>
      </div>
    </Dialog>
  );
}

/** Add people by email: checked with the invite's own schema, and against the people already in. */
function InviteForm({ sheetId, collaborators, onInvited }: { sheetId: string; collaborators: readonly string[]; onInvited: () => void }) {
  const { register, handleSubmit, setError, reset, formState } = useForm<InviteBody, unknown, Invite>({
    resolver: zodResolver(inviteBodySchema),
    defaultValues: { email: '' },
  });
  const message = formState.errors.email?.message;
  const invite = useMutation({
    mutationFn: (value: string) => sharingCalls.invite(sheetId, value),
    onSuccess: () => {
      toast.success('Collaborator invite sent');
      reset();
      onInvited();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 409) setError('email', { message: err.message });
      else toast.failure('Failed to add collaborator', err);
    },
  });
  const onSubmit = handleSubmit(({ email }) => {
    if (collaborators.includes(email)) setError('email', { message: SHARE_MESSAGES.alreadyCollaborator });
    else invite.mutate(email);
  });
  return (
    <>
      <form className="row" onSubmit={(e) => void onSubmit(e)} noValidate>
        <input
          className="input"
          type="email"
          placeholder="Add people by email"
          aria-label="Add people by email"
          aria-invalid={!!message}
          aria-describedby={describedBy(null, 'share-invite-error', message)}
          {...register('email')}
        />
        <button type="submit" className="btn btn-primary" disabled={invite.isPending}>
          Invite
        </button>
      </form>
      <FieldError id="share-invite-error" message={message} />
    </>
  );
}
