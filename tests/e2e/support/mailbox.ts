import { expect, type APIRequestContext } from '@playwright/test';

/** The run's mailbox (tests/support/mailbox.ts), which keeps every e-mail the servers send. */
const MAILBOX = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 18787) + 2001}`;

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

const VERIFY_SUBJECT = 'Verify your Practice Tracker e-mail address';

/** The e-mails to this address (with this subject, if given), once there are at least `count`. */
export async function mailTo(request: APIRequestContext, email: string, count = 1, subject?: string): Promise<Mail[]> {
  let mails: Mail[] = [];
  await expect
    .poll(async () => {
      const all = (await (await request.get(`${MAILBOX}/messages?to=${encodeURIComponent(email)}`)).json()) as Mail[];
      mails = all.filter((m) => subject === undefined || m.subject === subject);
      return mails.length;
    })
    .toBeGreaterThanOrEqual(count);
  return mails;
}

/** The newest verification link mailed to this address (the dashboard's /verify-email page). */
export async function verificationLink(request: APIRequestContext, email: string, count = 1): Promise<string> {
  const mails = await mailTo(request, email, count, VERIFY_SUBJECT);
  const link = /http:\/\/localhost:\d+\/verify-email\?token=[\w-]{43}/.exec(mails.at(-1)!.text)?.[0];
  expect(link).toBeTruthy();
  return link!;
}

/**
 * Verifies an account's address as its owner would, with the token from the sign-up e-mail: the servers
 * have mail set up, so an invite is accepted only from a verified address.
 */
export async function verifyAddress(request: APIRequestContext, email: string): Promise<void> {
  const token = new URL(await verificationLink(request, email)).searchParams.get('token');
  const res = await request.post('/auth/v1/verify-email', { data: { token } });
  expect(res.status()).toBe(200);
}
