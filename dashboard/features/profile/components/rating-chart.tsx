import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { platformById } from '@shared/platforms/index';
import { chartPoints, type RatingPoint } from '../lib/portfolio';
import { formatNumber } from '@shared/format-number';

const dateLabel = (t: number) => new Date(t).toLocaleDateString(undefined, { month: 'short', year: '2-digit' });
const fullDate = (t: number) => new Date(t).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** One judge's rating after each contest. Its own chunk: recharts loads only where a chart is shown. */
export default function RatingChart({ platform, history }: { platform: string; history: readonly RatingPoint[] }) {
  const points = chartPoints(history);
  const judge = platformById(platform);
  const name = judge?.name ?? platform;
  const ratings = points.map((p) => p.rating);
  const first = points[0];
  const last = points[points.length - 1];
  const summary =
    first && last
      ? `${name} rating over ${points.length} contests, from ${formatNumber(first.rating)} on ${fullDate(first.t)} to ${formatNumber(last.rating)} on ${fullDate(last.t)}; highest ${formatNumber(Math.max(...ratings))}`
      : `${name}: no rated contests yet`;
  return (
    <div className="pf-chart" role="img" aria-label={summary}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: -8 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="t" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={dateLabel} stroke="var(--text-faint)" fontSize={11} tickLine={false} minTickGap={28} />
          <YAxis domain={['auto', 'auto']} stroke="var(--text-faint)" fontSize={11} tickLine={false} axisLine={false} width={48} allowDecimals={false} />
          <Tooltip
            contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--text)', fontSize: 12 }}
            labelFormatter={(t) => fullDate(Number(t))}
            formatter={(value, _key, item) => [String(value), (item.payload as { contest?: string } | undefined)?.contest ?? 'Rating']}
          />
          <Line type="linear" dataKey="rating" stroke={judge?.color ?? 'var(--primary)'} strokeWidth={2} dot={points.length <= 40 ? { r: 2.5 } : false} activeDot={{ r: 4 }} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
