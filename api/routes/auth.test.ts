import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_MESSAGES } from '../../shared/rules/account';
import { queryRows } from '../db/client';
import { createTestApp } from '../testing';

describe('accounts and sessions', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let now = new Date('2026-01-01T00:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => now } });
  });
  afterAll(() => t.close());

  it('signs up, returns a token and the user, and derives a unique profile name', async () => {
    const res = await t.call('POST', '/auth/v1/signup', {
      body: { email: '  Grace@Example.com ', password: 'hopper-1906', firstName: 'Grace', secondName: 'Hopper' },
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toEqual({ code: 201, success: true, error: null, message: 'Account created' });
    expect(res.body.data.user).toMatchObject({ email: 'grace@example.com', firstName: 'Grace', secondName: 'Hopper', profileName: 'grace-hopper' });
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await t.call('POST', '/auth/v1/signup', {
      body: { email: 'grace2@example.com', password: 'hopper-1906', firstName: 'Grace', secondName: 'Hopper' },
    });
    expect(again.body.data.user.profileName).not.toBe('grace-hopper');
    expect(again.body.data.user.profileName).toMatch(/^grace-hopper-[0-9a-f]{6}$/);
  });

  it('refuses a duplicate email with 409', async () => {
    const res = await t.call('POST', '/auth/v1/signup', { body: { email: 'GRACE@example.com', password: 'another-pass', firstName: 'G' } });
    expect(res.status).toBe(409);
    expect(res.body.status).toMatchObject({ code: 409, success: false, error: 'Conflict', message: RULE_MESSAGES.duplicateEmail });
  });

  it.each([
    [{ email: 'nope', password: 'long-enough', firstName: 'A' }, RULE_MESSAGES.email],
    [{ email: 'a@b.co', password: 'short', firstName: 'A' }, RULE_MESSAGES.passwordLength],
    [{ email: 'a@b.co', password: 'x'.repeat(129), firstName: 'A' }, RULE_MESSAGES.passwordLength],
    [{ email: 'a@b.co', password: 'long-enough', firstName: '  ' }, RULE_MESSAGES.firstName],
    [{ password: 'long-enough', firstName: 'A' }, RULE_MESSAGES.email],
  ])('rejects invalid signup %# with a message a person can act on', async (body, message) => {
    const res = await t.call('POST', '/auth/v1/signup', { body });
    expect(res.status).toBe(400);
    expect(res.body.status).toMatchObject({ code: 400, success: false, error: 'ValidationError', message });
    const [count] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from users where email = 'a@b.co'`);
    expect(count?.n).toBe(0);
  });

  it('rejects a body that is not JSON with 400', async () => {
    const res = await t.call('POST', '/auth/v1/signup', { body: '{not json', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.status.success).toBe(false);
  });

  it('logs in, reads /me, logs out and the token stops working at once', async () => {
    const a = await t.signup('Lin');
    const login = await t.call('POST', '/auth/v1/login', { body: { email: a.email, password: a.password } });
    expect(login.status).toBe(200);
    const token = login.body.data.token as string;
    const me = await t.call('GET', '/auth/v1/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data.user.email).toBe(a.email);

    expect((await t.call('POST', '/auth/v1/logout', { token })).status).toBe(200);
    const after = await t.call('GET', '/auth/v1/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.status).toMatchObject({ code: 401, error: 'Unauthorized' });
    // The signup session is separate and still valid.
    expect((await t.call('GET', '/auth/v1/me', { token: a.token })).status).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const a = await t.signup('Hash');
    const rows = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from sessions where token_hash = ${a.token} or token_hash like ${'%' + a.token.slice(0, 16) + '%'}`);
    expect(rows[0]?.n).toBe(0);
    expect((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from sessions`))[0]?.n).toBeGreaterThan(0);
  });

  it('expires sessions', async () => {
    const a = await t.signup('Exp');
    expect((await t.call('GET', '/auth/v1/me', { token: a.token })).status).toBe(200);
    const saved = now;
    now = new Date(now.getTime() + t.config.sessionTtlMs + 1000);
    expect((await t.call('GET', '/auth/v1/me', { token: a.token })).status).toBe(401);
    now = saved;
  });

  it('answers 401 with the same message for a wrong password and an unknown account', async () => {
    const a = await t.signup('Wrong');
    const wrong = await t.call('POST', '/auth/v1/login', { body: { email: a.email, password: 'not-the-password' } });
    const unknown = await t.call('POST', '/auth/v1/login', { body: { email: 'nobody@example.com', password: 'whatever-pass' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.status.message).toBe(RULE_MESSAGES.wrongCredentials);
    expect(unknown.body.status.message).toBe(RULE_MESSAGES.wrongCredentials);
  });

  it('throttles repeated failed logins for one account with 429 and a retry time, even with the right password', async () => {
    const a = await t.signup('Throttle');
    for (let i = 0; i < 5; i++) {
      expect((await t.call('POST', '/auth/v1/login', { body: { email: a.email, password: `bad-password-${i}` } })).status).toBe(401);
    }
    const locked = await t.call('POST', '/auth/v1/login', { body: { email: a.email, password: a.password } });
    expect(locked.status).toBe(429);
    expect(locked.body.status.message).toBe(RULE_MESSAGES.throttled);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is unaffected.
    const b = await t.signup('Other');
    expect((await t.call('POST', '/auth/v1/login', { body: { email: b.email, password: b.password } })).status).toBe(200);
    // After the lock passes, the right password works again.
    const saved = now;
    now = new Date(now.getTime() + 16 * 60_000);
    expect((await t.call('POST', '/auth/v1/login', { body: { email: a.email, password: a.password } })).status).toBe(200);
    now = saved;
  });

  it('rejects a malformed bearer token as signed out', async () => {
    const res = await t.call('GET', '/auth/v1/me', { headers: { authorization: 'Bearer x' } });
    expect(res.status).toBe(401);
  });
});

describe('envelope, health and errors', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /healthz with 200 when the database answers', async () => {
    const res = await t.call('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: { code: 200, success: true, error: null, message: 'OK' }, data: { ok: true } });
  });

  it('answers unknown routes with a 404 envelope', async () => {
    const res = await t.call('GET', '/question-tracker/v9/nothing');
    expect(res.status).toBe(404);
    expect(res.body.status).toEqual({ code: 404, success: false, error: 'NotFoundError', message: 'Route not found' });
  });

  it('sends security headers', async () => {
    const res = await t.call('GET', '/healthz');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('refuses JSON write endpoints in another content type with 415', async () => {
    const body = 'email=a@b.co&password=x';
    const res = await t.call('POST', '/auth/v1/login', { body, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) } });
    expect(res.status).toBe(415);
    // A write without a body (follow, accept an invite) needs no content type.
    expect((await t.call('POST', '/auth/v1/logout', { headers: { 'content-length': '0' } })).status).toBe(401);
    expect(res.body.status.error).toBe('UnsupportedMediaType');
  });

  it('never answers CORS with * or null', async () => {
    const res = await t.call('GET', '/healthz', { headers: { origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a body over the limit with 413 before reading it whole', async () => {
    const res = await t.call('POST', '/auth/v1/login', { body: 'x'.repeat(2 * 1024 * 1024), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body.status.error).toBe('PayloadTooLarge');
  });
});
