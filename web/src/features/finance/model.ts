import type { ChipProps } from '@mui/material/Chip';
import { fieldMessages } from '@app/shared-types/forms';
import {
  DEFAULT_STAGE_NAMES,
  FORM_DEFAULT_TRANSACTION_STATUS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  STAGE_STATE_LABELS,
  TRANSACTION_STATUSES,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPES,
  TRANSACTION_TYPE_LABELS,
  PAYMENT_TOO_LARGE_MESSAGE,
  categoriesFor,
  paymentRecordSchema,
  remainingOf,
  categoryLabel,
  directionOf,
  round2,
  transactionCreateSchema,
  type PaymentRecordInput,
  type PlanStage,
  type StageState,
  type Transaction,
  type TransactionInput,
  type TransactionStatus,
  type TransactionType,
} from '@app/shared-types/finance';
import { formatMoney } from '@app/shared-types/format';
import { ValidationError } from 'yup';
import { pickOption, searchParam } from '../../lib/url-params';

/** Pure rules of the Finance screen: tabs and filters in the URL, labels, signed amounts and the transaction form. */

export const TRANSACTION_PAGE_SIZE = 25;
export const LEDGER_PAGE_SIZE = 24;
export const PICKER_SEARCH_LIMIT = 10;

/** The four tabs, Transactions first (the default, not written in the URL). */
export const FINANCE_TABS = ['transactions', 'projects', 'vendors', 'reports'] as const;
export type FinanceTab = (typeof FINANCE_TABS)[number];
export const FINANCE_TAB_LABELS: Record<FinanceTab, string> = {
  transactions: 'Transactions',
  projects: 'Project Budgets',
  vendors: 'Vendor Ledgers',
  reports: 'Reports & Analytics',
};
export function parseFinanceTab(params: URLSearchParams): FinanceTab {
  return pickOption(FINANCE_TABS, params.get('tab')) || 'transactions';
}

/** SPEC.md 2: the list filters types income, expense, advance and statuses completed, pending, failed. */
export const FILTER_TYPES = ['income', 'expense', 'advance'] as const satisfies readonly TransactionType[];
export const FILTER_STATUSES = ['completed', 'pending', 'failed'] as const satisfies readonly TransactionStatus[];

/** The transaction filters, as kept in the URL's search parameters. */
export interface TransactionFilters {
  q: string;
  type: (typeof FILTER_TYPES)[number] | '';
  status: (typeof FILTER_STATUSES)[number] | '';
  projectId: string;
}
export type TransactionFilterParam = keyof TransactionFilters;

/** Reads the filters from the URL; unknown values are dropped, as if not set. */
export function parseTransactionFilters(params: URLSearchParams): TransactionFilters {
  const projectId = params.get('projectId') ?? '';
  return {
    q: searchParam(params),
    type: pickOption(FILTER_TYPES, params.get('type')),
    status: pickOption(FILTER_STATUSES, params.get('status')),
    projectId: /^[A-Za-z0-9-]{1,64}$/.test(projectId) ? projectId : '',
  };
}

export const TYPE_OPTIONS = TRANSACTION_TYPES.map((value) => ({ value, label: TRANSACTION_TYPE_LABELS[value] }));
export const FILTER_TYPE_OPTIONS = FILTER_TYPES.map((value) => ({ value, label: TRANSACTION_TYPE_LABELS[value] }));
export const STATUS_OPTIONS = TRANSACTION_STATUSES.map((value) => ({ value, label: TRANSACTION_STATUS_LABELS[value] }));
export const FILTER_STATUS_OPTIONS = FILTER_STATUSES.map((value) => ({ value, label: TRANSACTION_STATUS_LABELS[value] }));
export const PAYMENT_METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

/** The category choices of a type (none until a type is chosen). */
export function categoryOptions(type: TransactionType | ''): { value: string; label: string }[] {
  return type ? categoriesFor(type).map((value) => ({ value, label: categoryLabel(value) })) : [];
}

