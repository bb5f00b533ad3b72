import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { LOW_MARGIN_MESSAGE, PROJECT_TYPE_TO_SEND, QUOTATION_REVISED_MESSAGE, STALE_QUOTATION_MESSAGE, type Quotation, type QuotationInput } from '@app/shared-types/quotations';
import { describe, expect, it, vi } from 'vitest';
import { quotationFixtures, savedFrom } from '../../features/quotations/test-fixtures';
import { choose, dateShown, enter, renderPortalPage, replace } from '../../test/portal';
import { findToast } from '../../test/render';
import { server } from '../../test/server';
import { QuotationsPage } from './quotations-page';

const renderQuotations = (url = '/admin/quotations', role = 'admin') =>
  renderPortalPage(url, { path: '/admin/quotations', Component: QuotationsPage, section: 'quotations', role });

/** Many selects and fields on one sheet: jsdom is slow with MUI, more so beside other test files. */
const SHEET_TIMEOUT = 45_000;

/** Row n's card, the <section> (a region) labelled 'Row n': by its label, not a role query, which computes the name of every region on the sheet after each change (a tenth of a row test's time). */
const row = (n: number) => within(screen.getByLabelText(`Row ${n}`, { selector: 'section' }));
const rowTotal = (n: number) => row(n).getByLabelText(`Row ${n} total`).textContent;
const figure = (label: string) => screen.getByLabelText(label).textContent;

async function openNew(url = '/admin/quotations?new=1') {
  const view = renderQuotations(url);
  await screen.findByRole('region', { name: 'Row 1' });
  return view;
}

describe('Quotation Builder: list', () => {
  it('lists quotations newest first with number, client, status as of today, grand total and valid until', async () => {
    renderQuotations();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pixel-Perfect Quotation Builder' })).toBeTruthy();
    const first = within(await screen.findByRole('article', { name: 'Srinivas Reddy' }));
    expect(first.getByText('KDS/2026-27/0001')).toBeTruthy();
    expect(first.getByText('Draft')).toBeTruthy();
    expect(first.getByText(`₹${quotationFixtures[0]!.grandTotal.toLocaleString('en-IN')}`)).toBeTruthy();
    expect(first.getByText('Valid until 20 Dec 2099')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Ayesha Khan' })).getByText('Sent')).toBeTruthy();
    // Sent, but past its date.
    expect(within(screen.getByRole('article', { name: 'Old Client' })).getByText('Expired')).toBeTruthy();
    const tabs = within(screen.getByRole('tablist', { name: 'Quotation Builder' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Quotations', 'Builder', 'Rate library']);
  });

  it('sends the status filter to the server and keeps it in the URL', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/quotations', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [] });
      }),
    );
    const { user, router } = renderQuotations();
    await screen.findByText('No quotations found matching your criteria');
    await choose(user, within(screen.getByRole('region', { name: 'Filter quotations' })), 'Status', 'Expired');
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('expired'));
    expect(router.state.location.search).toBe('?status=expired');
  });

  it('deletes after asking, for an admin', async () => {
    const deleted: string[] = [];
    server.use(
      http.delete('/api/quotations/:id', ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ id: params.id });
      }),
    );
    const { user } = renderQuotations();
    const card = within(await screen.findByRole('article', { name: 'Ayesha Khan' }));
    await user.click(card.getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this quotation?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await findToast('status', 'Quotation deleted successfully!');
    expect(deleted).toEqual(['quote-2']);
  });

  it('hides Delete from an employee', async () => {
    renderQuotations('/admin/quotations', 'employee');
    const card = within(await screen.findByRole('article', { name: 'Srinivas Reddy' }));
    expect(card.getByRole('button', { name: 'Open' })).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows the rate library editor in its tab (?tab=rates)', async () => {
    const { user, router } = renderQuotations();
    await user.click(await screen.findByRole('tab', { name: 'Rate library' }));
    expect(await screen.findByRole('tablist', { name: 'Usage areas' })).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=rates');
  });

  it('opens a quote in the builder from the list, and Duplicate opens the copy', async () => {
    const { user, router } = renderQuotations();
    await user.click(within(await screen.findByRole('article', { name: 'Srinivas Reddy' })).getByRole('button', { name: 'Open' }));
    await screen.findByRole('region', { name: 'Row 3' });
    expect(router.state.location.search).toBe('?quote=quote-1');
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    await findToast('status', 'Quotation duplicated');
    await waitFor(() => expect(router.state.location.search).toBe('?quote=quote-copy'));
  }, SHEET_TIMEOUT);
});

