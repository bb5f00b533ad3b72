import { http, HttpResponse } from 'msw';
import type { Page } from '@app/shared-types/api';
import {
  DEFAULT_TAX_RATE,
  PAYMENT_STAGES,
  marginPercent,
  stageAmounts,
  transactionCreateSchema,
  vendorBadge,
  type FinanceReport,
  type FinanceSummary,
  type ProjectFinancial,
  type ProjectFinancialDetail,
  type Transaction,
  type VendorLedger,
  type VendorLedgerDetail,
} from '@app/shared-types/finance';

/** Finance data and MSW handlers for the Finance tests and screenshots (`server.use(...financeHandlers())`). */

/** A transaction as the API answers it: the schema's defaults for every field the overrides leave out. */
export function makeTransaction(overrides: Partial<Transaction> & Pick<Transaction, 'id'>): Transaction {
  return {
    ...transactionCreateSchema.validateSync({ type: 'income', category: 'project_advance', amount: 1000, description: 'Payment' }),
    transactionDate: '2026-11-20',
    transactionId: `TXN-2026-${overrides.id.replace(/\D/g, '').padStart(5, '0')}`,
    userId: 'user-admin',
    projectName: null,
    customerName: null,
    vendorName: null,
    recurringSourceId: null,
    payments: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export const transactionFixtures: Transaction[] = [
  makeTransaction({
    id: 'tx-1',
    type: 'income',
    category: 'milestone_payment',
    stageName: 'Design Approval',
    amount: 375000,
    taxAmount: 67500,
    description: 'Design approval milestone, Reddy villa',
    paymentMethod: 'bank_transfer',
    referenceNumber: 'UTR20261120001',
    status: 'completed',
    projectId: 'project-1',
    projectName: 'Reddy villa interiors',
  }),
  makeTransaction({
    id: 'tx-2',
    type: 'expense',
    category: 'material_purchase',
    amount: 84250.5,
    taxAmount: 15165.09,
    description: 'Teak plywood for wardrobes',
    paymentMethod: 'upi',
    referenceNumber: 'INV-SST-0931',
    status: 'pending',
    dueDate: '2026-11-30',
    vendorId: 'vendor-1',
    vendorName: 'Sri Sai Timbers',
    projectId: 'project-1',
    projectName: 'Reddy villa interiors',
    transactionDate: '2026-11-18',
    version: 2,
  }),
  makeTransaction({
    id: 'tx-3',
    type: 'advance',
    category: 'project_advance',
    stageName: 'Advance',
    amount: 250000,
    taxAmount: 45000,
    description: 'Booking advance, Nair kitchen',
    paymentMethod: 'cheque',
    status: 'completed',
    projectId: 'project-3',
    projectName: 'Nair kitchen',
    transactionDate: '2026-11-02',
  }),
];

export const financeSummaryFixture: FinanceSummary = {
  totalIncome: 1825000,
  thisMonthIncome: 625000,
  totalExpenses: 1142300.75,
  thisMonthExpenses: 84250.5,
  netProfit: 682699.25,
  cashFlow: 255749.5,
  overduePayments: 3,
  pendingReceivables: 340000,
  pendingPayables: 84250.5,
  gstCollected: 328500,
  gstPaid: 150200,
  month: '2026-11',
};

function projectFinancial(projectId: string, projectName: string, budget: number, totalIncome: number, totalExpenses: number): ProjectFinancial {
  const profit = totalIncome - totalExpenses;
  return { projectId, projectName, budget, totalIncome, totalExpenses, profitMargin: profit, marginPercent: marginPercent(profit, budget), receivable: 0, payable: 0 };
}

export const projectFinancialFixtures: ProjectFinancial[] = [
  projectFinancial('project-1', 'Reddy villa interiors', 1250000, 625000, 312000),
  projectFinancial('project-3', 'Nair kitchen', 480000, 250000, 290000),
];

/** Reddy villa's plan: Advance received, Design Approval demanded (tx-9), the rest not demanded. */
export function projectDetailFixture(): ProjectFinancialDetail {
  const base = projectFinancialFixtures[0]!;
  const stages = PAYMENT_STAGES.map((stage, index) => {
    const { amount, tax } = stageAmounts(base.budget, stage.percent, DEFAULT_TAX_RATE);
    const received = index === 0 ? amount : 0;
    const demanded = index <= 1;
    return {
      name: stage.name,
      percent: stage.percent,
      amount,
      tax,
      received,
      demandTransactionId: index === 1 ? 'tx-9' : null,
      dueDate: demanded ? '2026-11-27' : null,
      state: index === 0 ? ('received' as const) : index === 1 ? ('demanded' as const) : ('not_demanded' as const),
    };
  });
  return { ...base, stages, planVersion: 1 };
}

export const vendorLedgerFixtures: VendorLedger[] = [
  { vendorId: 'vendor-1', vendorName: 'Sri Sai Timbers', totalPayable: 84250.5, totalPaid: 412000, outstandingAmount: 84250.5, transactionCount: 6, badge: vendorBadge(84250.5) },
  { vendorId: 'vendor-2', vendorName: 'Bright Lights Co', totalPayable: 0, totalPaid: 96500, outstandingAmount: 0, transactionCount: 2, badge: vendorBadge(0) },
];

export const financeReportFixture: FinanceReport = {
  fiscalYear: '2026-27',
  months: ['2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12', '2027-01', '2027-02', '2027-03'].map((month, index) => {
    const income = index < 8 ? 150000 + index * 40000 : 0;
    const expense = index < 8 ? 110000 + (index % 3) * 30000 : 0;
    return {
      month,
      income,
      expense,
      receivable: index === 7 ? 340000 : 0,
      payable: index === 7 ? 84250.5 : 0,
      gstCollected: income * 0.18,
      gstPaid: expense * 0.18,
      byCategory: {},
    };
  }),
  expensesByCategory: { material_purchase: 520000, labor_cost: 310000, contractor_payment: 180000, transport_cost: 42000, office_expense: 90300.75 },
};

/** The finance endpoints answering from the fixtures: the list filtered like the server, one page. */
export function financeHandlers() {
  return [
    http.get('/api/transactions', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const q = (params.get('q') ?? '').toLowerCase();
      const items = transactionFixtures.filter(
        (tx) =>
          (!params.get('type') || tx.type === params.get('type')) &&
          (!params.get('status') || tx.status === params.get('status')) &&
          (!params.get('projectId') || tx.projectId === params.get('projectId')) &&
          (!q || tx.description.toLowerCase().includes(q)),
      );
      return HttpResponse.json<Page<Transaction>>({ items });
    }),
    http.get('/api/transactions/:id', ({ params }) => {
      const found = params.id === 'tx-9' ? makeTransaction({ id: 'tx-9', stageName: 'Design Approval', category: 'milestone_payment', amount: 375000, status: 'pending', projectId: 'project-1', description: 'Design Approval demand' }) : transactionFixtures.find((tx) => tx.id === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ error: 'Transaction not found' }, { status: 404 });
    }),
    http.get('/api/finance/summary', () => HttpResponse.json(financeSummaryFixture)),
    http.get('/api/finance/projects', () => HttpResponse.json<Page<ProjectFinancial>>({ items: projectFinancialFixtures })),
    http.get('/api/finance/projects/:id', ({ params }) =>
      params.id === 'project-1'
        ? HttpResponse.json(projectDetailFixture())
        : HttpResponse.json({ ...projectFinancialFixtures[1]!, stages: [], planVersion: 1 } satisfies ProjectFinancialDetail),
    ),
    http.get('/api/finance/vendors', () => HttpResponse.json<Page<VendorLedger>>({ items: vendorLedgerFixtures })),
    http.get('/api/finance/vendors/:id', ({ params }) => {
      const ledger = vendorLedgerFixtures.find((item) => item.vendorId === params.id);
      if (!ledger) return HttpResponse.json({ error: 'Vendor not found' }, { status: 404 });
      return HttpResponse.json<VendorLedgerDetail>({ ...ledger, transactions: transactionFixtures.filter((tx) => tx.vendorId === ledger.vendorId) });
    }),
    http.get('/api/finance/reports', () => HttpResponse.json(financeReportFixture)),
  ];
}
