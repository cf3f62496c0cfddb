import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Download } from 'lucide-react';
import Papa from 'papaparse';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type CSSProperties } from 'react';
import { plural } from '@shared/plural';
import type { GridCell } from '@shared/rules/groups';
import { gridCsvRows, type Grid } from '@shared/schemas/group';
import { LoadFailed, SkeletonList } from '../../../components/feedback';
import { downloadBlob } from '../../../lib/download';
import { usePhone } from '../../../lib/use-phone';
import { gridQuery } from '../api/group-queries';

const ROW = 36;
const CELL = 34;

/** Rows and columns drawn beyond the visible ones, so a quick scroll shows no gap. */
const OVERSCAN = 8;

type SortKey = 'name' | 'done' | `q${number}`;

const CELL_LABEL: Record<GridCell, string> = { solved: 'Solved', late: 'Solved late', open: 'Not solved' };
const RANK: Record<GridCell, number> = { solved: 2, late: 1, open: 0 };

/** The member rows in the chosen order, as indices into the grid's members. */
function orderOf(grid: Grid, key: SortKey, up: boolean): number[] {
  const idx = grid.members.map((_, i) => i);
  const dir = up ? 1 : -1;
  if (key === 'name') return idx.sort((a, b) => dir * (grid.members[a]?.name ?? '').localeCompare(grid.members[b]?.name ?? '', 'en', { sensitivity: 'base' }));
  if (key === 'done') {
    const total = (i: number) => (grid.members[i]?.solved ?? 0) + (grid.members[i]?.late ?? 0);
    return idx.sort((a, b) => dir * (total(a) - total(b)) || (grid.members[b]?.solved ?? 0) - (grid.members[a]?.solved ?? 0));
  }
  const q = Number(key.slice(1));
  return idx.sort((a, b) => dir * (RANK[grid.cells[a]?.[q] ?? 'open'] - RANK[grid.cells[b]?.[q] ?? 'open']));
}

/**
 * The class grid: members down, questions across, with per-member and per-question totals, sortable by
 * name, by total or by any question. Only the rows and columns near the viewport are drawn (a 200 × 450
 * grid would otherwise be 90,000 cells in the page); the header and the name column stay in place while
 * scrolling.
 */
export function ClassGrid({ groupId, assignmentId }: { groupId: string; assignmentId: string }) {
  const query = useQuery(gridQuery(groupId, assignmentId));
  if (query.isError) return <LoadFailed what="the class grid" onRetry={() => void query.refetch()} />;
  if (!query.data) return <SkeletonList rows={8} height={ROW} />;
  return <GridTable grid={query.data} />;
}

