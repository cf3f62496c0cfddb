import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useLocation, useSearch } from 'wouter';
import { RESET_MESSAGES } from '@shared/rules/password-reset';
import { newPasswordFormSchema, type NewPasswordForm } from '@shared/schemas/user';
import { EmptyState } from '../../components/feedback';
import { FieldError } from '../../components/field-error';
import { NewPasswordFields } from '../../components/new-password-fields';
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
  const { register, handleSubmit, setError, formState } = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = formState;

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
  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      await reset.mutateAsync({ token: resetToken, password: newPassword });
      toast.success(RESET_MESSAGES.done);
      navigate('/question-tracker', { replace: true });
    } catch (err) {
      setError('root', { message: err instanceof ApiError ? err.message : 'Network error. Please try again.' });
    }
  });

  const invalid = errors.root?.message === RESET_MESSAGES.invalidLink;
  return (
    <section className="card card-pad reset-password" aria-labelledby="reset-title">
      <header className="page-header">
        <div>
          <h1 id="reset-title">Choose a new password</h1>
          <p>Every device signed in to your account will be signed out.</p>
        </div>
      </header>
      <form className="stack" onSubmit={(e) => void onSubmit(e)} noValidate>
        <NewPasswordFields
          idPrefix="reset"
          newPassword={register('newPassword')}
          confirmPassword={register('confirmPassword')}
          errors={{ newPassword: errors.newPassword?.message, confirmPassword: errors.confirmPassword?.message }}
          autoFocus
        />
        <FieldError id="reset-error" message={errors.root?.message} />
        <button type="submit" className="btn btn-primary btn-block" disabled={reset.isPending}>
          {reset.isPending && <span className="spinner" aria-hidden />}
          Set new password
        </button>
        {invalid && askAgain}
      </form>
    </section>
  );
}
