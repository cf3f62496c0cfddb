import { useState, type SubmitEvent } from 'react';
import { formText } from '@shared/untrusted';
import { PASSWORD_MAX, RULE_MESSAGES } from '@shared/rules/account';
import { NewPasswordFields, newPasswordProblem } from '../../../components/new-password-fields';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/account-queries';

export function ChangePasswordForm() {
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const currentPassword = formText(form, 'currentPassword');
    const newPassword = formText(form, 'newPassword');
    const problem = newPasswordProblem(form, 'newPassword');
    if (problem) {
      setError(problem);
      return;
    }
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
      <form className="stack account-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field">
          <label htmlFor="acct-current">Current password</label>
          <input id="acct-current" name="currentPassword" type="password" className="input" autoComplete="current-password" maxLength={PASSWORD_MAX} required />
        </div>
        <NewPasswordFields idPrefix="acct" name="newPassword" />
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
