import {
  DEFAULT_QUOTATION_NOTES,
  DEFAULT_ROW_QUANTITY,
  DEFAULT_ROW_UNIT,
  EDITABLE_QUOTATION_STATUSES,
  MISSING_DIMENSION_MESSAGE,
  QUOTATION_STATUSES,
  QUOTATION_STATUS_LABELS,
  addDays,
  quotationCreateSchema,
  quotationMargin,
  quotationTotals,
  rowTotal,
  unitHasLength,
  unitHasWidth,
  type EditableQuotationStatus,
  type Quotation,
  type QuotationInput,
  type QuotationRow,
  type QuotationStatus,
  type RowMeasure,
} from '@app/shared-types/quotations';
import { formatDate, formatMoney } from '@app/shared-types/format';
import { ApiError } from '../../lib/api-client';
import { pickOption, searchParam } from '../../lib/url-params';

/** The builder's pure rules: form values, SPEC.md 4 row behaviour, totals, and what changed between two versions. */

export const QUOTATION_PAGE_SIZE = 20;
export const NO_QUOTATIONS_MESSAGE = 'No quotations found matching your criteria';
export const NO_FINISH_TYPES = 'No finish types available';

// ---------------------------------------------------------------------------
// Form values: numbers as typed (strings); the shared schema reads them.

export interface RowValues {
  id: string;
  usageArea: string;
  item: string;
  unit: string;
  finishType: string;
  brand: string;
  /** As typed: Formik gives number inputs' values as numbers ('' when blank). */
  length: string | number;
  width: string | number;
  quantity: string | number;
  unitPrice: string | number;
  remarks: string;
  /** The rate library's cost price per unit, for the staff-only margin estimate (never sent: the server looks it up). */
  costPrice: number | null;
}

export interface QuotationFormValues {
  title: string;
  clientDetails: {
    name: string;
    address: string;
    phone: string;
    email: string;
    projectType: string;
    siteAddress: string;
    community: string;
  };
  quotationDate: string;
  validUntil: string;
  rows: RowValues[];
  discount: string | number;
  notes: string;
  status: EditableQuotationStatus;
  leadId: string | null;
  customerId: string | null;
  projectId: string | null;
}

const newRowId = () => crypto.randomUUID();

/** SPEC.md 9: a new row is sq.ft, quantity 1. */
export function newRow(): RowValues {
  return {
    id: newRowId(),
    usageArea: '',
    item: '',
    unit: DEFAULT_ROW_UNIT,
    finishType: '',
    brand: '',
    length: '',
    width: '',
    quantity: String(DEFAULT_ROW_QUANTITY),
    unitPrice: '',
    remarks: '',
    costPrice: null,
  };
}

const typed = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The client details a new quote starts from (a lead's or customer's). */
export type ClientPrefill = Partial<QuotationFormValues['clientDetails']> & { leadId?: string; customerId?: string };

export function newQuotationValues(today: string, validityDays: number, notes: string | undefined, prefill?: ClientPrefill): QuotationFormValues {
  const { leadId, customerId, ...client } = prefill ?? {};
  return {
    title: '',
    clientDetails: { name: '', address: '', phone: '', email: '', projectType: '', siteAddress: '', community: '', ...client },
    quotationDate: today,
    validUntil: addDays(today, validityDays),
    rows: [newRow()],
    discount: '0',
    notes: notes ?? DEFAULT_QUOTATION_NOTES,
    status: 'draft',
    leadId: leadId ?? null,
    customerId: customerId ?? null,
    projectId: null,
  };
}

function rowValuesOf(row: QuotationRow): RowValues {
  return {
    id: row.id,
    usageArea: row.usageArea,
    item: row.item,
    unit: row.unit,
    finishType: row.finishType,
    brand: row.brand,
    length: typed(row.length),
    width: typed(row.width),
    quantity: typed(row.quantity),
    unitPrice: typed(row.unitPrice),
    remarks: row.remarks,
    costPrice: row.costPrice ?? null,
  };
}

/** The status select offers Draft, Sent and Rejected; an approved or expired quote keeps what it was saved as. */
export function editableStatusOf(status: QuotationStatus): EditableQuotationStatus {
  return (EDITABLE_QUOTATION_STATUSES as readonly string[]).includes(status) ? (status as EditableQuotationStatus) : 'sent';
}

