import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_MESSAGES } from '../../shared/rules/account';
import { RESET_MESSAGES, RESET_THROTTLE } from '../../shared/rules/password-reset';
import { runAdmin } from '../../scripts/admin';
import { startMailbox, takeLinkToken, type Mailbox } from '../../tests/support/mailbox';
import { queryRows } from '../db/client';
import { createMailer, smtpTransport, type Mailer } from '../lib/mail';
import { createTestApp } from '../testing';

type T = Awaited<ReturnType<typeof createTestApp>>;
const ORIGIN = 'http://tracker.test';
const LINK = /http:\/\/tracker\.test\/reset-password\?token=([A-Za-z0-9_-]{43})/;
const NEW_PASSWORD = 'a brand new passphrase';

/** A clock the tests move forward: reset links expire after an hour. */
const clock = { offset: 0, now: () => new Date(Date.now() + clock.offset) };

const me = (t: T, token: string) => t.reply(t.api.auth.v1.me.$get({}, t.as(token)));
const login = (t: T, email: string, password: string) => t.reply(t.api.auth.v1.login.$post({ json: { email, password } }));
const forgot = (t: T, email: string) => t.reply(t.api.auth.v1['forgot-password'].$post({ json: { email } }));
const reset = (t: T, token: string, password = NEW_PASSWORD) => t.reply(t.api.auth.v1['reset-password'].$post({ json: { token, password } }));

