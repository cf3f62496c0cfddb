import { Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { platformById } from '@shared/platforms/index';
import { total, type Entry } from '../lib/distribution';

const FALLBACK = ['#6366f1', '#0ea5e9', '#14b8a6', '#f59e0b', '#ef4444', '#8b5cf6', '#84cc16'];

/** Solved questions per platform: a donut in each platform's own colour, with a legend. */
export function PlatformChart({ list }: { list: Entry[] }) {
  const sum = total(list);
  const data = list.map((e, i) => {
    const p = platformById(e.name);
    return { ...e, label: p?.name ?? e.name, fill: p?.color ?? FALLBACK[i % FALLBACK.length] ?? '#6366f1' };
  });
  return (
    <section className="card card-pad an-card" aria-label="Platforms">
      <div className="section-header">
        <h3>Platforms</h3>
      </div>
      {data.length === 0 ? (
        <p className="faint an-empty-card">No platforms yet</p>
      ) : (
        <div className="an-donut">
          <div className="an-donut-chart">
            <ResponsiveContainer width="100%" height="100%">
              <PieChart>
                {/* Each sector takes the `fill` of its entry. */}
                <Pie data={data} dataKey="count" nameKey="label" innerRadius="62%" outerRadius="95%" paddingAngle={data.length > 1 ? 2 : 0} stroke="var(--surface)" isAnimationActive={false} />
                <Tooltip contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--text)' }} />
              </PieChart>
            </ResponsiveContainer>
            <div className="an-donut-center" aria-hidden>
              <strong>{sum}</strong>
              <span>solved</span>
            </div>
          </div>
          <ul className="an-legend" aria-label="Platforms values">
            {data.map((d) => (
              <li key={d.name}>
                <span className="an-swatch" style={{ background: d.fill }} aria-hidden />
                <span className="an-legend-name">{d.label}</span>
                <span className="an-legend-count">
                  {d.count} <span className="faint">· {Math.round((d.count / sum) * 100)}%</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
