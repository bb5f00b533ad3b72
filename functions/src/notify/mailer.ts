import nodemailer from 'nodemailer';
import type { SettingsAnswer } from '@app/shared-types/settings';
import type { Db } from '../db/client';
import { smtpPassword } from '../db/settings-repo';
import type { FieldCrypto } from '../secrets/field-crypto';

/** One email: plain text and HTML (the HTML's values already escaped). */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** How long an SMTP conversation may take, by who waits: a request (the test email) or the sender job. */
export const SMTP_TIMEOUTS = {
  request: { connectionTimeout: 4_000, greetingTimeout: 4_000, socketTimeout: 6_000 },
  job: { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 8_000 },
} as const;

/** Settings > Email has no SMTP host: nothing can be sent. */
export class SmtpNotConfiguredError extends Error {
  constructor() {
    super('SMTP is not set up: Settings > Email has no SMTP host');
    this.name = 'SmtpNotConfiguredError';
  }
}

/** Sends mail with Settings > Email (nodemailer over SMTP). One per run of the sender, or per test email. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * A mailer over the saved SMTP settings; the sealed password is opened here
 * (and only here) with the host's field crypto. Secure on: TLS from the first
 * byte (port 465); off: STARTTLS when the server offers it.
 */
export async function smtpMailer(db: Db, settings: SettingsAnswer, crypto: FieldCrypto | undefined, timeouts: (typeof SMTP_TIMEOUTS)[keyof typeof SMTP_TIMEOUTS]): Promise<Mailer> {
  const { email, company } = settings;
  if (!email.smtpHost) throw new SmtpNotConfiguredError();
  const password = email.smtpPasswordSet && crypto ? await smtpPassword(db, crypto) : undefined;
  const transport = nodemailer.createTransport({
    host: email.smtpHost,
    port: email.smtpPort,
    secure: email.smtpSecure,
    ...(email.smtpUsername ? { auth: { user: email.smtpUsername, pass: password ?? '' } } : {}),
    ...timeouts,
  });
  const from = { name: email.emailFromName || company.companyName, address: email.emailFromAddress || company.companyEmail };
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    close: () => transport.close(),
  };
}

/** An SMTP failure in words an admin can act on (nodemailer's message, with the server's answer when there is one). */
export function smtpErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const detail = error as Error & { code?: string; response?: string; responseCode?: number };
  const parts = [detail.message];
  if (detail.code && !detail.message.includes(detail.code)) parts.push(`(${detail.code})`);
  return parts.join(' ').replace(/\s+/g, ' ').slice(0, 500);
}
