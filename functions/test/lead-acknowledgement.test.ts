import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { Lead } from '@app/shared-types/leads';
import type { OutboxEntry } from '@app/shared-types/notifications';
import { DEFAULT_ACKNOWLEDGEMENT, type SettingsAnswer } from '@app/shared-types/settings';
import { TEXT_NOT_ALLOWED } from '@app/shared-types/forms';
import { systemContext } from '../src/db/entity';
import { runOutboxSender } from '../src/jobs/outbox';
import { captureWebsiteEnquiry } from '../src/leads';
import { json, postForm, signedInStaff, staffRequest, uniquePhone, validContact, type TestApp } from './helpers';
import { mailingTestApp, saveSmtpSettings } from './mailing-app';
import { startSmtpServer, type TestSmtpServer } from './smtp';
import { TASK_RUNNERS } from '../src/jobs/tasks';

/** Issue 26, speed-to-lead: a new lead with an email gets a thank-you email at once, through the outbox, with Settings' text. */

let smtp: TestSmtpServer;
let t: Awaited<ReturnType<typeof mailingTestApp>>;
let admin: string;
let employee: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await mailingTestApp();
  admin = (await signedInStaff(t.app, t.db, 'admin')).cookie;
  employee = (await signedInStaff(t.app, t.db, 'employee')).cookie;
  // Staff emails off (emailNotifications): only letters to people go out.
  await saveSmtpSettings(t.app, admin, smtp, { companyName: 'Kaveri Design Studio', companyEmail: 'office@kaveri-studio.in' });
}, 60_000);
afterAll(async () => {
  await smtp.stop();
});

const send = () => runOutboxSender(t.db, t.clock.now(), { tasks: TASK_RUNNERS, mailer: t.mailer });
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
/** The text part, its quoted-printable soft line breaks joined. */
const textOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=E2=80=99/g, '’');

async function putNotifications(app: TestApp, changes: Record<string, unknown>) {
  const current = await json<SettingsAnswer>(staffRequest(app, '/api/settings', admin));
  const { smtpPasswordSet: _set, ...email } = current.email;
  return staffRequest(app, '/api/settings', admin, { method: 'PUT', body: { ...current, email, notifications: { ...current.notifications, ...changes } } });
}

async function ackItem(leadId: string): Promise<OutboxEntry | undefined> {
  for (const status of ['pending', 'sent', 'skipped', 'failed']) {
    const page = await json<Page<OutboxEntry>>(staffRequest(t.app, `/api/notifications/outbox?status=${status}&limit=100`, admin));
    const found = page.items.find((item) => item.id === `ack-${leadId}`);
    if (found) return found;
  }
  return undefined;
}

async function contactLead(email: string, extra: Record<string, unknown> = {}) {
  const body = { ...validContact, firstName: 'Divya', lastName: 'Rao', email, phone: uniquePhone('8'), ...extra };
  const response = await postForm(t.app, '/api/contact', body);
  expect(response.status, await response.clone().text()).toBe(201);
  return body;
}

