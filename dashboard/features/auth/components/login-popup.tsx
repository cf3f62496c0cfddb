import { useState, type SubmitEvent } from 'react';
import { formText } from '@shared/untrusted';
import { PASSWORD_MAX, PASSWORD_MIN } from '@shared/rules/account';
import { RESET_MESSAGES } from '@shared/rules/password-reset';
import { Dialog } from '../../../components/dialog';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useForgotPassword, useLogin, useSignup } from '../api/session';
import { useLoginPopup } from '../stores/login-popup';
import '../auth.css';

/** The login popup (spec §2/§6): sign in or create an account without leaving the page. */
export function LoginPopup() {
  const { open, mode, setMode, close } = useLoginPopup();
  const login = useLogin();
  const signup = useSignup();
  const forgot = useForgotPassword();
  const [error, setError] = useState<string | null>(null);
  /** What a reset request said (the same for every e-mail), shown in place of the form. */
  const [sent, setSent] = useState<string | null>(null);
  const busy = login.isPending || signup.isPending || forgot.isPending;
  const switchTo = (next: 'login' | 'signup' | 'forgot') => {
    setError(null);
    setSent(null);
    setMode(next);
  };

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const form = new FormData(e.currentTarget);
    const email = formText(form, 'email');
    const password = formText(form, 'password');
    try {
      if (mode === 'forgot') {
        setSent((await forgot.mutateAsync({ email })).delivery === 'email' ? RESET_MESSAGES.emailSent : RESET_MESSAGES.askAdministrator);
        return;
      }
      if (mode === 'login') {
        await login.mutateAsync({ email, password });
        toast.success('Signed in');
      } else {
        await signup.mutateAsync({ email, password, firstName: formText(form, 'firstName'), secondName: formText(form, 'secondName') });
        toast.success('Account created');
      }
      close();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Network error. Please try again.');
    }
  }

  const title = mode === 'login' ? 'Sign in to continue' : mode === 'signup' ? 'Create your account' : 'Reset your password';
  return (
    <Dialog open={open} onClose={() => { setSent(null); setError(null); close(); }} title={title} label="Login">
      {mode === 'forgot' ? (
        <div className="stack">
          {sent ? (
            <p role="status">{sent}</p>
          ) : (
            <form className="stack" onSubmit={(e) => void onSubmit(e)} noValidate>
              <p className="muted">Enter the email of your account and we will send you a link to choose a new password.</p>
              <div className="field">
                <label htmlFor="lp-email">Email</label>
                <input id="lp-email" name="email" type="email" className="input" autoComplete="email" required autoFocus />
              </div>
              {error && (
                <p className="field-error" role="alert">
                  {error}
                </p>
              )}
              <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
                {busy && <span className="spinner" aria-hidden />}
                Send reset link
              </button>
            </form>
          )}
          <button type="button" className="btn btn-ghost btn-block" onClick={() => switchTo('login')}>
            Back to sign in
          </button>
        </div>
      ) : (
        <>
          <div className="segmented" role="tablist" aria-label="Sign in or sign up">
            <button type="button" role="tab" aria-selected={mode === 'login'} onClick={() => switchTo('login')}>
              Sign in
            </button>
            <button type="button" role="tab" aria-selected={mode === 'signup'} onClick={() => switchTo('signup')}>
              Sign up
            </button>
          </div>
          <form className="stack" onSubmit={(e) => void onSubmit(e)} key={mode} noValidate>
            {mode === 'signup' && (
              <div className="row" style={{ gap: 12 }}>
                <div className="field" style={{ flex: 1 }}>
                  <label htmlFor="lp-first">First name</label>
                  <input id="lp-first" name="firstName" className="input" autoComplete="given-name" required />
                </div>
                <div className="field" style={{ flex: 1 }}>
                  <label htmlFor="lp-second">Last name</label>
                  <input id="lp-second" name="secondName" className="input" autoComplete="family-name" />
                </div>
              </div>
            )}
            <div className="field">
              <label htmlFor="lp-email">Email</label>
              <input id="lp-email" name="email" type="email" className="input" autoComplete="email" required autoFocus />
            </div>
            <div className="field">
              <label htmlFor="lp-password">Password</label>
              <input
                id="lp-password"
                name="password"
                type="password"
                className="input"
                autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                minLength={mode === 'signup' ? PASSWORD_MIN : undefined}
                maxLength={PASSWORD_MAX}
                required
              />
              {mode === 'signup' && <span className="field-hint">At least {PASSWORD_MIN} characters.</span>}
            </div>
            {error && (
              <p className="field-error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
              {busy && <span className="spinner" aria-hidden />}
              {mode === 'login' ? 'Sign in' : 'Create account'}
            </button>
            {mode === 'login' && (
              <button type="button" className="btn btn-ghost btn-sm forgot-link" onClick={() => switchTo('forgot')}>
                Forgot password?
              </button>
            )}
          </form>
        </>
      )}
    </Dialog>
  );
}
