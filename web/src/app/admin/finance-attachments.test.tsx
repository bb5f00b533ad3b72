import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ATTACHMENT_SIZE_MESSAGE, ATTACHMENT_TYPE_MESSAGE, MAX_ATTACHMENTS, MAX_ATTACHMENT_BYTES, attachmentUrl, type Attachment, type AttachmentUploadTicket, type Transaction } from '@app/shared-types/finance';
import { describe, expect, it } from 'vitest';
import { transactionFixtures } from '../../features/finance/test-fixtures';
import { renderPortalPage } from '../../test/portal';
import { findToast } from '../../test/render';
import { server } from '../../test/server';
import { FinancePage } from './finance-page';

/** Receipts and invoices on a transaction (issue 12): upload through a signed form, download link, remove. */

const renderFinance = () => renderPortalPage('/admin/finance', { path: '/admin/finance', Component: FinancePage, section: 'finance', role: 'manager' });
const findRow = (description: string) => screen.findByRole('article', { name: description });
const FORM_TEST_TIMEOUT = 30_000;

const UPLOAD_ID = '0b4f6c1e-3a52-4d7e-9c1f-2d8e6a4b9f10';
const receipt: Attachment = { id: 'att-1', name: 'plywood-invoice.pdf', contentType: 'application/pdf', size: 245_760 };
const withReceipt: Transaction = { ...transactionFixtures[1]!, attachments: [receipt] };

/** The list answers these transactions (the first one edited in each test). */
function listing(items: Transaction[]) {
  return http.get('/api/transactions', () => HttpResponse.json({ items }));
}

