import { Hono } from 'hono';
import type { Page } from '@app/shared-types/api';
import type { AuditEntry } from '@app/shared-types/audit';
import { beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_TYPE_MESSAGE, MAX_ATTACHMENTS, attachmentUrl, type AttachmentUploadTicket, type Transaction } from '@app/shared-types/finance';
import { createStaffApp, json, staffRequest, TEST_ORIGIN, type TestApp, type TestClock } from './helpers';

/** Receipts and invoices on Finance transactions: signed upload to staging, checked, published privately, read by short-lived links. */
let app: TestApp;
let host: Hono;
let clock: TestClock;
let manager: string;
let employee: string;
let admin: string;

const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

beforeAll(async () => {
  const test = await createStaffApp('manager', 'employee', 'admin');
  ({ app, clock } = test);
  host = new Hono().route('/', app).route('/', test.photoRoutes);
  [manager, employee, admin] = [test.staff('manager').cookie, test.staff('employee').cookie, test.staff('admin').cookie];
});

async function newTransaction(): Promise<Transaction> {
  const body = { type: 'expense', category: 'material_purchase', amount: 12_500, description: 'Tiles for the master bath', status: 'completed' };
  const response = await staffRequest(app, '/api/transactions', manager, { method: 'POST', body });
  expect(response.status).toBe(201);
  return json<Transaction>(response);
}

const ticket = (txId: string, body: unknown, cookie = manager) =>
  staffRequest(app, `/api/transactions/${txId}/attachment-uploads`, cookie, { method: 'POST', body });
const attach = (txId: string, body: unknown, cookie = manager) => staffRequest(app, `/api/transactions/${txId}/attachments`, cookie, { method: 'POST', body });

/** Sends the file with its signed form, as the browser does. */
function upload(target: AttachmentUploadTicket['target'], bytes: Uint8Array, type: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', new File([bytes], 'receipt', { type }));
  return host.request(target.url, { method: 'POST', body: form, headers: { origin: TEST_ORIGIN } });
}

/** A ticket, the upload and the add: the response of the add. */
async function attachFile(txId: string, name: string, bytes: Uint8Array, contentType: string) {
  const issued = await json<AttachmentUploadTicket>(ticket(txId, { name, contentType, size: bytes.length }));
  expect((await upload(issued.target, bytes, contentType)).status).toBe(204);
  return { issued, response: await attach(txId, { uploadId: issued.uploadId, name, contentType }) };
}

