import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MAX, PASSWORD_MIN, RULE_MESSAGES } from '@shared/rules/account';
import { describedBy, FieldError } from './field-error';

interface Props {
  idPrefix: string;
  /** The form's registration of its new password and of its confirmation. */
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { newPassword?: string | undefined; confirmPassword?: string | undefined };
  autoFocus?: boolean;
}

/** A new password and its confirmation, as the change-password form and the reset page ask for them. */
export function NewPasswordFields({ idPrefix, newPassword, confirmPassword, errors, autoFocus = false }: Props) {
  const id = (part: string) => `${idPrefix}-${part}`;
  return (
    <>
      <div className="field">
        <label htmlFor={id('new')}>New password</label>
        <input
          id={id('new')}
          type="password"
          className="input"
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          aria-invalid={!!errors.newPassword}
          aria-describedby={describedBy(id('new-hint'), id('new-error'), errors.newPassword)}
          required
          autoFocus={autoFocus}
          {...newPassword}
        />
        <span className="field-hint" id={id('new-hint')}>
          {RULE_MESSAGES.passwordLength}.
        </span>
        <FieldError id={id('new-error')} message={errors.newPassword} />
      </div>
      <div className="field">
        <label htmlFor={id('confirm')}>Confirm new password</label>
        <input
          id={id('confirm')}
          type="password"
          className="input"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          aria-invalid={!!errors.confirmPassword}
          aria-describedby={describedBy(null, id('confirm-error'), errors.confirmPassword)}
          required
          {...confirmPassword}
        />
        <FieldError id={id('confirm-error')} message={errors.confirmPassword} />
      </div>
    </>
  );
}
