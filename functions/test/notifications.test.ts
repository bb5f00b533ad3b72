import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@app/shared-types/api';
import { calendarDate } from '@app/shared-types/format';
import type { BellPage, OutboxEntry } from '@app/shared-types/notifications';
import { NOTIFICATION_MESSAGES } from '@app/shared-types/notifications';
import { addDays, type PublicQuotation, type Quotation, type QuotationSendResult } from '@app/shared-types/quotations';
import type { SettingsAnswer } from '@app/shared-types/settings';
import type { Transaction } from '@app/shared-types/finance';
import type { Project } from '@app/shared-types/projects';
import { createCustomer } from '../src/customers/customer-repo';
import { systemContext } from '../src/db/entity';
import { keys } from '../src/db/keys';
import { createProject } from '../src/projects/project-repo';
import { runDailyJobs } from '../src/jobs/daily';
import { backoffMs, MAX_OUTBOX_ATTEMPTS, NO_RECIPIENT, OUTBOX_BASE_DELAY_MS, runOutboxSender } from '../src/jobs/outbox';
import { isOutboxTick, OUTBOX_TICK } from '../src/notify/outbox-tick';
import { escapeHtml } from '../src/lib/html';
import {
  customerInput,
  json,
  newVisitorIp,
  postForm,
  projectInput,
  signedInStaff,
  staffRequest,
  TEST_IP_HEADER,
  TEST_ORIGIN,
  uniquePhone,
  validContact,
  type TestApp,
} from './helpers';
import { mailingTestApp } from './mailing-app';
import { SMTP_PASSWORD, SMTP_USER, startSmtpServer, type TestSmtpServer } from './smtp';
import { TASK_RUNNERS } from '../src/jobs/tasks';

const COMPANY_EMAIL = 'office@kaveri-studio.in';
const HOUR = 3_600_000;

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.stop();
});

/** A fresh table and app, its admin, manager and employee signed in, and SMTP pointed at the test server. */
async function setUp() {
  // The app's mailer opens the SMTP password from the app's own table.
  const { app, db, clock, mailer } = await mailingTestApp();
  // One at a time: sign-in hashes queue (a busy machine could refuse three at once).
  const admin = await signedInStaff(app, db, 'admin');
  const manager = await signedInStaff(app, db, 'manager');
  const employee = await signedInStaff(app, db, 'employee');
  // The sender's clock: moved instead of waiting (the app's own stays, so sessions do not idle out).
  let offset = 0;
  const t = {
    app,
    db,
    clock,
    admin,
    manager,
    employee,
    now: () => clock.now() + offset,
    advance: (ms: number) => {
      offset += ms;
    },
    /** One run of the sender at the sender's clock (plus extraMs). */
    send: (extraMs = 0) => runOutboxSender(db, clock.now() + offset + extraMs, { tasks: TASK_RUNNERS, mailer }),
    settings: (changes: Partial<Record<keyof Omit<SettingsAnswer, 'version'>, Record<string, unknown>>>) => saveSettings(app, admin.cookie, changes),
    outbox: (status: string, cookie = admin.cookie) => json<Page<OutboxEntry>>(staffRequest(app, `/api/notifications/outbox?status=${status}`, cookie)),
    bell: (cookie: string) => json<BellPage>(staffRequest(app, '/api/notifications', cookie)),
  };
  await t.settings({
    company: { companyEmail: COMPANY_EMAIL, companyName: 'Kaveri Design Studio' },
    email: { smtpHost: '127.0.0.1', smtpPort: smtp.port, smtpUsername: SMTP_USER, smtpPassword: SMTP_PASSWORD, smtpSecure: false, emailFromAddress: 'noreply@kaveri-studio.in' },
    // These are the staff's notifications: the thank-you to a new lead (issue 26) has its own tests (lead-acknowledgement.test.ts).
    notifications: { acknowledgeLeads: false },
  });
  return t;
}

