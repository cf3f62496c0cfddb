import { useEffect, useMemo, useState } from 'react';
import type { Solution } from '@shared/schemas/solution';
import { send } from '../../lib/messaging';
import { highlightCode } from '@shared/highlight';
import { formatAttempts, formatTimeSpent } from '@shared/rules/solutions';

/** Where a version came from, in the words the panel shows. */
const SOURCE_TEXT: Record<Solution['source'], string> = {
  extension: 'Kept at the Accepted verdict',
  sync: 'Brought by the history sync',
  manual: 'Added by hand',
};

/** The kept versions of the question's accepted code, newest first, each with its language, date, attempts and time. */
export function SolutionsList({ questionId }: { questionId: string }) {
  const [items, setItems] = useState<Solution[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    send({ type: 'solutions:list', questionId }).then(
      (list) => live && setItems(list),
      (err: unknown) => live && setError((err as Error).message),
    );
    return () => {
      live = false;
    };
  }, [questionId]);

  return (
    <section aria-label="Kept solutions" className="card">
      <strong>Solutions</strong>
      {error ? (
        <div className="error" role="alert">
          {error}
        </div>
      ) : items === null ? (
        <div className="skeleton" aria-busy="true" aria-label="Loading solutions" />
      ) : items.length === 0 ? (
        <span className="muted">No solution kept yet: an Accepted submission keeps its code here.</span>
      ) : (
        <ol className="solution-list">
          {items.map((s) => (
            <SolutionItem key={s.id} solution={s} />
          ))}
        </ol>
      )}
    </section>
  );
}

function SolutionItem({ solution: s }: { solution: Solution }) {
  const html = useMemo(() => highlightCode(s.code, s.language), [s.code, s.language]);
  const date = new Date(s.acceptedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="solution-item" data-testid="solution-item">
      <div className="row solution-head">
        <span className="note-title">Version {s.version}</span>
        <span className="chip" data-testid="solution-language">
          {s.language}
        </span>
      </div>
      <ul className="facts muted">
        <li>
          Accepted <time dateTime={s.acceptedAt}>{date}</time>
        </li>
        {s.attempts !== null && <li data-testid="solution-attempts">{formatAttempts(s.attempts)}</li>}
        {s.timeSpentSec !== null && <li data-testid="solution-time">{formatTimeSpent(s.timeSpentSec)} on the problem that day</li>}
        <li data-testid="solution-source">{SOURCE_TEXT[s.source]}</li>
      </ul>
      <details>
        <summary>Code</summary>
        <pre className="solution-code hljs" tabIndex={0}>
          <code dangerouslySetInnerHTML={{ __html: html }} />
        </pre>
      </details>
    </li>
  );
}
