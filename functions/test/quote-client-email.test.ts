import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quotation, QuotationSendResult } from '@app/shared-types/quotations';
import { runOutboxSender } from '../src/jobs/outbox';
import { quotationPdfAttachments } from '../src/quotations/client-mail';
import { renderQuotationPdf } from '../src/quotations/pdf';
import { json, signedInStaff, staffRequest, uniquePhone } from './helpers';
import { mailingTestApp, saveSmtpSettings } from './mailing-app';
import { startSmtpServer, type TestSmtpServer } from './smtp';
import { TASK_RUNNERS } from '../src/jobs/tasks';

/**
 * Issue 25: 'Send to client' emails the client the link and the PDF through
 * the outbox (a real SMTP server on 127.0.0.1), besides the link staff copy.
 */

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.stop();
});

async function setUp() {
  const { app, db, clock, mailer } = await mailingTestApp();
  const admin = await signedInStaff(app, db, 'admin');
  // Staff notifications off: the client's letter goes all the same.
  await saveSmtpSettings(app, admin.cookie, smtp, { companyName: 'Kaveri Design Studio', companyEmail: 'office@kaveri-studio.in' });
  return { app, db, clock, cookie: admin.cookie, mailer };
}

async function sendTo(t: Awaited<ReturnType<typeof setUp>>, clientEmail: string) {
  const body = { clientDetails: { name: 'Meera Nair', phone: uniquePhone('9'), email: clientEmail, projectType: '3BHK' }, rows: [{ usageArea: 'Living', item: 'TV Unit', unit: 'QTY', quantity: 1, unitPrice: 85_000 }] };
  const created = await json<Quotation>(staffRequest(t.app, '/api/quotations', t.cookie, { method: 'POST', body }));
  return json<QuotationSendResult>(staffRequest(t.app, `/api/quotations/${created.id}/send`, t.cookie, { method: 'POST', body: { version: created.version, confirmLowMargin: true } }));
}

describe("'Send to client' emails the client", () => {
  it('the link and the PDF, through the outbox, to the client alone', async () => {
    const t = await setUp();
    const sent = await sendTo(t, 'meera.nair@example.com');
    const run = await runOutboxSender(t.db, t.clock.now(), { tasks: TASK_RUNNERS, mailer: t.mailer, siteUrl: 'https://kaveri-studio.in', attachments: quotationPdfAttachments(t.db, renderQuotationPdf) });
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = smtp.withSubject(`Kaveri Design Studio: Quotation ${sent.quotation.quotationNumber}`);
    expect(more).toHaveLength(0);
    expect(mail!.to).toEqual(['meera.nair@example.com']);
    const raw = mail!.raw.replace(/=\r?\n/g, '');
    expect(raw).toContain(`https://kaveri-studio.in${sent.sharePath}`);
    expect(raw).toContain('Dear Meera Nair');
    expect(raw).toMatch(/Content-Type: application\/pdf; name=KDS-\d{4}-\d{2}-\d{4}\.pdf/);
    // The attachment is the quote's PDF.
    const attached = /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail!.raw)?.[1] ?? '';
    expect(Buffer.from(attached.replace(/\s/g, ''), 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 60_000);

  it('sends nothing to a client without an email address, and the link alone where no PDF can be made', async () => {
    const t = await setUp();
    const before = smtp.received.length;
    await sendTo(t, '');
    await runOutboxSender(t.db, t.clock.now(), { tasks: TASK_RUNNERS, mailer: t.mailer });
    expect(smtp.received.length).toBe(before);
    const linkOnly = await sendTo(t, 'ravi@example.com');
    await runOutboxSender(t.db, t.clock.now(), { tasks: TASK_RUNNERS, mailer: t.mailer, siteUrl: 'https://kaveri-studio.in' });
    const mails = smtp.received.slice(before);
    expect(mails.map((mail) => mail.to)).toEqual([['ravi@example.com']]);
    expect(mails[0]!.raw.replace(/=\r?\n/g, '')).toContain(linkOnly.sharePath);
    expect(mails[0]!.raw).not.toContain('application/pdf');
  }, 60_000);
});
