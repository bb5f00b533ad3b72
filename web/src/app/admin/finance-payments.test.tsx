import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { calendarDate } from '@app/shared-types/format';
import type { Page } from '@app/shared-types/api';
import type { Transaction } from '@app/shared-types/finance';
import { describe, expect, it } from 'vitest';
import { makeTransaction, transactionFixtures } from '../../features/finance/test-fixtures';
import { choose, dateShown, enter, renderPortalPage, replace, shownDate, typeDate } from '../../test/portal';
import { findToast } from '../../test/render';
import { server } from '../../test/server';
import { FinancePage } from './finance-page';

/** Issue 25: 'Record payment' (date, method, reference, amount; a part leaves the rest), the Outstanding card, due dates. */

const renderFinance = (url = '/admin/finance') => renderPortalPage(url, { path: '/admin/finance', Component: FinancePage, section: 'finance', role: 'admin' });
const findRow = (description: string) => screen.findByRole('article', { name: description });

/** Many fields in one dialog: jsdom is slow with MUI, more so beside other test files. */
const FORM_TEST_TIMEOUT = 30_000;

describe('Finance: the Outstanding card', () => {
  it('headlines the receivable amount, with the overdue count below', async () => {
    renderFinance();
    const heading = await screen.findByRole('heading', { name: 'Outstanding' });
    await waitFor(() => expect(heading.nextElementSibling?.textContent).toBe('₹3,40,000'));
    expect(heading.nextElementSibling?.nextElementSibling?.textContent).toBe('3 overdue');
  });
});

describe("Finance: 'Record payment'", { timeout: FORM_TEST_TIMEOUT }, () => {
  it('asks for the date, method, reference and amount (what is left by default) and sends a part payment with the version', async () => {
    let body: Record<string, unknown> | undefined;
    let path = '';
    server.use(
      http.post('/api/transactions/:id/payments', async ({ request, params }) => {
        path = String(params.id);
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json<Transaction>({
          ...transactionFixtures[1]!,
          version: 3,
          payments: [{ date: calendarDate(), method: 'upi', reference: 'UTR 4521', amount: 50_000, recordedAt: '2026-11-27T10:00:00.000Z', recordedBy: 'user-admin' }],
        });
      }),
    );
    const { user } = renderFinance();
    await user.click(within(await findRow('Teak plywood for wardrobes')).getByRole('button', { name: 'Record payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record payment' }));

    // ₹84,250.50 + GST ₹15,165.09 = ₹99,415.59, all of it left.
    expect(dialog.getByText(/Total ₹99,415.59 \(₹84,250.50 \+ GST ₹15,165.09\) · left ₹99,415.59/)).toBeTruthy();
    expect(await dateShown(dialog, /^Payment Date/)).toBe(shownDate(calendarDate()));
    expect(dialog.getByRole('combobox', { name: /^Payment Method/ }).textContent).toBe('UPI');
    expect(dialog.getByLabelText<HTMLInputElement>(/^Amount/).value).toBe('99415.59');

    // More than what is left is refused on the spot.
    await replace(user, dialog.getByLabelText(/^Amount/), '99415.60');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByText('The payment is more than what is left to pay (₹99,415.59)')).toBeTruthy();
    expect(body).toBeUndefined();

    await replace(user, dialog.getByLabelText(/^Amount/), '50,000');
    await enter(user, dialog.getByLabelText('Reference'), 'UTR 4521');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));

    const toast = await findToast('status', 'Payment recorded');
    expect(within(toast).getByText('TXN-2026-00002: ₹49,415.59 left to pay')).toBeTruthy();
    expect(path).toBe('tx-2');
    expect(body).toEqual({ date: calendarDate(), method: 'upi', reference: 'UTR 4521', amount: 50_000, version: 2 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record payment' })).toBeNull());
  });

  it('lists the payments of a part-paid transaction and what is left', async () => {
    const partPaid = makeTransaction({
      id: 'tx-8',
      type: 'expense',
      category: 'material_purchase',
      amount: 10_000,
      taxAmount: 1800,
      status: 'pending',
      description: 'Granite counter',
      payments: [
        { date: '2026-11-21', method: 'cheque', reference: '000123', amount: 5000, recordedAt: '2026-11-21T10:00:00.000Z', recordedBy: 'user-admin' },
        { date: '2026-11-24', method: 'upi', reference: '', amount: 900, recordedAt: '2026-11-24T10:00:00.000Z', recordedBy: 'user-admin' },
      ],
    });
    server.use(http.get('/api/transactions', () => HttpResponse.json<Page<Transaction>>({ items: [partPaid] })));
    renderFinance();
    const row = within(await findRow('Granite counter'));
    expect(row.getByText('Paid ₹5,900 of ₹11,800 · ₹5,900 left')).toBeTruthy();
    expect(within(row.getByRole('list', { name: 'Payments' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '21 Nov 2026 · Cheque · Ref 000123 · ₹5,000',
      '24 Nov 2026 · UPI · ₹900',
    ]);
    expect(row.getByText('Pending')).toBeTruthy();
  });

  it("shows the server's refusal under the amount and keeps the dialog open", async () => {
    server.use(
      http.post('/api/transactions/:id/payments', () =>
        HttpResponse.json({ error: 'Validation failed', fields: { amount: 'The payment is more than what is left to pay (₹10)' } }, { status: 400 }),
      ),
    );
    const { user } = renderFinance();
    await user.click(within(await findRow('Teak plywood for wardrobes')).getByRole('button', { name: 'Record payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record payment' }));
    await choose(user, dialog, 'Payment Method', 'Cheque');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByText('The payment is more than what is left to pay (₹10)')).toBeTruthy();
    await findToast('alert', 'Error recording payment');
    expect(screen.getByRole('dialog', { name: 'Record payment' })).toBeTruthy();
  });

  it("records a demanded stage's payment from its payment plan: its demand transaction as saved now", async () => {
    let id = '';
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('/api/transactions/:id/payments', async ({ request, params }) => {
        id = String(params.id);
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(makeTransaction({ id: 'tx-9', status: 'completed', version: 2 }));
      }),
    );
    const { user } = renderFinance('/admin/finance?tab=projects&project=project-1');
    const plan = within(await screen.findByRole('dialog', { name: 'Payment plan: Reddy villa interiors' }));
    const design = within(await plan.findByRole('article', { name: 'Design Approval (30%)' }));
    await user.click(design.getByRole('button', { name: 'Record payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record payment' }));
    expect(dialog.getByLabelText<HTMLInputElement>(/^Amount/).value).toBe('375000');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));

    const toast = await findToast('status', 'Payment recorded');
    expect(within(toast).getByText('TXN-2026-00009: paid in full')).toBeTruthy();
    expect(id).toBe('tx-9');
    expect(body).toMatchObject({ amount: 375_000, version: 1, method: 'cash', date: calendarDate() });
  });
});

