import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PASSWORD_MAX, RULE_MESSAGES } from '@shared/rules/account';
import { changePasswordFormSchema, type ChangePasswordForm as Values } from '@shared/schemas/user';
import { describedBy, FieldError } from '../../../components/field-error';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/account-queries';

export function ChangePasswordForm() {
  const change = useChangePassword();
  const { register, handleSubmit, reset, setError, formState } = useForm<Values>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset();
      toast.success(RULE_MESSAGES.passwordChanged);
    } catch (err) {
      setError('root', { message: err instanceof ApiError ? err.message : 'Network error. Please try again.' });
    }
  });

  return (
    <section className="card card-pad account-section" aria-labelledby="account-password-title">
      <h2 id="account-password-title">Change password</h2>
      <p className="muted">Every other device signed in to your account is signed out; this one stays signed in.</p>
      <form className="stack account-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field">
          <label htmlFor="acct-current">Current password</label>
          <input
            id="acct-current"
            type="password"
            className="input"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            aria-invalid={!!errors.currentPassword}
            aria-describedby={describedBy(null, 'acct-current-error', errors.currentPassword?.message)}
            required
            {...register('currentPassword')}
          />
          <FieldError id="acct-current-error" message={errors.currentPassword?.message} />
        </div>
        <NewPasswordFields
          idPrefix="acct"
          newPassword={register('newPassword')}
          confirmPassword={register('confirmPassword')}
          errors={{ newPassword: errors.newPassword?.message, confirmPassword: errors.confirmPassword?.message }}
        />
        <FieldError id="acct-password-error" message={errors.root?.message} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={change.isPending}>
            {change.isPending && <span className="spinner" aria-hidden />}
            Change password
          </button>
        </div>
      </form>
    </section>
  );
}
