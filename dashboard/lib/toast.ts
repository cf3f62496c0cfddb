import { toast as sonner } from 'sonner';
import { ApiError } from './api';

// A message is its own toast id: the same message again (ticking several rows) replaces the toast
// on screen instead of stacking copies of it.
export const toast = {
  success: (message: string) => sonner.success(message, { id: message }),
  error: (message: string) => sonner.error(message, { id: message }),
  info: (message: string) => sonner(message, { id: message }),
  warning: (message: string) => sonner.warning(message, { id: message }),
  /** A message with one action button (an Undo). */
  action: (message: string, label: string, onClick: () => void) => sonner(message, { action: { label, onClick } }),
  /** Shows the spec's toast for a failure; network failures keep their own message. */
  failure: (fallback: string, err?: unknown) =>
    toast.error(err instanceof ApiError && err.code === 0 ? err.message : fallback),
};
