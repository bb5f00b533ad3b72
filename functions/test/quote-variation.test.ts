import { beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '@app/shared-types/api';
import type { AuditEntry } from '@app/shared-types/audit';
import type { ProjectFinancialDetail, Transaction } from '@app/shared-types/finance';
import type { Project } from '@app/shared-types/projects';
import type { SettingsAnswer } from '@app/shared-types/settings';
import type { PublicQuotation, Quotation, QuotationRevision, QuotationSendResult } from '@app/shared-types/quotations';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { renderQuotationPdf } from '../src/quotations/pdf';
import { createTestApp, json, newVisitorIp, signedInStaff, staffRequest, TEST_IP_HEADER, TEST_ORIGIN, uniquePhone, type TestApp } from './helpers';

/**
 * Issue 25, Broken 1: an approved quote is locked; a change after approval is
 * a variation that goes back to the client through the same link and, once
 * approved, moves the project's budget (and so its plan's stages), audited.
 * A sent or approved revision is the document as it was then: a later rename
 * of the firm does not rewrite its PDF or its page.
 */

const LOCKED = 'This quotation is approved and locked. Create a variation to change it.';

let app: TestApp;
let db: Db;
let employee: string;
let manager: string;
let admin: string;

beforeAll(async () => {
  const test = await createTestApp({ renderQuotationPdf });
  ({ app, db } = test);
  employee = (await signedInStaff(app, db, 'employee')).cookie;
  manager = (await signedInStaff(app, db, 'manager')).cookie;
  admin = (await signedInStaff(app, db, 'admin')).cookie;
});

const row = (fields: Record<string, unknown> = {}) => ({ usageArea: 'Living', item: 'TV Unit', unit: 'QTY', quantity: 1, unitPrice: 100_000, ...fields });

async function sentQuote(): Promise<{ quote: Quotation; token: string }> {
  const body = { clientDetails: { name: 'Meera Nair', phone: uniquePhone('9'), projectType: '3BHK' }, rows: [row()] };
  const created = await json<Quotation>(staffRequest(app, '/api/quotations', employee, { method: 'POST', body }));
  const sent = await json<QuotationSendResult>(staffRequest(app, `/api/quotations/${created.id}/send`, employee, { method: 'POST', body: { version: created.version, confirmLowMargin: true } }));
  return { quote: sent.quotation, token: sent.sharePath.slice(3) };
}

function save(quote: Quotation, fields: Record<string, unknown>) {
  const { title, clientDetails, rows, discount, notes, status, leadId, customerId, projectId, quotationDate, validUntil, version } = quote;
  const body = { title, clientDetails, rows: rows.map(({ total: _t, costPrice: _c, ...kept }) => kept), discount, notes, status: status === 'approved' ? 'sent' : status, leadId, customerId, projectId, quotationDate, validUntil, version, ...fields };
  return staffRequest(app, `/api/quotations/${quote.id}`, employee, { method: 'PUT', body });
}

const visitorHeaders = () => ({ origin: TEST_ORIGIN, [TEST_IP_HEADER]: newVisitorIp() });
const view = (token: string) => json<PublicQuotation>(app.request(`/api/quote-links/${token}`, { headers: visitorHeaders() }));
const approveByClient = (token: string, version: number) =>
  app.request(`/api/quote-links/${token}/approve`, {
    method: 'POST',
    headers: { ...visitorHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Meera Nair', comment: '', version }),
  });
const stored = (id: string) => json<Quotation>(staffRequest(app, `/api/quotations/${id}`, employee));

async function pdfText(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  const doc = await getDocument({ data: new Uint8Array(await response.arrayBuffer()), verbosity: 0, isEvalSupported: false, useSystemFonts: false }).promise;
  const texts: string[] = [];
  for (let number = 1; number <= doc.numPages; number++) {
    const content = await (await doc.getPage(number)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  await doc.destroy();
  return texts.join('\n');
}

async function renameFirm(companyName: string, defaultTaxRate?: number) {
  const current = await json<SettingsAnswer>(staffRequest(app, '/api/settings', admin));
  const { smtpPasswordSet: _set, ...email } = current.email;
  const business = defaultTaxRate === undefined ? current.business : { ...current.business, defaultTaxRate };
  const saved = await staffRequest(app, '/api/settings', admin, { method: 'PUT', body: { ...current, email, business, company: { ...current.company, companyName, gstNumber: '36AAAAA0000A1Z5' } } });
  expect(saved.status, await saved.clone().text()).toBe(200);
}

describe('an approved quote is locked; a variation moves the budget once the client approves it', () => {
  it('refuses a save of an approved quote with 409, and runs the variation through the link to the project budget', async () => {
    const { quote, token } = await sentQuote();
    expect((await approveByClient(token, (await view(token)).version)).status).toBe(200);
    const approved = await stored(quote.id);
    expect(approved.status).toBe('approved');
    const project = await json<Project>(staffRequest(app, `/api/projects/manage/${approved.projectId}`, manager));
    expect(project.estimatedBudget).toBe(100_000);

    // The save the builder used to let through: new figures under 'approved by ...'.
    const refused = await save(approved, { rows: [row({ unitPrice: 150_000 })] });
    expect(refused.status).toBe(409);
    expect((await json<{ error: string }>(refused)).error).toBe(LOCKED);
    const unchanged = await stored(quote.id);
    expect([unchanged.status, unchanged.grandTotal, unchanged.version]).toEqual(['approved', 100_000, approved.version]);
    expect((await view(token)).grandTotal).toBe(100_000);

    // A variation: only of an approved quote, at the version read.
    expect((await staffRequest(app, `/api/quotations/${quote.id}/variation`, employee, { method: 'POST', body: { version: approved.version - 1 } })).status).toBe(409);
    const varied = await json<Quotation>(staffRequest(app, `/api/quotations/${quote.id}/variation`, employee, { method: 'POST', body: { version: approved.version } }));
    expect([varied.status, varied.projectId, varied.shareToken, varied.variation?.grandTotal]).toEqual(['draft', approved.projectId, approved.shareToken, 100_000]);
    expect((await staffRequest(app, `/api/quotations/${quote.id}/variation`, employee, { method: 'POST', body: { version: varied.version } })).status).toBe(409);
    // The approved version is kept as it was approved.
    const revisions = await json<Page<QuotationRevision>>(staffRequest(app, `/api/quotations/${quote.id}/revisions`, employee));
    expect([revisions.items[0]?.revision, revisions.items[0]?.quotation.status, revisions.items[0]?.quotation.grandTotal]).toEqual([varied.variation?.revision, 'approved', 100_000]);

    // Edited and sent again through the same link; the budget holds until the client approves.
    const edited = await json<Quotation>(save(varied, { rows: [row(), row({ item: 'Study table', unitPrice: 25_000 })], status: 'draft' }));
    const resent = await json<QuotationSendResult>(staffRequest(app, `/api/quotations/${quote.id}/send`, employee, { method: 'POST', body: { version: edited.version, confirmLowMargin: true } }));
    expect(resent.sharePath).toBe(`/q/${token}`);
    expect((await json<Project>(staffRequest(app, `/api/projects/manage/${approved.projectId}`, manager))).estimatedBudget).toBe(100_000);
    const shown = await view(token);
    expect([shown.status, shown.grandTotal, shown.variation]).toEqual(['sent', 125_000, { grandTotal: 100_000 }]);
    expect((await approveByClient(token, shown.version)).status).toBe(200);

    // Approved: the project's budget is the new total, and the plan's stages follow it; the audit log has the move.
    const moved = await json<Project>(staffRequest(app, `/api/projects/manage/${approved.projectId}`, manager));
    expect(moved.estimatedBudget).toBe(125_000);
    const plan = await json<ProjectFinancialDetail>(staffRequest(app, `/api/finance/projects/${approved.projectId}`, manager));
    expect(plan.stages.map((stage) => [stage.name, stage.amount])).toEqual([
      ['Advance', 25_000],
      ['Design Approval', 37_500],
      ['Material Procurement', 37_500],
      ['Work Completion', 18_750],
      ['Final Handover', 6_250],
    ]);
    const audit = await json<Page<AuditEntry>>(staffRequest(app, `/api/audit-log?entityId=${approved.projectId}`, admin));
    const budget = audit.items.find((entry) => entry.entity === 'Project' && entry.changes.estimatedBudget);
    expect(budget?.changes.estimatedBudget).toEqual({ before: 100_000, after: 125_000 });
    expect(budget?.actor.name).toBe('Meera Nair (client)');
    // One project, not a second one.
    expect((await stored(quote.id)).projectId).toBe(approved.projectId);
  });

  it('lets staff mark a variation approved, and moves the budget the same way', async () => {
    const { quote, token } = await sentQuote();
    await approveByClient(token, (await view(token)).version);
    const approved = await stored(quote.id);
    const varied = await json<Quotation>(staffRequest(app, `/api/quotations/${quote.id}/variation`, employee, { method: 'POST', body: { version: approved.version } }));
    const cheaper = await json<Quotation>(save(varied, { rows: [row({ unitPrice: 80_000 })], status: 'draft' }));
    const marked = await staffRequest(app, `/api/quotations/${quote.id}/approve`, manager, { method: 'POST', body: { version: cheaper.version } });
    expect(marked.status).toBe(200);
    expect((await json<Project>(staffRequest(app, `/api/projects/manage/${approved.projectId}`, manager))).estimatedBudget).toBe(80_000);
  });
});

describe("a variation's approval moves the pending Advance demand with the budget (issue 25)", () => {
  /** A quote of ₹1,00,000 approved by the client, with its Advance demand (20% and 18% GST: ₹23,600), `paid` of it received. */
  async function approvedWithAdvance(paid: number) {
    const { quote, token } = await sentQuote();
    expect((await approveByClient(token, (await view(token)).version)).status).toBe(200);
    const approved = await stored(quote.id);
    const plan = await json<ProjectFinancialDetail>(staffRequest(app, `/api/finance/projects/${approved.projectId}`, manager));
    const advanceId = plan.stages.find((stage) => stage.name === 'Advance')?.demandTransactionId ?? '';
    let advance = await json<Transaction>(staffRequest(app, `/api/transactions/${advanceId}`, manager));
    expect([advance.amount, advance.taxAmount, advance.status]).toEqual([20_000, 3_600, 'pending']);
    if (paid > 0) {
      const body = { date: '2026-11-20', method: 'upi', reference: 'UTR 4471', amount: paid, version: advance.version };
      advance = await json<Transaction>(staffRequest(app, `/api/transactions/${advanceId}/payments`, manager, { method: 'POST', body }));
    }
    return { quote: approved, advance };
  }

  async function approveVariation(quote: Quotation, unitPrice: number) {
    const varied = await json<Quotation>(staffRequest(app, `/api/quotations/${quote.id}/variation`, employee, { method: 'POST', body: { version: quote.version } }));
    const edited = await json<Quotation>(save(varied, { rows: [row({ unitPrice })], status: 'draft' }));
    const marked = await staffRequest(app, `/api/quotations/${quote.id}/approve`, manager, { method: 'POST', body: { version: edited.version } });
    expect(marked.status, await marked.clone().text()).toBe(200);
  }

  it('sets a partly paid Advance to 20% of the new total with its GST, in the same commit, keeping its payment, audited', async () => {
    const { quote, advance } = await approvedWithAdvance(5_000);
    await approveVariation(quote, 125_000);
    const moved = await json<Transaction>(staffRequest(app, `/api/transactions/${advance.id}`, manager));
    expect([moved.amount, moved.taxAmount, moved.status, moved.payments.map((payment) => payment.amount)]).toEqual([25_000, 4_500, 'pending', [5_000]]);
    const plan = await json<ProjectFinancialDetail>(staffRequest(app, `/api/finance/projects/${quote.projectId}`, manager));
    expect(plan.stages.find((stage) => stage.name === 'Advance')?.demandTransactionId).toBe(advance.id);
    const audit = await json<Page<AuditEntry>>(staffRequest(app, `/api/audit-log?entityId=${advance.id}`, admin));
    const change = audit.items.find((entry) => entry.entity === 'Transaction' && entry.changes.amount);
    expect([change?.changes.amount, change?.changes.taxAmount]).toEqual([{ before: 20_000, after: 25_000 }, { before: 3_600, after: 4_500 }]);
  });

  it('lowers an unpaid Advance with a cheaper variation, but never below what was already paid', async () => {
    const unpaid = await approvedWithAdvance(0);
    await approveVariation(unpaid.quote, 80_000);
    const lowered = await json<Transaction>(staffRequest(app, `/api/transactions/${unpaid.advance.id}`, manager));
    expect([lowered.amount, lowered.taxAmount, lowered.status]).toEqual([16_000, 2_880, 'pending']);

    // ₹20,000 received of ₹23,600; the variation's Advance would be ₹5,900 (₹25,000 with GST): it stays at what was paid, settled.
    const paid = await approvedWithAdvance(20_000);
    await approveVariation(paid.quote, 25_000);
    const kept = await json<Transaction>(staffRequest(app, `/api/transactions/${paid.advance.id}`, manager));
    expect(kept.amount + kept.taxAmount).toBe(20_000);
    expect(kept.status).toBe('completed');
    expect(kept.payments.map((payment) => payment.amount)).toEqual([20_000]);
  });
});

describe('a sent or approved revision is the document as it was then', () => {
  it('keeps the old firm name, GSTIN and GST rate on the PDF and the page after a rename, while a draft reads Settings', async () => {
    await renameFirm('Kaveri Design Studio');
    const { quote, token } = await sentQuote();
    const draftBody = { clientDetails: { name: 'Ravi Teja', phone: uniquePhone('8'), projectType: '2BHK' }, rows: [row()] };
    const draft = await json<Quotation>(staffRequest(app, '/api/quotations', employee, { method: 'POST', body: draftBody }));

    await renameFirm('Lotus Interiors', 12);
    const page = await view(token);
    expect([page.company.companyName, page.company.gstNumber, page.taxRate, page.taxAmount, page.totalWithTax]).toEqual(['Kaveri Design Studio', '36AAAAA0000A1Z5', 18, 18_000, 118_000]);
    const sentPdf = await pdfText(await app.request(`/api/quote-links/${token}/pdf`));
    expect(sentPdf).toContain('Kaveri Design Studio');
    expect(sentPdf).toContain('GST at 18%');
    expect(sentPdf).not.toContain('Lotus Interiors');
    // The staff PDF of the same quote too.
    expect(await pdfText(await staffRequest(app, `/api/quotations/${quote.id}/pdf`, employee))).toContain('Kaveri Design Studio');

    // Approved after the rename: still the document the client was sent.
    expect((await approveByClient(token, page.version)).status).toBe(200);
    const approvedPdf = await pdfText(await app.request(`/api/quote-links/${token}/pdf`));
    expect(approvedPdf).toContain('Kaveri Design Studio');
    expect(approvedPdf).not.toContain('Lotus Interiors');

    // A draft is not issued yet: it shows Settings as they are.
    const draftPdf = await pdfText(await staffRequest(app, `/api/quotations/${draft.id}/pdf`, employee));
    expect(draftPdf).toContain('Lotus Interiors');
    expect(draftPdf).toContain('GST at 12%');
  });

  it('reads a quote stored before issue 25 (no frozen letterhead) with the letterhead of Settings', async () => {
    const { quote, token } = await sentQuote();
    // The item as an older version stored it: without the frozen issue or the variation.
    const item = (await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.quotation(quote.id) }))).Item ?? {};
    const { issued: _issued, variation: _variation, ...legacy } = item;
    expect(legacy.pk).toBe(keys.quotation(quote.id).pk);
    await db.doc.send(new PutCommand({ TableName: db.table, Item: legacy }));
    await renameFirm('Banyan Homes');
    const reread = await stored(quote.id);
    expect([reread.issued, reread.variation]).toEqual([null, null]);
    expect((await view(token)).company.companyName).toBe('Banyan Homes');
  });
});