async function saveSettings(app: TestApp, cookie: string, changes: Partial<Record<keyof Omit<SettingsAnswer, 'version'>, Record<string, unknown>>>) {
  const current = await json<SettingsAnswer>(staffRequest(app, '/api/settings', cookie));
  const { smtpPasswordSet: _set, ...email } = current.email;
  const body = {
    version: current.version,
    company: { ...current.company, ...changes.company },
    email: { ...email, ...changes.email },
    notifications: { ...current.notifications, ...changes.notifications },
    security: { ...current.security, ...changes.security },
    business: { ...current.business, ...changes.business },
    system: { ...current.system, ...changes.system },
  };
  const response = await staffRequest(app, '/api/settings', cookie, { method: 'PUT', body });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A website contact form: a new lead with a name of its own. */
async function websiteLead(app: TestApp, name: string) {
  const [firstName, lastName] = name.split(' ');
  const response = await postForm(app, '/api/contact', { ...validContact, firstName, lastName, phone: uniquePhone('7') });
  expect(response.status, await response.clone().text()).toBe(201);
}

describe('events reach the SMTP server when their setting is on, and not when it is off', () => {
  it('a new website lead: to the company email (emailNotifications)', async () => {
    const t = await setUp();
    await websiteLead(t.app, 'Lakshmi Varma');
    const run = await t.send();
    expect(run).toMatchObject({ claimed: 1, sent: 1 });
    const [mail, ...more] = smtp.withSubject('New lead: Lakshmi Varma');
    expect(more).toHaveLength(0);
    expect(mail!.to).toEqual([COMPANY_EMAIL]);
    expect(mail!.from).toBe('noreply@kaveri-studio.in');
    expect(mail!.subject).toBe('Kaveri Design Studio: New lead: Lakshmi Varma');
    expect(mail!.raw).toContain('Phone:');

    await t.settings({ notifications: { emailNotifications: false } });
    await websiteLead(t.app, 'Suresh Gupta');
    await t.send();
    expect(smtp.withSubject('New lead: Suresh Gupta')).toHaveLength(0);
    // The bell still hears of it (pushNotifications is on).
    expect((await t.bell(t.admin.cookie)).items.map((n) => n.title)).toContain('New lead: Suresh Gupta');
  });

  it("an access request ('Request access' while allowRegistration is on): to the company email and every admin, not the other staff", async () => {
    const t = await setUp();
    await t.settings({ security: { allowRegistration: true } });
    const superadmin = await signedInStaff(t.app, t.db, 'superadmin');
    const email = `asha.${Date.now().toString(36)}@example.com`;
    const password = 'Asha-request-pass-1';
    const register = (body: Record<string, unknown>) =>
      t.app.request('/api/auth/register', { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, [TEST_IP_HEADER]: newVisitorIp() }, body: JSON.stringify(body) });
    const requested = await register({ name: 'Asha Reddy', email, phone: '98480 22222', department: 'Design', password });
    expect(requested.status, await requested.clone().text()).toBe(202);

    expect(await t.send()).toMatchObject({ claimed: 1, sent: 1 });
    const [mail, ...more] = smtp.withSubject('Access requested by Asha Reddy');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Kaveri Design Studio: Access requested by Asha Reddy');
    expect([...mail!.to].sort()).toEqual([COMPANY_EMAIL, t.admin.employee.email, superadmin.employee.email].map((address) => address.toLowerCase()).sort());
    expect(mail!.to).not.toContain(t.manager.employee.email.toLowerCase());
    expect(mail!.to).not.toContain(t.employee.employee.email.toLowerCase());
    expect(mail!.to).not.toContain(email);
    // The text part, its quoted-printable soft line breaks joined.
    const body = mail!.raw.replace(/=\r?\n/g, '');
    expect(body).toContain('Name: Asha Reddy');
    expect(body).toContain(`Email: ${email}`);
    expect(body).not.toContain(password);
    // The admins' bells too (they approve it), not a manager's.
    expect((await t.bell(t.admin.cookie)).items.map((n) => n.title)).toContain('Access requested by Asha Reddy');
    expect((await t.bell(t.manager.cookie)).items.map((n) => n.title)).not.toContain('Access requested by Asha Reddy');

    // emailNotifications off: no email (the bell still rings).
    await t.settings({ notifications: { emailNotifications: false } });
    const second = await register({ name: 'Ravi Kumar', email: `ravi.${Date.now().toString(36)}@example.com`, phone: '98480 33333', department: 'Design', password });
    expect(second.status).toBe(202);
    await t.send();
    expect(smtp.withSubject('Access requested by Ravi Kumar')).toHaveLength(0);
    expect((await t.bell(t.admin.cookie)).items.map((n) => n.title)).toContain('Access requested by Ravi Kumar');
  });

  it('a lead assigned to someone also goes to the assignee', async () => {
    const t = await setUp();
    // Website leads come unassigned; the event names an assignee when the lead has one.
    const { notify } = await import('../src/notify/outbox');
    const { commit, plan } = await import('../src/db/plan');
    const p = plan(t.db, systemContext(new Date(t.now()).toISOString()));
    notify(p, { kind: 'lead.created', leadId: 'l-1', name: 'Asha Pillai', phone: '9000000001', source: 'Website', assigneeId: t.employee.employee.id, assigneeName: 'Test employee' });
    await commit(p);
    await t.send();
    const [mail] = smtp.withSubject('New lead: Asha Pillai');
    expect(mail!.to.sort()).toEqual([COMPANY_EMAIL, t.employee.employee.email.toLowerCase()].sort());
    expect((await t.bell(t.employee.cookie)).items.map((n) => n.title)).toEqual(['New lead: Asha Pillai']);
  });

  it('a quotation sent, approved and changes requested (notifyOnQuotation)', async () => {
    const t = await setUp();
    const createQuote = async (name: string) => {
      const response = await staffRequest(t.app, '/api/quotations', t.employee.cookie, {
        method: 'POST',
        body: { clientDetails: { name, phone: uniquePhone('9'), projectType: '3BHK' }, rows: [{ usageArea: 'Living', item: 'TV Unit', unit: 'QTY', quantity: 1, unitPrice: 1000 }] },
      });
      expect(response.status).toBe(201);
      const quote = await json<Quotation>(response);
      const sent = await staffRequest(t.app, `/api/quotations/${quote.id}/send`, t.employee.cookie, { method: 'POST', body: { version: quote.version, confirmLowMargin: true } });
      expect(sent.status, await sent.clone().text()).toBe(200);
      const result = await json<QuotationSendResult>(sent);
      return { quote, token: result.sharePath.slice(3), version: result.quotation.version };
    };
    const client = (path: string, body: unknown) =>
      t.app.request(path, { method: 'POST', headers: { origin: TEST_ORIGIN, [TEST_IP_HEADER]: '203.0.113.9', 'content-type': 'application/json' }, body: JSON.stringify(body) });

    const first = await createQuote('Meera Nair');
    const asked = await client(`/api/quote-links/${first.token}/request-changes`, { name: 'Meera', comment: 'Acrylic <please>', version: first.version });
    expect(asked.status).toBe(200);
    // The page shows the quote as the answer left it, and approves that version.
    const { version } = await json<PublicQuotation>(asked);
    expect((await client(`/api/quote-links/${first.token}/approve`, { name: 'Meera Nair', comment: '', version })).status).toBe(200);
    await t.send();
    const number = first.quote.quotationNumber;
    expect(smtp.withSubject(`Quotation ${number} sent to Meera Nair`)).toHaveLength(1);
    const [changes] = smtp.withSubject(`Changes requested on quotation ${number} by Meera`);
    // The HTML body escapes what the client typed.
    expect(changes!.raw).toContain(escapeHtml('Acrylic <please>'));
    expect(changes!.raw).not.toContain('<td>Acrylic <please></td>');
    const [approved] = smtp.withSubject(`Quotation ${number} approved by Meera Nair`);
    // Heard by the quote's creator too.
    expect(approved!.to.sort()).toEqual([COMPANY_EMAIL, t.employee.employee.email.toLowerCase()].sort());

    await t.settings({ notifications: { notifyOnQuotation: false } });
    const second = await createQuote('Ravi Kumar');
    await t.send();
    expect(smtp.withSubject(`Quotation ${second.quote.quotationNumber}`)).toHaveLength(0);
    expect((await t.bell(t.admin.cookie)).items.some((n) => n.title.includes(second.quote.quotationNumber))).toBe(false);
  });

  it('a project status change (notifyOnProject)', async () => {
    const t = await setUp();
    const ctx = systemContext(new Date().toISOString());
    const customer = await createCustomer(t.db, customerInput, ctx);
    const created = await createProject(t.db, { ...projectInput(customer.id), name: 'Nair residence' }, ctx);
    if (!('project' in created)) throw new Error('no project');
    const move = async (project: Project, status: string) => {
      const response = await staffRequest(t.app, `/api/projects/${project.id}`, t.manager.cookie, { method: 'PUT', body: { ...projectInput(customer.id), name: project.name, status, version: project.version } });
      expect(response.status, await response.clone().text()).toBe(200);
      return json<Project>(response);
    };
    const started = await move(created.project, 'design');
    await t.send();
    expect(smtp.withSubject('Project Nair residence: planning → design')).toHaveLength(1);

    await t.settings({ notifications: { notifyOnProject: false } });
    await move(started, 'completed');
    await t.send();
    expect(smtp.withSubject('Project Nair residence: design → completed')).toHaveLength(0);
  });

  it('a payment recorded, and an overdue one once however often the daily job runs (notifyOnPayment)', async () => {
    const t = await setUp();
    const post = async (body: Record<string, unknown>) => {
      const response = await staffRequest(t.app, '/api/transactions', t.manager.cookie, { method: 'POST', body: { type: 'income', category: 'design_fee', ...body } });
      expect(response.status, await response.clone().text()).toBe(201);
      return json<Transaction>(response);
    };
    await post({ amount: 25_000, description: 'Design fee paid', status: 'completed' });
    const pending = await post({ amount: 5_000, description: 'Site visit fee', status: 'pending' });
    await t.send();
    expect(smtp.withSubject('Payment recorded: Design fee paid')).toHaveLength(1);
    expect(smtp.withSubject('Payment recorded: Site visit fee')).toHaveLength(0);
    // Finance is for managers and admins: an employee's bell does not hear of payments.
    expect((await t.bell(t.manager.cookie)).items.map((n) => n.title)).toEqual(['Payment recorded: Design fee paid']);
    expect((await t.bell(t.employee.cookie)).items).toEqual([]);

    // Marked paid: recorded now.
    const paid = await staffRequest(t.app, `/api/transactions/${pending.id}`, t.manager.cookie, {
      method: 'PUT',
      body: { type: 'income', category: 'design_fee', amount: 5_000, description: 'Site visit fee', status: 'completed', transactionDate: pending.transactionDate, version: pending.version },
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    await t.send();
    expect(smtp.withSubject('Payment recorded: Site visit fee')).toHaveLength(1);

    const yesterday = addDays(calendarDate(Date.now()), -1);
    await post({ amount: 8_000, description: 'Second instalment', status: 'pending', transactionDate: yesterday, dueDate: yesterday });
    await post({ amount: 9_000, description: 'Not yet due', status: 'pending', dueDate: addDays(calendarDate(Date.now()), 3) });
    const [a, b] = await Promise.all([runDailyJobs(t.db, Date.now()), runDailyJobs(t.db, Date.now())]);
    expect(a.overdue + b.overdue).toBe(1);
    expect((await runDailyJobs(t.db, Date.now())).overdue).toBe(0);
    await t.send();
    expect(smtp.withSubject('Payment overdue: Second instalment')).toHaveLength(1);
    expect(smtp.withSubject('Payment overdue: Not yet due')).toHaveLength(0);

    await t.settings({ notifications: { notifyOnPayment: false } });
    await post({ amount: 1_000, description: 'Quiet payment', status: 'completed' });
    await t.send();
    expect(smtp.withSubject('Payment recorded: Quiet payment')).toHaveLength(0);
  });
});

describe('an SMTP outage', () => {
  it('never fails the request; the outbox records the error, retries with backoff and delivers once the server is back', async () => {
    const t = await setUp();
    await smtp.stop();
    try {
      await websiteLead(t.app, 'Outage Person');
      const first = await t.send();
      expect(first).toMatchObject({ claimed: 1, retrying: 1, sent: 0 });
      const [waiting] = (await t.outbox('pending')).items;
      expect(waiting).toMatchObject({ kind: 'lead.created', attempts: 1, recipients: [COMPANY_EMAIL], subject: 'Kaveri Design Studio: New lead: Outage Person' });
      expect(waiting!.lastError).toMatch(/ECONNREFUSED|connect/i);
      const wait = Date.parse(waiting!.nextAttemptAt) - t.now();
      expect(wait).toBeGreaterThanOrEqual(OUTBOX_BASE_DELAY_MS / 2 - 5_000);
      expect(wait).toBeLessThanOrEqual(OUTBOX_BASE_DELAY_MS + 5_000);
      // Not due yet: nothing is tried.
      expect((await t.send(1_000)).claimed).toBe(0);
      // Due, still down: the second wait is longer.
      t.advance(OUTBOX_BASE_DELAY_MS + 1_000);
      expect(await t.send()).toMatchObject({ claimed: 1, retrying: 1 });
      const [again] = (await t.outbox('pending')).items;
      expect(again!.attempts).toBe(2);
      expect(Date.parse(again!.nextAttemptAt) - t.now()).toBeGreaterThanOrEqual(OUTBOX_BASE_DELAY_MS - 5_000);
    } finally {
      await smtp.start();
    }
    t.advance(HOUR);
    expect(await t.send()).toMatchObject({ claimed: 1, sent: 1 });
    expect(smtp.withSubject('New lead: Outage Person')).toHaveLength(1);
    expect((await t.outbox('pending')).items).toHaveLength(0);
    expect((await t.outbox('sent')).items[0]).toMatchObject({ status: 'sent', attempts: 3, lastError: '' });
  });

  it("gives up after the last attempt: 'failed' with its error, listed; Retry sends it once the server takes mail", async () => {
    const t = await setUp();
    smtp.refuse(true);
    try {
      await websiteLead(t.app, 'Refused Person');
      for (let attempt = 1; attempt <= MAX_OUTBOX_ATTEMPTS; attempt++) {
        expect((await t.send()).claimed).toBe(1);
        t.advance(2 * HOUR);
      }
      const failed = (await t.outbox('failed')).items;
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ status: 'failed', attempts: MAX_OUTBOX_ATTEMPTS });
      expect(failed[0]!.lastError).toContain('Mailbox temporarily unavailable');
      expect((await t.send()).claimed).toBe(0);
    } finally {
      smtp.refuse(false);
    }
    const id = (await t.outbox('failed')).items[0]!.id;
    // A sales user may not see or retry the outbox.
    expect((await staffRequest(t.app, '/api/notifications/outbox?status=failed', t.employee.cookie)).status).toBe(403);
    expect((await staffRequest(t.app, `/api/notifications/outbox/${id}/retry`, t.manager.cookie, { method: 'POST' })).status).toBe(403);
    const retried = await staffRequest(t.app, `/api/notifications/outbox/${id}/retry`, t.admin.cookie, { method: 'POST' });
    expect(retried.status).toBe(200);
    expect(await json<{ message: string; item: OutboxEntry }>(retried)).toMatchObject({ message: NOTIFICATION_MESSAGES.retryQueued, item: { status: 'pending', attempts: 0 } });
    expect((await t.send()).sent).toBe(1);
    expect(smtp.withSubject('New lead: Refused Person')).toHaveLength(1);
    // Sent: nothing to retry (409), and an unknown id is 404.
    expect((await staffRequest(t.app, `/api/notifications/outbox/${id}/retry`, t.admin.cookie, { method: 'POST' })).status).toBe(409);
    expect((await staffRequest(t.app, '/api/notifications/outbox/nope/retry', t.admin.cookie, { method: 'POST' })).status).toBe(404);
  });

  it('no SMTP host: no email is tried (nothing fails), the bell still rings', async () => {
    const t = await setUp();
    await t.settings({ email: { smtpHost: '' } });
    await websiteLead(t.app, 'Unmailed Person');
    expect(await t.send()).toMatchObject({ claimed: 1, sent: 1, failed: 0, retrying: 0 });
    expect(smtp.withSubject('New lead: Unmailed Person')).toHaveLength(0);
    expect((await t.outbox('failed')).items).toEqual([]);
    expect((await t.bell(t.admin.cookie)).items.map((n) => n.title)).toEqual(['New lead: Unmailed Person']);
  });

  it('an email with nobody to go to (no company email) fails at once, listed with why; the bell still rings', async () => {
    const t = await setUp();
    await t.settings({ company: { companyEmail: '' } });
    await websiteLead(t.app, 'Nowhere Person');
    expect(await t.send()).toMatchObject({ claimed: 1, failed: 1 });
    expect((await t.outbox('failed')).items[0]).toMatchObject({ lastError: NO_RECIPIENT, recipients: [], attempts: 1 });
    expect((await t.bell(t.admin.cookie)).items.map((n) => n.title)).toEqual(['New lead: Nowhere Person']);
  });

  it('two senders at once send each email once', async () => {
    const t = await setUp();
    for (let i = 0; i < 6; i++) await websiteLead(t.app, `Twice Person${i}`);
    const [a, b] = await Promise.all([t.send(), t.send()]);
    expect(a.claimed + b.claimed).toBe(6);
    for (let i = 0; i < 6; i++) expect(smtp.withSubject(`New lead: Twice Person${i}`)).toHaveLength(1);
    // And the bell counts each once for each admin.
    expect((await t.bell(t.admin.cookie)).unreadCount).toBe(6);
  });

  it('backs off exponentially, capped, with jitter', () => {
    expect(backoffMs(1, 0)).toBe(OUTBOX_BASE_DELAY_MS / 2);
    expect(backoffMs(1, 1)).toBe(OUTBOX_BASE_DELAY_MS);
    expect(backoffMs(3, 1)).toBe(4 * OUTBOX_BASE_DELAY_MS);
    expect(backoffMs(30, 1)).toBe(HOUR);
  });
});

