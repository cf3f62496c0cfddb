import nodemailer from 'nodemailer';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** The one thing the mailer needs of a transport: nodemailer's, or a test's own. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
  close(): void;
}

/**
 * Outgoing e-mail. Off (`enabled` false) without SMTP_URL: callers then offer another way (the admin's
 * reset link). Messages go out in the background: a request never waits on, or fails with, the mail
 * server, and a reset request takes the same time whether or not the account exists.
 */
export interface Mailer {
  readonly enabled: boolean;
  send(message: MailMessage): void;
  /** Resolves once every message handed in so far has been sent or has failed. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export const noMailer: Mailer = {
  enabled: false,
  send() {},
  settle: async () => {},
  close: async () => {},
};

/** A transport for an smtp:// or smtps:// URL (credentials, port and TLS come from the URL). */
export function smtpTransport(url: string): MailTransport {
  return nodemailer.createTransport(url);
}

export function createMailer({ transport, from, onError }: { transport: MailTransport; from: string; onError: (err: unknown) => void }): Mailer {
  const pending = new Set<Promise<void>>();
  return {
    enabled: true,
    send(message) {
      const sending: Promise<void> = transport
        .sendMail({ from, ...message })
        .then(
          () => {},
          (err: unknown) => onError(err),
        )
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async settle() {
      while (pending.size) await Promise.all(pending);
    },
    async close() {
      await this.settle();
      transport.close();
    },
  };
}
