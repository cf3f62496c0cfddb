import { PASSWORD_MAX, PASSWORD_MIN, RULE_MESSAGES } from '@shared/rules/account';

/** A new password and its confirmation, as the change-password form and the reset page ask for them. */
export function NewPasswordFields({ idPrefix, name, autoFocus = false }: { idPrefix: string; name: string; autoFocus?: boolean }) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-new`}>New password</label>
        <input
          id={`${idPrefix}-new`}
          name={name}
          type="password"
          className="input"
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          aria-describedby={`${idPrefix}-new-hint`}
          required
          autoFocus={autoFocus}
        />
        <span className="field-hint" id={`${idPrefix}-new-hint`}>
          {RULE_MESSAGES.passwordLength}.
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-confirm`}>Confirm new password</label>
        <input id={`${idPrefix}-confirm`} name="confirmPassword" type="password" className="input" autoComplete="new-password" maxLength={PASSWORD_MAX} required />
      </div>
    </>
  );
}

/**
 * The sign-up rules for the fields above, checked before a round trip (the server checks them again):
 * the message to show, or null when the new password may be sent.
 */
export function newPasswordProblem(form: FormData, name: string): string | null {
  const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '');
  const password = text(form.get(name));
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return RULE_MESSAGES.passwordLength;
  if (password !== text(form.get('confirmPassword'))) return RULE_MESSAGES.passwordMismatch;
  return null;
}
