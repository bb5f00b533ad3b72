import * as yup from 'yup';
import { MAX_ATTACHMENTS, attachmentSchema } from './finance-attachments';
import { atMostMoney, expectedVersion, jsonNumber, multilineText, oneOfList, optionalDate, pageLimit, storedFields, text } from './forms';

/**
 * Finance ('Enhanced Finance Management', SPEC.md 2, 3 and 9; PRODUCT.md
 * Finance): transactions, the figures kept from them, payment stages and the
 * CSV exports. The dialog and the API validate with the same schemas; the
 * pure rules below are the one definition of every figure, used by the
 * server's kept totals and by the screens alike.
 */

/** SPEC.md 3: the finance form's types. */
export const TRANSACTION_TYPES = ['income', 'expense', 'advance', 'refund'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  income: 'Income',
  expense: 'Expense',
  advance: 'Advance',
  refund: 'Refund',
};

/** Money in (income, advance) or out (expense, refund): an advance counts with income, a refund with expense. */
export type MoneyDirection = 'in' | 'out';
export function directionOf(type: TransactionType): MoneyDirection {
  return type === 'income' || type === 'advance' ? 'in' : 'out';
}

export const TRANSACTION_STATUSES = ['completed', 'pending', 'failed', 'cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  completed: 'Completed',
  pending: 'Pending',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
/** PRODUCT.md: the API's default status; the web form's is 'completed'. */
export const API_DEFAULT_TRANSACTION_STATUS: TransactionStatus = 'pending';
export const FORM_DEFAULT_TRANSACTION_STATUS: TransactionStatus = 'completed';

/** SPEC.md 3: payment methods, cash by default. */
export const PAYMENT_METHODS = ['cash', 'cheque', 'bank_transfer', 'upi', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  cheque: 'Cheque',
  bank_transfer: 'Bank Transfer',
  upi: 'UPI',
  card: 'Card',
};

/** SPEC.md 9: income categories (income and advance). */
export const INCOME_CATEGORIES = [
  'project_advance',
  'milestone_payment',
  'final_payment',
  'consultation_fee',
  'design_fee',
  'supervision_fee',
  'extra_work',
  'material_markup',
] as const;
/** SPEC.md 9: expense categories (expense and refund). */
export const EXPENSE_CATEGORIES = [
  'material_purchase',
  'labor_cost',
  'contractor_payment',
  'vendor_payment',
  'transport_cost',
  'site_supervision',
  'overhead_cost',
  'office_expense',
  'marketing_expense',
  'professional_fee',
] as const;
export type IncomeCategory = (typeof INCOME_CATEGORIES)[number];
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export type TransactionCategory = IncomeCategory | ExpenseCategory;
export const ALL_CATEGORIES: readonly TransactionCategory[] = [...INCOME_CATEGORIES, ...EXPENSE_CATEGORIES];

/** The categories a type may use: the income list for money in, the expense list for money out. */
export function categoriesFor(type: TransactionType): readonly TransactionCategory[] {
  return directionOf(type) === 'in' ? INCOME_CATEGORIES : EXPENSE_CATEGORIES;
}

/** 'material_purchase' -> 'Material Purchase'. */
export function categoryLabel(category: string): string {
  return category
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** SPEC.md 9: the payment plan Indian interior firms bill by, in order. */
export const PAYMENT_STAGES = [
  { name: 'Advance', percent: 20 },
  { name: 'Design Approval', percent: 30 },
  { name: 'Material Procurement', percent: 30 },
  { name: 'Work Completion', percent: 15 },
  { name: 'Final Handover', percent: 5 },
] as const;
export type PaymentStageName = string;
export const DEFAULT_STAGE_NAMES: readonly string[] = PAYMENT_STAGES.map((stage) => stage.name);
/** Days from raising a stage's demand to its due date, unless another is given. */
export const DEFAULT_DEMAND_DUE_DAYS = 7;
/** Settings `defaultTaxRate` (SPEC.md 9), used until Settings holds another. */
export const DEFAULT_TAX_RATE = 18;
/** Most stages one plan may have. */
export const MAX_PLAN_STAGES = 12;

export * from './finance-attachments';

/** Rupees to two decimals, rounding half away from zero (as an invoice does). */
export function round2(amount: number): number {
  if (!Number.isFinite(amount)) return amount;
  // 1.005 * 100 is 100.49999999999999 in binary: 15 significant digits give back the decimal 100.5.
  const cents = Math.round(Number((Math.abs(amount) * 100).toPrecision(15)));
  return cents === 0 ? 0 : (Math.sign(amount) * cents) / 100;
}

/** A money amount a transaction may carry: above 0, at most two decimals, at most MAX_MONEY. */
const twoDecimals = (value: number | undefined | null) => value === undefined || value === null || Math.abs(round2(value) - value) < 1e-9;
/** Typed amounts: '1,25,000.50', '₹ 500' or a number. */
const toAmount = (value: unknown, original: unknown) => {
  if (typeof original === 'string') {
    const cleaned = original.replace(/[,₹\s]/g, '');
    if (cleaned === '') return undefined;
    return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
  }
  return value;
};

/** A transaction's amount: in a request's JSON body, a number only ('5' and [5] are refused); a form's typed text is read by toAmount. */
const amountField = () =>
  yup
    .number()
    .transform(jsonNumber(toAmount))
    .typeError('Amount must be a number in rupees')
    .required('Amount is required')
    .moreThan(0, 'Amount must be more than 0')
    .test(atMostMoney('Amount is too large'))
    .test('two-decimals', 'Amount can have at most two decimals', twoDecimals);

const taxField = () =>
  yup
    .number()
    .transform(jsonNumber((value: unknown, original: unknown) => (original === '' || original === null ? 0 : toAmount(value, original))))
    .typeError('GST must be a number in rupees')
    .min(0, 'GST cannot be negative')
    .test(atMostMoney('GST is too large'))
    .test('two-decimals', 'GST can have at most two decimals', twoDecimals)
    .default(0);

/** The form's 'none' (or blank) for an unset project, customer or vendor is null. */
const optionalReference = (label: string) =>
  yup
    .string()
    .typeError(`${label} must be an id`)
    .nullable()
    .transform((value: unknown) => (value === '' || value === 'none' ? null : value))
    .max(64, `${label} is not a valid id`)
    .matches(/^[A-Za-z0-9-]+$/, { message: `${label} is not a valid id`, excludeEmptyString: true })
    .default(null);

/** One payment recorded against a pending transaction: when, how, its reference (UTR, cheque number) and amount (GST included). */
export const paymentSchema = yup.object({
  date: yup.string().required(),
  method: oneOfList(PAYMENT_METHODS, 'Choose cash, cheque, bank transfer, UPI or card').required(),
  reference: yup.string().default(''),
  amount: yup.number().required(),
  recordedAt: yup.string().required(),
  recordedBy: yup.string().required(),
});
export type Payment = yup.InferType<typeof paymentSchema>;

/**
 * POST /api/transactions/:id/payments ('Record payment'): the date, method,
 * reference and amount received, with the version the screen saw. An amount
 * below what is left keeps the transaction pending with the rest; the last
 * one completes it. More than what is left is refused (400).
 */
export const paymentRecordSchema = yup.object({
  date: optionalDate().required('Payment date is required'),
  method: oneOfList(PAYMENT_METHODS, 'Choose cash, cheque, bank transfer, UPI or card').required('Payment method is required'),
  reference: text().max(100, 'Reference is too long (100 characters at most)').default(''),
  amount: amountField(),
  version: expectedVersion(),
});
export type PaymentRecordInput = yup.InferType<typeof paymentRecordSchema>;

/** What a transaction asks in all: its amount and GST. */
export function grossOf(tx: { amount: number; taxAmount: number }): number {
  return round2(tx.amount + tx.taxAmount);
}

/** What its recorded payments add up to. */
export function paidOf(tx: { payments?: readonly { amount: number }[] }): number {
  return round2((tx.payments ?? []).reduce((sum, payment) => sum + payment.amount, 0));
}

/** What is left to pay on a pending transaction (amount and GST, less its payments); 0 once it is not pending. */
export function remainingOf(tx: { status: TransactionStatus; amount: number; taxAmount: number; payments?: readonly { amount: number }[] }): number {
  return tx.status === 'pending' ? Math.max(0, round2(grossOf(tx) - paidOf(tx))) : 0;
}

export const PAYMENT_TOO_LARGE_MESSAGE = 'The payment is more than what is left to pay';
export const NOT_PENDING_MESSAGE = 'Only a pending transaction can take a payment';

const transactionFields = {
  type: oneOfList(TRANSACTION_TYPES, 'Choose income, expense, advance or refund')
    .transform((value: unknown) => (value === '' ? undefined : value))
    .required('Type is required'),
  category: yup
    .string()
    .typeError('Category is required')
    .transform((value: unknown) => (value === '' ? undefined : value))
    .required('Category is required')
    .test('category-of-type', 'Choose a category of this type', function categoryOfType(value) {
      const type = this.parent.type as TransactionType | undefined;
      if (!value || !type || !TRANSACTION_TYPES.includes(type)) return true;
      return (categoriesFor(type) as readonly string[]).includes(value);
    }),
  /** The payment stage a demand or payment is for; null for none. */
  stageName: text()
    .nullable()
    .transform((value: unknown) => (value === '' || value === 'none' ? null : value))
    .max(60, 'Stage name is too long (60 characters at most)')
    .default(null),
  amount: amountField(),
  taxAmount: taxField(),
  projectId: optionalReference('Project'),
  customerId: optionalReference('Customer'),
  vendorId: optionalReference('Vendor'),
  description: multilineText().required('Description is required').max(1000, 'Description is too long (1000 characters at most)'),
  paymentMethod: oneOfList(PAYMENT_METHODS, 'Choose cash, cheque, bank transfer, UPI or card').default('cash'),
  status: oneOfList(TRANSACTION_STATUSES, 'Choose completed, pending, failed or cancelled').default(API_DEFAULT_TRANSACTION_STATUS),
  /** Required when stored; the API fills today (Asia/Kolkata) when none is sent. */
  transactionDate: optionalDate(),
  dueDate: optionalDate(),
  referenceNumber: text().max(100, 'Reference number is too long (100 characters at most)').default(''),
  /** Monthly: a pending copy is created when the next month begins. */
  isRecurring: yup.boolean().typeError('Recurring must be true or false').default(false),
  attachments: yup.array().of(attachmentSchema).max(MAX_ATTACHMENTS, `At most ${MAX_ATTACHMENTS} attachments`).default([]),
};

export const DUE_BEFORE_DATE_MESSAGE = 'Due date cannot be before the transaction date';

/** What a request sends: a due date is on or after the transaction date (stored ones are read as they are). */
const inputFields = {
  ...transactionFields,
  dueDate: optionalDate().test('not-before-date', DUE_BEFORE_DATE_MESSAGE, function notBeforeDate(value) {
    const date: unknown = this.parent.transactionDate;
    return !value || typeof date !== 'string' || !date || value >= date;
  }),
};

/** POST /api/transactions (the add dialog). Send an Idempotency-Key header to make retries safe. */
export const transactionCreateSchema = yup.object(inputFields);
export type TransactionInput = yup.InferType<typeof transactionCreateSchema>;

/** PUT /api/transactions/:id: every field plus the version the editor saw (a stale one gets 409). */
export const transactionUpdateSchema = yup.object({ ...inputFields, version: expectedVersion() });
export type TransactionUpdateInput = yup.InferType<typeof transactionUpdateSchema>;

/** The header that makes a POST /api/transactions safe to send twice (24 h). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/** GET /api/transactions: newest first (transactionDate, then creation). */
export const transactionListQuerySchema = yup.object({
  q: text().max(100, 'Search is too long').optional(),
  type: yup.mixed<TransactionType>().oneOf([...TRANSACTION_TYPES], 'Unknown type').optional(),
  status: yup.mixed<TransactionStatus>().oneOf([...TRANSACTION_STATUSES], 'Unknown status').optional(),
  projectId: yup.string().max(64).optional(),
  vendorId: yup.string().max(64).optional(),
  customerId: yup.string().max(64).optional(),
  from: optionalDate().optional(),
  to: optionalDate().optional(),
  limit: pageLimit(25),
  cursor: yup.string().max(2048).optional(),
});
export type TransactionListQuery = yup.InferType<typeof transactionListQuerySchema>;

/**
 * A transaction as stored and as the API returns it: the fields plus the
 * readable number (TXN-2026-00042), who recorded it, the names of what it is
 * for (kept with it, for the list), id, timestamps and version.
 */
export const transactionSchema = yup.object({
  ...transactionFields,
  transactionDate: yup.string().required(),
  transactionId: yup.string().required(),
  userId: yup.string().required(),
  projectName: yup.string().nullable().default(null),
  customerName: yup.string().nullable().default(null),
  vendorName: yup.string().nullable().default(null),
  /** Set on the copy a recurring transaction made: the id of the one it was copied from. */
  recurringSourceId: yup.string().nullable().default(null),
  /** What 'Record payment' received so far: a part leaves the rest pending (POST .../payments only; an edit keeps them). */
  payments: yup.array().of(paymentSchema).default([]),
  ...storedFields,
});
export type Transaction = yup.InferType<typeof transactionSchema>;

export const STALE_TRANSACTION_MESSAGE = 'Someone else changed this transaction. Reload it to see their changes.';

/** `TXN-2026-00042`: the year it was recorded and its number that year. */
export function formatTransactionId(year: number, sequence: number): string {
  return `TXN-${year}-${String(sequence).padStart(5, '0')}`;
}

// ---------------------------------------------------------------------------
// Figures

/**
 * What one transaction adds to the kept totals (every figure is a sum of
 * these; a write adds the new contribution and takes away the old one):
 * completed money in is income, completed money out is expense; pending money
 * in is receivable, pending money out payable; failed and cancelled count
 * nowhere. GST is counted apart (collected on income, paid on expenses) and
 * only when completed.
 */
export const CONTRIBUTION_FIELDS = ['income', 'expense', 'receivable', 'payable', 'gstCollected', 'gstPaid'] as const;
export type Contribution = Record<(typeof CONTRIBUTION_FIELDS)[number], number>;
export const NO_CONTRIBUTION: Contribution = { income: 0, expense: 0, receivable: 0, payable: 0, gstCollected: 0, gstPaid: 0 };

export function contributionOf(tx: { type: TransactionType; status: TransactionStatus; amount: number; taxAmount: number; payments?: readonly { amount: number }[] }): Contribution {
  const into = directionOf(tx.type) === 'in';
  if (tx.status === 'completed') {
    return into
      ? { ...NO_CONTRIBUTION, income: tx.amount, gstCollected: tx.taxAmount }
      : { ...NO_CONTRIBUTION, expense: tx.amount, gstPaid: tx.taxAmount };
  }
  if (tx.status === 'pending') {
    // Part paid: the payments count as received, split into amount and GST in the transaction's proportion; the rest is pending.
    const { net, tax } = paidParts(tx);
    return into
      ? { ...NO_CONTRIBUTION, income: net, gstCollected: tax, receivable: round2(tx.amount - net) }
      : { ...NO_CONTRIBUTION, expense: net, gstPaid: tax, payable: round2(tx.amount - net) };
  }
  return NO_CONTRIBUTION;
}

/** The part of a pending transaction's payments that is its amount, and the part that is GST. */
function paidParts(tx: { amount: number; taxAmount: number; payments?: readonly { amount: number }[] }): { net: number; tax: number } {
  const paid = Math.min(paidOf(tx), grossOf(tx));
  if (paid <= 0) return { net: 0, tax: 0 };
  const tax = round2((tx.taxAmount * paid) / grossOf(tx));
  return { net: round2(paid - tax), tax };
}

/**
 * What one transaction adds to its vendor's ledger, GST included (issue 25):
 * payable is what money out asks (pending or completed, amount and GST), paid
 * what was paid of it. `payable`/`paid` are the amounts, `payableTax`/`paidTax`
 * the GST on them, kept apart (ledgers kept before GST was counted get theirs
 * by a data upgrade).
 */
export function ledgerContribution(tx: { type: TransactionType; status: TransactionStatus; amount: number; taxAmount: number; payments?: readonly { amount: number }[] }) {
  const c = contributionOf(tx);
  const owed = directionOf(tx.type) === 'out' && (tx.status === 'pending' || tx.status === 'completed');
  return { payable: round2(c.expense + c.payable), paid: c.expense, payableTax: owed ? tx.taxAmount : 0, paidTax: c.gstPaid };
}

/** SPEC.md 3 Finance summary, plus GST collected and paid (reported apart from the totals). */
export interface FinanceSummary {
  totalIncome: number;
  thisMonthIncome: number;
  totalExpenses: number;
  thisMonthExpenses: number;
  netProfit: number;
  cashFlow: number;
  /** How many pending transactions are past their due date. */
  overduePayments: number;
  pendingReceivables: number;
  pendingPayables: number;
  gstCollected: number;
  gstPaid: number;
  /** The month 'this month' is (YYYY-MM, Asia/Kolkata). */
  month: string;
}

/** The summary from the kept totals (all time and this month) and the overdue count. */
export function summaryOf(total: Contribution, thisMonth: Contribution, overduePayments: number, month: string): FinanceSummary {
  return {
    totalIncome: round2(total.income),
    thisMonthIncome: round2(thisMonth.income),
    totalExpenses: round2(total.expense),
    thisMonthExpenses: round2(thisMonth.expense),
    netProfit: round2(total.income - total.expense),
    cashFlow: round2(total.receivable - total.payable),
    overduePayments,
    pendingReceivables: round2(total.receivable),
    pendingPayables: round2(total.payable),
    gstCollected: round2(total.gstCollected),
    gstPaid: round2(total.gstPaid),
    month,
  };
}

/** SPEC.md 9: profit / budget x 100 to one decimal; 0 if the budget is not positive. */
export function marginPercent(profit: number, budget: number | null | undefined): number {
  if (!budget || budget <= 0) return 0;
  return Math.round((profit / budget) * 1000) / 10;
}

/** SPEC.md 9: 'Payment Due' while anything is outstanding, else 'Cleared'. */
export function vendorBadge(outstanding: number): 'Payment Due' | 'Cleared' {
  return outstanding > 0 ? 'Payment Due' : 'Cleared';
}

/** One stage of a project's plan: its name and share of the budget. */
export interface PlanStage {
  name: string;
  percent: number;
}

/** PUT /api/finance/projects/:id/plan: the stages, whose percentages add up to 100. */
export const paymentPlanSchema = yup.object({
  stages: yup
    .array()
    .of(
      yup.object({
        name: text().required('Stage name is required').max(60, 'Stage name is too long (60 characters at most)'),
        percent: yup
          .number()
          .typeError('Percent must be a number')
          .required('Percent is required')
          .moreThan(0, 'Percent must be more than 0')
          .max(100, 'Percent must be at most 100')
          .test('one-decimal', 'Percent can have at most one decimal', (value) => value === undefined || Math.abs(Math.round(value * 10) - value * 10) < 1e-9),
      }),
    )
    .required('Stages are required')
    .min(1, 'A plan needs at least one stage')
    .max(MAX_PLAN_STAGES, `At most ${MAX_PLAN_STAGES} stages`)
    .test('sum-100', 'The percentages must add up to 100', (stages) => !stages || Math.abs(stages.reduce((sum, stage) => sum + (stage.percent ?? 0), 0) - 100) < 1e-6)
    .test('unique-names', 'Each stage needs its own name', (stages) => !stages || new Set(stages.map((stage) => stage.name?.toLowerCase())).size === stages.length),
  version: expectedVersion(),
});
export type PaymentPlanInput = yup.InferType<typeof paymentPlanSchema>;

/** POST /api/finance/projects/:id/stages/demand: which stage, and when it is due (default in 7 days). */
export const stageDemandSchema = yup.object({
  stageName: text().required('Stage is required').max(60),
  dueDate: optionalDate(),
});
export type StageDemandInput = yup.InferType<typeof stageDemandSchema>;

/** Where a stage stands: nothing asked yet, asked (and maybe late), partly or fully received. */
export type StageState = 'not_demanded' | 'demanded' | 'overdue' | 'partly_received' | 'received';
export const STAGE_STATE_LABELS: Record<StageState, string> = {
  not_demanded: 'Not demanded',
  demanded: 'Demanded',
  overdue: 'Overdue',
  partly_received: 'Partly received',
  received: 'Received',
};

/** A stage's amount (its share of the budget) and the GST on it. */
export function stageAmounts(budget: number | null | undefined, percent: number, taxRate: number): { amount: number; tax: number } {
  const amount = round2(((budget && budget > 0 ? budget : 0) * percent) / 100);
  return { amount, tax: round2((amount * taxRate) / 100) };
}

/** A stage's state from what was demanded and received against it. */
export function stageState(stage: { amount: number; received: number; demanded: boolean; dueDate: string | null }, today: string): StageState {
  if (stage.received > 0 && stage.received + 0.005 >= stage.amount && stage.amount > 0) return 'received';
  if (stage.received > 0) return 'partly_received';
  if (!stage.demanded) return 'not_demanded';
  return stage.dueDate && stage.dueDate < today ? 'overdue' : 'demanded';
}

export interface ProjectStage extends PlanStage {
  amount: number;
  tax: number;
  received: number;
  /** The pending demand's transaction, if one was raised. */
  demandTransactionId: string | null;
  dueDate: string | null;
  state: StageState;
}

/** SPEC.md 3 Project financial (profitMargin holds the profit amount), plus the margin % and, on one project, its plan. */
export interface ProjectFinancial {
  projectId: string;
  projectName: string;
  budget: number;
  totalIncome: number;
  totalExpenses: number;
  profitMargin: number;
  marginPercent: number;
  receivable: number;
  payable: number;
}
export interface ProjectFinancialDetail extends ProjectFinancial {
  stages: ProjectStage[];
  /** The plan's version, for PUT .../plan. */
  planVersion: number;
}

/** SPEC.md 3 Vendor ledger, with the count and badge the screen shows. */
export interface VendorLedger {
  vendorId: string;
  vendorName: string;
  totalPayable: number;
  totalPaid: number;
  outstandingAmount: number;
  transactionCount: number;
  badge: 'Payment Due' | 'Cleared';
}
export interface VendorLedgerDetail extends VendorLedger {
  transactions: Transaction[];
}

/** One month of kept totals (the Reports charts), YYYY-MM. */
export interface MonthFigures extends Contribution {
  month: string;
  byCategory: Partial<Record<TransactionCategory, number>>;
}

/** GET /api/finance/reports: the fiscal year's months (Settings fiscalYearStart, April by default). */
export interface FinanceReport {
  fiscalYear: string;
  months: MonthFigures[];
  /** Completed expenses of the fiscal year by category. */
  expensesByCategory: Partial<Record<ExpenseCategory, number>>;
}

/** The months (YYYY-MM) of the fiscal year holding `today`, from `fiscalYearStart` ('MM-DD'). */
export function fiscalYearMonths(fiscalYearStart: string, today: string): { label: string; months: string[] } {
  const startMonth = Number(fiscalYearStart.slice(0, 2)) || 4;
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const startYear = month >= startMonth ? year : year - 1;
  const months = Array.from({ length: 12 }, (_, i) => {
    const m = ((startMonth - 1 + i) % 12) + 1;
    const y = startYear + Math.floor((startMonth - 1 + i) / 12);
    return `${y}-${String(m).padStart(2, '0')}`;
  });
  const label = startMonth === 1 ? String(startYear) : `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
  return { label, months };
}

// ---------------------------------------------------------------------------
// CSV exports (SPEC.md 9)

export const CSV_COLUMNS = {
  transactions: ['Date', 'Type', 'Category', 'Amount', 'Description', 'Status', 'Project', 'Reference'],
  projects: ['Project', 'Budget', 'Income', 'Expenses', 'Profit'],
  vendors: ['Vendor', 'Total Payable', 'Total Paid', 'Outstanding'],
} as const;
export type CsvReport = keyof typeof CSV_COLUMNS;

/**
 * One CSV cell: quoted when it holds a comma, quote or line break, and a text
 * starting with =, +, -, @ (or a tab or carriage return) prefixed with ' so a
 * spreadsheet shows it instead of running it as a formula. Numbers are written as they are.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return cells.map(csvCell).join(',');
}

/** `transactions-2026-11-22.csv`: the report type and the date. */
export function csvFileName(report: CsvReport, date: string): string {
  return `${report}-${date}.csv`;
}
