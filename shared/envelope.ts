// Reading the API's answers ({ status: { code, success, error, message }, data }) the same way in the
// dashboard and the extension: what a failure is, and what a person is told about it.

export const NETWORK_MESSAGE = 'Network error. Please try again.';
export const UNEXPECTED_MESSAGE = 'Oops! Something Went Wrong';

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

/** The API could not be reached (offline, refused, timed out, or a proxy's page in its place): code 0. */
export class NetworkError extends ApiError {
  constructor() {
    super(0, 'NetworkError', NETWORK_MESSAGE);
  }
}

interface EnvelopeLike {
  status?: { code?: number; success?: boolean; error?: string | null; message?: string };
  data?: unknown;
}

/** The `data` of a typed client call's success envelope. */
export type SuccessData<B> = B extends { status: { success: true }; data: infer D } ? D : B extends { data: infer D } ? D : never;

type Call = Promise<{ json(): Promise<unknown>; status: number }>;

/**
 * Awaits a typed client call and returns its `data` and message, or throws NetworkError / ApiError.
 * `onUnauthorized` hears a 401 (the session is over) before the error is thrown.
 */
export async function unwrapWithMessage<R extends Awaited<Call>>(
  call: Promise<R>,
  options: { onUnauthorized?: () => void } = {},
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
    throw new ApiError(res.status, 'InternalError', UNEXPECTED_MESSAGE);
  }
  if (!body.status?.success) {
    if (res.status === 401) options.onUnauthorized?.();
    throw new ApiError(res.status, body.status?.error ?? null, body.status?.message ?? UNEXPECTED_MESSAGE, body.data ?? null);
  }
  return { data: body.data as SuccessData<Awaited<ReturnType<R['json']>>>, message: body.status.message ?? '' };
}