export function toQuotationFormValues(quote: Quotation): QuotationFormValues {
  return {
    title: quote.title,
    clientDetails: { ...quote.clientDetails, projectType: quote.clientDetails.projectType ?? '' },
    quotationDate: quote.quotationDate,
    validUntil: quote.validUntil,
    rows: quote.rows.length > 0 ? quote.rows.map(rowValuesOf) : [newRow()],
    discount: String(quote.discount),
    notes: quote.notes,
    status: editableStatusOf(quote.status),
    leadId: quote.leadId ?? null,
    customerId: quote.customerId ?? null,
    projectId: quote.projectId ?? null,
  };
}

/** What the API is sent: the values read by the shared schema (numbers parsed, blanks defaulted, cost prices dropped). */
export function toQuotationInput(values: QuotationFormValues, confirmLowMargin = false): QuotationInput {
  const input = quotationCreateSchema.cast(values, { stripUnknown: true });
  return { ...input, confirmLowMargin };
}

// ---------------------------------------------------------------------------
// SPEC.md 4 row behaviour

/** Changing usage area clears item, finish type, brand and unit price. */
export function withUsageArea(row: RowValues, usageArea: string): RowValues {
  return { ...row, usageArea, item: '', finishType: '', brand: '', unitPrice: '', costPrice: null };
}

/** Changing item clears finish type, brand and price; the item's unit (from the list) becomes the row's. */
export function withItem(row: RowValues, item: string, unit: string | undefined): RowValues {
  return { ...row, item, unit: unit || row.unit, finishType: '', brand: '', unitPrice: '', costPrice: null };
}

/** A finish type or brand choice that asks for a price: only while usage area, item and finish type are set. */
export function priceLookupOf(row: Pick<RowValues, 'usageArea' | 'item' | 'finishType' | 'brand'>) {
  if (!row.usageArea || !row.item || !row.finishType) return null;
  return { usageArea: row.usageArea, item: row.item, finishType: row.finishType, brand: row.brand };
}

/** The brands a row offers: the item's, then the suggested ones, without repeats, keeping a saved brand no longer listed. */
export function brandOptions(brands: readonly string[], suggested: readonly string[], current: string): string[] {
  const all = [...new Set([...brands, ...suggested])];
  return current && !all.includes(current) ? [current, ...all] : all;
}

/** A list of choices that still shows a saved value the library no longer lists. */
export function withCurrent(options: readonly string[], current: string): string[] {
  return current && !options.includes(current) ? [current, ...options] : [...options];
}

// ---------------------------------------------------------------------------
// Live figures

/** A number as typed; Formik hands number inputs' values over as numbers (or '' when blank). */
const parsed = (value: string | number): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const cleaned = value.replace(/[,₹\s]/g, '');
  if (cleaned === '') return null;
  const number = Number(cleaned);
  return Number.isFinite(number) ? number : null;
};

/** The row's measure as typed (a blank or unreadable number counts as 0, a blank quantity as 1). */
export function rowMeasure(row: RowValues): RowMeasure {
  return {
    unit: row.unit,
    length: parsed(row.length),
    width: parsed(row.width),
    quantity: parsed(row.quantity) ?? DEFAULT_ROW_QUANTITY,
    unitPrice: parsed(row.unitPrice) ?? 0,
  };
}

export function liveRowTotal(row: RowValues): number {
  return rowTotal(rowMeasure(row));
}

/** The warning a priced row shows while a dimension its unit needs is missing (its total would be ₹0; the save refuses it too). */
export function missingDimension(row: RowValues): string | null {
  const measure = rowMeasure(row);
  if (!(measure.unitPrice > 0)) return null;
  if (unitHasLength(measure.unit) && !measure.length) return MISSING_DIMENSION_MESSAGE.length(measure.unit);
  if (unitHasWidth(measure.unit) && !measure.width) return MISSING_DIMENSION_MESSAGE.width;
  return null;
}

export function discountOf(value: string | number): number {
  const discount = parsed(value) ?? 0;
  return Math.min(100, Math.max(0, discount));
}