describe('transaction attachments', () => {
  it('uploads a PDF receipt, attaches it, and downloads it through a short-lived link with its name', async () => {
    const tx = await newTransaction();
    const { issued, response } = await attachFile(tx.id, 'Receipt – Nov "tiles".pdf', PDF, 'application/pdf');
    expect(issued.target.fields.key).toMatch(new RegExp(`^staging/transactions/${tx.id}/`));
    expect(response.status).toBe(201);
    const attached = await json<Transaction>(response);
    expect(attached.attachments).toEqual([{ id: issued.uploadId, name: 'Receipt – Nov "tiles".pdf', contentType: 'application/pdf', size: PDF.length }]);
    // Not the edit form's: the version an open edit holds stays good for its save.
    expect(attached.version).toBe(tx.version);

    // The filtered lists (their own copies of the transaction) show it too.
    const filtered = await json<{ items: Transaction[] }>(staffRequest(app, `/api/transactions?type=expense&status=completed&limit=100`, manager));
    expect(filtered.items.find((item) => item.id === tx.id)?.attachments.map((a) => a.id)).toEqual([issued.uploadId]);

    const redirect = await staffRequest(app, attachmentUrl(tx.id, issued.uploadId), manager);
    expect(redirect.status).toBe(302);
    const link = redirect.headers.get('location')!;
    expect(link).toMatch(new RegExp(`^/files/private/transactions/${tx.id}/${issued.uploadId}\\.pdf\\?`));
    const file = await host.request(link);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Receipt _ Nov _tiles_.pdf"; filename*=UTF-8''Receipt%20%E2%80%93%20Nov%20%22tiles%22.pdf`,
    );
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);

    // Private: never served at a plain path, and a link stops working after its minutes or when forged.
    expect((await host.request(`/${link.slice('/files/'.length).split('?')[0]}`)).status).toBe(404);
    expect((await host.request(link.replace(/signature=[^&]+/, 'signature=forged'))).status).toBe(403);
    clock.advance(301_000);
    expect((await host.request(link)).status).toBe(403);
  });

  it('keeps attachments through an edit that sends an older list, and removes one with its file', async () => {
    const tx = await newTransaction();
    const { issued } = await attachFile(tx.id, 'invoice.png', PNG, 'image/png');
    const link = (await staffRequest(app, attachmentUrl(tx.id, issued.uploadId), manager)).headers.get('location')!;

    const { id: _i, transactionId: _t, userId: _u, projectName: _p, customerName: _c, vendorName: _v, recurringSourceId: _r, createdAt: _a, updatedAt: _b, ...fields } = tx;
    const edited = await staffRequest(app, `/api/transactions/${tx.id}`, manager, {
      method: 'PUT',
      body: { ...fields, description: 'Tiles, master bath', attachments: [], version: tx.version },
    });
    expect(edited.status).toBe(200);
    expect((await json<Transaction>(edited)).attachments.map((a) => a.id)).toEqual([issued.uploadId]);

    const removed = await staffRequest(app, `/api/transactions/${tx.id}/attachments/${issued.uploadId}`, manager, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await json<Transaction>(removed)).attachments).toEqual([]);
    expect((await host.request(link)).status).toBe(404);
    expect((await staffRequest(app, attachmentUrl(tx.id, issued.uploadId), manager)).status).toBe(404);

    // Each change is in the audit log, which filters by the Transaction entity.
    const log = await json<Page<AuditEntry>>(staffRequest(app, `/api/audit-log?entity=Transaction&entityId=${tx.id}`, admin));
    expect(log.items.map((entry) => entry.changes.attachments).filter(Boolean)).toEqual([
      { before: ['invoice.png'], after: [] },
      { before: [], after: ['invoice.png'] },
    ]);
  });

  it('refuses a file whose bytes are not what it claims (415), one never uploaded (400), one attached twice (409)', async () => {
    const tx = await newTransaction();
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const fake = await attachFile(tx.id, 'receipt.pdf', html, 'application/pdf');
    expect(fake.response.status).toBe(415);
    expect((await json<{ error: string }>(fake.response)).error).toBe(ATTACHMENT_TYPE_MESSAGE);

    const issued = await json<AttachmentUploadTicket>(ticket(tx.id, { name: 'later.pdf', contentType: 'application/pdf', size: PDF.length }));
    expect((await attach(tx.id, { uploadId: issued.uploadId, name: 'later.pdf', contentType: 'application/pdf' })).status).toBe(400);
    expect((await upload(issued.target, PDF, 'application/pdf')).status).toBe(204);
    expect((await attach(tx.id, { uploadId: issued.uploadId, name: 'later.pdf', contentType: 'application/pdf' })).status).toBe(201);
    expect((await attach(tx.id, { uploadId: issued.uploadId, name: 'later.pdf', contentType: 'application/pdf' })).status).toBe(409);
    // Other types never get a form; nor does a file above 10 MB.
    expect((await ticket(tx.id, { name: 'a.gif', contentType: 'image/gif', size: 10 })).status).toBe(400);
    expect((await ticket(tx.id, { name: 'big.pdf', contentType: 'application/pdf', size: 10 * 1024 * 1024 + 1 })).status).toBe(400);
  });

  it(`holds at most ${MAX_ATTACHMENTS} files, and is for managers and above`, async () => {
    const tx = await newTransaction();
    for (let i = 0; i < MAX_ATTACHMENTS; i++) expect((await attachFile(tx.id, `r${i}.png`, PNG, 'image/png')).response.status).toBe(201);
    expect((await ticket(tx.id, { name: 'one-more.png', contentType: 'image/png', size: PNG.length })).status).toBe(409);
    expect((await ticket(tx.id, { name: 'x.png', contentType: 'image/png', size: PNG.length }, employee)).status).toBe(403);
    const first = (await json<Transaction>(staffRequest(app, `/api/transactions/${tx.id}`, manager))).attachments[0]!;
    expect((await staffRequest(app, attachmentUrl(tx.id, first.id), employee)).status).toBe(403);
  });

  it('deletes the files with the transaction', async () => {
    const tx = await newTransaction();
    const { issued } = await attachFile(tx.id, 'r.pdf', PDF, 'application/pdf');
    const link = (await staffRequest(app, attachmentUrl(tx.id, issued.uploadId), manager)).headers.get('location')!;
    expect((await host.request(link)).status).toBe(200);
    expect((await staffRequest(app, `/api/transactions/${tx.id}`, manager, { method: 'DELETE' })).status).toBe(200);
    expect((await host.request(link)).status).toBe(404);
  });
});
