import { useEffect } from 'react';
import { ApiError } from '../../../lib/api';

/** Page reloads after network failures on sheet lists, counted across reloads (spec §8, §9). */
const RELOAD_KEY = 'pt.sheetListReloads';
export const MAX_RELOADS = 3;

export type FailureStep = 'none' | 'reload' | 'error';

const isNetwork = (err: unknown) => err instanceof ApiError && err.code === 0;

/** What to do about a list's state, given how many reloads this tab has already made. */
export function failureStep(error: unknown, reloads: number): FailureStep {
  if (!error) return 'none';
  return isNetwork(error) && reloads < MAX_RELOADS ? 'reload' : 'error';
}

function readReloads(storage: Storage): number {
  const n = Number(storage.getItem(RELOAD_KEY) ?? 0);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * A sheet list that failed for lack of network (after the query's own retries) reloads the page,
 * at most 3 times; then, or for any other failure, the caller shows the error screen. A list that
 * loads resets the count.
 */
export function useListFailure(error: unknown, loaded: boolean): FailureStep {
  const step = failureStep(error, readReloads(sessionStorage));
  useEffect(() => {
    if (loaded) sessionStorage.removeItem(RELOAD_KEY);
  }, [loaded]);
  useEffect(() => {
    if (step !== 'reload') return;
    sessionStorage.setItem(RELOAD_KEY, String(readReloads(sessionStorage) + 1));
    window.location.reload();
  }, [step]);
  return step;
}
