import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { calendarDate } from '@app/shared-types/format';
import type { ProjectFinancialDetail, Transaction } from '@app/shared-types/finance';
import { describe, expect, it } from 'vitest';
import { makeTransaction, projectDetailFixture, transactionFixtures } from '../../features/finance/test-fixtures';
import { addDays } from '../../features/finance/model';
import { employeeUserFixture } from '../../test/admin-fixtures';
import { choose, dateShown, enter, renderPortal, renderPortalPage, replace, shownDate } from '../../test/portal';
import { findToast } from '../../test/render';
import { server } from '../../test/server';
import { FinancePage } from './finance-page';

const renderFinance = (url = '/admin/finance', role = 'admin') =>
  renderPortalPage(url, { path: '/admin/finance', Component: FinancePage, section: 'finance', role });

/** The figure a StatCard shows under its label, and its second line. */
function statCard(label: string) {
  const heading = screen.getByRole('heading', { name: label });
  return { value: heading.nextElementSibling?.textContent, hint: heading.nextElementSibling?.nextElementSibling?.textContent };
}

const findRow = (description: string) => screen.findByRole('article', { name: description });

/** Many fields in one dialog: jsdom is slow with MUI, more so beside other test files. */
const FORM_TEST_TIMEOUT = 30_000;

