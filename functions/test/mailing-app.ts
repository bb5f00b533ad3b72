import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { CompanySettings, SettingsAnswer } from '@app/shared-types/settings';
import type { Db } from '../src/db/client';
import type { MailerFactory } from '../src/notify/mail';
import { smtpMailers } from '../src/notify/smtp-mailer';
import { fileFieldCrypto } from '../src/secrets/field-crypto';
import { createTestApp, json, staffRequest, type TestApp } from './helpers';
import { SMTP_PASSWORD, SMTP_USER, type TestSmtpServer } from './smtp';

/** A fresh app wired as the hosts wire it for mail: its mailer opens the SMTP password from the app's own table, with the app's field crypto. */
export async function mailingTestApp() {
  const crypto = fileFieldCrypto(join(mkdtempSync(join(tmpdir(), 'pii-')), 'pii-data-key'));
  const table: { db?: Db } = {};
  const mailer: MailerFactory = (settings, timeouts) => {
    if (!table.db) throw new Error('mail before the test app was made');
    return smtpMailers(table.db, crypto)(settings, timeouts);
  };
  const made = await createTestApp({ fieldCrypto: crypto, mailer });
  table.db = made.db;
  return { ...made, crypto, mailer };
}

/** Saves Settings with SMTP pointed at the test server, the company as given, and staff email notifications off. */
export async function saveSmtpSettings(app: TestApp, cookie: string, smtp: TestSmtpServer, company: Partial<CompanySettings>) {
  const current = await json<SettingsAnswer>(staffRequest(app, '/api/settings', cookie));
  const { smtpPasswordSet: _set, ...email } = current.email;
  const saved = await staffRequest(app, '/api/settings', cookie, {
    method: 'PUT',
    body: {
      ...current,
      company: { ...current.company, ...company },
      email: { ...email, smtpHost: '127.0.0.1', smtpPort: smtp.port, smtpUsername: SMTP_USER, smtpPassword: SMTP_PASSWORD, smtpSecure: false, emailFromAddress: 'noreply@kaveri-studio.in' },
      notifications: { ...current.notifications, emailNotifications: false },
    },
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
}
