import type { SettingsAnswer } from '@app/shared-types/settings';

/**
 * Mail as the app sees it: messages, a mailer, and what can go wrong. The
 * SMTP implementation (nodemailer, notify/smtp-mailer.ts) is handed in by the
 * hosts that send (the admin function and the local server; Deps.mailer), so
 * the public function's bundle does not carry it.
 */

/** A file an email carries (a quotation's PDF). */
export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

/** One email: plain text and HTML (the HTML's values already escaped), and any files. */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** How long an SMTP conversation may take, by who waits: a request (the test email) or the sender. */
export const SMTP_TIMEOUTS = {
  request: { connectionTimeout: 4_000, greetingTimeout: 4_000, socketTimeout: 6_000 },
  job: { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 8_000 },
} as const;
export type SmtpTimeouts = (typeof SMTP_TIMEOUTS)[keyof typeof SMTP_TIMEOUTS];

/** Sends mail with Settings > Email. One per run of the sender, or per test email. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Makes a mailer over the settings as read (the sealed SMTP password is opened inside). */
export type MailerFactory = (settings: SettingsAnswer, timeouts: SmtpTimeouts) => Promise<Mailer>;

/** Settings > Email has no SMTP host: nothing can be sent. */
export class SmtpNotConfiguredError extends Error {
  constructor() {
    super('SMTP is not set up: Settings > Email has no SMTP host');
    this.name = 'SmtpNotConfiguredError';
  }
}

/** An SMTP failure in words an admin can act on (nodemailer's message, with its code when the message lacks it). */
export function smtpErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  const parts = [error.message];
  if (code && !error.message.includes(code)) parts.push(`(${code})`);
  return parts.join(' ').replace(/\s+/g, ' ').slice(0, 500);
}