describe('Finance: due dates', { timeout: FORM_TEST_TIMEOUT }, () => {
  it('a due date before the transaction date shows its field message and sends nothing', async () => {
    let calls = 0;
    server.use(
      http.post('/api/transactions', () => {
        calls++;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Add Transaction' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Transaction' }));
    await choose(user, dialog, 'Category', 'Design Fee');
    await enter(user, dialog.getByLabelText(/^Amount/), '5000');
    await enter(user, dialog.getByLabelText(/^Description/), 'Design fee');
    await typeDate(user, dialog, 'Transaction Date', '20/11/2026');
    await typeDate(user, dialog, /^Due Date/, '19/11/2026');
    await user.click(dialog.getByRole('button', { name: 'Add Transaction' }));
    expect(await dialog.findByText('Due date cannot be before the transaction date')).toBeTruthy();
    expect(calls).toBe(0);
  });

  it("shows the server's due date message under the field", async () => {
    server.use(
      http.post('/api/transactions', () => HttpResponse.json({ error: 'Validation failed', fields: { dueDate: 'Due date cannot be before the transaction date' } }, { status: 400 })),
    );
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Add Transaction' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Transaction' }));
    await choose(user, dialog, 'Category', 'Design Fee');
    await enter(user, dialog.getByLabelText(/^Amount/), '5000');
    await enter(user, dialog.getByLabelText(/^Description/), 'Design fee');
    await user.click(dialog.getByRole('button', { name: 'Add Transaction' }));
    expect(await dialog.findByText('Due date cannot be before the transaction date')).toBeTruthy();
    await findToast('alert', 'Error adding transaction');
  });
});
