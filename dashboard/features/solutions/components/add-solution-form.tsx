import { format, isToday } from 'date-fns';
import { useId, useState, type SubmitEvent } from 'react';
import { SOLUTION_LANGUAGES, SOLUTION_MESSAGES } from '@shared/rules/solutions';
import { solutionCodeSchema } from '@shared/schemas/solution';
import { parseDay } from '../../workspace/lib/filters';
import { useSaveSolution } from '../api/solutions-queries';

/** The language picked last, so a second pasted solution starts in the same one. */
let lastLanguage: string = SOLUTION_LANGUAGES[0].id;

const wholeNumber = (value: string): number | undefined => {
  const n = Number(value);
  return value.trim() !== '' && Number.isInteger(n) && n >= 0 ? n : undefined;
};

/** Keeps a solution typed or pasted by hand (source manual). */
export function AddSolutionForm({ questionId, onDone }: { questionId: string; onDone: () => void }) {
  const save = useSaveSolution();
  const [language, setLanguage] = useState(lastLanguage);
  const [day, setDay] = useState(format(new Date(), 'yyyy-MM-dd'));
  const [attempts, setAttempts] = useState('');
  const [minutes, setMinutes] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    const checked = solutionCodeSchema.safeParse(code);
    const problem = checked.success ? null : (checked.error.issues[0]?.message ?? SOLUTION_MESSAGES.empty);
    setError(problem);
    if (problem) return;
    const picked = parseDay(day) ?? new Date();
    // A day other than today is taken at its noon: the time of a past solve is rarely known.
    const acceptedAt = isToday(picked) ? new Date() : new Date(picked.getFullYear(), picked.getMonth(), picked.getDate(), 12);
    const mins = wholeNumber(minutes);
    lastLanguage = language;
    save.mutate(
      {
        questionId,
        code,
        language,
        acceptedAt: acceptedAt.toISOString(),
        source: 'manual',
        ...(wholeNumber(attempts) !== undefined && { attempts: wholeNumber(attempts) }),
        ...(mins !== undefined && { timeSpentSec: mins * 60 }),
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form className="sol-form" onSubmit={submit} aria-label="Add a solution">
      <div className="sol-form-grid">
        <div className="field">
          <label htmlFor={`${id}-lang`}>Language</label>
          <select id={`${id}-lang`} className="select" value={language} onChange={(e) => setLanguage(e.target.value)}>
            {SOLUTION_LANGUAGES.map((l) => (
              <option key={l.id} value={l.id}>
                {l.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-day`}>Accepted on</label>
          <input id={`${id}-day`} className="input" type="date" value={day} max={format(new Date(), 'yyyy-MM-dd')} onChange={(e) => setDay(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-attempts`}>Wrong attempts</label>
          <input id={`${id}-attempts`} className="input" type="number" inputMode="numeric" min={0} max={10000} placeholder="Optional" value={attempts} onChange={(e) => setAttempts(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-minutes`}>Time spent (min)</label>
          <input id={`${id}-minutes`} className="input" type="number" inputMode="numeric" min={0} max={10080} placeholder="Optional" value={minutes} onChange={(e) => setMinutes(e.target.value)} />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-code`}>Code</label>
        <textarea
          id={`${id}-code`}
          className="textarea sol-textarea"
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          placeholder="Paste your accepted code"
          value={code}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
        {error && (
          <span id={`${id}-error`} className="field-error" role="alert">
            {error}
          </span>
        )}
      </div>
      <div className="sol-form-actions">
        <button type="button" className="btn btn-sm" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn-sm btn-primary" disabled={save.isPending}>
          {save.isPending && <span className="spinner" aria-hidden />}
          Keep solution
        </button>
      </div>
    </form>
  );
}
