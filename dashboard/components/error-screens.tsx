import { Component, type ReactNode } from 'react';
import { Link } from 'wouter';

/** The tracker page's generic error screen (spec §2). */
export function TrackerErrorScreen() {
  return (
    <div className="error-screen" role="alert">
      <h2>Oops! Something Went Wrong</h2>
      <Link href="/" className="btn btn-primary">
        Go to homepage
      </Link>
    </div>
  );
}

/** The sheet page's generic error screen (spec §2). */
export function SheetErrorScreen({ onRetry }: { onRetry?: () => void }) {
  return (
    <div className="error-screen" role="alert">
      <h2>Oops Something went wrong!. Please try again.</h2>
      {onRetry && (
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export class ErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
