import { hc } from 'hono/client';
import type { AppType } from '../../api/app';
import { useSessionStore } from './session-store';

/** An API failure carrying the envelope's status; `message` is safe to show to a person. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly error: string | null,
    message: string,
  ) {
    super(message);
  }
}

export const api = hc<AppType>(window.location.origin, {
  headers: (): Record<string, string> => {
    const token = useSessionStore.getState().token;
    return token ? { Authorization: `Bearer ${token}` } : {};
  },
});

interface EnvelopeLike {
  status?: { code?: number; success?: boolean; error?: string | null; message?: string };
}

/**
 * Awaits a typed client call and returns its `data`, or throws an ApiError with the envelope's message.
 * A network failure becomes the spec's 'Network error. Please try again.'.
 */
export async function unwrap<R extends { json(): Promise<unknown>; status: number }>(
  call: Promise<R>,
): Promise<SuccessData<Awaited<ReturnType<R['json']>>>> {
  let res: R;
  try {
    res = await call;
  } catch {
    throw new ApiError(0, 'NetworkError', 'Network error. Please try again.');
  }
  let body: EnvelopeLike & { data?: unknown };
  try {
    body = (await res.json()) as EnvelopeLike & { data?: unknown };
  } catch {
    throw new ApiError(res.status, 'InternalError', 'Oops! Something Went Wrong');
  }
  if (!body.status?.success) {
    if (res.status === 401 && useSessionStore.getState().token) useSessionStore.getState().clear();
    throw new ApiError(res.status, body.status?.error ?? null, body.status?.message ?? 'Oops! Something Went Wrong');
  }
  return body.data as SuccessData<Awaited<ReturnType<R['json']>>>;
}

type SuccessData<B> = B extends { status: { success: true }; data: infer D } ? D : B extends { data: infer D } ? D : never;
