import { toast as sonner } from 'sonner';
import { ApiError } from './api';

export const toast = {
  success: (message: string) => sonner.success(message),
  error: (message: string) => sonner.error(message),
  info: (message: string) => sonner(message),
  /** A message with one action button (an Undo). */
  action: (message: string, label: string, onClick: () => void) => sonner(message, { action: { label, onClick } }),
  /** Shows the spec's toast for a failure; network failures keep their own message. */
  failure: (fallback: string, err?: unknown) =>
    sonner.error(err instanceof ApiError && err.code === 0 ? err.message : fallback),
};