export function liveTotals(values: Pick<QuotationFormValues, 'rows' | 'discount'>) {
  return quotationTotals(values.rows.map(rowMeasure), discountOf(values.discount));
}

export function liveMargin(values: Pick<QuotationFormValues, 'rows' | 'discount'>) {
  return quotationMargin(
    values.rows.map((row) => ({ ...rowMeasure(row), costPrice: row.costPrice })),
    discountOf(values.discount),
  );
}

export function isBelowThreshold(marginPercent: number | null, threshold: number): boolean {
  return marginPercent !== null && marginPercent < threshold;
}

// ---------------------------------------------------------------------------
// List filters

export const STATUS_FILTER_OPTIONS = QUOTATION_STATUSES.map((status) => ({ value: status, label: QUOTATION_STATUS_LABELS[status] }));
export const EDITABLE_STATUS_OPTIONS = EDITABLE_QUOTATION_STATUSES.map((status) => ({ value: status, label: QUOTATION_STATUS_LABELS[status] }));

export type QuotationFilterParam = 'q' | 'status';
export type QuotationFilters = Record<QuotationFilterParam, string>;

export function parseQuotationFilters(params: URLSearchParams): QuotationFilters {
  return { q: searchParam(params), status: pickOption(QUOTATION_STATUSES, params.get('status')) };
}

export const STATUS_COLORS: Record<QuotationStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  draft: 'default',
  sent: 'info',
  approved: 'success',
  rejected: 'error',
  expired: 'warning',
};

/** The builder's tabs: the list (default), the builder (?new=1 or ?quote=<id>) and the rate library (?tab=rates). */
export type QuotationsView = 'list' | 'builder' | 'rates';
export function quotationsViewOf(params: URLSearchParams): QuotationsView {
  if (params.get('new') === '1' || params.get('quote')) return 'builder';
  return params.get('tab') === 'rates' ? 'rates' : 'list';
}

// ---------------------------------------------------------------------------
// Answers the save and send flows read

/** The margin guard's 409: the margin and the threshold it is below; undefined for any other error. */
export function lowMarginOf(error: unknown): { marginPercent: number; threshold: number } | undefined {
  if (!(error instanceof ApiError) || error.status !== 409 || typeof error.body !== 'object' || error.body === null) return undefined;
  const low: unknown = (error.body as Record<string, unknown>).lowMargin;
  if (typeof low !== 'object' || low === null) return undefined;
  const { marginPercent, threshold } = low as Record<string, unknown>;
  return typeof marginPercent === 'number' && typeof threshold === 'number' ? { marginPercent, threshold } : undefined;
}

export function lowMarginMessage({ marginPercent, threshold }: { marginPercent: number; threshold: number }): string {
  return `The margin is ${marginPercent}%, below the ${threshold}% threshold. Send this quotation anyway?`;
}

/**
 * The link the client opens: the public site's origin and the share path. On
 * an admin host (PRODUCT.md: 'admin.' + the site's host) the link is the
 * site's, since the admin host serves only the portal.
 */
export function shareUrl(origin: string, sharePath: string): string {
  const url = new URL(origin);
  if (url.hostname.toLowerCase().startsWith('admin.')) url.hostname = url.hostname.slice('admin.'.length);
  return `${url.origin}${sharePath}`;
}

// ---------------------------------------------------------------------------
// Stale saves and revisions: what changed

/** The builder's fields by label, for the stale-save notice: the client's details, the number of rows and the figures. */
export const QUOTATION_FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  name: 'Client name',
  phone: 'Phone',
  email: 'Email',
  address: 'Address',
  projectType: 'Project type',
  siteAddress: 'Site address',
  community: 'Community',
  quotationDate: 'Quotation date',
  validUntil: 'Valid until',
  status: 'Status',
  rowCount: 'Rows',
  discount: 'Discount (%)',
  grandTotal: 'Grand total',
  notes: 'Notes',
};