describe('the thank-you email to a new lead', () => {
  it('has sensible defaults, on', async () => {
    const settings = await json<SettingsAnswer>(staffRequest(t.app, '/api/settings', admin));
    expect(settings.notifications).toMatchObject({ acknowledgeLeads: true, acknowledgementSubject: DEFAULT_ACKNOWLEDGEMENT.subject, acknowledgementBody: DEFAULT_ACKNOWLEDGEMENT.body });
  });

  it('goes once to a website lead with the edited text; the same submission again sends nothing twice', async () => {
    const saved = await putNotifications(t.app, {
      acknowledgementSubject: 'Thank you, {name}: {companyName} has your enquiry',
      acknowledgementBody: 'Dear {name},\n\nWe will call you today.\n\nThe team at {companyName}',
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const address = `divya.${Date.now().toString(36)}@example.com`;
    const body = await contactLead(address);
    const run = await send();
    expect(run.failed).toBe(0);
    const [mail, ...more] = mailsTo(address);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Thank you, Divya Rao: Kaveri Design Studio has your enquiry');
    expect(mail!.from).toBe('noreply@kaveri-studio.in');
    const text = textOf(mail!.raw);
    expect(text).toContain('Dear Divya Rao,');
    expect(text).toContain('The team at Kaveri Design Studio');
    expect(text).not.toContain('{name}');

    // Redelivered (the same phone: the lead's timeline, not a new lead): no second thank-you.
    const again = await postForm(t.app, '/api/contact', body);
    expect(again.status).toBe(201);
    await send();
    await send();
    expect(mailsTo(address)).toHaveLength(1);
  });

  it('goes to a lead staff add, not to the company or staff, and never rings a bell', async () => {
    const address = `manual.${Date.now().toString(36)}@example.com`;
    const created = await staffRequest(t.app, '/api/leads', employee, { method: 'POST', body: { name: 'Kiran Shah', phone: uniquePhone('7'), email: address } });
    expect(created.status, await created.clone().text()).toBe(201);
    const lead = await json<Lead>(created);
    await send();
    expect(mailsTo(address)).toHaveLength(1);
    expect(mailsTo(address)[0]!.to).toEqual([address]);
    expect(await ackItem(lead.id)).toMatchObject({ status: 'sent', recipients: [address], task: false });
    const bell = await json<{ items: { title: string }[] }>(staffRequest(t.app, '/api/notifications', admin));
    expect(bell.items.map((item) => item.title)).not.toContain('Thank-you email to Kiran Shah');
  });

  it('is not sent while the switch is off (skipped), nor to a test lead or spam', async () => {
    expect((await putNotifications(t.app, { acknowledgeLeads: false })).status).toBe(200);
    const off = `off.${Date.now().toString(36)}@example.com`;
    await contactLead(off);
    await send();
    expect(mailsTo(off)).toHaveLength(0);
    expect((await putNotifications(t.app, { acknowledgeLeads: true })).status).toBe(200);
    await send();
    expect(mailsTo(off)).toHaveLength(0);

    // Spam (the honeypot filled): no lead, no thank-you.
    const spam = `spam.${Date.now().toString(36)}@example.com`;
    await contactLead(spam, { website: 'http://spam.example' });
    // A platform's test lead (Google's is_test, 'Send test event'): none.
    const testAddress = `test.${Date.now().toString(36)}@example.com`;
    const { leadId } = await captureWebsiteEnquiry(
      t.db,
      { name: 'Test lead', phone: uniquePhone('6'), email: testAddress, projectType: '', location: '', requirements: '', summary: 'Google Ads lead form', source: 'Google Ads', adFields: { platform: 'google', isTest: true } },
      systemContext(new Date(t.clock.now()).toISOString()),
    );
    await send();
    expect(mailsTo(spam)).toHaveLength(0);
    expect(mailsTo(testAddress)).toHaveLength(0);
    expect(await ackItem(leadId)).toBeUndefined();
  });

  it('refuses a subject or text that is too long, has control characters or unknown placeholders (400 by field)', async () => {
    const refused = await putNotifications(t.app, {
      acknowledgementSubject: 'Thanks\u0007 {name}',
      acknowledgementBody: `Hello {firstName}, ${'x'.repeat(10)}`,
    });
    expect(refused.status).toBe(400);
    expect((await json<{ fields: Record<string, string> }>(refused)).fields).toEqual({
      'notifications.acknowledgementSubject': TEXT_NOT_ALLOWED,
      'notifications.acknowledgementBody': 'Thank-you email text may use {name} and {companyName} only',
    });
    const long = await putNotifications(t.app, { acknowledgementSubject: 'x'.repeat(201), acknowledgementBody: 'y'.repeat(5001) });
    expect(long.status).toBe(400);
    expect((await json<{ fields: Record<string, string> }>(long)).fields).toEqual({
      'notifications.acknowledgementSubject': 'Thank-you email subject must be at most 200 characters',
      'notifications.acknowledgementBody': 'Thank-you email text must be at most 5000 characters',
    });
    const multiLineSubject = await putNotifications(t.app, { acknowledgementSubject: 'Thanks\nBcc: x@example.com' });
    expect(multiLineSubject.status).toBe(400);
  });
});
