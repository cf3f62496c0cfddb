import { hc } from 'hono/client';
import type { AppType } from '../../api/app';
import { DEFAULT_SETTINGS, type Settings } from '@shared/schemas/messages';

/** Storage the background keeps: token and settings persist; detected problems are per browser session. */
export interface KeyValue {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

export const NETWORK_MESSAGE = 'Network error. Please try again.';
/** Requests that take longer than this count as the API being unreachable. */
export const REQUEST_TIMEOUT_MS = 15_000;

/** The API answered with an error envelope; `message` is safe to show to a person. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly error: string | null,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** The API could not be reached (offline, refused, timed out). */
export class NetworkError extends Error {
  constructor() {
    super(NETWORK_MESSAGE);
  }
}

/**
 * Worth trying again later: the API was unreachable or failing on its side. Any other 4xx is a
 * definite answer about the request itself.
 */
export function isRetryable(err: unknown): boolean {
  if (err instanceof NetworkError) return true;
  if (err instanceof ApiError) return err.code >= 500 || err.code === 408 || err.code === 429;
  return false;
}

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

interface EnvelopeLike {
  status?: { code?: number; success?: boolean; error?: string | null; message?: string };
  data?: unknown;
}

type SuccessData<B> = B extends { status: { success: true }; data: infer D } ? D : B extends { data: infer D } ? D : never;

/** Awaits a typed client call and returns its `data` and message, or throws ApiError / NetworkError. */
export async function unwrapWithMessage<R extends { json(): Promise<unknown>; status: number }>(
  call: Promise<R>,
): Promise<{ data: SuccessData<Awaited<ReturnType<R['json']>>>; message: string }> {
  let res: R;
  try {
    res = await call;
  } catch {
    throw new NetworkError();
  }
  let body: EnvelopeLike;
  try {
    body = (await res.json()) as EnvelopeLike;
  } catch {
    // A proxy's error page or a half-read body: the API itself is not answering.
    if (res.status >= 500 || res.status === 0) throw new NetworkError();
    throw new ApiError(res.status, 'InternalError', 'Unexpected answer from the tracker');
  }
  if (!body.status?.success) {
    throw new ApiError(res.status, body.status?.error ?? null, body.status?.message ?? 'Request failed', body.data ?? null);
  }
  return { data: body.data as SuccessData<Awaited<ReturnType<R['json']>>>, message: body.status.message ?? '' };
}

export async function unwrap<R extends { json(): Promise<unknown>; status: number }>(call: Promise<R>) {
  return (await unwrapWithMessage(call)).data;
}
