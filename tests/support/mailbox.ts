/**
 * A local SMTP server that keeps what it receives, for tests: no e-mail leaves the machine. The API tests
 * start one in process (startMailbox); the browser tests run it as a server beside the API, and read the
 * messages over HTTP:
 *
 *   npx tsx tests/support/mailbox.ts --smtp-port 5710 --http-port 5711   # GET /messages?to=<email>
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** Undoes a body's Content-Transfer-Encoding (nodemailer picks quoted-printable for long lines). */
function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes a subject with quotes or non-ASCII. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

/** The subject and text of a single-part message, as nodemailer writes a text-only one. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const text = decodeBody(body, header('Content-Transfer-Encoding').toLowerCase()).replace(/\r\n/g, '\n').trimEnd();
  return { to, subject: decodeHeader(header('Subject')), text };
}

export interface Mailbox {
  port: number;
  messages: ReceivedMail[];
  /** The first message to this address (with this subject, if given), waiting up to `timeoutMs` for it. */
  waitFor(to: string, timeoutMs?: number, subject?: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startMailbox(port = 0): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push(parseMail(Buffer.concat(chunks).toString('latin1'), to));
        for (const wake of waiting) wake();
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  const find = (to: string, subject?: string) => messages.find((m) => m.to.includes(to.toLowerCase()) && (subject === undefined || m.subject === subject));
  return {
    port: address.port,
    messages,
    async waitFor(to, timeoutMs = 10_000, subject) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = find(to, subject);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiting.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const invokedDirectly = (() => {
  try {
    return !!process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
})();

if (invokedDirectly) {
  const arg = (name: string) => Number(process.argv[process.argv.indexOf(name) + 1]);
  const mailbox = await startMailbox(arg('--smtp-port'));
  createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/healthz') return void res.end('ok');
    if (url.pathname !== '/messages') return void res.writeHead(404).end();
    const to = url.searchParams.get('to')?.toLowerCase();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mailbox.messages.filter((m) => !to || m.to.includes(to))));
  }).listen(arg('--http-port'), '127.0.0.1');
  console.log(`SMTP on 127.0.0.1:${mailbox.port}`);
}

/** The token of the newest link mailed to an address under a subject, taken out of the mailbox. */
export async function takeLinkToken(mailbox: Mailbox, email: string, subject: string, link: RegExp): Promise<string | undefined> {
  const mail = await mailbox.waitFor(email, 10_000, subject);
  mailbox.messages.splice(mailbox.messages.indexOf(mail), 1);
  return link.exec(mail.text)?.[1];
}
