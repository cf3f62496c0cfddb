import { useQuery } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useLocation } from 'wouter';
import { PASSWORD_MAX, RULE_MESSAGES } from '@shared/rules/account';
import type { AccountSheet, SheetChoice } from '@shared/schemas/user';
import { ConfirmDialog } from '../../../components/dialog';
import { SkeletonList } from '../../../components/feedback';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/api/session';
import { tabHref } from '../../tracker/tabs';
import { ownSheetsQuery, useDeleteAccount } from '../api/account-queries';
import { plural } from '@shared/plural';

/** A select's value: 'delete', or 'transfer:<collaborator entry id>'. */
function toChoice(sheetId: string, value: string): SheetChoice | null {
  if (value === 'delete') return { sheetId, action: 'delete' };
  if (value.startsWith('transfer:')) return { sheetId, action: 'transfer', collaboratorId: value.slice('transfer:'.length) };
  return null;
}

function SheetChoiceRow({ sheet, value, onChange }: { sheet: AccountSheet; value: string; onChange: (value: string) => void }) {
  const id = `acct-sheet-${sheet._id}`;
  return (
    <li className="account-sheet">
      <label htmlFor={id} className="account-sheet-name">
        {sheet.name}
        <span className="faint">
          {plural(sheet.totalQuestions, 'question')} · {plural(sheet.collaborators.length, 'collaborator')} · {plural(sheet.followers, 'follower')}
        </span>
      </label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value)} required>
        <option value="">{RULE_MESSAGES.sheetChoiceRequired}</option>
        <option value="delete">Delete the sheet</option>
        {sheet.collaborators.map((c) => (
          <option key={c._id} value={`transfer:${c._id}`}>
            Hand to {`${c.firstName} ${c.secondName}`.trim()} ({c.email})
          </option>
        ))}
      </select>
    </li>
  );
}

export function DeleteAccountForm() {
  const { token } = useSession();
  const sheets = useQuery(ownSheetsQuery(token));
  const remove = useDeleteAccount();
  const [, navigate] = useLocation();
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const list = sheets.data ?? [];
  const picked = list.map((s) => toChoice(s._id, choices[s._id] ?? ''));
  const complete = picked.every((c) => c !== null);

  function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    if (!complete) {
      setError(RULE_MESSAGES.sheetChoiceMissing);
      return;
    }
    if (!password) {
      setError('Password is required');
      return;
    }
    setConfirming(true);
  }

  async function onConfirm() {
    try {
      await remove.mutateAsync({ password, sheets: picked.filter((c): c is SheetChoice => c !== null) });
      toast.success(RULE_MESSAGES.accountDeleted);
      navigate(tabHref('explore'));
    } catch (err) {
      setConfirming(false);
      setError(err instanceof ApiError ? err.message : 'Network error. Please try again.');
    }
  }

  return (
    <section className="card card-pad account-section account-danger" aria-labelledby="account-delete-title">
      <h2 id="account-delete-title">Delete account</h2>
      <p className="muted">
        Your workspace, notes, follows and collaborations are removed and every device is signed out. Custom questions you added stay in the
        catalogue for others. This cannot be undone.
      </p>
      <form className="stack account-form" onSubmit={onSubmit} noValidate>
        {sheets.isLoading ? (
          <SkeletonList rows={2} />
        ) : sheets.error ? (
          <p className="field-error" role="alert">
            Failed to load your sheets.
          </p>
        ) : list.length > 0 ? (
          <fieldset className="account-sheets">
            <legend>Sheets you created: delete each one, or hand it to one of its collaborators.</legend>
            <ul>
              {list.map((s) => (
                <SheetChoiceRow key={s._id} sheet={s} value={choices[s._id] ?? ''} onChange={(v) => setChoices((c) => ({ ...c, [s._id]: v }))} />
              ))}
            </ul>
          </fieldset>
        ) : (
          <p className="faint">You have not created any sheets.</p>
        )}
        <div className="field">
          <label htmlFor="acct-delete-password">Password</label>
          <input
            id="acct-delete-password"
            name="password"
            type="password"
            className="input"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div>
          <button type="submit" className="btn btn-danger" disabled={sheets.isLoading || !!sheets.error}>
            Delete account
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Delete your account?"
        message="Your account and the sheets you chose to delete are removed for good, and you are signed out everywhere."
        confirmLabel="Delete my account"
        danger
        busy={remove.isPending}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