async function openEdit(description: string) {
  const rendered = renderFinance();
  await rendered.user.click(within(await findRow(description)).getByRole('button', { name: 'Edit' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit Transaction' }));
  return { ...rendered, dialog, section: within(dialog.getByRole('region', { name: 'Attachments' })) };
}

describe('Finance: transaction attachments', { timeout: FORM_TEST_TIMEOUT }, () => {
  it('asks for a signed form, posts its fields and the file to the target URL, then adds the attachment', async () => {
    const calls: string[] = [];
    let ticketBody: unknown;
    let addBody: unknown;
    let posted: { fields: Record<string, string>; file: File } | undefined;
    const added: Transaction = { ...transactionFixtures[1]!, attachments: [{ id: 'att-9', name: 'receipt.png', contentType: 'image/png', size: 4 }] };
    server.use(
      listing(transactionFixtures),
      http.post('/api/transactions/:id/attachment-uploads', async ({ request, params }) => {
        calls.push(`ticket ${String(params.id)}`);
        ticketBody = await request.json();
        return HttpResponse.json<AttachmentUploadTicket>(
          { uploadId: UPLOAD_ID, target: { url: 'http://localhost/uploads', fields: { key: `attachments/${UPLOAD_ID}`, policy: 'signed' } } },
          { status: 201 },
        );
      }),
      http.post('http://localhost/uploads', async ({ request }) => {
        calls.push('upload');
        const form = await request.formData();
        const file = form.get('file') as File;
        const fields: Record<string, string> = {};
        form.forEach((value, name) => {
          if (name !== 'file') fields[name] = String(value);
        });
        posted = { fields, file };
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('/api/transactions/:id/attachments', async ({ request, params }) => {
        calls.push(`add ${String(params.id)}`);
        addBody = await request.json();
        return HttpResponse.json<Transaction>(added, { status: 201 });
      }),
    );
    const { user, dialog, section } = await openEdit('Teak plywood for wardrobes');
    expect(section.getByText(/No receipts or invoices yet/)).toBeTruthy();

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' });
    await user.upload(section.getByLabelText('Attach receipt or invoice'), file);

    await findToast('status', 'Attachment added');
    expect(calls).toEqual(['ticket tx-2', 'upload', 'add tx-2']);
    expect(ticketBody).toEqual({ name: 'receipt.png', contentType: 'image/png', size: 4 });
    expect(posted?.fields).toEqual({ key: `attachments/${UPLOAD_ID}`, policy: 'signed' });
    expect(posted?.file.size).toBe(4);
    expect(posted?.file.type).toBe('image/png');
    expect(addBody).toEqual({ uploadId: UPLOAD_ID, name: 'receipt.png', contentType: 'image/png' });
    // The answer shows at once, before the list refreshes.
    expect(await within(dialog.getByRole('list', { name: 'Transaction attachments' })).findByText('receipt.png')).toBeTruthy();
  });

  it("refuses a file of another type before any request ('Attach a PDF, JPEG or PNG file')", async () => {
    let requests = 0;
    server.use(
      listing(transactionFixtures),
      http.post('/api/transactions/:id/attachment-uploads', () => {
        requests++;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const { section } = await openEdit('Teak plywood for wardrobes');
    const input = section.getByLabelText<HTMLInputElement>('Attach receipt or invoice');
    expect(input.accept).toBe('application/pdf,image/jpeg,image/png');

    // Past the accept filter (as 'All files' in the picker would let it be).
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });

    const toast = await findToast('alert', 'Error adding attachment');
    expect(within(toast).getByText(ATTACHMENT_TYPE_MESSAGE)).toBeTruthy();
    expect(requests).toBe(0);
  });

  it('refuses a file over 10 MB before any request, and offers no more than 10 attachments', async () => {
    let requests = 0;
    const full: Transaction = {
      ...transactionFixtures[0]!,
      attachments: Array.from({ length: MAX_ATTACHMENTS }, (_, i) => ({ id: `att-${i}`, name: `bill-${i}.pdf`, contentType: 'application/pdf' as const, size: 1000 })),
    };
    server.use(
      listing([...transactionFixtures.slice(1), full]),
      http.post('/api/transactions/:id/attachment-uploads', () => {
        requests++;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const { user, section } = await openEdit('Teak plywood for wardrobes');
    await user.upload(section.getByLabelText('Attach receipt or invoice'), new File([new Uint8Array(MAX_ATTACHMENT_BYTES + 1)], 'scan.jpg', { type: 'image/jpeg' }));
    const toast = await findToast('alert', 'Error adding attachment');
    expect(within(toast).getByText(ATTACHMENT_SIZE_MESSAGE)).toBeTruthy();
    expect(requests).toBe(0);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Transaction' })).toBeNull());
    await user.click(within(await findRow('Design approval milestone, Reddy villa')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Transaction' }));
    expect(dialog.getByText(/10 of 10 attachments/)).toBeTruthy();
    expect(dialog.getByLabelText<HTMLInputElement>('Attach receipt or invoice').disabled).toBe(true);
  });

  it("shows the server's message when the add is refused", async () => {
    server.use(
      listing(transactionFixtures),
      http.post('/api/transactions/:id/attachment-uploads', () =>
        HttpResponse.json<AttachmentUploadTicket>({ uploadId: UPLOAD_ID, target: { url: 'http://localhost/uploads', fields: {} } }, { status: 201 }),
      ),
      http.post('http://localhost/uploads', () => new HttpResponse(null, { status: 204 })),
      http.post('/api/transactions/:id/attachments', () => HttpResponse.json({ error: 'The file is not the type it was said to be' }, { status: 415 })),
    );
    const { user, section } = await openEdit('Teak plywood for wardrobes');
    await user.upload(section.getByLabelText('Attach receipt or invoice'), new File(['%PDF-1.7'], 'bill.pdf', { type: 'application/pdf' }));
    const toast = await findToast('alert', 'Error adding attachment');
    expect(within(toast).getByText('The file is not the type it was said to be')).toBeTruthy();
  });

  it('lists each attachment with its type, size and a download link to the file', async () => {
    server.use(listing([withReceipt, ...transactionFixtures.slice(2)]));
    const { section } = await openEdit('Teak plywood for wardrobes');
    const item = within(section.getByRole('listitem'));
    expect(item.getByText('plywood-invoice.pdf')).toBeTruthy();
    expect(item.getByText('PDF · 240 KB')).toBeTruthy();
    const link = item.getByRole<HTMLAnchorElement>('link', { name: 'Download' });
    expect(link.getAttribute('href')).toBe(attachmentUrl('tx-2', 'att-1'));
    expect(link.getAttribute('href')).toBe('/api/transactions/tx-2/attachments/att-1');
    expect(link.getAttribute('download')).toBe('plywood-invoice.pdf');
  });

  it('removes an attachment after confirmation (DELETE) and says so', async () => {
    let deleted = '';
    server.use(
      listing([withReceipt]),
      http.delete('/api/transactions/:id/attachments/:attachmentId', ({ params }) => {
        deleted = `${String(params.id)}/${String(params.attachmentId)}`;
        return HttpResponse.json<Transaction>({ ...withReceipt, attachments: [] });
      }),
    );
    const { user, section } = await openEdit('Teak plywood for wardrobes');
    await user.click(section.getByRole('button', { name: 'Remove' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove this attachment?' }));
    expect(deleted).toBe('');
    await user.click(confirm.getByRole('button', { name: 'Remove' }));

    await findToast('status', 'Attachment removed');
    expect(deleted).toBe('tx-2/att-1');
  });

  it("shows 'Error removing attachment' with the server's message", async () => {
    server.use(
      listing([withReceipt]),
      http.delete('/api/transactions/:id/attachments/:attachmentId', () => HttpResponse.json({ error: 'The transaction changed' }, { status: 409 })),
    );
    const { user, section } = await openEdit('Teak plywood for wardrobes');
    await user.click(section.getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove this attachment?' })).getByRole('button', { name: 'Remove' }));
    const toast = await findToast('alert', 'Error removing attachment');
    expect(within(toast).getByText('The transaction changed')).toBeTruthy();
  });

  it('asks to save a new transaction first, and counts attachments on the list rows', async () => {
    server.use(listing([withReceipt, ...transactionFixtures.slice(2)]));
    const { user } = renderFinance();
    expect(within(await findRow('Teak plywood for wardrobes')).getByRole('img', { name: '1 attachment' })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Booking advance, Nair kitchen' })).queryByRole('img', { name: /attachment/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add Transaction' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Transaction' }));
    expect(dialog.getByText('Save the transaction first to attach receipts.')).toBeTruthy();
    expect(dialog.queryByLabelText('Attach receipt or invoice')).toBeNull();
  });
});