/** The form's values flattened under QUOTATION_FIELD_LABELS' names. */
export function quotationSummary(values: QuotationFormValues): Record<string, string> {
  return {
    title: values.title,
    ...values.clientDetails,
    quotationDate: values.quotationDate,
    validUntil: values.validUntil,
    status: QUOTATION_STATUS_LABELS[values.status],
    rowCount: String(values.rows.length),
    discount: String(discountOf(values.discount)),
    grandTotal: formatMoney(liveTotals(values).grandTotal),
    notes: values.notes,
  };
}

export interface Change {
  label: string;
  before: string;
  after: string;
}

export interface RowChange {
  label: string;
  changes: Change[];
}

export interface QuotationComparison {
  details: Change[];
  added: string[];
  removed: string[];
  changed: RowChange[];
  totals: Change[];
}

const CLIENT_LABELS: [keyof Quotation['clientDetails'], string][] = [
  ['name', 'Client name'],
  ['phone', 'Phone'],
  ['email', 'Email'],
  ['address', 'Address'],
  ['projectType', 'Project type'],
  ['siteAddress', 'Site address'],
  ['community', 'Community'],
];

const ROW_FIELDS: [keyof QuotationRow, string][] = [
  ['usageArea', 'Usage area'],
  ['item', 'Item'],
  ['unit', 'Unit'],
  ['finishType', 'Finish type'],
  ['brand', 'Brand'],
  ['length', 'Length'],
  ['width', 'Width'],
  ['quantity', 'Quantity'],
  ['unitPrice', 'Unit price'],
  ['total', 'Total'],
  ['remarks', 'Remarks'],
];

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));
const money = (value: number) => formatMoney(value);

/** A row as people name it: 'Kitchen: Base cabinet'. */
export function rowLabel(row: Pick<QuotationRow, 'usageArea' | 'item'>): string {
  return [row.usageArea, row.item].filter(Boolean).join(': ') || 'Untitled row';
}

function changesOf(pairs: [string, unknown, unknown][]): Change[] {
  return pairs.filter(([, before, after]) => shown(before) !== shown(after)).map(([label, before, after]) => ({ label, before: shown(before), after: shown(after) }));
}

/** What changed from an earlier version to a later one: details, rows (matched by id) added, removed and changed, and the totals. */
export function compareQuotations(before: Quotation, after: Quotation): QuotationComparison {
  const details = changesOf([
    ['Title', before.title, after.title],
    ...CLIENT_LABELS.map(([key, label]): [string, unknown, unknown] => [label, before.clientDetails[key], after.clientDetails[key]]),
    ['Quotation date', formatDate(before.quotationDate, 'short'), formatDate(after.quotationDate, 'short')],
    ['Valid until', formatDate(before.validUntil, 'short'), formatDate(after.validUntil, 'short')],
    ['Status', QUOTATION_STATUS_LABELS[before.status], QUOTATION_STATUS_LABELS[after.status]],
    ['Notes', before.notes, after.notes],
  ]);
  const beforeRows = new Map(before.rows.map((row) => [row.id, row]));
  const afterIds = new Set(after.rows.map((row) => row.id));
  const added = after.rows.filter((row) => !beforeRows.has(row.id)).map(rowLabel);
  const removed = before.rows.filter((row) => !afterIds.has(row.id)).map(rowLabel);
  const changed: RowChange[] = [];
  for (const row of after.rows) {
    const old = beforeRows.get(row.id);
    if (!old) continue;
    const changes = changesOf(
      ROW_FIELDS.map(([key, label]): [string, unknown, unknown] =>
        key === 'unitPrice' || key === 'total' ? [label, money(old[key]), money(row[key])] : [label, old[key], row[key]],
      ),
    );
    if (changes.length > 0) changed.push({ label: rowLabel(row), changes });
  }
  const totals = changesOf([
    ['Subtotal', money(before.subtotal), money(after.subtotal)],
    ['Discount (%)', before.discount, after.discount],
    ['Discount amount', money(before.discountAmount), money(after.discountAmount)],
    ['Grand total', money(before.grandTotal), money(after.grandTotal)],
  ]);
  return { details, added, removed, changed, totals };
}

export function isUnchanged(comparison: QuotationComparison): boolean {
  return comparison.details.length + comparison.added.length + comparison.removed.length + comparison.changed.length + comparison.totals.length === 0;
}
