import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { QUOTE_ALREADY_ANSWERED, QUOTE_LINK_EXPIRED, QUOTE_LINK_INVALID, QUOTE_UPDATED, type PublicQuotation } from '@app/shared-types/quotations';
import { describe, expect, it } from 'vitest';
import { SHARE_TOKEN, publicQuotationFixture } from '../features/quotations/test-fixtures';
import { enter } from '../test/portal';
import { renderRoute } from '../test/render';
import { server } from '../test/server';

const LINK = `/q/${SHARE_TOKEN}`;

describe("The client's quotation link (/q/:token)", () => {
  it('shows the letterhead, number, dates, client, rows by usage area with sizes, totals in rupees, terms and the PDF link; not indexed', async () => {
    renderRoute(LINK);
    expect(await screen.findByRole('heading', { level: 1, name: 'Quotation' })).toBeTruthy();
    expect(screen.getByText('Kalpa Design Studio')).toBeTruthy();
    expect(screen.getByText(publicQuotationFixture.quotationNumber)).toBeTruthy();
    expect(screen.getByText('Valid until: 20 December 2099')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Prepared for' })).getByText('Ayesha Khan')).toBeTruthy();
    const kitchen = within(screen.getByRole('region', { name: 'Kitchen' }));
    expect(kitchen.getAllByText('Base cabinet').length).toBeGreaterThan(0);
    expect(kitchen.getByText('10 x 2 ft')).toBeTruthy();
    const totals = within(screen.getByLabelText('Totals'));
    // No discount: subtotal and grand total are the same.
    expect(totals.getAllByText('₹29,000')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Terms' })).getByText(/Design freeze within 5 design meetings/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`/api/quote-links/${SHARE_TOKEN}/pdf`);
    await waitFor(() => expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow'));
  });

  it('puts a summary at the top, GST and the payment plan with the totals and terms, and Approve / Request changes after them (issue 25)', async () => {
    renderRoute(LINK);
    const summary = within(await screen.findByLabelText('Summary'));
    // ₹29,000 before GST, 18% GST: the client sees the total they pay.
    expect(summary.getByText('Total incl. GST')).toBeTruthy();
    expect(summary.getByText('₹34,220')).toBeTruthy();
    expect(summary.getByText('20 December 2099')).toBeTruthy();
    expect(summary.getByText('Sent')).toBeTruthy();
    const totals = within(screen.getByLabelText('Totals'));
    expect(totals.getByText('GST at 18%')).toBeTruthy();
    expect(totals.getByText('₹5,220')).toBeTruthy();
    expect(totals.getByText('₹34,220')).toBeTruthy();
    // The terms print the plan the project bills by, not 20/40/40, and the plan says what each stage asks.
    const terms = within(screen.getByRole('region', { name: 'Terms' }));
    expect(terms.getByText(/Payments: 20% Advance, 30% Design Approval, 30% Material Procurement, 15% Work Completion, 5% Final Handover\./)).toBeTruthy();
    // The Advance: 20% of ₹29,000 with its GST, what its demand will ask.
    expect(within(screen.getByRole('region', { name: 'Payment plan' })).getByText('₹6,844')).toBeTruthy();
    // The answer comes after what it answers.
    const approve = screen.getByRole('button', { name: 'Approve' });
    const after = (first: Element, second: Element) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(after(screen.getByLabelText('Summary'), screen.getByLabelText('Totals'))).toBe(true);
    expect(after(screen.getByLabelText('Totals'), approve)).toBe(true);
    expect(after(screen.getByRole('region', { name: 'Terms' }), approve)).toBe(true);
    expect(after(screen.getByRole('region', { name: 'Terms' }), screen.getByRole('button', { name: 'Request changes' }))).toBe(true);
  });

  it('approves with the name (required), a comment and the version it shows, then thanks the client', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/quote-links/:token/approve', async ({ request }) => {
        const body = (await request.json()) as { name: string; comment: string };
        bodies.push(body);
        return HttpResponse.json({ ...publicQuotationFixture, status: 'approved', response: { action: 'approved', ...body, at: '2026-11-22T10:00:00.000Z' } });
      }),
    );
    const { user } = renderRoute(LINK);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve this quotation' }));
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await dialog.findByText('Your name is required')).toBeTruthy();
    expect(bodies).toHaveLength(0);
    await enter(user, dialog.getByLabelText(/Your name/), 'Ayesha Khan');
    await enter(user, dialog.getByLabelText('Comment (optional)'), 'Please start next week');
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Thank you, Ayesha Khan. Your approval has been recorded.')).toBeTruthy();
    expect(bodies).toEqual([{ name: 'Ayesha Khan', comment: 'Please start next week', version: publicQuotationFixture.version }]);
    // Answered: no more buttons, the PDF stays.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Request changes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toBeTruthy();
  });

  it('requests changes and says so', async () => {
    const { user } = renderRoute(LINK);
    await user.click(await screen.findByRole('button', { name: 'Request changes' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Request changes' }));
    await enter(user, dialog.getByLabelText(/Your name/), 'Ayesha');
    await enter(user, dialog.getByLabelText('What should we change? (optional)'), 'Walnut finish instead');
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(/Thank you, Ayesha\. Your request for changes has been sent/)).toBeTruthy();
  });

  it('says so when the quote was already answered', async () => {
    server.use(http.post('/api/quote-links/:token/approve', () => HttpResponse.json({ error: QUOTE_ALREADY_ANSWERED }, { status: 409 })));
    const { user } = renderRoute(LINK);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve this quotation' }));
    await enter(user, dialog.getByLabelText(/Your name/), 'Ayesha');
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await dialog.findByText(QUOTE_ALREADY_ANSWERED)).toBeTruthy();
  });

  it('says so when the quote changed since the page showed it, and shows the new revision with its notice, not open for approval', async () => {
    let shown: PublicQuotation = publicQuotationFixture;
    server.use(
      http.get('/api/quote-links/:token', () => HttpResponse.json(shown)),
      http.post('/api/quote-links/:token/approve', async ({ request }) => {
        const { version } = (await request.json()) as { version: number };
        return version === shown.version ? HttpResponse.json({ ...shown, status: 'approved' }) : HttpResponse.json({ error: QUOTE_UPDATED }, { status: 409 });
      }),
    );
    const { user } = renderRoute(LINK);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    // Staff reprice it while the client reads: a new revision, back to draft.
    shown = { ...publicQuotationFixture, status: 'draft', grandTotal: 31000, version: publicQuotationFixture.version + 1, revisedAt: '2026-11-23T06:00:00.000Z' };
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve this quotation' }));
    await enter(user, dialog.getByLabelText(/Your name/), 'Ayesha');
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await dialog.findByText(QUOTE_UPDATED)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('This quotation was revised on 23 November 2026: the figures below are the new ones. We will send it to you again to approve.')).toBeTruthy();
    expect(within(screen.getByLabelText('Totals')).getByText('₹31,000')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('shows a revision sent again with its notice, open for approval', async () => {
    server.use(http.get('/api/quote-links/:token', () => HttpResponse.json({ ...publicQuotationFixture, revisedAt: '2026-11-23T06:00:00.000Z' })));
    renderRoute(LINK);
    expect(await screen.findByText('This quotation was revised on 23 November 2026: the figures below are the new ones. Please review them before you approve.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('shows an approved quote as approved, without the buttons', async () => {
    server.use(
      http.get('/api/quote-links/:token', () =>
        HttpResponse.json({ ...publicQuotationFixture, status: 'approved', response: { action: 'approved', name: 'Ayesha Khan', comment: '', at: '2026-11-22T10:00:00.000Z' } }),
      ),
    );
    renderRoute(LINK);
    expect(await screen.findByText('This quotation was approved by Ayesha Khan on 22 November 2026.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it("asks 'Discard changes?' when a typed answer would be dropped by Escape or a click outside (issue 25)", async () => {
    const { user } = renderRoute(LINK);
    await user.click(await screen.findByRole('button', { name: 'Request changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    await enter(user, within(dialog).getByLabelText(/Your name/), 'Ayesha Khan');
    await enter(user, within(dialog).getByLabelText('What should we change? (optional)'), 'A lighter laminate in the kitchen');
    await user.keyboard('{Escape}');
    const asked = within(await screen.findByRole('dialog', { name: 'Discard changes?' }));
    await user.click(asked.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull());
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('What should we change? (optional)').value).toBe('A lighter laminate in the kitchen');

    const container = dialog.closest('.MuiDialog-container');
    if (!(container instanceof HTMLElement)) throw new Error('no dialog container');
    await user.click(container);
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request changes' })).toBeNull());

    // Nothing typed: Escape just closes.
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await screen.findByRole('dialog', { name: 'Approve this quotation' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approve this quotation' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull();
  });

  it('explains an invalid link', async () => {
    renderRoute('/q/not-a-token');
    expect(await screen.findByText(QUOTE_LINK_INVALID)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Link not valid' })).toBeTruthy();
  });

  it('explains an expired link', async () => {
    renderRoute('/q/expired');
    expect(await screen.findByText(QUOTE_LINK_EXPIRED)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Quotation expired' })).toBeTruthy();
  });
});
