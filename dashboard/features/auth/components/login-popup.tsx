import { useState, type FormEvent } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '@shared/rules/account';
import { Dialog } from '../../../components/dialog';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useLogin, useSignup } from '../api/session';
import { useLoginPopup } from '../stores/login-popup';

/** The login popup (spec §2/§6): sign in or create an account without leaving the page. */
export function LoginPopup() {
  const { open, mode, setMode, close } = useLoginPopup();
  const login = useLogin();
  const signup = useSignup();
  const [error, setError] = useState<string | null>(null);
  const busy = login.isPending || signup.isPending;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const form = new FormData(e.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    try {
      if (mode === 'login') {
        await login.mutateAsync({ email, password });
        toast.success('Signed in');
      } else {
        await signup.mutateAsync({ email, password, firstName: String(form.get('firstName') ?? ''), secondName: String(form.get('secondName') ?? '') });
        toast.success('Account created');
      }
      close();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Network error. Please try again.');
    }
  }

  return (
    <Dialog open={open} onClose={close} title={mode === 'login' ? 'Sign in to continue' : 'Create your account'} label="Login">
      <div className="segmented" role="tablist" aria-label="Sign in or sign up">
        <button type="button" role="tab" aria-selected={mode === 'login'} onClick={() => (setError(null), setMode('login'))}>
          Sign in
        </button>
        <button type="button" role="tab" aria-selected={mode === 'signup'} onClick={() => (setError(null), setMode('signup'))}>
          Sign up
        </button>
      </div>
      <form className="stack" onSubmit={onSubmit} key={mode} noValidate>
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
      </form>
    </Dialog>
  );
}
