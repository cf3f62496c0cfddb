import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PASSWORD_MAX, PASSWORD_MIN, RULE_MESSAGES } from '@shared/rules/account';
import { RESET_MESSAGES } from '@shared/rules/password-reset';
import { EmptyState } from '../../components/feedback';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useResetPassword } from './api/session';
import { useLoginPopup } from './stores/login-popup';
import './auth.css';

/** /reset-password?token=…: the page a reset link opens. A new password, then the person is signed in. */
export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const showLogin = useLoginPopup((s) => s.show);
  const [error, setError] = useState<string | null>(null);

  const askAgain = (
    <button type="button" className="btn btn-primary" onClick={() => showLogin('forgot')}>
      Ask for a new link
    </button>
  );
  if (!token) {
    return (
      <EmptyState icon={<KeyRound size={22} />} title="Reset your password" action={askAgain}>
        {RESET_MESSAGES.missingToken}
      </EmptyState>
    );
  }

  const resetToken = token;
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const form = new FormData(e.currentTarget);
    const password = String(form.get('password') ?? '');
    // The rules of sign-up, checked here first so a slip costs no round trip; the server checks them again.
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
      setError(RULE_MESSAGES.passwordLength);
      return;
    }
    if (password !== String(form.get('confirmPassword') ?? '')) {
      setError(RULE_MESSAGES.passwordMismatch);
      return;
    }
    try {
      await reset.mutateAsync({ token: resetToken, password });
      toast.success(RESET_MESSAGES.done);
      navigate('/question-tracker', { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Network error. Please try again.');
    }
  }

  const invalid = error === RESET_MESSAGES.invalidLink;
  return (
    <section className="card card-pad reset-password" aria-labelledby="reset-title">
      <header className="page-header">
        <div>
          <h1 id="reset-title">Choose a new password</h1>
          <p>Every device signed in to your account will be signed out.</p>
        </div>
      </header>
      <form className="stack" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor="reset-new">New password</label>
          <input
            id="reset-new"
            name="password"
            type="password"
            className="input"
            autoComplete="new-password"
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            aria-describedby="reset-new-hint"
            required
            autoFocus
          />
          <span className="field-hint" id="reset-new-hint">
            {RULE_MESSAGES.passwordLength}.
          </span>
        </div>
        <div className="field">
          <label htmlFor="reset-confirm">Confirm new password</label>
          <input id="reset-confirm" name="confirmPassword" type="password" className="input" autoComplete="new-password" maxLength={PASSWORD_MAX} required />
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={reset.isPending}>
          {reset.isPending && <span className="spinner" aria-hidden />}
          Set new password
        </button>
        {invalid && askAgain}
      </form>
    </section>
  );
}
