import { hc } from 'hono/client';
import type { AppType } from '../../api/app';
import { unwrapWithMessage } from '@shared/envelope';
import { useSessionStore } from './session-store';

export { ApiError } from '@shared/envelope';

export const api = hc<AppType>(window.location.origin, {
  headers: (): Record<string, string> => {
    const token = useSessionStore.getState().token;
    return token ? { Authorization: `Bearer ${token}` } : {};
  },
});

/**
 * Awaits a typed client call and returns its `data`, or throws an ApiError with the envelope's message
 * (shared/envelope). A 401 ends this browser's session.
 */
export async function unwrap<R extends { json(): Promise<unknown>; status: number }>(call: Promise<R>) {
  const { data } = await unwrapWithMessage(call, {
    onUnauthorized: () => {
      if (useSessionStore.getState().token) useSessionStore.getState().clear();
    },
  });
  return data;
}
