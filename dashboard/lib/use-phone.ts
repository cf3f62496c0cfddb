import { useSyncExternalStore } from 'react';

/** Where the dashboard lays itself out for a phone (the toasts' own breakpoint too). */
const PHONE = '(max-width: 600px)';

const query = () => ('matchMedia' in window ? window.matchMedia(PHONE) : null);

/** Whether the screen is a phone's, kept up to date as it turns or resizes. */
export function usePhone(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const q = query();
      q?.addEventListener('change', changed);
      return () => q?.removeEventListener('change', changed);
    },
    () => query()?.matches ?? false,
  );
}