export const TYPE_COLORS: Record<TransactionType, ChipProps['color']> = {
  income: 'success',
  advance: 'info',
  expense: 'error',
  refund: 'warning',
};
export const STATUS_COLORS: Record<TransactionStatus, ChipProps['color']> = {
  completed: 'success',
  pending: 'warning',
  failed: 'error',
  cancelled: 'default',
};
export const STAGE_STATE_COLORS: Record<StageState, ChipProps['color']> = {
  not_demanded: 'default',
  demanded: 'info',
  overdue: 'error',
  partly_received: 'warning',
  received: 'success',
};
export { STAGE_STATE_LABELS };

/** SPEC.md 2: '+' for money in (income, advance), '-' otherwise, in rupees with Indian grouping. */
export function signedAmount(type: TransactionType, amount: number): string {
  return `${directionOf(type) === 'in' ? '+' : '-'}${formatMoney(amount)}`;
}

/** 'Profit' or 'Loss' and the amount without its sign. */
export function profitOrLoss(amount: number): { label: 'Profit' | 'Loss'; value: string } {
  return { label: amount < 0 ? 'Loss' : 'Profit', value: formatMoney(Math.abs(amount)) };
}

/** A calendar date (YYYY-MM-DD) `days` after another. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The stage choices of the form: none, then the project's plan (the default plan when no project is chosen). */
export function stageOptions(stages: readonly PlanStage[] | undefined, current: string): { value: string; label: string }[] {
  const names = stages?.map((stage) => stage.name) ?? DEFAULT_STAGE_NAMES;
  const all = current && current !== 'none' && !names.includes(current) ? [...names, current] : names;
  return [{ value: 'none', label: 'None' }, ...all.map((name) => ({ value: name, label: name }))];
}

/** The add/edit form: every value as the inputs hold it; pickers keep the chosen record's label beside its id. */
export interface TransactionFormValues {
  type: TransactionType | '';
  category: string;
  stageName: string;
  amount: string;
  taxAmount: string;
  projectId: string;
  projectLabel: string;
  customerId: string;
  customerLabel: string;
  vendorId: string;
  vendorLabel: string;
  description: string;
  paymentMethod: string;
  status: string;
  transactionDate: string;
  dueDate: string;
  referenceNumber: string;
  isRecurring: boolean;
}

/** A new transaction: income, cash, completed (PRODUCT.md: the form's default), dated today. */
export function newTransactionValues(today: string): TransactionFormValues {
  return {
    type: 'income',
    category: '',
    stageName: 'none',
    amount: '',
    taxAmount: '',
    projectId: '',
    projectLabel: '',
    customerId: '',
    customerLabel: '',
    vendorId: '',
    vendorLabel: '',
    description: '',
    paymentMethod: 'cash',
    status: FORM_DEFAULT_TRANSACTION_STATUS,
    transactionDate: today,
    dueDate: '',
    referenceNumber: '',
    isRecurring: false,
  };
}

export function toTransactionFormValues(tx: Transaction): TransactionFormValues {
  return {
    type: tx.type,
    category: tx.category,
    stageName: tx.stageName ?? 'none',
    amount: String(tx.amount),
    taxAmount: tx.taxAmount ? String(tx.taxAmount) : '',
    projectId: tx.projectId ?? '',
    projectLabel: tx.projectName ?? tx.projectId ?? '',
    customerId: tx.customerId ?? '',
    customerLabel: tx.customerName ?? tx.customerId ?? '',
    vendorId: tx.vendorId ?? '',
    vendorLabel: tx.vendorName ?? tx.vendorId ?? '',
    description: tx.description,
    paymentMethod: tx.paymentMethod,
    status: tx.status,
    transactionDate: tx.transactionDate,
    dueDate: tx.dueDate ?? '',
    referenceNumber: tx.referenceNumber,
    isRecurring: tx.isRecurring,
  };
}

/** The form's values in the API's shape, before validation (labels are not sent). */
function inputShapeOf({ projectLabel: _p, customerLabel: _c, vendorLabel: _v, ...values }: TransactionFormValues) {
  return values;
}

