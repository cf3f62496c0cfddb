import { ChevronLeft, ChevronRight } from 'lucide-react';
import { WORKSPACE_PAGE_SIZES } from '@shared/schemas/workspace';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

export function Pagination({ page, pageSize, total, onPage, onPageSize }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="ws-pagination" aria-label="Pages">
      <span className="muted" aria-live="polite">
        Showing {first}–{last} of {total}
      </span>
      <div className="row">
        <label className="row faint ws-page-size">
          Rows per page
          <select className="select ws-select" data-focus-key="pageSize" value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
            {WORKSPACE_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-sm btn-icon" aria-label="Previous page" data-focus-key="prev" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft size={16} />
        </button>
        <span className="ws-page-of">
          Page {Math.min(page, pages)} of {pages}
        </span>
        <button type="button" className="btn btn-sm btn-icon" aria-label="Next page" data-focus-key="next" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          <ChevronRight size={16} />
        </button>
      </div>
    </nav>
  );
}
