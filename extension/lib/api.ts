import { hc } from 'hono/client';
import type { AppType } from '../../api/app';
import { ApiError, NetworkError, unwrapWithMessage } from '@shared/envelope';
import { DEFAULT_SETTINGS, type Settings } from '@shared/schemas/messages';

/** Storage the background keeps: token and settings persist; detected problems are per browser session. */
export interface KeyValue {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

export { ApiError, NetworkError, NETWORK_MESSAGE, unwrapWithMessage } from '@shared/envelope';

/**
 * Worth trying again later: the API was unreachable or failing on its side. Any other 4xx is a
 * definite answer about the request itself.
 */
export function isRetryable(err: unknown): boolean {
  if (err instanceof NetworkError) return true;
  if (err instanceof ApiError) return err.code >= 500 || err.code === 408 || err.code === 429;
  return false;
}

/** Requests that take longer than this count as the API being unreachable. */
const REQUEST_TIMEOUT_MS = 15_000;

export const SETTINGS_KEY = 'settings';
export const TOKEN_KEY = 'token';
export { USER_KEY } from './kept-state';

export async function getSettings(local: KeyValue): Promise<Settings> {
  return { ...DEFAULT_SETTINGS, ...((await local.get<Partial<Settings>>(SETTINGS_KEY)) ?? {}) };
}

/** A typed API client bound to the configured base URL and the stored token. Only the background builds one. */
export async function apiClient(local: KeyValue, fetchFn: typeof fetch) {
  const { apiBaseUrl } = await getSettings(local);
  const token = await local.get<string>(TOKEN_KEY);
  return hc<AppType>(apiBaseUrl, {
    fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
      fetchFn(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS) })) as typeof fetch,
    headers: (): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {}),
  });
}
export type Client = Awaited<ReturnType<typeof apiClient>>;

export async function unwrap<R extends { json(): Promise<unknown>; status: number }>(call: Promise<R>) {
  return (await unwrapWithMessage(call)).data;
}