describe('forgot password, with e-mail (a local SMTP server)', () => {
  let t: T;
  let mailbox: Mailbox;
  let mailer: Mailer;

  beforeAll(async () => {
    mailbox = await startMailbox();
    mailer = createMailer({ transport: smtpTransport(`smtp://127.0.0.1:${mailbox.port}`), from: 'Practice Tracker <no-reply@tracker.test>', onError: (err) => { throw err; } });
    t = await createTestApp({ config: { publicUrl: ORIGIN }, clock, mailer });
  });
  afterAll(async () => {
    await t.close();
    await mailer.close();
    await mailbox.close();
  });

  async function linkFor(email: string): Promise<string> {
    // Sign-up's verification e-mail goes to the same address.
    const token = await takeLinkToken(mailbox, email, 'Reset your Practice Tracker password', LINK);
    expect(token).toBeTruthy();
    return token!;
  }

  it('e-mails a link that resets the password once, ends every session and signs in', async () => {
    const user = await t.signup('Reset');
    const other = (await login(t, user.email, user.password)).body.data.token;
    const res = await forgot(t, user.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ delivery: 'email' });
    expect(res.body.status.message).toBe(RESET_MESSAGES.emailSent);
    const token = await linkFor(user.email);

    // Only the token's SHA-256 is kept.
    const rows = await queryRows<{ token_hash: string }>(t.db, sql`select token_hash from password_resets`);
    expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);

    // The password rules of sign-up apply, and a refused password leaves the link usable.
    const short = await reset(t, token, 'short');
    expect(short.status).toBe(400);
    expect(short.body.status.message).toBe(RULE_MESSAGES.passwordLength);

    const done = await reset(t, token);
    expect(done.status).toBe(200);
    expect(done.body.status.message).toBe(RESET_MESSAGES.done);
    expect(done.body.data.user.email).toBe(user.email);
    expect((await me(t, done.body.data.token)).status).toBe(200);
    for (const old of [user.token, other]) expect((await me(t, old)).status).toBe(401);
    expect((await login(t, user.email, user.password)).status).toBe(401);
    expect((await login(t, user.email, NEW_PASSWORD)).status).toBe(200);

    const again = await reset(t, token, 'yet another passphrase');
    expect(again.status).toBe(400);
    expect(again.body.status.message).toBe(RESET_MESSAGES.invalidLink);
    expect((await login(t, user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await t.signup('Late');
    await forgot(t, user.email);
    const token = await linkFor(user.email);
    clock.offset += 61 * 60_000;
    try {
      const res = await reset(t, token);
      expect(res.status).toBe(400);
      expect(res.body.status.message).toBe(RESET_MESSAGES.invalidLink);
      expect((await me(t, user.token)).status).toBe(200);
      expect((await login(t, user.email, user.password)).status).toBe(200);
    } finally {
      clock.offset -= 61 * 60_000;
    }
  });

  it('a reset ends the other links of the user; a made-up token is refused', async () => {
    const user = await t.signup('Twice');
    await forgot(t, user.email);
    const first = await linkFor(user.email);
    await forgot(t, user.email);
    const second = await linkFor(user.email);
    expect((await reset(t, second)).status).toBe(200);
    expect((await reset(t, first)).status).toBe(400);
    expect((await reset(t, 'A'.repeat(43))).body.status.message).toBe(RESET_MESSAGES.invalidLink);
    expect((await reset(t, 'not a token')).status).toBe(400);
  });

  it('answers an unknown e-mail exactly as a known one, and sends nothing', async () => {
    const user = await t.signup('Known');
    const unknown = await forgot(t, 'nobody-here@example.com');
    const known = await forgot(t, user.email);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await mailer.settle();
    await linkFor(user.email);
    expect(mailbox.messages.filter((m) => m.to.includes('nobody-here@example.com'))).toEqual([]);
  });

  it('counts requests per e-mail, known or not, and refuses past the limit with Retry-After', async () => {
    const user = await t.signup('Many');
    for (const email of [user.email, 'ghost-many@example.com']) {
      for (let i = 0; i < RESET_THROTTLE.email.maxAttempts; i++) expect((await forgot(t, email)).status).toBe(200);
      const refused = await forgot(t, email);
      expect(refused.status).toBe(429);
      expect(refused.body.status.message).toBe(RESET_MESSAGES.throttled);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    await mailer.settle();
  });

  it('e-mails an invitee, with the sheet and where to answer', async () => {
    const owner = await t.signup('Owner');
    const sheet = await t.createSheet(owner.token, 'Graph Drills');
    const email = 'invitee-mail@example.com';
    const sent = await t.reply(
      t.api['question-tracker'].v2.sheet.collaborators['send-collaboration-invite'][':sheetId'].$post({ param: { sheetId: sheet._id }, json: { email } }, t.as(owner.token)),
    );
    expect(sent.status).toBe(201);
    const mail = await mailbox.waitFor(email);
    expect(mail.subject).toBe('Owner invited you to the sheet "Graph Drills"');
    expect(mail.text).toContain(owner.email);
    expect(mail.text).toContain(`${ORIGIN}/question-tracker?tab=mySheets`);
  });
});

describe('forgot password, without e-mail', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: ORIGIN } });
  });
  afterAll(() => t.close());

  it('tells every asker to see the administrator, whose reset-link command prints a working link', async () => {
    const user = await t.signup('Admin');
    const known = await forgot(t, user.email);
    const unknown = await forgot(t, 'nobody-admin@example.com');
    expect(known.body).toEqual(unknown.body);
    expect(known.body.data).toEqual({ delivery: 'administrator' });
    expect(known.body.status.message).toBe(RESET_MESSAGES.askAdministrator);
    expect(await queryRows(t.db, sql`select 1 from password_resets`)).toEqual([]);

    const out: string[] = [];
    const err: string[] = [];
    const open = () => Promise.resolve({ db: t.db, close: () => Promise.resolve() });
    const print = (lines: string[]) => (l: string) => void lines.push(l);
    const context = () => ({ origin: ORIGIN });
    expect(await runAdmin(['reset-link', user.email.toUpperCase()], open, print(out), print(err), context)).toBe(0);
    const token = LINK.exec(out.join('\n'))?.[1];
    expect(token).toBeTruthy();
    expect((await reset(t, token!)).status).toBe(200);
    expect((await me(t, user.token)).status).toBe(401);
    expect((await login(t, user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await reset(t, token!)).status).toBe(400);

    expect(await runAdmin(['reset-link', 'ghost@example.com'], open, print(out), print(err), context)).toBe(1);
    expect(err.pop()).toBe('No account with the email ghost@example.com.');
  });
});