/** The form's errors by the schema the server validates with ({} when valid). */
export function transactionFormErrors(values: TransactionFormValues): Record<string, string> {
  try {
    transactionCreateSchema.validateSync(inputShapeOf(values), { abortEarly: false, stripUnknown: true });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return fieldMessages(error);
    throw error;
  }
}

/** The POST/PUT body, cleaned by the shared schema ('none' and blanks become null, amounts numbers). */
export function toTransactionInput(values: TransactionFormValues): TransactionInput {
  return transactionCreateSchema.validateSync(inputShapeOf(values), { stripUnknown: true });
}

/** GST at `rate` % on an amount as typed ('' while the amount is not a number). */
export function gstAt(amount: string, rate: number): string {
  const value = Number(amount.replace(/[,₹\s]/g, ''));
  if (!amount.trim() || !Number.isFinite(value) || value <= 0) return '';
  return round2((value * rate) / 100).toFixed(2);
}

/** A fresh key per dialog submission: retries of that submission create one transaction. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The transaction form's fields, as labelled, for the changes a stale save shows. */
export const TRANSACTION_FIELD_LABELS: Record<string, string> = {
  type: 'Type',
  category: 'Category',
  stageName: 'Payment Stage',
  amount: 'Amount (₹)',
  taxAmount: 'GST (₹)',
  projectLabel: 'Project',
  customerLabel: 'Customer',
  vendorLabel: 'Vendor',
  description: 'Description',
  paymentMethod: 'Payment Method',
  status: 'Status',
  transactionDate: 'Transaction Date',
  dueDate: 'Due Date',
  referenceNumber: 'Reference Number',
  isRecurring: 'Recurring monthly',
};

/** The plan editor: each stage's name and percent as typed. */
export interface PlanFormValues {
  stages: { name: string; percent: string }[];
}

/** The sum of the percentages typed so far (blank counts 0), to one decimal. */
export function planTotal(stages: PlanFormValues['stages']): number {
  return Math.round(stages.reduce((sum, stage) => sum + (Number(stage.percent) || 0), 0) * 10) / 10;
}

/** The export endpoint of a report; transactions carry the list's filters. */
export function exportHref(report: 'transactions' | 'projects' | 'vendors', filters?: TransactionFilters): string {
  const query = new URLSearchParams();
  if (report === 'transactions' && filters) {
    for (const [name, value] of Object.entries(filters)) {
      const set = name === 'q' ? value.trim() : value;
      if (set) query.set(name, set);
    }
  }
  const search = query.toString();
  return `/api/finance/export/${report}${search ? `?${search}` : ''}`;
}

/** 'Record payment': the date, method, reference and amount as typed. */
export interface PaymentFormValues {
  date: string;
  method: string;
  reference: string;
  amount: string;
}

/** A payment of what is left, today, by the transaction's method. */
export function newPaymentValues(tx: Transaction, today: string): PaymentFormValues {
  return { date: today, method: tx.paymentMethod, reference: '', amount: String(remainingOf(tx)) };
}

const paymentFormSchema = paymentRecordSchema.omit(['version']);

/** The payment's errors by the schema the server validates with, and no more than what is left ({} when valid). */
export function paymentFormErrors(values: PaymentFormValues, left: number): Record<string, string> {
  try {
    const input = paymentFormSchema.validateSync(values, { abortEarly: false, stripUnknown: true });
    return input.amount > left + 0.005 ? { amount: `${PAYMENT_TOO_LARGE_MESSAGE} (${formatMoney(left)})` } : {};
  } catch (error) {
    if (error instanceof ValidationError) return fieldMessages(error);
    throw error;
  }
}

/** The POST body of a payment (amount a number), with the version the screen saw. */
export function toPaymentInput(values: PaymentFormValues, version: number): PaymentRecordInput {
  return { ...paymentFormSchema.validateSync(values, { stripUnknown: true }), version };
}
