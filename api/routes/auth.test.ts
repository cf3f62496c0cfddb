import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, RULE_MESSAGES } from '../../shared/rules/account';
import { queryRows } from '../db/client';
import { createTestApp } from '../testing';

type T = Awaited<ReturnType<typeof createTestApp>>;

/** How many replies had each status, e.g. { 401: 5, 429: 45 }. */
function tally(replies: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of replies) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

const burst = <R>(n: number, send: (i: number) => Promise<R>) => Promise.all(Array.from({ length: n }, (_, i) => send(i)));

const signupAs = (t: T, json: { email: string; password: string; firstName: string; secondName?: string }, headers?: Record<string, string>) =>
  t.reply(t.api.auth.v1.signup.$post({ json }, { headers }));
const loginAs = (t: T, email: string, password: string, headers?: Record<string, string>) => t.reply(t.api.auth.v1.login.$post({ json: { email, password } }, { headers }));
const me = (t: T, token: string) => t.reply(t.api.auth.v1.me.$get({}, t.as(token)));

describe('accounts and sessions', () => {
  let t: T;
  let now = new Date('2026-01-01T00:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => now } });
  });
  afterAll(() => t.close());

  it('signs up, returns a token and the user, and derives a unique profile name', async () => {
    const res = await signupAs(t, { email: '  Grace@Example.com ', password: 'hopper-1906', firstName: 'Grace', secondName: 'Hopper' });
    expect(res.status).toBe(201);
    expect(res.body.status).toEqual({ code: 201, success: true, error: null, message: 'Account created' });
    expect(res.body.data.user).toMatchObject({ email: 'grace@example.com', firstName: 'Grace', secondName: 'Hopper', profileName: 'grace-hopper' });
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await signupAs(t, { email: 'grace2@example.com', password: 'hopper-1906', firstName: 'Grace', secondName: 'Hopper' });
    expect(again.body.data.user.profileName).not.toBe('grace-hopper');
    expect(again.body.data.user.profileName).toMatch(/^grace-hopper-[0-9a-f]{6}$/);
  });

  it('refuses a duplicate email with 409', async () => {
    const res = await signupAs(t, { email: 'GRACE@example.com', password: 'another-pass', firstName: 'G' });
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
    // Sent raw: the last body lacks the email the types require.
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
    const login = await loginAs(t, a.email, a.password);
    expect(login.status).toBe(200);
    const token = login.body.data.token;
    const mine = await me(t, token);
    expect(mine.status).toBe(200);
    expect(mine.body.data.user.email).toBe(a.email);

    expect((await t.reply(t.api.auth.v1.logout.$post({}, t.as(token)))).status).toBe(200);
    const after = await me(t, token);
    expect(after.status).toBe(401);
    expect(after.body.status).toMatchObject({ code: 401, error: 'Unauthorized' });
    // The signup session is separate and still valid.
    expect((await me(t, a.token)).status).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const a = await t.signup('Hash');
    const rows = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from sessions where token_hash = ${a.token} or token_hash like ${'%' + a.token.slice(0, 16) + '%'}`);
    expect(rows[0]?.n).toBe(0);
    expect((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from sessions`))[0]?.n).toBeGreaterThan(0);
  });

  it('expires sessions', async () => {
    const a = await t.signup('Exp');
    expect((await me(t, a.token)).status).toBe(200);
    const saved = now;
    now = new Date(now.getTime() + t.config.sessionTtlMs + 1000);
    expect((await me(t, a.token)).status).toBe(401);
    now = saved;
  });

  it('answers 401 with the same message for a wrong password and an unknown account', async () => {
    const a = await t.signup('Wrong');
    const wrong = await loginAs(t, a.email, 'not-the-password');
    const unknown = await loginAs(t, 'nobody@example.com', 'whatever-pass');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.status.message).toBe(RULE_MESSAGES.wrongCredentials);
    expect(unknown.body.status.message).toBe(RULE_MESSAGES.wrongCredentials);
  });

  it('throttles repeated failed logins for one account with 429 and a retry time, even with the right password', async () => {
    const a = await t.signup('Throttle');
    for (let i = 0; i < 5; i++) {
      expect((await loginAs(t, a.email, `bad-password-${i}`)).status).toBe(401);
    }
    const locked = await loginAs(t, a.email, a.password);
    expect(locked.status).toBe(429);
    expect(locked.body.status.message).toBe(RULE_MESSAGES.throttled);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is unaffected.
    const b = await t.signup('Other');
    expect((await loginAs(t, b.email, b.password)).status).toBe(200);
    // After the lock passes, the right password works again.
    const saved = now;
    now = new Date(now.getTime() + 16 * 60_000);
    expect((await loginAs(t, a.email, a.password)).status).toBe(200);
    now = saved;
  });

  it('rejects a malformed bearer token as signed out', async () => {
    const res = await t.call('GET', '/auth/v1/me', { headers: { authorization: 'Bearer x' } });
    expect(res.status).toBe(401);
  });
});