describe('Finance: summary and list', () => {
  it('shows the title, the four summary cards from /api/finance/summary and the Transactions tab first', async () => {
    renderFinance();

    expect(await screen.findByRole('heading', { level: 1, name: 'Enhanced Finance Management' })).toBeTruthy();
    await screen.findByText('₹18,25,000');
    expect(statCard('Total Income')).toEqual({ value: '₹18,25,000', hint: 'This month: ₹6,25,000' });
    expect(statCard('Total Expenses')).toEqual({ value: '₹11,42,300.75', hint: 'This month: ₹84,250.50' });
    expect(statCard('Net Profit')).toEqual({ value: '₹6,82,699.25', hint: 'Cash flow: ₹2,55,749.50' });
    expect(statCard('Outstanding')).toEqual({ value: '₹3,40,000', hint: '3 overdue' });
    const tabs = within(screen.getByRole('tablist', { name: 'Finance' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Transactions', 'Project Budgets', 'Vendor Ledgers', 'Reports & Analytics']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
  });

  it('says Net Loss when expenses are larger', async () => {
    server.use(
      http.get('/api/finance/summary', () =>
        HttpResponse.json({ totalIncome: 100, thisMonthIncome: 0, totalExpenses: 350, thisMonthExpenses: 0, netProfit: -250, cashFlow: -40, overduePayments: 0, pendingReceivables: 0, pendingPayables: 40, gstCollected: 0, gstPaid: 0, month: '2026-11' }),
      ),
    );
    renderFinance();
    await screen.findByRole('heading', { name: 'Net Loss' });
    expect(statCard('Net Loss')).toEqual({ value: '-₹250', hint: 'Cash flow: -₹40' });
  });

  it('lists each transaction with its badges, number, category, method, reference, signed amount, GST and date', async () => {
    renderFinance();

    const income = within(await findRow('Design approval milestone, Reddy villa'));
    expect(income.getByText('Income')).toBeTruthy();
    expect(income.getByText('Completed')).toBeTruthy();
    expect(income.getByText('Design Approval')).toBeTruthy();
    expect(income.getByText('TXN-2026-00001')).toBeTruthy();
    expect(income.getByText(/Milestone Payment · Bank Transfer · Ref UTR20261120001/)).toBeTruthy();
    expect(income.getByText('+₹3,75,000')).toBeTruthy();
    expect(income.getByText('GST ₹67,500')).toBeTruthy();
    expect(income.getByText('20 Nov 2026')).toBeTruthy();

    const expense = within(await findRow('Teak plywood for wardrobes'));
    expect(expense.getByText('Expense')).toBeTruthy();
    expect(expense.getByText('Pending')).toBeTruthy();
    expect(expense.getByText('-₹84,250.50')).toBeTruthy();
    expect(expense.getByText('GST ₹15,165.09')).toBeTruthy();
    expect(expense.getByRole('button', { name: 'Record payment' })).toBeTruthy();
    // An advance is money in.
    expect(within(await findRow('Booking advance, Nair kitchen')).getByText('+₹2,50,000')).toBeTruthy();
    expect(income.queryByRole('button', { name: 'Record payment' })).toBeNull();
  });

  it('sends the search, type, status and project to the server, keeps them in the URL, and shows the empty message', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/transactions', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [] });
      }),
    );
    const { user, router } = renderFinance('/admin/finance?status=pending&projectId=project-1');

    expect(await screen.findByText('No transactions found matching your criteria')).toBeTruthy();
    expect(queries[0]?.get('status')).toBe('pending');
    expect(queries[0]?.get('projectId')).toBe('project-1');
    expect(queries[0]?.get('limit')).toBe('25');
    const filters = within(screen.getByRole('region', { name: 'Filter transactions' }));
    // The project filter names the project of the URL's id.
    await waitFor(() => expect(filters.getByRole<HTMLInputElement>('combobox', { name: 'Project' }).value).toBe('Reddy villa interiors'));

    await choose(user, filters, 'Type', 'Expense');
    await waitFor(() => expect(queries.at(-1)?.get('type')).toBe('expense'));
    expect(router.state.location.search).toContain('type=expense');
    await user.type(filters.getByLabelText('Search transactions'), 'teak');
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('teak'));
    expect(router.state.location.search).toContain('q=teak');
    await choose(user, filters, 'Status', 'All statuses');
    await waitFor(() => expect(queries.at(-1)?.has('status')).toBe(false));
    expect(queries.at(-1)?.get('type')).toBe('expense');
  });

  it("loads the next page with the cursor ('Load more')", async () => {
    const cursors: (string | null)[] = [];
    server.use(
      http.get('/api/transactions', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return cursor === 'next'
          ? HttpResponse.json({ items: [makeTransaction({ id: 'tx-7', description: 'Older payment' })] })
          : HttpResponse.json({ items: transactionFixtures, nextCursor: 'next' });
      }),
    );
    const { user } = renderFinance();
    await findRow('Teak plywood for wardrobes');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await findRow('Older payment')).toBeTruthy();
    expect(cursors).toEqual([null, 'next']);
  });

  it('deletes a transaction after confirmation', async () => {
    let deleted = '';
    server.use(
      http.delete('/api/transactions/:id', ({ params }) => {
        deleted = String(params.id);
        return HttpResponse.json({ id: deleted });
      }),
    );
    const { user } = renderFinance('/admin/finance', 'manager');
    await user.click(within(await findRow('Booking advance, Nair kitchen')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this transaction?' })).getByRole('button', { name: 'Delete' }));
    await findToast('status', 'Transaction deleted successfully!');
    expect(deleted).toBe('tx-3');
  });
});

