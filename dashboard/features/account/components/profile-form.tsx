import { ImageUp, Trash2 } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AVATAR_MAX_BYTES, PROFILE_MESSAGES, PROFILE_NAME_MAX } from '@shared/rules/account';
import { updateProfileBodySchema, type UpdateProfileBody, type User } from '@shared/schemas/user';
import { describedBy, FieldError } from '../../../components/field-error';
import type { z } from 'zod';
import { AvatarFace } from '../../../components/avatar';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useRemoveAvatar, useUpdateProfile, useUploadAvatar } from '../api/account-queries';

type UpdateProfile = z.output<typeof updateProfileBodySchema>;

const failure = (err: unknown) => (err instanceof ApiError ? err.message : 'Network error. Please try again.');

/** Names, profile name and avatar: what others see of the user. */
export function ProfileForm({ user }: { user: User }) {
  return (
    <section className="card card-pad account-section" aria-labelledby="account-profile-title">
      <h2 id="account-profile-title">Profile</h2>
      <AvatarPicker user={user} />
      <NamesForm key={`${user.firstName}|${user.secondName}|${user.profileName}`} user={user} />
    </section>
  );
}

function AvatarPicker({ user }: { user: User }) {
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = '';
    if (!file) return;
    setError(null);
    // Checked here too, so a large photo is not sent only to be refused; the server checks again.
    if (file.size > AVATAR_MAX_BYTES) {
      setError(PROFILE_MESSAGES.avatarTooLarge);
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast.success(PROFILE_MESSAGES.avatarSaved);
    } catch (err) {
      setError(failure(err));
    }
  }

  async function onRemove() {
    setError(null);
    try {
      await remove.mutateAsync();
      toast.success(PROFILE_MESSAGES.avatarRemoved);
    } catch (err) {
      setError(failure(err));
    }
  }

  return (
    <div className="account-avatar">
      <span className="avatar account-avatar-image" role="img" aria-label={user.imageUrl ? 'Your avatar' : 'Your initials avatar'}>
        <AvatarFace person={user} />
      </span>
      <div className="stack account-avatar-actions">
        <div className="row account-avatar-buttons">
          <button type="button" className="btn btn-sm" onClick={() => input.current?.click()} disabled={busy} aria-describedby="account-avatar-hint">
            {upload.isPending ? <span className="spinner" aria-hidden /> : <ImageUp size={15} aria-hidden />}
            Upload image
          </button>
          {user.imageUrl && (
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => void onRemove()} disabled={busy}>
              <Trash2 size={15} aria-hidden /> Use initials
            </button>
          )}
        </div>
        <span className="field-hint" id="account-avatar-hint">
          PNG, JPEG, GIF or BMP, up to 2 MB. It is cropped to a square.
        </span>
        {/* The button opens it; the input itself stays out of the tab order and out of sight. */}
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/bmp"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Avatar image"
          onChange={(e) => void onFile(e)}
        />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

function NamesForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const { register, handleSubmit, setError, control, formState } = useForm<UpdateProfileBody, unknown, UpdateProfile>({
    resolver: zodResolver(updateProfileBodySchema),
    defaultValues: { firstName: user.firstName, secondName: user.secondName, profileName: user.profileName },
  });
  const { errors } = formState;
  const profileName = useWatch({ control, name: 'profileName' });
  const profileField = register('profileName');

  const onSubmit = handleSubmit(async (body) => {
    try {
      await update.mutateAsync(body);
      toast.success(PROFILE_MESSAGES.saved);
    } catch (err) {
      setError('root', { message: failure(err) });
    }
  });

  const renamed = profileName.trim().toLowerCase() !== user.profileName;
  return (
    <form className="stack account-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Profile details">
      <div className="account-names">
        <div className="field">
          <label htmlFor="acct-first">First name</label>
          <input
            id="acct-first"
            className="input"
            autoComplete="given-name"
            maxLength={60}
            aria-invalid={!!errors.firstName}
            aria-describedby={describedBy(null, 'acct-first-error', errors.firstName?.message)}
            required
            {...register('firstName')}
          />
          <FieldError id="acct-first-error" message={errors.firstName?.message} />
        </div>
        <div className="field">
          <label htmlFor="acct-second">Second name</label>
          <input
            id="acct-second"
            className="input"
            autoComplete="family-name"
            maxLength={60}
            aria-invalid={!!errors.secondName}
            aria-describedby={describedBy(null, 'acct-second-error', errors.secondName?.message)}
            {...register('secondName')}
          />
          <FieldError id="acct-second-error" message={errors.secondName?.message} />
        </div>
      </div>
      <div className="field">
        <label htmlFor="acct-profile-name">Profile name</label>
        <input
          id="acct-profile-name"
          className="input"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={PROFILE_NAME_MAX}
          aria-invalid={!!errors.profileName}
          aria-describedby={describedBy('acct-profile-name-hint', 'acct-profile-name-error', errors.profileName?.message)}
          required
          {...profileField}
          onChange={(e) => {
            // Shown as it will be saved: lower case, hyphens for spaces.
            e.target.value = e.target.value.toLowerCase().replace(/\s+/g, '-');
            void profileField.onChange(e);
          }}
        />
        <span className="field-hint account-url" id="acct-profile-name-hint">
          Your profile: /profile/{profileName.trim() || '…'}
          {renamed && ` — links to /profile/${user.profileName} keep working.`}
        </span>
        <FieldError id="acct-profile-name-error" message={errors.profileName?.message} />
      </div>
      <FieldError id="acct-profile-error" message={errors.root?.message} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending && <span className="spinner" aria-hidden />}
          Save profile
        </button>
      </div>
    </form>
  );
}