describe('POST /api/settings/test-email', () => {
  it('sends with the saved settings (200), answers 502 with the SMTP error when it cannot, and is admins only', async () => {
    const t = await setUp();
    const send = (body: unknown, cookie = t.admin.cookie) => staffRequest(t.app, '/api/settings/test-email', cookie, { method: 'POST', body });
    const ok = await send({ to: 'owner@example.com' });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await json(ok)).toEqual({ message: NOTIFICATION_MESSAGES.testSent, to: 'owner@example.com' });
    expect(smtp.received.filter((m) => m.subject === 'Kaveri Design Studio: test email' && m.to[0] === 'owner@example.com')).toHaveLength(1);
    // No address given: the company email.
    expect(await json(await send({}))).toMatchObject({ to: COMPANY_EMAIL });
    expect((await send({ to: 'not an email' })).status).toBe(400);

    await smtp.stop();
    try {
      const down = await send({});
      expect(down.status).toBe(502);
      expect((await json<{ error: string }>(down)).error).toMatch(/^Test email failed: .*(ECONNREFUSED|connect)/i);
    } finally {
      await smtp.start();
    }
    await t.settings({ email: { smtpPassword: 'wrong-password' } });
    const refused = await send({});
    expect(refused.status).toBe(502);
    expect((await json<{ error: string }>(refused)).error).toMatch(/Invalid username or password|auth/i);

    expect((await send({}, t.manager.cookie)).status).toBe(403);
    expect((await send({}, t.employee.cookie)).status).toBe(403);
  });
  it('takes 5 a minute from one address (each opens an SMTP connection), then 429 with Retry-After and nothing sent; another address is not held back', async () => {
    const t = await setUp();
    const ip = newVisitorIp();
    const send = (body: unknown, from = ip) => staffRequest(t.app, '/api/settings/test-email', t.admin.cookie, { method: 'POST', body, headers: { [TEST_IP_HEADER]: from } });
    const to = `limit-${Date.now().toString(36)}@example.com`;
    const mails = () => smtp.received.filter((m) => m.to[0] === to);
    // The limit counts in the app clock's minutes (rateLimit): the six requests share one.
    t.clock.toNextMinute();

    expect((await send({ to })).status).toBe(200);
    // Refused bodies count too: the limit is checked before anything else is read.
    for (let i = 0; i < 4; i++) expect((await send({ to: 'not an email' })).status).toBe(400);
    const limited = await send({ to });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await json(limited)).toEqual({ error: 'Too many requests. Please try again in a minute.' });
    expect(mails()).toHaveLength(1);

    // Another address (another admin's office) still sends.
    expect((await send({ to }, newVisitorIp())).status).toBe(200);
    expect(mails()).toHaveLength(2);
  });
});

