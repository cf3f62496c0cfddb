import { KeyRound } from 'lucide-react';
import { useState, type SubmitEvent } from 'react';
import { formText } from '@shared/untrusted';
import { useLocation, useSearch } from 'wouter';
import { RESET_MESSAGES } from '@shared/rules/password-reset';
import { EmptyState } from '../../components/feedback';
import { NewPasswordFields, newPasswordProblem } from '../../components/new-password-fields';
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
  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const form = new FormData(e.currentTarget);
    const problem = newPasswordProblem(form, 'password');
    if (problem) {
      setError(problem);
      return;
    }
    const password = formText(form, 'password');
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
      <form className="stack" onSubmit={(e) => void onSubmit(e)} noValidate>
        <NewPasswordFields idPrefix="reset" name="password" autoFocus />
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