function GridTable({ grid }: { grid: Grid }) {
  const [sort, setSort] = useState<{ key: SortKey; up: boolean }>({ key: 'name', up: true });
  const order = useMemo(() => orderOf(grid, sort.key, sort.up), [grid, sort]);
  const perQuestion = useMemo(() => grid.questions.map((_, q) => grid.cells.reduce((n, row) => n + (row[q] === 'open' ? 0 : 1), 0)), [grid]);
  const box = useRef<HTMLDivElement>(null);
  // Narrower fixed columns on a phone, so the cells get most of the screen.
  const phone = usePhone();
  const name = phone ? 110 : 200;
  const totals = phone ? 56 : 112;
  const width = name + totals + grid.questions.length * CELL;
  const fixed = { '--cg-name': `${name}px`, '--cg-total': `${totals}px` } as CSSProperties;
  // The two header rows and the two fixed columns come before the drawn ones. The dashboard is not built
  // with React's compiler, whose memoising is what this rule guards.
  // eslint-disable-next-line react-hooks/incompatible-library
  const rows = useVirtualizer({ count: order.length, getScrollElement: () => box.current, estimateSize: () => ROW, paddingStart: 2 * ROW, overscan: OVERSCAN });
  const columns = useVirtualizer({ horizontal: true, count: grid.questions.length, getScrollElement: () => box.current, estimateSize: () => CELL, paddingStart: name + totals, overscan: OVERSCAN });
  const shown = columns.getVirtualItems();
  const before = (shown[0]?.start ?? name + totals) - (name + totals);
  const after = columns.getTotalSize() - (shown[shown.length - 1]?.end ?? name + totals);
  /** The drawn columns of one row, between spacers that stand for the others. */
  const across = (cell: (q: number) => React.ReactNode) => (
    <>
      {before > 0 && <div className="cg-gap" style={{ width: before }} aria-hidden />}
      {shown.map((c) => cell(c.index))}
      {after > 0 && <div className="cg-gap" style={{ width: after }} aria-hidden />}
    </>
  );
  const sortBy = (key: SortKey) => setSort((s) => ({ key, up: s.key === key ? !s.up : key === 'name' }));
  const ariaSort = (key: SortKey) => (sort.key === key ? (sort.up ? 'ascending' : 'descending') : 'none');
  const arrow = (key: SortKey) => (sort.key === key ? sort.up ? <ArrowUp size={12} aria-hidden /> : <ArrowDown size={12} aria-hidden /> : null);

  const exportCsv = () => {
    const csv = Papa.unparse(gridCsvRows(grid));
    downloadBlob(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }), `${grid.assignment.sheetName.replace(/[^\w-]+/g, '-').slice(0, 60) || 'assignment'}-grid.csv`);
  };

  return (
    <div className="class-grid-wrap">
      <div className="class-grid-bar">
        <p className="class-grid-legend">
          <span className="cell-dot cell-solved" aria-hidden /> solved <span className="cell-dot cell-late" aria-hidden /> late <span className="cell-dot cell-open" aria-hidden /> open ·{' '}
          {plural(grid.members.length, 'member')} × {plural(grid.questions.length, 'question')}
        </p>
        <button type="button" className="btn btn-sm" onClick={exportCsv}>
          <Download size={14} aria-hidden /> Export CSV
        </button>
      </div>
      <div
        ref={box}
        className="class-grid card"
        role="grid"
        aria-label={`Class grid for ${grid.assignment.sheetName}`}
        aria-rowcount={grid.members.length + 2}
        aria-colcount={grid.questions.length + 2}
        tabIndex={0}
      >
        <div style={{ ...fixed, width, height: rows.getTotalSize(), position: 'relative' }}>
          <div className="cg-row cg-head" role="row" aria-rowindex={1} style={{ width }}>
            <div role="columnheader" aria-sort={ariaSort('name')} className="cg-name">
              <button type="button" onClick={() => sortBy('name')}>
                Member {arrow('name')}
              </button>
            </div>
            <div role="columnheader" aria-sort={ariaSort('done')} className="cg-total">
              <button type="button" onClick={() => sortBy('done')}>
                Done {arrow('done')}
              </button>
            </div>
            {across((i) => {
              const q = grid.questions[i];
              return (
                q && (
                  <div key={q.id} role="columnheader" aria-colindex={i + 3} aria-sort={ariaSort(`q${i}`)} className="cg-cell cg-qhead">
                    <button type="button" onClick={() => sortBy(`q${i}`)} title={q.name} aria-label={`${q.name}: sort by this question`}>
                      {i + 1}
                    </button>
                  </div>
                )
              );
            })}
          </div>
          <div className="cg-row cg-foot" role="row" aria-rowindex={2} style={{ width }}>
            <div role="rowheader" className="cg-name">
              Solved by
            </div>
            <div role="gridcell" className="cg-total" />
            {across((i) => (
              <div key={i} role="gridcell" aria-colindex={i + 3} className="cg-cell cg-count" aria-label={`${perQuestion[i] ?? 0} of ${grid.members.length} solved ${grid.questions[i]?.name ?? ''}`}>
                {perQuestion[i] ?? 0}
              </div>
            ))}
          </div>
          {rows.getVirtualItems().map((r) => {
            const m = order[r.index] ?? -1;
            const member = grid.members[m];
            const row = grid.cells[m] ?? [];
            if (!member) return null;
            const style: CSSProperties = { position: 'absolute', top: r.start, width };
            return (
              <div key={member.userId} className="cg-row" role="row" aria-rowindex={r.index + 3} style={style}>
                <div role="rowheader" className="cg-name" title={member.name}>
                  {member.name}
                </div>
                <div role="gridcell" className="cg-total" aria-label={`${member.solved} solved, ${member.late} late`}>
                  {member.solved}
                  {member.late > 0 && <span className="cg-late-count"> +{member.late}</span>}
                </div>
                {across((i) => {
                  const cell = row[i] ?? 'open';
                  return <div key={i} role="gridcell" aria-colindex={i + 3} className={`cg-cell cell-${cell}`} aria-label={`${grid.questions[i]?.name ?? ''}: ${CELL_LABEL[cell]}`} />;
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