describe('Finance: Add Transaction', { timeout: FORM_TEST_TIMEOUT }, () => {
  it('shows the required-field messages and sends nothing until they are filled', async () => {
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
    await user.click(dialog.getByRole('button', { name: 'Add Transaction' }));

    expect(await dialog.findByText('Category is required')).toBeTruthy();
    expect(dialog.getByText('Amount is required')).toBeTruthy();
    expect(dialog.getByText('Description is required')).toBeTruthy();
    await enter(user, dialog.getByLabelText(/^Amount/), '12.345');
    await user.click(dialog.getByRole('button', { name: 'Add Transaction' }));
    expect(await dialog.findByText('Amount can have at most two decimals')).toBeTruthy();
    expect(calls).toBe(0);
  });

  it('offers the categories of the chosen type and drops a category of the other list when the type changes', async () => {
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Add Transaction' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Transaction' }));

    await user.click(dialog.getByRole('combobox', { name: /^Category/ }));
    let options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toContain('Project Advance');
    expect(options).toContain('Material Markup');
    expect(options).not.toContain('Labor Cost');
    await user.click(screen.getByRole('option', { name: 'Design Fee' }));
    expect(dialog.getByRole('combobox', { name: /^Category/ }).textContent).toBe('Design Fee');

    // An advance is money in: the income list still holds Design Fee.
    await choose(user, dialog, 'Type', 'Advance');
    expect(dialog.getByRole('combobox', { name: /^Category/ }).textContent).toBe('Design Fee');

    await choose(user, dialog, 'Type', 'Expense');
    await waitFor(() => expect(dialog.getByRole('combobox', { name: /^Category/ }).textContent).not.toBe('Design Fee'));
    await user.click(dialog.getByRole('combobox', { name: /^Category/ }));
    options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toContain('Labor Cost');
    expect(options).toContain('Vendor Payment');
    expect(options).not.toContain('Design Fee');
  });

  it("sends the transaction (completed, cash, today, 'none' as null) with an Idempotency-Key and shows 'Transaction added successfully'", async () => {
    let body: Record<string, unknown> | undefined;
    let key: string | null = null;
    server.use(
      http.post('/api/transactions', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        key = request.headers.get('Idempotency-Key');
        return HttpResponse.json(makeTransaction({ id: 'tx-42', description: 'Consultation, Banjara Hills' }), { status: 201 });
      }),
    );
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Add Transaction' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Transaction' }));

    expect(dialog.getByRole('combobox', { name: 'Status' }).textContent).toBe('Completed');
    expect(dialog.getByRole('combobox', { name: 'Payment Method' }).textContent).toBe('Cash');
    expect(await dateShown(dialog, 'Transaction Date')).toBe(shownDate(calendarDate()));
    expect(dialog.getByLabelText<HTMLInputElement>('GST (₹)').placeholder).toBe('18%');
    await choose(user, dialog, 'Category', 'Consultation Fee');
    await enter(user, dialog.getByLabelText(/^Amount/), '1,25,000.50');
    await user.click(dialog.getByRole('button', { name: 'Use 18%' }));
    expect(dialog.getByLabelText<HTMLInputElement>('GST (₹)').value).toBe('22500.09');
    await enter(user, dialog.getByLabelText(/^Description/), 'Consultation, Banjara Hills');
    await enter(user, dialog.getByLabelText('Reference Number'), 'UPI-778812');
    await user.click(dialog.getByRole('button', { name: 'Add Transaction' }));

    const toast = await findToast('status', 'Transaction added successfully');
    expect(within(toast).getByText('TXN-2026-00042: Consultation, Banjara Hills')).toBeTruthy();
    expect(body).toMatchObject({
      type: 'income',
      category: 'consultation_fee',
      amount: 125000.5,
      taxAmount: 22500.09,
      stageName: null,
      projectId: null,
      customerId: null,
      vendorId: null,
      description: 'Consultation, Banjara Hills',
      paymentMethod: 'cash',
      status: 'completed',
      transactionDate: calendarDate(),
      dueDate: null,
      referenceNumber: 'UPI-778812',
      isRecurring: false,
    });
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Transaction' })).toBeNull());
  });

  it("shows 'Error adding transaction' with the server's message and keeps the dialog open", async () => {
    server.use(http.post('/api/transactions', () => HttpResponse.json({ error: 'Project not found' }, { status: 400 })));
    const { user } = renderFinance();
    await user.click(await screen.findByRole('button', { name: 'Add Transaction' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Transaction' }));
    await choose(user, dialog, 'Category', 'Design Fee');
    await enter(user, dialog.getByLabelText(/^Amount/), '5000');
    await enter(user, dialog.getByLabelText(/^Description/), 'Design fee');
    await user.click(dialog.getByRole('button', { name: 'Add Transaction' }));

    const toast = await findToast('alert', 'Error adding transaction');
    expect(within(toast).getByText('Project not found')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add Transaction' })).toBeTruthy();
  });

  it('edits a transaction with the version it was loaded with', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.put('/api/transactions/:id', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json<Transaction>({ ...transactionFixtures[0]!, referenceNumber: 'UTR-NEW', version: 2 });
      }),
    );
    const { user } = renderFinance();
    await user.click(within(await findRow('Design approval milestone, Reddy villa')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Transaction' }));
    expect(dialog.getByRole<HTMLInputElement>('combobox', { name: 'Project' }).value).toBe('Reddy villa interiors');
    await replace(user, dialog.getByLabelText('Reference Number'), 'UTR-NEW');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await findToast('status', 'Transaction updated successfully');
    expect(body).toMatchObject({ version: 1, referenceNumber: 'UTR-NEW', projectId: 'project-1', stageName: 'Design Approval', amount: 375000 });
  });
});

describe('Finance: Project Budgets and payment stages', { timeout: FORM_TEST_TIMEOUT }, () => {
  const openPlan = async () => {
    const rendered = renderFinance('/admin/finance?tab=projects');
    const card = within(await screen.findByRole('article', { name: 'Reddy villa interiors' }));
    expect(card.getByText('₹12,50,000')).toBeTruthy();
    expect(card.getByText('₹3,13,000')).toBeTruthy();
    expect(card.getByText('25.0% margin')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Nair kitchen' })).getByText('-8.3% margin')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Nair kitchen' })).getByText('Loss')).toBeTruthy();
    await rendered.user.click(card.getByRole('button', { name: 'Payment plan' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Payment plan: Reddy villa interiors' }));
    return { ...rendered, dialog };
  };

  it("shows each stage's amount, GST, received and state, and raises a demand due in 7 days", async () => {
    let body: Record<string, unknown> | undefined;
    let path = '';
    server.use(
      http.post('/api/finance/projects/:id/stages/demand', async ({ request, params }) => {
        body = (await request.json()) as Record<string, unknown>;
        path = String(params.id);
        return HttpResponse.json(makeTransaction({ id: 'tx-50', status: 'pending', stageName: 'Material Procurement', dueDate: String(body.dueDate) }), { status: 201 });
      }),
    );
    const { user, dialog, router } = await openPlan();
    expect(router.state.location.search).toContain('project=project-1');

    const advance = within(await dialog.findByRole('article', { name: 'Advance (20%)' }));
    // Its amount, all of it received.
    expect(advance.getAllByText('₹2,50,000')).toHaveLength(2);
    expect(advance.getByText('₹45,000')).toBeTruthy();
    expect(advance.getByText('Received', { selector: '.MuiChip-label' })).toBeTruthy();
    const material = within(dialog.getByRole('article', { name: 'Material Procurement (30%)' }));
    expect(material.getByText('Not demanded')).toBeTruthy();
    expect(material.getByText('₹67,500')).toBeTruthy();

    await user.click(material.getByRole('button', { name: 'Raise demand' }));
    const raise = within(await screen.findByRole('dialog', { name: 'Raise demand' }));
    expect(await dateShown(raise, 'Due Date')).toBe(shownDate(addDays(calendarDate(), 7)));
    await user.click(raise.getByRole('button', { name: 'Raise demand' }));

    await findToast('status', 'Demand raised');
    expect(path).toBe('project-1');
    expect(body).toEqual({ stageName: 'Material Procurement', dueDate: addDays(calendarDate(), 7) });
  });

  it('shows why a demand was refused (409: demanded already)', async () => {
    server.use(http.post('/api/finance/projects/:id/stages/demand', () => HttpResponse.json({ error: 'This stage was demanded already' }, { status: 409 })));
    const { user, dialog } = await openPlan();
    await user.click(within(await dialog.findByRole('article', { name: 'Work Completion (15%)' })).getByRole('button', { name: 'Raise demand' }));
    const raise = within(await screen.findByRole('dialog', { name: 'Raise demand' }));
    await user.click(raise.getByRole('button', { name: 'Raise demand' }));
    expect(await raise.findByText('This stage was demanded already')).toBeTruthy();
    await findToast('alert', 'Error raising demand');
  });

  it('refuses a plan whose percentages do not add up to 100, and saves one that does', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.put('/api/finance/projects/:id/plan', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json<ProjectFinancialDetail>({ ...projectDetailFixture(), planVersion: 2 });
      }),
    );
    const { user, dialog } = await openPlan();
    await user.click(dialog.getByRole('button', { name: 'Edit plan' }));
    const editor = within(await screen.findByRole('dialog', { name: 'Edit plan: Reddy villa interiors' }));
    const percents = editor.getAllByLabelText('Percent');
    await replace(user, percents[4]!, '10');
    expect(editor.getByText('Total: 105%')).toBeTruthy();
    await user.click(editor.getByRole('button', { name: 'Save plan' }));
    expect(await editor.findByText('The percentages must add up to 100')).toBeTruthy();
    expect(body).toBeUndefined();

    await replace(user, percents[3]!, '10');
    await user.click(editor.getByRole('button', { name: 'Save plan' }));
    await findToast('status', 'Payment plan saved');
    expect(body).toEqual({
      stages: [
        { name: 'Advance', percent: 20 },
        { name: 'Design Approval', percent: 30 },
        { name: 'Material Procurement', percent: 30 },
        { name: 'Work Completion', percent: 10 },
        { name: 'Final Handover', percent: 10 },
      ],
      version: 1,
    });
  });
});

