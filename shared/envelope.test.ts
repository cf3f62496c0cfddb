import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_MESSAGE, NetworkError, UNEXPECTED_MESSAGE, unwrapWithMessage } from './envelope';

const answer = (status: number, body: string) => Promise.resolve(new Response(body, { status }));
const envelope = (code: number, success: boolean, message: string, data: unknown = null, error: string | null = null) =>
  JSON.stringify({ status: { code, success, error, message }, data });

describe('unwrapWithMessage', () => {
  it('returns the data and message of a success', async () => {
    expect(await unwrapWithMessage(answer(200, envelope(200, true, 'Saved', { id: 1 })))).toEqual({ data: { id: 1 }, message: 'Saved' });
  });

  it("throws the envelope's error with its code, message and data", async () => {
    const err = await unwrapWithMessage(answer(409, envelope(409, false, 'Name taken', { field: 'name' }, 'ConflictError'))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).not.toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ code: 409, error: 'ConflictError', message: 'Name taken', data: { field: 'name' } });
  });

  it('calls a request that never answered a network error (code 0), as it does a proxy page in place of a 5xx', async () => {
    for (const call of [Promise.reject(new TypeError('fetch failed')), answer(502, '<html>Bad gateway</html>')]) {
      const err = await unwrapWithMessage(call).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect(err).toMatchObject({ code: 0, message: NETWORK_MESSAGE });
    }
  });

  it('says something went wrong when a 4xx is not an envelope', async () => {
    expect(await unwrapWithMessage(answer(400, 'nope')).catch((e: unknown) => e)).toMatchObject({ code: 400, error: 'InternalError', message: UNEXPECTED_MESSAGE });
  });

  it('tells the caller of a 401 before throwing', async () => {
    const onUnauthorized = vi.fn();
    await expect(unwrapWithMessage(answer(401, envelope(401, false, 'Please sign in')), { onUnauthorized })).rejects.toMatchObject({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    await expect(unwrapWithMessage(answer(403, envelope(403, false, 'No')), { onUnauthorized })).rejects.toMatchObject({ code: 403 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});
