import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the test SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  raw: string;
}

export const SMTP_USER = 'mailer@kaveri-studio.in';
export const SMTP_PASSWORD = 'Smtp-Test-Pa55';

/** Unfolds a header and decodes its RFC 2047 encoded words (nodemailer's Q and B forms). */
function decodeHeader(value: string): string {
  return value
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    });
}

function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const match = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(head);
  return match ? decodeHeader(match[1]!.trim()) : '';
}

/**
 * A real SMTP server (the smtp-server package) on 127.0.0.1 for the tests:
 * AUTH required (PLAIN/LOGIN with SMTP_USER/SMTP_PASSWORD), no TLS (the app
 * is set to smtpSecure false and the server offers no STARTTLS). stop() and
 * start() again on the same port make an outage; refuse() makes it answer
 * every message with a temporary failure.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  let refusing = false;
  let port = 0;
  let server: SMTPServer | undefined;

  const make = () =>
    new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username });
        return callback(new Error('Invalid username or password'));
      },
      onMailFrom(_address, _session, callback) {
        if (refusing) {
          const error = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        return callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: subjectOf(raw),
            raw,
          });
          callback();
        });
      },
    });

  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = make();
      server.on('error', () => undefined);
      const listening = server.server;
      listening.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (listening.address() as AddressInfo).port;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = undefined;
      if (!current) return resolve();
      current.close(() => resolve());
    });

  await start();
  return {
    received,
    get port() {
      return port;
    },
    start,
    stop,
    refuse(on: boolean) {
      refusing = on;
    },
    /** The messages whose subject contains `text`. */
    withSubject: (text: string) => received.filter((mail) => mail.subject.includes(text)),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