describe('sign-in and sign-up under bursts (every attempt is reserved before its hash)', () => {
  let t: T;
  const SIGNUP_LIMIT = 3;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: true, signupLimitPerAddress: SIGNUP_LIMIT } });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip?: string) => loginAs(t, email, password, ip ? { 'x-forwarded-for': ip } : undefined);
  const signup = (email: string, ip: string) => signupAs(t, { email, password: 'long enough pass', firstName: 'Sam' }, { 'x-forwarded-for': ip });

  it('evaluates no more guesses at one account than its limit, however many arrive at once', async () => {
    const limit = LOGIN_THROTTLE.account.maxFailures;
    const a = await t.signup('Burst');
    const first = await burst(50, (i) => login(a.email, `wrong-guess-${i}`));
    expect(tally(first)).toEqual({ 401: limit, 429: 50 - limit });
    expect(first.find((r) => r.status === 429)?.body.status).toMatchObject({ code: 429, error: 'TooManyRequests', message: RULE_MESSAGES.throttled });
    // The right password, sent among more guesses, does not get in: the earlier ones spent the limit.
    const second = await burst(50, (i) => login(a.email, i === 49 ? a.password : `wrong-again-${i}`));
    expect(tally(second)).toEqual({ 429: 50 });
  });

  it('evaluates no more sign-ins from one address than its limit, however many arrive at once', async () => {
    const limit = LOGIN_THROTTLE.address.maxFailures;
    const replies = await burst(50, (i) => login(`spray-${i}@example.com`, 'password-1', '203.0.113.50'));
    expect(tally(replies)).toEqual({ 401: limit, 429: 50 - limit });
    const good = await t.signup('Sprayed');
    expect((await login(good.email, good.password, '203.0.113.50')).status).toBe(429);
    expect((await login(good.email, good.password, '203.0.113.51')).status).toBe(200);
  });

  it("keeps counting an address's failures across successful sign-ins from it", async () => {
    const limit = LOGIN_THROTTLE.address.maxFailures;
    const mine = await t.signup('Interleaver');
    const ip = '203.0.113.60';
    for (let i = 0; i < limit; i++) {
      expect((await login(`victim-${i}@example.com`, 'guess-password', ip)).status).toBe(401);
      if (i < limit - 1) expect((await login(mine.email, mine.password, ip)).status).toBe(200);
    }
    expect((await login(mine.email, mine.password, ip)).status).toBe(429);

    // At once: a valid sign-in holds its place only while it is checked, so the guesses evaluated, in the
    // burst and after it, add up to the limit exactly.
    const other = '203.0.113.61';
    const mixed = await burst(60, (i) => (i % 2 ? login(mine.email, mine.password, other) : login(`victim-b${i}@example.com`, 'guess-password', other)));
    const guessed = mixed.filter((r, i) => i % 2 === 0 && r.status === 401).length;
    expect(guessed).toBeLessThanOrEqual(limit);
    for (let i = guessed; i < limit; i++) expect((await login(`victim-c${i}@example.com`, 'guess-password', other)).status).toBe(401);
    expect((await login(`victim-d@example.com`, 'guess-password', other)).status).toBe(429);
    expect((await login(mine.email, mine.password, other)).status).toBe(429);
  });

  it('throttles sign-ups per client address, a taken e-mail counting too, and a burst gets no further', async () => {
    const ip = '198.51.100.70';
    expect((await signup('first-s@example.com', ip)).status).toBe(201);
    expect((await signup('first-s@example.com', ip)).status).toBe(409);
    for (let i = 2; i < SIGNUP_LIMIT; i++) expect((await signup(`more-s${i}@example.com`, ip)).status).toBe(201);
    const refused = await signup('late-s@example.com', ip);
    expect(refused.status).toBe(429);
    expect(refused.body.status).toMatchObject({ code: 429, success: false, error: 'TooManyRequests', message: RULE_MESSAGES.signupThrottled });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signup('late-s@example.com', '198.51.100.71')).status).toBe(201);

    const at = await burst(20, (i) => signup(`burst-s${i}@example.com`, '198.51.100.72'));
    expect(tally(at)).toEqual({ 201: SIGNUP_LIMIT, 429: 20 - SIGNUP_LIMIT });
  });
});

