import type { CSSProperties, ReactNode } from 'react';

export function Skeleton({ width = '100%', height = 16, style }: { width?: number | string; height?: number | string; style?: CSSProperties }) {
  return <div className="skeleton" aria-hidden style={{ width, height, ...style }} />;
}

/** A block of skeleton lines shown while a list loads. */
export function SkeletonList({ rows = 5, height = 44 }: { rows?: number; height?: number }) {
  return (
    <div className="stack" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} />
      ))}
    </div>
  );
}

export function EmptyState({ icon, title, children, action }: { icon?: ReactNode; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty">
      {icon && <div className="empty-icon">{icon}</div>}
      <h3>{title}</h3>
      {children && <p>{children}</p>}
      {action}
    </div>
  );
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <span className="spinner" role="status" aria-label={label} />;
}

/** A section's data did not load, said in one line inside the section, with a button that asks again. */
export function InlineLoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <p className="field-error" role="alert">
      Could not load {what}.{' '}
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}

/** A screen's data did not load: says so, with a button that asks again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <EmptyState
      title={`Could not load ${what}`}
      action={
        <button type="button" className="btn" onClick={onRetry}>
          Try again
        </button>
      }
    >
      Please check your connection and try again.
    </EmptyState>
  );
}
