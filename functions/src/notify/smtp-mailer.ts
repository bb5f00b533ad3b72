import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { smtpPassword } from '../settings';
import type { FieldCrypto } from '../secrets/field-crypto';
import { SmtpNotConfiguredError, type MailerFactory } from './mail';

/**
 * Mailers over the saved SMTP settings (nodemailer): the sealed password is
 * opened here, and only here, with the host's field crypto. Secure on: TLS
 * from the first byte (port 465); off: STARTTLS when the server offers it.
 */
export function smtpMailers(db: Db, crypto: FieldCrypto | undefined): MailerFactory {
  return async (settings, timeouts) => {
    const { email, company } = settings;
    if (!email.smtpHost) throw new SmtpNotConfiguredError();
    const password = email.smtpPasswordSet && crypto ? await smtpPassword(db, crypto) : undefined;
    const transport = nodemailer.createTransport({
      host: email.smtpHost,
      port: email.smtpPort,
      secure: email.smtpSecure,
      // One connection (and one login) for the whole run of the sender, not one per email.
      pool: true,
      maxConnections: 1,
      ...(email.smtpUsername ? { auth: { user: email.smtpUsername, pass: password ?? '' } } : {}),
      ...timeouts,
    });
    const from = { name: email.emailFromName || company.companyName, address: email.emailFromAddress || company.companyEmail };
    return {
      async send(message) {
        const attachments = message.attachments?.map((file) => ({ filename: file.filename, content: Buffer.from(file.content), contentType: file.contentType }));
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, ...(attachments ? { attachments } : {}) });
      },
      close: () => transport.close(),
    };
  };
}