describe('Finance: Vendor Ledgers and Reports', () => {
  it("shows paid, outstanding, count and 'Payment Due' or 'Cleared', and a vendor's transactions when opened", async () => {
    const { user } = renderFinance('/admin/finance?tab=vendors');
    const due = within(await screen.findByRole('article', { name: 'Sri Sai Timbers' }));
    expect(due.getByText('Payment Due')).toBeTruthy();
    expect(due.getByText('₹4,12,000')).toBeTruthy();
    expect(due.getByText('₹84,250.50')).toBeTruthy();
    expect(due.getByText('6')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Bright Lights Co' })).getByText('Cleared')).toBeTruthy();

    await user.click(due.getByRole('button', { name: 'View transactions' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ledger: Sri Sai Timbers' }));
    expect(await dialog.findByRole('article', { name: 'Teak plywood for wardrobes' })).toBeTruthy();
  });

  it('links the three CSV exports to the server, the transactions one with the current filters', async () => {
    const { user } = renderFinance('/admin/finance?type=expense&status=pending&q=teak');
    await user.click(await screen.findByRole('tab', { name: 'Reports & Analytics' }));

    const transactions = await screen.findByRole('link', { name: 'Export transactions' });
    expect(transactions.getAttribute('href')).toBe('/api/finance/export/transactions?q=teak&type=expense&status=pending');
    expect(screen.getByRole('link', { name: 'Export projects' }).getAttribute('href')).toBe('/api/finance/export/projects');
    expect(screen.getByRole('link', { name: 'Export vendors' }).getAttribute('href')).toBe('/api/finance/export/vendors');
    expect(transactions.hasAttribute('download')).toBe(true);
    expect(await screen.findByRole('region', { name: 'Cash flow status' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'GST collected vs paid' }, { timeout: 10_000 })).toBeTruthy();
    // The charts' figures, to read: April's income, expenses, net and GST.
    const months = within(screen.getByRole('table', { name: 'Figures by month, FY 2026-27' }));
    expect(months.getByRole('row', { name: 'Apr 2026 ₹1,50,000 ₹1,10,000 ₹40,000 ₹27,000 ₹19,800' })).toBeTruthy();
  });
});

describe('Finance: roles', () => {
  it('hides Finance and the money cards from an employee, and refuses the URL', async () => {
    renderPortal('/admin/finance', { as: employeeUserFixture });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this section' })).toBeTruthy();
    const links = within(screen.getByRole('navigation', { name: 'Admin sections' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).not.toContain('Finance');
    expect(screen.queryByRole('heading', { name: 'Enhanced Finance Management' })).toBeNull();
  });
});