describe('password hashing under a burst', () => {
  let t: T;
  beforeAll(async () => {
    // One hash at a time and two waiting; a cost high enough (tens of ms a hash) that the burst outlasts a health check.
    t = await createTestApp({ config: { hashConcurrency: 1, hashQueue: 2, scryptN: 2 ** 15 } });
  });
  afterAll(() => t.close());

  it('refuses hashes beyond the queue with 429 and Retry-After, and other routes keep answering', async () => {
    let settled = false;
    const all = Promise.all([
      ...Array.from({ length: 20 }, (_, i) => loginAs(t, `nobody-${i}@example.com`, 'whatever-pass')),
      ...Array.from({ length: 20 }, (_, i) => signupAs(t, { email: `queued-${i}@example.com`, password: 'long enough pass', firstName: 'Q' })),
    ]).finally(() => {
      settled = true;
    });
    const health = await t.reply(t.api.healthz.$get());
    expect(health.status).toBe(200);
    expect(settled).toBe(false);
    const replies = await all;
    const busy = replies.filter((r) => r.status === 429);
    expect(busy.length).toBeGreaterThanOrEqual(20);
    for (const r of busy) {
      expect(r.body.status).toEqual({ code: 429, success: false, error: 'TooManyRequests', message: RULE_MESSAGES.busy });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(replies.slice(0, 20).every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect(replies.slice(20).every((r) => r.status === 201 || r.status === 429)).toBe(true);
  });

  it('does not count a sign-in refused as busy against the account', async () => {
    const limit = LOGIN_THROTTLE.account.maxFailures;
    const a = await t.signup('Budget');
    const replies = await burst(12, (i) => loginAs(t, a.email, `wrong-${i}`));
    const evaluated = replies.filter((r) => r.status === 401).length;
    expect(evaluated).toBeLessThan(limit);
    for (let i = evaluated; i < limit; i++) expect((await loginAs(t, a.email, `late-${i}`)).status).toBe(401);
    expect((await loginAs(t, a.email, a.password)).status).toBe(429);
  });
});

describe('envelope, health and errors', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /healthz with 200 when the database answers', async () => {
    const res = await t.reply(t.api.healthz.$get());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: { code: 200, success: true, error: null, message: 'OK' }, data: { ok: true } });
  });

  it('answers unknown routes with a 404 envelope', async () => {
    const res = await t.call('GET', '/question-tracker/v9/nothing');
    expect(res.status).toBe(404);
    expect(res.body.status).toEqual({ code: 404, success: false, error: 'NotFoundError', message: 'Route not found' });
  });

  it('sends security headers', async () => {
    const res = await t.reply(t.api.healthz.$get());
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
