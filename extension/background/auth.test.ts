import { describe, expect, it } from 'vitest';
import { handleMessage } from './dispatch';
import { page, setup } from './test-support';

describe('auth', () => {
  it('signs in from an extension page and keeps the token in the background storage', async () => {
    const { deps, api, local } = setup();
    const reply = await handleMessage({ type: 'auth:login', email: 'a@b.co', password: 'pw-123456' }, page, deps);
    expect(reply).toEqual({ ok: true, data: { signedIn: true, user: { email: 'a@b.co', firstName: 'A', secondName: '' } } });
    expect(api.fetch).toHaveBeenCalledTimes(1);
    const [input] = api.fetch.mock.calls[0]!;
    expect(input instanceof Request ? input.url : input.toString()).toBe('http://localhost:8787/auth/v1/login');
    expect(local.data.get('token')).toMatch(/^tok_/);
    // The reply never carries the token.
    expect(JSON.stringify(reply)).not.toContain('tok_');
  });

});
