import { useState, type FormEvent } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN, RULE_MESSAGES } from '@shared/rules/account';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/account-queries';

export function ChangePasswordForm() {
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const currentPassword = String(form.get('currentPassword') ?? '');
    const newPassword = String(form.get('newPassword') ?? '');
    if (newPassword.length < PASSWORD_MIN || newPassword.length > PASSWORD_MAX) return setError(RULE_MESSAGES.passwordLength);
    if (newPassword !== String(form.get('confirmPassword') ?? '')) return setError(RULE_MESSAGES.passwordMismatch);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      formEl.reset();
      toast.success(RULE_MESSAGES.passwordChanged);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Network error. Please try again.');
    }
  }

  return (
    <section className="card card-pad account-section" aria-labelledby="account-password-title">
      <h2 id="account-password-title">Change password</h2>
      <p className="muted">Every other device signed in to your account is signed out; this one stays signed in.</p>
      <form className="stack account-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor="acct-current">Current password</label>
          <input id="acct-current" name="currentPassword" type="password" className="input" autoComplete="current-password" maxLength={PASSWORD_MAX} required />
        </div>
        <div className="field">
          <label htmlFor="acct-new">New password</label>
          <input
            id="acct-new"
            name="newPassword"
            type="password"
            className="input"
            autoComplete="new-password"
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            aria-describedby="acct-new-hint"
            required
          />
          <span className="field-hint" id="acct-new-hint">
            {RULE_MESSAGES.passwordLength}.
          </span>
        </div>
        <div className="field">
          <label htmlFor="acct-confirm">Confirm new password</label>
          <input id="acct-confirm" name="confirmPassword" type="password" className="input" autoComplete="new-password" maxLength={PASSWORD_MAX} required />
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
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
