import type { z } from 'zod';
import { unwrap } from './api';
import { useSessionStore } from './session-store';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Calls an API path and checks the answer's data against its shared zod schema. For routes the typed
 * client does not know yet; errors come out as the same ApiError as from `unwrap`.
 */
export async function request<S extends z.ZodType>(method: Method, path: string, schema: S, body?: unknown, signal?: AbortSignal): Promise<z.infer<S>> {
  const token = useSessionStore.getState().token;
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const data: unknown = await unwrap(fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal }));
  return schema.parse(data);
}