describe('Quotation Builder: rows (SPEC.md 4 and 5)', () => {
  it('starts a new quote with one sq.ft row of quantity 1, dates from the defaults and the default notes', async () => {
    await openNew();
    expect(row(1).getByRole('combobox', { name: 'Unit' }).textContent).toBe('sq.ft');
    expect((row(1).getByLabelText('Quantity') as HTMLInputElement).value).toBe('1');
    expect(row(1).getByLabelText('Length (ft)')).toBeTruthy();
    expect(row(1).getByLabelText('Width (ft)')).toBeTruthy();
    expect(row(1).getByRole('combobox', { name: 'Item' }).getAttribute('aria-disabled')).toBe('true');
    expect(row(1).getByRole('combobox', { name: 'Finish type' }).getAttribute('aria-disabled')).toBe('true');
    // The last row cannot be removed.
    expect((row(1).getByRole('button', { name: 'Remove row 1' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Notes and terms') as HTMLTextAreaElement).value).toContain('Design freeze within 5 design meetings or 31 days');
    const date = (await dateShown(screen, 'Quotation date')).split('/').reverse().join('-');
    const until = (await dateShown(screen, 'Valid until')).split('/').reverse().join('-');
    expect(Date.parse(until) - Date.parse(date)).toBe(30 * 86_400_000);
  }, SHEET_TIMEOUT);

  it('loads items for a usage area, sets the unit from the item, fills the price from the finish type and brand, and clears on change', async () => {
    const { user } = await openNew();
    await choose(user, row(1), 'Usage area', 'Kitchen');
    await choose(user, row(1), 'Item', 'Base cabinet');
    await choose(user, row(1), 'Finish type', 'Laminate');
    await waitFor(() => expect((row(1).getByLabelText('Unit price (₹)') as HTMLInputElement).value).toBe('1450'));
    await enter(user, row(1).getByLabelText('Length (ft)'), '10');
    await enter(user, row(1).getByLabelText('Width (ft)'), '2.5');
    expect(rowTotal(1)).toBe('₹36,250');
    // A brand while a finish is set asks for that brand's price.
    await choose(user, row(1), 'Brand', 'Century');
    await waitFor(() => expect((row(1).getByLabelText('Unit price (₹)') as HTMLInputElement).value).toBe('1600'));

    // Another item clears finish, brand and price, and takes the item's unit (R.ft: length only).
    await choose(user, row(1), 'Item', 'Loft');
    expect(row(1).getByRole('combobox', { name: 'Unit' }).textContent).toBe('R.ft');
    expect(row(1).getByRole('combobox', { name: 'Finish type' }).textContent).not.toContain('Laminate');
    expect((row(1).getByLabelText('Unit price (₹)') as HTMLInputElement).value).toBe('');
    expect(row(1).getByLabelText('Length (ft)')).toBeTruthy();
    expect(row(1).queryByLabelText('Width (ft)')).toBeNull();

    // Another usage area clears the item too.
    await choose(user, row(1), 'Usage area', 'Master Bedroom');
    expect(row(1).getByRole('combobox', { name: 'Item' }).textContent).not.toContain('Loft');
    expect(row(1).getByRole('combobox', { name: 'Finish type' }).getAttribute('aria-disabled')).toBe('true');
  }, SHEET_TIMEOUT);

  it("shows 'No finish types available' when an item has none or the lookup fails, and QTY rows have no length or width", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/quotation/finish-types/:usageArea/:item', () => HttpResponse.json({ error: 'down' }, { status: 500 })));
    const { user } = await openNew();
    await choose(user, row(1), 'Usage area', 'Kitchen');
    await choose(user, row(1), 'Item', 'Chimney');
    expect(row(1).getByRole('combobox', { name: 'Unit' }).textContent).toBe('QTY');
    expect(row(1).queryByLabelText('Length (ft)')).toBeNull();
    expect(row(1).queryByLabelText('Width (ft)')).toBeNull();
    await user.click(row(1).getByRole('combobox', { name: 'Finish type' }));
    expect(await screen.findByRole('option', { name: 'No finish types available' })).toBeTruthy();
    await waitFor(() => expect(error).toHaveBeenCalled());
    error.mockRestore();
  }, SHEET_TIMEOUT);

  it('adds rows, removes any but the last, and totals live for sq.ft, R.ft and QTY with a discount', async () => {
    const { user } = await openNew();
    // sq.ft: 10 x 2 x 1 x 100 = 2,000
    await enter(user, row(1).getByLabelText('Length (ft)'), '10');
    await enter(user, row(1).getByLabelText('Width (ft)'), '2');
    await enter(user, row(1).getByLabelText('Unit price (₹)'), '100');
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    // R.ft: 12 x 2 x 50 = 1,200
    await choose(user, row(2), 'Unit', 'R.ft');
    await enter(user, row(2).getByLabelText('Length (ft)'), '12');
    await replace(user, row(2).getByLabelText('Quantity'), '2');
    await enter(user, row(2).getByLabelText('Unit price (₹)'), '50');
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    // QTY: 3 x 250 = 750
    await choose(user, row(3), 'Unit', 'QTY');
    await replace(user, row(3).getByLabelText('Quantity'), '3');
    await enter(user, row(3).getByLabelText('Unit price (₹)'), '250');

    expect([rowTotal(1), rowTotal(2), rowTotal(3)]).toEqual(['₹2,000', '₹1,200', '₹750']);
    expect(figure('Subtotal')).toBe('₹3,950');
    await replace(user, screen.getByLabelText('Discount (%)'), '10.5');
    expect(figure('Discount amount')).toBe('₹414.75');
    expect(figure('Grand total')).toBe('₹3,535.25');

    expect((row(1).getByRole('button', { name: 'Remove row 1' }) as HTMLButtonElement).disabled).toBe(false);
    await user.click(row(2).getByRole('button', { name: 'Remove row 2' }));
    expect(screen.queryByRole('region', { name: 'Row 3' })).toBeNull();
    expect(figure('Subtotal')).toBe('₹2,750');
  }, SHEET_TIMEOUT);
});

describe('Quotation Builder: saving', () => {
  it('shows the schema messages under the fields (per row too) and saves nothing', async () => {
    let posts = 0;
    server.use(
      http.post('/api/quotations', () => {
        posts++;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const { user } = await openNew();
    await replace(user, row(1).getByLabelText('Quantity'), '0');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByText('Client name is required')).toBeTruthy();
    expect(screen.getByText('Client phone is required')).toBeTruthy();
    expect(row(1).getByText('Quantity must be at least 1')).toBeTruthy();
    expect(posts).toBe(0);
  }, SHEET_TIMEOUT);

  it('warns on a priced sq.ft row without a width, and does not save it at ₹0 (issue 25)', async () => {
    let posts = 0;
    server.use(
      http.post('/api/quotations', () => {
        posts++;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const { user } = await openNew();
    await enter(user, screen.getByLabelText(/Client name/), 'Meera Nair');
    await enter(user, screen.getByLabelText(/Phone/), '9876543210');
    await enter(user, row(1).getByLabelText('Length (ft)'), '8');
    await enter(user, row(1).getByLabelText('Unit price (₹)'), '1350');
    expect(rowTotal(1)).toBe('₹0');
    expect(row(1).getByRole('alert').textContent).toBe('Enter the width: a sq.ft row without it totals ₹0');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    // The field says it too, and nothing is sent.
    await waitFor(() => expect(row(1).getAllByText('Enter the width: a sq.ft row without it totals ₹0')).toHaveLength(2));
    expect(posts).toBe(0);
    await enter(user, row(1).getByLabelText('Width (ft)'), '7');
    expect(row(1).queryByRole('alert')).toBeNull();
    expect(rowTotal(1)).toBe('₹75,600');
  }, SHEET_TIMEOUT);

  it("saves a new quote with 'Quotation saved successfully!', sends the lead's id, and shows its number", async () => {
    const bodies: QuotationInput[] = [];
    server.use(
      http.post('/api/quotations', async ({ request }) => {
        const input = (await request.json()) as QuotationInput;
        bodies.push(input);
        return HttpResponse.json(savedFrom(input, { id: 'quote-new', quotationNumber: 'KDS/2026-27/0042' }), { status: 201 });
      }),
      http.get('/api/quotations/quote-new', () => HttpResponse.json(savedFrom(bodies[0]!, { id: 'quote-new', quotationNumber: 'KDS/2026-27/0042' }))),
    );
    const { user, router } = renderQuotations('/admin/quotations?new=1&lead=lead-2');
    await screen.findByRole('region', { name: 'Row 1' });
    // Prefilled from the lead.
    await waitFor(() => expect((screen.getByLabelText(/Client name/) as HTMLInputElement).value).toBe('Anita Sharma'));
    expect((screen.getByLabelText(/Phone/) as HTMLInputElement).value).toBe('9848012346');
    await choose(user, row(1), 'Usage area', 'Kitchen');
    await choose(user, row(1), 'Item', 'Base cabinet');
    await choose(user, row(1), 'Finish type', 'Laminate');
    await waitFor(() => expect((row(1).getByLabelText('Unit price (₹)') as HTMLInputElement).value).toBe('1450'));
    await enter(user, row(1).getByLabelText('Length (ft)'), '10');
    await enter(user, row(1).getByLabelText('Width (ft)'), '2');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);

    await findToast('status', 'Quotation saved successfully!');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      leadId: 'lead-2',
      clientDetails: { name: 'Anita Sharma', projectType: 'Villa' },
      rows: [{ usageArea: 'Kitchen', item: 'Base cabinet', finishType: 'Laminate', unit: 'sq.ft', length: 10, width: 2, quantity: 1, unitPrice: 1450 }],
      discount: 0,
      status: 'draft',
      confirmLowMargin: false,
    });
    expect(bodies[0]!.rows[0]).not.toHaveProperty('costPrice');
    await waitFor(() => expect(router.state.location.search).toBe('?quote=quote-new'));
    expect(await screen.findByText('Quotation number')).toBeTruthy();
    expect(screen.getAllByText('KDS/2026-27/0042').length).toBeGreaterThan(0);
  }, SHEET_TIMEOUT);

  it("starts from a customer's details and sends the customer's id", async () => {
    const bodies: QuotationInput[] = [];
    server.use(
      http.post('/api/quotations', async ({ request }) => {
        const input = (await request.json()) as QuotationInput;
        bodies.push(input);
        return HttpResponse.json({ error: 'stop here' }, { status: 500 });
      }),
    );
    const { user } = renderQuotations('/admin/quotations?new=1&customer=customer-1');
    await screen.findByRole('region', { name: 'Row 1' });
    await waitFor(() => expect((screen.getByLabelText(/Client name/) as HTMLInputElement).value).toBe('Priya Nair'));
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await findToast('alert', 'Error saving quotation');
    expect(bodies[0]).toMatchObject({ customerId: 'customer-1', leadId: null, clientDetails: { name: 'Priya Nair' } });
  }, SHEET_TIMEOUT);

  it("shows the server's field messages under the client and row fields", async () => {
    server.use(
      http.put('/api/quotations/:id', () =>
        HttpResponse.json({ error: 'Check the fields', fields: { 'clientDetails.email': 'Enter a valid email address', 'rows[1].unitPrice': 'Unit price is too large' } }, { status: 400 }),
      ),
    );
    const { user } = renderQuotations('/admin/quotations?quote=quote-1');
    await screen.findByRole('region', { name: 'Row 3' });
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await findToast('alert', 'Error saving quotation');
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(row(2).getByText('Unit price is too large')).toBeTruthy();
  }, SHEET_TIMEOUT);

  it('on a stale save shows what changed and reloads the saved version', async () => {
    const current: Quotation = { ...quotationFixtures[0]!, clientDetails: { ...quotationFixtures[0]!.clientDetails, phone: '+91 90000 99999' }, version: 2 };
    server.use(http.put('/api/quotations/:id', () => HttpResponse.json({ error: STALE_QUOTATION_MESSAGE, current }, { status: 409 })));
    const { user } = renderQuotations('/admin/quotations?quote=quote-1');
    await screen.findByRole('region', { name: 'Row 3' });
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    const changes = within(await screen.findByRole('table', { name: 'What changed' }));
    expect(changes.getByRole('rowheader', { name: 'Phone' })).toBeTruthy();
    expect(changes.getByText('+91 90000 99999')).toBeTruthy();
    expect((screen.getAllByRole('button', { name: 'Save' })[0] as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((screen.getByLabelText(/^Phone/) as HTMLInputElement).value).toBe('+91 90000 99999'));
    expect(screen.queryByRole('table', { name: 'What changed' })).toBeNull();
  }, SHEET_TIMEOUT);

  it('asks before saving as sent below the margin threshold, then saves with confirmLowMargin', async () => {
    const bodies: (QuotationInput & { version: number })[] = [];
    server.use(
      http.put('/api/quotations/:id', async ({ request }) => {
        const input = (await request.json()) as QuotationInput & { version: number };
        bodies.push(input);
        if (!input.confirmLowMargin) return HttpResponse.json({ error: LOW_MARGIN_MESSAGE, lowMargin: { marginPercent: 12.5, threshold: 20 } }, { status: 409 });
        return HttpResponse.json(savedFrom(input, { ...quotationFixtures[0]!, version: 2 }));
      }),
    );
    const { user } = renderQuotations('/admin/quotations?quote=quote-1');
    await screen.findByRole('region', { name: 'Row 3' });
    await choose(user, within(screen.getByRole('region', { name: 'Quotation details' })), 'Status', 'Sent');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    const dialog = within(await screen.findByRole('dialog', { name: 'Send below the margin threshold?' }));
    expect(dialog.getByText('The margin is 12.5%, below the 20% threshold. Send this quotation anyway?')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Send anyway' }));
    await findToast('status', 'Quotation saved successfully!');
    expect(bodies.map((body) => [body.status, body.confirmLowMargin, body.version])).toEqual([
      ['sent', false, 1],
      ['sent', true, 1],
    ]);
  }, SHEET_TIMEOUT);
});

describe('Quotation Builder: send, PDF, history', () => {
  it('sends to the client and shows the full link', async () => {
    const { user } = renderQuotations('/admin/quotations?quote=quote-1');
    await screen.findByRole('region', { name: 'Row 3' });
    await user.click(screen.getByRole('button', { name: 'Send to client' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Client link' }));
    expect((dialog.getByLabelText('Link') as HTMLInputElement).value).toBe(`${window.location.origin}/q/${'a'.repeat(43)}`);
    // Issue 25: the client has an email address, so the server mailed them the link and the PDF too.
    await findToast('status', 'Quotation sent');
    expect(screen.getByText(/emailed to srinivas@example\.com with the PDF/)).toBeTruthy();
  }, SHEET_TIMEOUT);

  it('says a sent quote repriced by the save is a new revision in draft, and offers to send it again beside its link', async () => {
    const sent = quotationFixtures[1]!;
    let stored: Quotation = sent;
    server.use(
      http.get('/api/quotations/:id', () => HttpResponse.json(stored)),
      http.put('/api/quotations/:id', async ({ request }) => {
        const input = (await request.json()) as QuotationInput & { version: number };
        stored = { ...savedFrom(input, { ...sent, version: 2 }), status: 'draft', revisedAt: '2026-11-23T06:00:00.000Z' };
        return HttpResponse.json(stored);
      }),
    );
    const { user } = renderQuotations(`/admin/quotations?quote=${sent.id}`);
    await screen.findByRole('region', { name: 'Row 1' });
    expect(screen.queryByRole('button', { name: 'Send to client' })).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    const toast = await findToast('status', 'Quotation saved successfully!');
    expect(within(toast).getByText(`${sent.quotationNumber}: ${QUOTATION_REVISED_MESSAGE}`)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Send to client' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Client link' })).toBeTruthy();
  }, SHEET_TIMEOUT);

  it("shows the server's field message when a quote cannot be sent yet (no project type)", async () => {
    server.use(
      http.post('/api/quotations/:id/send', () =>
        HttpResponse.json({ error: 'Validation failed', fields: { 'clientDetails.projectType': PROJECT_TYPE_TO_SEND } }, { status: 400 }),
      ),
    );
    const { user } = renderQuotations('/admin/quotations?quote=quote-1');
    await screen.findByRole('region', { name: 'Row 3' });
    await user.click(screen.getByRole('button', { name: 'Send to client' }));
    const toast = await findToast('alert', 'Error sending quotation');
    expect(within(toast).getByText(PROJECT_TYPE_TO_SEND)).toBeTruthy();
    expect(await screen.findByText(PROJECT_TYPE_TO_SEND, { selector: 'p' })).toBeTruthy();
  }, SHEET_TIMEOUT);

  it("shows 'Error generating PDF' when the export fails", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/quotations/:id/pdf', () => HttpResponse.json({ error: 'Renderer down' }, { status: 500 })));
    const { user } = renderQuotations('/admin/quotations?quote=quote-1');
    await screen.findByRole('region', { name: 'Row 3' });
    await user.click(screen.getByRole('button', { name: 'Export PDF' }));
    const toast = await findToast('alert', 'Error generating PDF');
    expect(within(toast).getByText('Please try again')).toBeTruthy();
    error.mockRestore();
  }, SHEET_TIMEOUT);

  it('lists the revisions, shows one, and compares it with the current quote', async () => {
    const { user } = renderQuotations('/admin/quotations?quote=quote-1');
    await screen.findByRole('region', { name: 'Row 3' });
    await user.click(screen.getByRole('button', { name: /^History/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'History of KDS/2026-27/0001' }));
    await user.click(await dialog.findByRole('button', { name: /Revision 1 · ₹/ }));
    expect(await dialog.findByText(/^Revision 1, replaced .* by Asha Rao$/)).toBeTruthy();
    await user.click(dialog.getByRole('tab', { name: 'Compare with current' }));
    const details = within(dialog.getByRole('table', { name: 'Details changed' }));
    expect(details.getByRole('rowheader', { name: 'Phone' })).toBeTruthy();
    expect(details.getByText('+91 98490 00000')).toBeTruthy();
    expect(within(dialog.getByRole('region', { name: 'Rows added' })).getByText('Kitchen: Loft')).toBeTruthy();
    expect(within(dialog.getByRole('region', { name: 'Rows removed' })).getByText('Kitchen: Chimney')).toBeTruthy();
    const changed = within(dialog.getByRole('table', { name: 'Kitchen: Base cabinet changes' }));
    expect(changed.getByText('₹1,300')).toBeTruthy();
    expect(changed.getByText('₹1,450')).toBeTruthy();
    expect(within(dialog.getByRole('table', { name: 'Totals changed' })).getByRole('rowheader', { name: 'Grand total' })).toBeTruthy();
  }, SHEET_TIMEOUT);

  it('marks a quote approved for a manager, and then offers neither Send nor Mark approved and shows who approved', async () => {
    let body: unknown;
    const approved: Quotation = { ...quotationFixtures[0]!, status: 'approved', approvedBy: 'Asha', approvedAt: '2026-11-22T10:00:00.000Z', version: 2 };
    server.use(
      http.post('/api/quotations/:id/approve', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ quotation: approved, projectId: 'project-9', demandTransactionId: 'tx-9' });
      }),
      // The refetch after the write reads it as saved now.
      http.get('/api/quotations/quote-1', () => HttpResponse.json(body ? approved : quotationFixtures[0])),
    );
    const { user } = renderQuotations('/admin/quotations?quote=quote-1', 'manager');
    await screen.findByRole('region', { name: 'Row 3' });
    await user.click(screen.getByRole('button', { name: 'Mark approved' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Mark this quotation approved?' })).getByRole('button', { name: 'Mark approved' }));
    await findToast('status', 'Quotation approved');
    expect(body).toEqual({ version: 1 });
    expect(await screen.findByText('Approved by Asha on 22 Nov 2026')).toBeTruthy();
    // The confirmation dialog (with its own 'Mark approved') leaves with a transition.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark approved' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Send to client' })).toBeNull();
  }, SHEET_TIMEOUT);

  it('shows an approved quote read-only, and Create variation makes it a draft of the next revision (issue 25)', async () => {
    const approved: Quotation = { ...quotationFixtures[0]!, status: 'approved', approvedBy: 'Srinivas Reddy', approvedAt: '2026-11-22T10:00:00.000Z', shareToken: 'a'.repeat(43), version: 3 };
    let variation: unknown;
    const varied: Quotation = { ...approved, status: 'draft', approvedBy: null, approvedAt: null, revisionCount: 1, version: 4, variation: { revision: 1, grandTotal: approved.grandTotal, approvedAt: approved.approvedAt!, approvedBy: 'Srinivas Reddy' } };
    server.use(
      http.post('/api/quotations/:id/variation', async ({ request }) => {
        variation = await request.json();
        return HttpResponse.json(varied);
      }),
      http.get('/api/quotations/quote-1', () => HttpResponse.json(variation ? varied : approved)),
    );
    const { user } = renderQuotations('/admin/quotations?quote=quote-1', 'employee');
    await screen.findByRole('region', { name: 'Row 3' });
    expect(screen.getByText(/This quotation is approved and locked/)).toBeTruthy();
    // Nothing to type into and no Save: the approved document stays as approved.
    expect((screen.getByLabelText(/Client name/) as HTMLInputElement).disabled).toBe(true);
    expect((row(1).getByLabelText('Unit price (₹)') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Notes and terms') as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add row' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove row 1' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create variation' }));
    await findToast('status', 'Variation created');
    expect(variation).toEqual({ version: 3 });
    // A draft again, editable, saying what it varies; it goes to the client with Send.
    expect(await screen.findByText(/Variation of the quotation approved at/)).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/Client name/) as HTMLInputElement).disabled).toBe(false));
    expect(screen.getAllByRole('button', { name: 'Save' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Send to client' })).toBeTruthy();
  }, SHEET_TIMEOUT);

  it('offers Mark approved to managers and up only', async () => {
    renderQuotations('/admin/quotations?quote=quote-1', 'employee');
    await screen.findByRole('region', { name: 'Row 3' });
    expect(screen.queryByRole('button', { name: 'Mark approved' })).toBeNull();
  }, SHEET_TIMEOUT);
});
