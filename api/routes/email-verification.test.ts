import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_MAIL_THROTTLE, VERIFY_MESSAGES } from '../../shared/rules/email-verification';
import { startMailbox, takeLinkToken, type Mailbox } from '../../tests/support/mailbox';
import { createMailer, smtpTransport, type Mailer } from '../lib/mail';
import { createTestApp } from '../testing';

type T = Awaited<ReturnType<typeof createTestApp>>;
const ORIGIN = 'http://tracker.test';
const LINK = /http:\/\/tracker\.test\/verify-email\?token=([A-Za-z0-9_-]{43})/;
const SUBJECT = 'Verify your Practice Tracker e-mail address';
const PASSWORD = 'invitee-password';

/** A clock the tests move forward: verification links expire after a day. */
const clock = { offset: 0, now: () => new Date(Date.now() + clock.offset) };

const collaboration = (t: T) => t.api['question-tracker'].v2.sheet.collaborators;
const verify = (t: T, token: string) => t.reply(t.api.auth.v1['verify-email'].$post({ json: { token } }));
const resend = (t: T, token: string) => t.reply(t.api.auth.v1['resend-verification'].$post({}, t.as(token)));

/** An owner's sheet, an invite to a fresh address, and the account that signs up with that address. */
async function invitedAccount(t: T, name: string) {
  const owner = await t.signup('Owner');
  const sheet = await t.createSheet(owner.token);
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const sent = await t.reply(collaboration(t)['send-collaboration-invite'][':sheetId'].$post({ param: { sheetId: sheet._id }, json: { email } }, t.as(owner.token)));
  expect(sent.status).toBe(201);
  const signup = await t.reply(t.api.auth.v1.signup.$post({ json: { email, password: PASSWORD, firstName: name } }));
  expect(signup.status).toBe(201);
  const token = signup.body.data.token;
  const accept = () => t.reply(collaboration(t)['accept-invite'][':inviteId'].$patch({ param: { inviteId: sent.body.data._id } }, t.as(token)));
  return { email, token, accept };
}

describe('invites need a verified address, with e-mail (a local SMTP server)', () => {
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

  /** The newest verification link mailed to this address (taken out of the mailbox). */
  async function linkFor(email: string): Promise<string> {
    const token = await takeLinkToken(mailbox, email, SUBJECT, LINK);
    expect(token).toBeTruthy();
    return token!;
  }

  it('refuses an unverified account, and accepts once the link from the sign-up e-mail is followed', async () => {
    const invitee = await invitedAccount(t, 'Claimer');
    const refused = await invitee.accept();
    expect(refused.status).toBe(403);
    expect(refused.body.status.message).toBe(VERIFY_MESSAGES.unverified);

    const token = await linkFor(invitee.email);
    const verified = await verify(t, token);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual({ email: invitee.email });
    expect(verified.body.status.message).toBe(VERIFY_MESSAGES.done);

    const accepted = await invitee.accept();
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.invite.status).toBe('accepted');

    // The link worked once.
    const again = await verify(t, token);
    expect(again.status).toBe(400);
    expect(again.body.status.message).toBe(VERIFY_MESSAGES.invalidLink);
    // Verified already: a resend sends nothing.
    const noNeed = await resend(t, invitee.token);
    expect(noNeed.body.data).toEqual({ sent: false });
  });

  it('refuses an expired link; a resent one verifies', async () => {
    const invitee = await invitedAccount(t, 'Late');
    const old = await linkFor(invitee.email);
    clock.offset += 25 * 60 * 60_000;
    try {
      const expired = await verify(t, old);
      expect(expired.status).toBe(400);
      expect(expired.body.status.message).toBe(VERIFY_MESSAGES.invalidLink);
      expect((await invitee.accept()).status).toBe(403);

      const resent = await resend(t, invitee.token);
      expect(resent.status).toBe(200);
      expect(resent.body.data).toEqual({ sent: true });
      expect(resent.body.status.message).toBe(VERIFY_MESSAGES.sent);
      expect((await verify(t, await linkFor(invitee.email))).status).toBe(200);
      expect((await invitee.accept()).status).toBe(200);
    } finally {
      clock.offset -= 25 * 60 * 60_000;
    }
  });

  it('refuses a made-up link, and limits resends with Retry-After', async () => {
    expect((await verify(t, 'A'.repeat(43))).status).toBe(400);
    expect((await verify(t, 'short')).body.status.message).toBe(VERIFY_MESSAGES.invalidLink);
    const user = await t.signup('Resender');
    // Sign-up's e-mail counts as the first.
    for (let i = 1; i < VERIFY_MAIL_THROTTLE.maxAttempts; i++) expect((await resend(t, user.token)).status).toBe(200);
    const refused = await resend(t, user.token);
    expect(refused.status).toBe(429);
    expect(refused.body.status.message).toBe(VERIFY_MESSAGES.throttled);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await t.reply(t.api.auth.v1['resend-verification'].$post({}))).status).toBe(401);
    await mailer.settle();
  });
});

describe('invites without e-mail', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: ORIGIN } });
  });
  afterAll(() => t.close());

  it('accepts as before: there is no address to verify', async () => {
    const invitee = await invitedAccount(t, 'Plain');
    expect((await invitee.accept()).status).toBe(200);
    const resent = await resend(t, invitee.token);
    expect(resent.status).toBe(400);
    expect(resent.body.status.message).toBe(VERIFY_MESSAGES.noMail);
  });
});