describe('the bell', () => {
  it("lists a user's own notifications newest first with the kept unread count; read and read-all move it", async () => {
    const t = await setUp();
    for (const name of ['Bell One', 'Bell Two', 'Bell Three']) await websiteLead(t.app, name);
    await t.send();
    const page = await t.bell(t.admin.cookie);
    expect(page.unreadCount).toBe(3);
    expect(page.items.map((n) => n.title)).toEqual(['New lead: Bell Three', 'New lead: Bell Two', 'New lead: Bell One']);
    expect(page.items[0]!.link).toMatch(/^leads\?lead=[\w-]+$/);
    // Each user has a bell of their own: every staff member hears of a new lead.
    expect((await t.bell(t.employee.cookie)).unreadCount).toBe(3);
    // Paginated.
    const first = await json<BellPage>(staffRequest(t.app, '/api/notifications?limit=2', t.admin.cookie));
    expect(first.items).toHaveLength(2);
    const second = await json<BellPage>(staffRequest(t.app, `/api/notifications?limit=2&cursor=${first.nextCursor}`, t.admin.cookie));
    expect(second.items.map((n) => n.title)).toEqual(['New lead: Bell One']);

    const id = page.items[1]!.id;
    const read = await staffRequest(t.app, `/api/notifications/${id}/read`, t.admin.cookie, { method: 'POST' });
    expect(await json(read)).toEqual({ unreadCount: 2 });
    // Reading it again changes nothing; the employee reading their copy reads only theirs; an unknown id is 404.
    expect(await json(await staffRequest(t.app, `/api/notifications/${id}/read`, t.admin.cookie, { method: 'POST' }))).toEqual({ unreadCount: 2 });
    expect(await json(await staffRequest(t.app, `/api/notifications/${id}/read`, t.employee.cookie, { method: 'POST' }))).toEqual({ unreadCount: 2 });
    expect((await t.bell(t.admin.cookie)).unreadCount).toBe(2);
    expect((await staffRequest(t.app, '/api/notifications/no-such-event/read', t.admin.cookie, { method: 'POST' })).status).toBe(404);
    expect((await t.bell(t.admin.cookie)).items.map((n) => n.read)).toEqual([false, true, false]);

    expect(await json(await staffRequest(t.app, '/api/notifications/read-all', t.admin.cookie, { method: 'POST' }))).toEqual({ marked: 2, unreadCount: 0 });
    const { Item } = await t.db.doc.send(new GetCommand({ TableName: t.db.table, Key: keys.bellUnread(t.admin.employee.id), ConsistentRead: true }));
    expect(Item?.unread).toBe(0);
    // Signed out: 401.
    expect((await staffRequest(t.app, '/api/notifications', undefined)).status).toBe(401);
  });

  it('stays quiet while pushNotifications is off; a retry never rings twice', async () => {
    const t = await setUp();
    await t.settings({ notifications: { pushNotifications: false } });
    await websiteLead(t.app, 'Quiet Bell');
    await t.send();
    expect(smtp.withSubject('New lead: Quiet Bell')).toHaveLength(1);
    expect((await t.bell(t.admin.cookie)).unreadCount).toBe(0);

    await t.settings({ notifications: { pushNotifications: true } });
    await smtp.stop();
    try {
      await websiteLead(t.app, 'Loud Bell');
      await t.send();
      t.advance(HOUR);
      await t.send();
    } finally {
      await smtp.start();
    }
    t.advance(2 * HOUR);
    await t.send();
    expect(smtp.withSubject('New lead: Loud Bell')).toHaveLength(1);
    expect((await t.bell(t.admin.cookie)).unreadCount).toBe(1);
  });
});

describe('the deployed tick', () => {
  it('is recognised by its input only, never from an API Gateway event', () => {
    expect(isOutboxTick(OUTBOX_TICK)).toBe(true);
    expect(isOutboxTick({ ...OUTBOX_TICK, requestContext: {} })).toBe(false);
    expect(isOutboxTick({ job: 'other' })).toBe(false);
    expect(isOutboxTick(null)).toBe(false);
  });
});
