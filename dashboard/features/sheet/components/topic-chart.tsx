import { memo, useMemo, useState } from 'react';
import { Bar, BarChart, Rectangle, ResponsiveContainer, Tooltip, XAxis, YAxis, type BarShapeProps } from 'recharts';
import type { Mapping } from '@shared/schemas/sheet';

const TOP = 10;
const BAR_PX = 30;
const PALETTE = ['#1d4ed8', '#2563eb', '#3b82f6', '#60a5fa'];
/** Topic labels from this platform are section names, not topics, so they are left out. */
const EXCLUDED_PLATFORM = { id: 'cses', name: 'CSES' };
/** Each bar in the palette's colour for its place in the list. */
const paletteBar = (bar: BarShapeProps) => <Rectangle {...bar} fill={PALETTE[bar.originalDataIndex % PALETTE.length]} />;

/** Topic analysis: the most frequent topics among the sheet's questions. */
function TopicChart({ mappings }: { mappings: Mapping[] }) {
  const [all, setAll] = useState(false);
  const counts = useMemo(() => {
    const map = new Map<string, number>();
    for (const m of mappings) {
      if (m.questionId.platform === EXCLUDED_PLATFORM.id) continue;
      for (const t of m.questionId.topics) map.set(t, (map.get(t) ?? 0) + 1);
    }
    return [...map.entries()].map(([topic, count]) => ({ topic, count })).sort((a, b) => b.count - a.count || a.topic.localeCompare(b.topic));
  }, [mappings]);
  if (!counts.length) return null;
  const shown = all ? counts : counts.slice(0, TOP);
  return (
    <section className="card card-pad topic-chart" aria-label="Topic analysis">
      <div className="section-header">
        <h3>Topic Analysis</h3>
        {counts.length > TOP && (
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setAll((a) => !a)}>
            {all ? 'Show less' : 'Show more'}
          </button>
        )}
      </div>
      <div style={{ height: shown.length * BAR_PX + 20 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={shown} layout="vertical" margin={{ left: 8, right: 16 }}>
            <XAxis type="number" hide allowDecimals={false} />
            <YAxis type="category" dataKey="topic" width={170} tick={{ fill: 'var(--text-muted)', fontSize: 12 }} />
            <Tooltip cursor={{ fill: 'var(--surface-2)' }} contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)' }} />
            <Bar dataKey="count" barSize={18} radius={[0, 4, 4, 0]} shape={paletteBar} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <p className="faint" style={{ fontSize: 12.5 }}>
        Topic data excludes {EXCLUDED_PLATFORM.name} questions.
      </p>
    </section>
  );
}

const sameList = (a: readonly string[], b: readonly string[]) => a === b || (a.length === b.length && a.every((x, i) => x === b[i]));

/**
 * The questions' platforms and topic labels, in order: all the chart depends on. Compared on every
 * render of the page, so unchanged questions (the same objects after an edit or a refetch) are
 * passed over by identity.
 */
const sameTopics = (a: Mapping[], b: Mapping[]) =>
  a === b ||
  (a.length === b.length &&
    a.every((m, i) => {
      const n = b[i];
      return m === n || (!!n && m.questionId.platform === n.questionId.platform && sameList(m.questionId.topics, n.questionId.topics));
    }));

// Recharts redraws are costly: a refetch, tick or move that leaves the topics as they were keeps the chart as drawn.
export default memo(TopicChart, (prev, next) => sameTopics(prev.mappings, next.mappings));
