import { useEffect, useState, type ReactNode } from 'react';
import type { JudgeHealth } from '@shared/schemas/health';
import { send } from '../../lib/messaging';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children ?? <span className="muted">Not yet</span>}</dd>
    </>
  );
}

function JudgeItem({ j }: { j: JudgeHealth }) {
  return (
    <li aria-label={j.name} data-platform={j.platform} className="health-judge">
      <strong>{j.name}</strong>
      <dl>
        <Fact label="Last page recognised">{j.page && `${when(j.page.at)} · ${j.page.url}`}</Fact>
        <Fact label="Last verdict detected">{j.verdict && `${when(j.verdict.at)} · ${j.verdict.url}`}</Fact>
        <Fact label="Last sync">{j.sync && `${when(j.sync.at)} · ${j.sync.ok ? '' : 'failed: '}${j.sync.result}`}</Fact>
        <Fact label="Last failure">
          {j.failure && (
            <span className="error" data-testid="health-failure">
              {`${when(j.failure.at)} · ${j.failure.message}${j.failure.url ? ` (${j.failure.url})` : ''}`}
            </span>
          )}
        </Fact>
      </dl>
    </li>
  );
}

/**
 * Per judge, what the extension last understood there and what it last failed to: a judge's layout
 * change shows here, with its time, even when nobody opened the popup on that page.
 */
export function HealthSection() {
  const [list, setList] = useState<JudgeHealth[] | null>(null);
  useEffect(() => {
    send({ type: 'health:status' })
      .then(setList)
      .catch(() => setList([]));
  }, []);
  if (!list) return null;
  const seen = list.filter((j) => j.page || j.verdict || j.sync || j.failure);
  const unseen = list.filter((j) => !seen.includes(j));
  return (
    <section className="card health" aria-labelledby="health-heading" data-testid="health">
      <h2 id="health-heading">Each judge, as the extension reads it</h2>
      {seen.length > 0 && (
        <ul className="health-list">
          {seen.map((j) => (
            <JudgeItem key={j.platform} j={j} />
          ))}
        </ul>
      )}
      {unseen.length > 0 && <p className="muted">Nothing yet on {unseen.map((j) => j.name).join(', ')}.</p>}
    </section>
  );
}
