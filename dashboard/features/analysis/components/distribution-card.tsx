import { useState } from 'react';
import { Bar, BarChart, Rectangle, ResponsiveContainer, Tooltip, XAxis, YAxis, type BarShapeProps } from 'recharts';
import type { Entry } from '../lib/distribution';

const BAR_PX = 30;
const PALETTE = ['#1d4ed8', '#2563eb', '#3b82f6', '#60a5fa'];

interface Props {
  title: string;
  list: Entry[];
  /** Entries shown before Show more. */
  initial: number;
  label?: (name: string) => string;
  color?: (name: string, index: number) => string;
  empty: string;
}

/** A distribution as horizontal bars, the first few with Show more / Show less. */
export function DistributionCard({ title, list, initial, label = (n) => n, color = (_, i) => PALETTE[i % PALETTE.length] ?? '#2563eb', empty }: Props) {
  const [all, setAll] = useState(false);
  const shown = (all ? list : list.slice(0, initial)).map((e) => ({ ...e, label: label(e.name) }));
  const fills = shown.map((e, i) => color(e.name, i));
  return (
    <section className="card card-pad an-card" aria-label={title}>
      <div className="section-header">
        <h3>{title}</h3>
        {list.length > initial && (
          <button type="button" className="btn btn-sm btn-ghost" aria-expanded={all} onClick={() => setAll((a) => !a)}>
            {all ? 'Show less' : `Show more (${list.length - initial})`}
          </button>
        )}
      </div>
      {list.length === 0 ? (
        <p className="faint an-empty-card">{empty}</p>
      ) : (
        <>
          <div style={{ height: shown.length * BAR_PX + 12 }} className="an-chart">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={shown} layout="vertical" margin={{ left: 4, right: 28, top: 4, bottom: 4 }}>
                <XAxis type="number" hide allowDecimals={false} />
                <YAxis type="category" dataKey="label" width={150} tickLine={false} axisLine={false} tick={{ fill: 'var(--text-muted)', fontSize: 12 }} />
                <Tooltip
                  cursor={{ fill: 'var(--surface-2)' }}
                  contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--text)' }}
                  formatter={(value) => [value, 'Solved']}
                />
                <Bar
                  dataKey="count"
                  barSize={16}
                  radius={[0, 4, 4, 0]}
                  label={{ position: 'right', fill: 'var(--text-muted)', fontSize: 12 }}
                  isAnimationActive={false}
                  shape={(bar: BarShapeProps) => <Rectangle {...bar} fill={fills[bar.originalDataIndex]} />}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
          {/* The same numbers as text, for screen readers and for tests. */}
          <ul className="visually-hidden" aria-label={`${title} values`}>
            {shown.map((e) => (
              <li key={e.name}>
                {e.label}: {e.count}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
