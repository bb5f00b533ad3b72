import * as yup from 'yup';
import { round2 } from './finance';
import { MAX_MONEY, MAX_MONEY_TEXT, expectedVersion, isStoredRead, jsonNumber, multilineText, oneOfList, optionalDate, pageLimit, phoneNumber, storedFields, text } from './forms';
import { PROJECT_TYPES } from './projects';
import { DEFAULT_PAYMENT_PLAN, paymentTermsLine, quotationIssueSchema, quotationTax, withPlanTerms, type IssueView, type Letterhead } from './quotation-terms';

/**
 * Quotations ('Pixel-Perfect Quotation Builder', SPEC.md 2, 3, 4, 5, 9;
 * PRODUCT.md): server-saved quotes with readable numbers, revisions, a PDF
 * and a share link the client approves through. The builder and the API
 * validate with the same schemas, and the totals below are the one
 * definition of every figure: the server recomputes them on every save and
 * ignores any a client sends.
 */

// ---------------------------------------------------------------------------
// Units and row behaviour (SPEC.md 3, 5, 9)

/** SPEC.md 3: the units the rate library starts with (the lookup API lists the library's). */
export const KNOWN_UNITS = ['sq.ft', 'R.ft', 'QTY', 'LumpSum', 'SETS', 'Sheet'] as const;
export const SQFT = 'sq.ft';
export const RFT = 'R.ft';
/** SPEC.md 9: a new row's unit and quantity. */
export const DEFAULT_ROW_UNIT = SQFT;
export const DEFAULT_ROW_QUANTITY = 1;

/** SPEC.md 5: length shows for sq.ft and R.ft, width for sq.ft only. */
export const unitHasLength = (unit: string) => unit === SQFT || unit === RFT;
export const unitHasWidth = (unit: string) => unit === SQFT;

/** SPEC.md 3: a quote's project types. */
export const QUOTATION_PROJECT_TYPES = PROJECT_TYPES;

/** The money-bearing fields of a row, all a row total needs. */
export interface RowMeasure {
  unit: string;
  length: number | null;
  width: number | null;
  quantity: number;
  unitPrice: number;
}

/**
 * SPEC.md 9: sq.ft: length x width x quantity x unit price; R.ft: length x
 * quantity x unit price; other units: quantity x unit price (a missing length
 * or width is 0). Rounded to the paisa.
 */
export function rowTotal(row: RowMeasure, price: number = row.unitPrice): number {
  const length = row.length ?? 0;
  const width = row.width ?? 0;
  if (row.unit === SQFT) return round2(length * width * row.quantity * price);
  if (row.unit === RFT) return round2(length * row.quantity * price);
  return round2(row.quantity * price);
}

export interface QuotationTotals {
  subtotal: number;
  discountAmount: number;
  grandTotal: number;
}

/** SPEC.md 9: subtotal = sum of rows; discount amount = subtotal x discount% / 100; grand total = subtotal - discount amount. */
export function quotationTotals(rows: readonly RowMeasure[], discount: number): QuotationTotals {
  const subtotal = round2(rows.reduce((sum, row) => sum + rowTotal(row), 0));
  const discountAmount = round2((subtotal * discount) / 100);
  return { subtotal, discountAmount, grandTotal: round2(subtotal - discountAmount) };
}

/**
 * The quote's cost and margin, for staff only: each row's cost is its
 * measure at the rate library's cost price. Rows without a cost price (typed
 * by hand, or priced outside the library) count in neither side, and are
 * counted apart so the screen can say so. Margin = (revenue - cost) / revenue
 * x 100 to one decimal, where revenue is the costed rows' total less the
 * quote's discount; null when no row has a cost.
 */
export interface QuotationMargin {
  costTotal: number;
  marginPercent: number | null;
  uncostedRows: number;
}
export function quotationMargin(rows: readonly (RowMeasure & { costPrice: number | null })[], discount: number): QuotationMargin {
  const costed = rows.filter((row) => row.costPrice !== null);
  const costTotal = round2(costed.reduce((sum, row) => sum + rowTotal(row, row.costPrice!), 0));
  const revenue = round2(costed.reduce((sum, row) => sum + rowTotal(row), 0) * (1 - discount / 100));
  const marginPercent = costed.length === 0 || revenue <= 0 ? null : Math.round(((revenue - costTotal) / revenue) * 1000) / 10;
  return { costTotal, marginPercent, uncostedRows: rows.length - costed.length };
}

/** The margin guard's threshold until Settings holds another (Business `quoteMarginThreshold`). */
export const DEFAULT_MARGIN_THRESHOLD = 20;
/** Settings `quotationValidityDays` (SPEC.md 9) until Settings holds another. */
export const DEFAULT_VALIDITY_DAYS = 30;

/** SPEC.md 9: the terms the default notes carry. */
export const DEFAULT_QUOTATION_TERMS = [
  'Design freeze within 5 design meetings or 31 days, whichever is earlier.',
  'A discount of 0.25% applies for every 15 days of delay in design freeze.',
  'Production takes 30 days from design freeze.',
  'Installation takes 15 days from delivery at site.',
  // The plan the project bills by (issue 25: one source); the client's page and the PDF write the quote's own plan here.
  paymentTermsLine(DEFAULT_PAYMENT_PLAN),
  'No refund once the design work has started.',
] as const;
export const DEFAULT_QUOTATION_NOTES = `Terms and conditions:\n${DEFAULT_QUOTATION_TERMS.map((term, i) => `${i + 1}. ${term}`).join('\n')}`;

// ---------------------------------------------------------------------------
// Status

/** PRODUCT.md: draft (default), sent, approved, rejected; expired once past validUntil. */
export const QUOTATION_STATUSES = ['draft', 'sent', 'approved', 'rejected', 'expired'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];
export const QUOTATION_STATUS_LABELS: Record<QuotationStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
};
/** The statuses a save may set: approval comes from the client's link (or 'Mark approved'), expiry from the date. */
export const EDITABLE_QUOTATION_STATUSES = ['draft', 'sent', 'rejected'] as const;
export type EditableQuotationStatus = (typeof EDITABLE_QUOTATION_STATUSES)[number];
/** The dashboard's 'Pending Quotations': drafts and sent quotes. */
export const PENDING_QUOTATION_STATUSES: readonly QuotationStatus[] = ['draft', 'sent'];

/** What a quote shows as on `today` (YYYY-MM-DD, Asia/Kolkata): a draft or sent quote past its validUntil is expired. */
export function effectiveStatus(quote: { status: QuotationStatus; validUntil: string }, today: string): QuotationStatus {
  return (quote.status === 'draft' || quote.status === 'sent') && quote.validUntil < today ? 'expired' : quote.status;
}

/** `KDS`: the initials of the company name's words (letters only, up to 4), 'Q' when it has none. */
export function quotationPrefix(companyName: string): string {
  const initials = companyName
    .split(/[^A-Za-z]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .slice(0, 4);
  return initials || 'Q';
}

/** `KDS/2026-27/0042`: the prefix, the fiscal year and its number that year. */
export function formatQuotationNumber(prefix: string, fiscalYear: string, sequence: number): string {
  return `${prefix}/${fiscalYear}/${String(sequence).padStart(4, '0')}`;
}

/** The fiscal year label ('2026-27', or '2026' when it starts in January) holding `date`, from fiscalYearStart 'MM-DD'. */
export function fiscalYearOf(fiscalYearStart: string, date: string): string {
  const [startMonth, startDay] = [Number(fiscalYearStart.slice(0, 2)) || 4, Number(fiscalYearStart.slice(3, 5)) || 1];
  const [year, month, day] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
  const startYear = month > startMonth || (month === startMonth && day >= startDay) ? year : year - 1;
  return startMonth === 1 && startDay === 1 ? String(startYear) : `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** A calendar date plus whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------
// Schemas

/** Most rows one quote may hold (a full villa is about 80). */
export const MAX_QUOTATION_ROWS = 200;
/** A row's length or width in feet: 10,000 ft is past any site. */
export const MAX_ROW_DIMENSION = 10_000;
/** A row's quantity. */
export const MAX_ROW_QUANTITY = 10_000;
/** A row's unit price: ₹10 crore. */
const PRICE_MAX = 100_000_000;
/** A priced row whose unit needs a dimension it lacks (issue 25): its total would be ₹0. */
export const MISSING_DIMENSION_MESSAGE = {
  length: (unit: string) => `Enter the length: a ${unit} row without it totals ₹0`,
  width: 'Enter the width: a sq.ft row without it totals ₹0',
} as const;
/** A row's total, and the quote's, are at most MAX_MONEY. */
export const ROW_TOTAL_TOO_LARGE = `The row total is too large (${MAX_MONEY_TEXT} at most)`;
export const QUOTATION_TOTAL_TOO_LARGE = `The quotation total is too large (${MAX_MONEY_TEXT} at most)`;

const atMostDecimals = (places: number) => (value: number | null | undefined) =>
  value === undefined || value === null || Math.abs(Math.round(value * 10 ** places) / 10 ** places - value) < 1e-9;
/** A number as typed: blank is null, '1,250.50' is 1250.5; a list or object is not a number (yup would read [5] as 5). */
const typedNumber = jsonNumber(
  (value: unknown, original: unknown) => {
    if (typeof original === 'string') {
      const cleaned = original.replace(/[,₹\s]/g, '');
      if (cleaned === '') return null;
      return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
    }
    return value;
  },
  // The builder's rows are saved as typed too (a blank quantity is 1): text is a number here, in the API as well.
  { textInApi: true },
);

const measure = (label: string) =>
  yup
    .number()
    .transform(typedNumber)
    .typeError(`${label} must be a number`)
    .nullable()
    .min(0, `${label} cannot be negative`)
    .max(MAX_ROW_DIMENSION, `${label} is too large`)
    .test('decimals', `${label} can have at most two decimals`, atMostDecimals(2))
    .default(null);

/** Whether each number of a row is within its own bound (then its total is checked against MAX_MONEY). */
function withinRowBounds(row: RowMeasure): boolean {
  const within = (value: number | null, max: number) => value === null || (Number.isFinite(value) && value <= max);
  return within(row.length, MAX_ROW_DIMENSION) && within(row.width, MAX_ROW_DIMENSION) && within(row.quantity, MAX_ROW_QUANTITY) && within(row.unitPrice, PRICE_MAX);
}

const libraryName = (label: string, max = 80) => text().max(max, `${label} is too long (${max} characters at most)`).default('');

/** SPEC.md 3 row; `total` and `costPrice` are the server's (anything sent for them is ignored). */
export const quotationRowInputSchema = yup.object({
  /** The row's id in the builder; the server assigns one when missing. */
  id: yup.string().max(64).matches(/^[A-Za-z0-9-]*$/, 'Row id is not valid').default(''),
  usageArea: libraryName('Usage area'),
  item: libraryName('Item', 120),
  unit: text().max(20, 'Unit is too long').default(DEFAULT_ROW_UNIT),
  finishType: libraryName('Finish type'),
  brand: libraryName('Brand'),
  length: measure('Length'),
  width: measure('Width'),
  quantity: yup
    .number()
    .transform(typedNumber)
    .typeError('Quantity must be a number')
    .nullable()
    .transform((value: number | null) => (value === null ? DEFAULT_ROW_QUANTITY : value))
    .nonNullable()
    .min(1, 'Quantity must be at least 1')
    .max(MAX_ROW_QUANTITY, 'Quantity is too large')
    .test('decimals', 'Quantity can have at most two decimals', atMostDecimals(2))
    .default(DEFAULT_ROW_QUANTITY),
  unitPrice: yup
    .number()
    .transform(typedNumber)
    .typeError('Unit price must be an amount in rupees')
    .nullable()
    .transform((value: number | null) => (value === null ? 0 : value))
    .nonNullable()
    .min(0, 'Unit price cannot be negative')
    .max(PRICE_MAX, 'Unit price is too large')
    .test('decimals', 'Unit price can have at most two decimals', atMostDecimals(2))
    .default(0),
  remarks: text().max(300, 'Remarks are too long (300 characters at most)').default(''),
})
  .test('row-dimensions', '', function rowDimensions(row) {
    // Issue 25: a priced sq.ft row without its width (or either dimension), or an R.ft row without its length, totals ₹0 unnoticed.
    if (!row || isStoredRead(this.options.context) || !(row.unitPrice > 0)) return true;
    if (unitHasLength(row.unit) && !row.length) return this.createError({ path: `${this.path}.length`, message: MISSING_DIMENSION_MESSAGE.length(row.unit) });
    if (unitHasWidth(row.unit) && !row.width) return this.createError({ path: `${this.path}.width`, message: MISSING_DIMENSION_MESSAGE.width });
    return true;
  })
  .test('row-total', ROW_TOTAL_TOO_LARGE, function rowTotalBound(row) {
  // A number past its own bound says so itself; an item stored before the bound still reads.
  if (!row || isStoredRead(this.options.context) || !withinRowBounds(row)) return true;
  return !(rowTotal(row) > MAX_MONEY) || this.createError({ path: `${this.path}.unitPrice`, message: ROW_TOTAL_TOO_LARGE });
});
export type QuotationRowInput = yup.InferType<typeof quotationRowInputSchema>;

/** SPEC.md 3 client details; name and phone are required on save (PRODUCT.md). */
export const clientDetailsSchema = yup.object({
  name: text().required('Client name is required').max(120, 'Client name is too long (120 characters at most)'),
  address: multilineText().max(500, 'Address is too long (500 characters at most)').default(''),
  phone: phoneNumber('Client phone is required'),
  email: text().max(254, 'Email address is too long').email('Enter a valid email address').default(''),
  projectType: yup
    .mixed<(typeof PROJECT_TYPES)[number] | ''>()
    .transform((value: unknown) => (typeof value === 'string' ? (PROJECT_TYPES.find((type) => type.toLowerCase() === value.trim().toLowerCase()) ?? value.trim()) : value))
    .oneOf(['', ...PROJECT_TYPES], `Project type must be one of: ${PROJECT_TYPES.join(', ')}`)
    .default(''),
  siteAddress: multilineText().max(500, 'Site address is too long (500 characters at most)').default(''),
  community: text().max(120, 'Community is too long (120 characters at most)').default(''),
});
export type ClientDetails = yup.InferType<typeof clientDetailsSchema>;

/** SPEC.md 5: 0 to 100 in steps of 0.1; blank becomes 0. */
const discountField = () =>
  yup
    .number()
    .transform(typedNumber)
    .typeError('Discount must be a number')
    .nullable()
    .transform((value: number | null) => (value === null ? 0 : value))
    .nonNullable()
    .min(0, 'Discount must be between 0 and 100')
    .max(100, 'Discount must be between 0 and 100')
    .test('step', 'Discount goes in steps of 0.1', atMostDecimals(1))
    .default(0);

const reference = (label: string) =>
  yup
    .string()
    .typeError(`${label} must be an id`)
    .nullable()
    .transform((value: unknown) => (value === '' ? null : value))
    .max(64, `${label} is not a valid id`)
    .matches(/^[A-Za-z0-9-]+$/, { message: `${label} is not a valid id`, excludeEmptyString: true })
    .default(null);

const quotationFields = {
  title: text().max(160, 'Title is too long (160 characters at most)').default(''),
  clientDetails: clientDetailsSchema.required(),
  /** Today (Asia/Kolkata) when none is sent. */
  quotationDate: optionalDate(),
  /** quotationDate + Settings quotationValidityDays when none is sent; never before quotationDate. */
  validUntil: optionalDate().test('after-date', 'Valid until cannot be before the quotation date', function afterDate(value) {
    const date = this.parent.quotationDate as string | null | undefined;
    return !value || !date || value >= date;
  }),
  rows: yup
    .array()
    .of(quotationRowInputSchema)
    .typeError('Rows must be a list')
    .required('Add at least one row')
    .min(1, 'Add at least one row')
    .max(MAX_QUOTATION_ROWS, `A quotation can have at most ${MAX_QUOTATION_ROWS} rows`)
    .test('quotation-total', QUOTATION_TOTAL_TOO_LARGE, function quotationTotalBound(rows) {
      // A row past a bound says so itself.
      if (!rows || isStoredRead(this.options.context) || !rows.every((row) => withinRowBounds(row) && !(rowTotal(row) > MAX_MONEY))) return true;
      return !(quotationTotals(rows, 0).subtotal > MAX_MONEY);
    }),
  discount: discountField(),
  notes: multilineText().max(5000, 'Notes are too long (5000 characters at most)').default(DEFAULT_QUOTATION_NOTES),
  status: oneOfList(EDITABLE_QUOTATION_STATUSES, 'Status must be draft, sent or rejected').default('draft'),
  /** The lead or customer it was made for (client details prefilled from it), and the project it is for. */
  leadId: reference('Lead'),
  customerId: reference('Customer'),
  projectId: reference('Project'),
  /** Saving as sent below the margin threshold needs this set (the margin guard asks first). */
  confirmLowMargin: yup.boolean().typeError('confirmLowMargin must be true or false').default(false),
};

/** Approval creates the project: a quote goes to the client with the project type it is for. */
export const PROJECT_TYPE_TO_SEND = 'Choose the project type before sending';

/** POST /api/quotations. */
export const quotationCreateSchema = yup.object(quotationFields).test('project-type-to-send', PROJECT_TYPE_TO_SEND, function projectTypeToSend(value) {
  if (!value || value.status !== 'sent' || value.clientDetails?.projectType) return true;
  return this.createError({ path: 'clientDetails.projectType', message: PROJECT_TYPE_TO_SEND });
});
export type QuotationInput = yup.InferType<typeof quotationCreateSchema>;
/** PUT /api/quotations/:id: every field plus the version the editor saw (a stale one gets 409). */
export const quotationUpdateSchema = yup.object({ ...quotationFields, version: expectedVersion() }).test('project-type-to-send', PROJECT_TYPE_TO_SEND, function projectTypeToSend(value) {
  if (!value || value.status !== 'sent' || value.clientDetails?.projectType) return true;
  return this.createError({ path: 'clientDetails.projectType', message: PROJECT_TYPE_TO_SEND });
});
export type QuotationUpdateInput = yup.InferType<typeof quotationUpdateSchema>;

/** GET /api/quotations: newest first. `status=expired` lists the drafts and sent quotes past their date as well. */
export const quotationListQuerySchema = yup.object({
  q: text().max(100, 'Search is too long').optional(),
  status: yup.mixed<QuotationStatus>().oneOf([...QUOTATION_STATUSES], 'Unknown status').optional(),
  leadId: yup.string().max(64).optional(),
  customerId: yup.string().max(64).optional(),
  /** A project's quotes (the portal's project page): the quote it was approved from, and its variations. */
  projectId: yup.string().max(64).optional(),
  limit: pageLimit(25),
  cursor: yup.string().max(2048).optional(),
});
export type QuotationListQuery = yup.InferType<typeof quotationListQuerySchema>;

/** A stored row: the input plus its total and (staff only) the library's cost price per unit. */
export const quotationRowSchema = quotationRowInputSchema.shape({
  id: yup.string().required(),
  total: yup.number().required(),
  costPrice: yup.number().nullable().default(null),
});
export type QuotationRow = yup.InferType<typeof quotationRowSchema>;

/** The client's answer through the share link. */
export const clientResponseSchema = yup.object({
  action: yup.mixed<'approved' | 'changes_requested'>().oneOf(['approved', 'changes_requested']).required(),
  name: yup.string().required(),
  comment: yup.string().default(''),
  at: yup.string().required(),
  ip: yup.string().default(''),
});
export type ClientResponse = yup.InferType<typeof clientResponseSchema>;

/**
 * A quotation as stored and as staff read it. Everything money is the
 * server's: row totals, subtotal, discountAmount, grandTotal, cost and margin.
 */
export const quotationSchema = yup.object({
  ...quotationFields,
  quotationDate: yup.string().required(),
  validUntil: yup.string().required(),
  rows: yup.array().of(quotationRowSchema).required(),
  status: yup.mixed<QuotationStatus>().oneOf([...QUOTATION_STATUSES]).required(),
  quotationNumber: yup.string().required(),
  fiscalYear: yup.string().required(),
  subtotal: yup.number().required(),
  discountAmount: yup.number().required(),
  grandTotal: yup.number().required(),
  costTotal: yup.number().required(),
  marginPercent: yup.number().nullable().default(null),
  uncostedRows: yup.number().integer().default(0),
  /** How many earlier versions were kept (GET .../revisions). */
  revisionCount: yup.number().integer().default(0),
  createdBy: yup.string().required(),
  createdByName: yup.string().default(''),
  sentAt: yup.string().nullable().default(null),
  approvedAt: yup.string().nullable().default(null),
  /** Who approved (the client's name through the link, or the staff member who marked it). */
  approvedBy: yup.string().nullable().default(null),
  rejectionReason: yup.string().default(''),
  /** The client's answers through the share link, newest last. */
  responses: yup.array().of(clientResponseSchema).default([]),
  /** Who sent it below the margin threshold after the guard asked, and at what margin (the audit log has it too). */
  lowMarginConfirmed: yup
    .object({ marginPercent: yup.number().required(), threshold: yup.number().required(), by: yup.string().required(), at: yup.string().required() })
    .nullable()
    .default(null),
  /** The share link's token (staff can copy the link again); null until sent. */
  shareToken: yup.string().nullable().default(null),
  /**
   * When its money last changed after it went to the client (a new revision,
   * back to draft to be sent again): the link's page says so. Null until then.
   */
  revisedAt: yup.string().nullable().default(null),
  /** The letterhead, GST rate and payment plan it was sent (or approved) with; null on a draft, and on quotes kept before issue 25. */
  issued: quotationIssueSchema,
  /** A variation (issue 25): the approved revision it changes, whose total the project's budget holds until this one is approved. */
  variation: yup
    .object({ revision: yup.number().required(), grandTotal: yup.number().required(), approvedAt: yup.string().defined(), approvedBy: yup.string().defined() })
    .nullable()
    .default(null),
  ...storedFields,
});
export type Quotation = yup.InferType<typeof quotationSchema>;

/** A kept earlier version (GET /api/quotations/:id/revisions): the whole quote as it was. */
export interface QuotationRevision {
  quotationId: string;
  /** 1 for the first kept version. */
  revision: number;
  /** When and by whom it was replaced. */
  replacedAt: string;
  replacedBy: string;
  quotation: Quotation;
}

export const STALE_QUOTATION_MESSAGE = 'Someone else changed this quotation. Reload it to see their changes.';
/** A save of an approved quote (issue 25): it is locked; a change is a variation the client approves again. */
export const QUOTATION_LOCKED_MESSAGE = 'This quotation is approved and locked. Create a variation to change it.';
export const NOT_VARIABLE_MESSAGE = 'Only an approved quotation can have a variation.';
export const LOW_MARGIN_MESSAGE = 'The margin is below the threshold. Confirm to send it anyway.';
/** SPEC.md 8. */
export const QUOTATION_SAVED_MESSAGE = 'Quotation saved successfully!';
/** A sent quote whose figures a save changed: a new revision, back in draft (the link cannot approve it until it is sent). */
export const QUOTATION_REVISED_MESSAGE = 'Its figures changed after it was sent: this is a new revision, back in draft. Send it again for the client to approve.';
export const PDF_ERROR_TITLE = 'Error generating PDF';
export const PDF_ERROR_DESCRIPTION = 'Please try again';

/** POST /api/quotations/:id/send: marks it sent and answers the share link. */
export interface QuotationSendResult {
  quotation: Quotation;
  /** Site-relative: `/q/{token}`. */
  sharePath: string;
}

// ---------------------------------------------------------------------------
// The client's view through the share link (no cost, margin or other quotes)

/** GET /api/quote-links/:token. */
export interface PublicQuotation {
  quotationNumber: string;
  title: string;
  quotationDate: string;
  validUntil: string;
  status: QuotationStatus;
  clientDetails: ClientDetails;
  rows: Omit<QuotationRow, 'costPrice'>[];
  subtotal: number;
  discount: number;
  discountAmount: number;
  grandTotal: number;
  notes: string;
  /** The latest answer given through the link, if any. */
  response: Omit<ClientResponse, 'ip'> | null;
  /** The version this view shows: the page sends it back with its answer, which a quote changed since refuses (409). */
  version: number;
  /** When its money changed after it was sent (a new revision): the page says so. */
  revisedAt: string | null;
  company: Letterhead;
  /** GST at the rate it was issued with (Settings defaultTaxRate), on top of the grand total. */
  taxRate: number;
  taxAmount: number;
  totalWithTax: number;
  /** The payment plan its terms print (the project's, else SPEC.md 9's). */
  paymentPlan: { name: string; percent: number }[];
  /** A variation of an approved quote: the total approved before. */
  variation: { grandTotal: number } | null;
}

/**
 * Picks what the client may see; cost prices, margins, ids and the token stay
 * out. `issue` is the quote's frozen one (or, for a draft and quotes kept
 * before it existed, Settings' and the plan's now): letterhead, GST and the
 * payment term its notes print.
 */
export function publicQuotationOf(quote: Quotation, today: string, issue: IssueView): PublicQuotation {
  const last = quote.responses.at(-1);
  return {
    quotationNumber: quote.quotationNumber,
    title: quote.title,
    quotationDate: quote.quotationDate,
    validUntil: quote.validUntil,
    status: effectiveStatus(quote, today),
    clientDetails: quote.clientDetails,
    rows: quote.rows.map(({ costPrice: _cost, ...row }) => row),
    subtotal: quote.subtotal,
    discount: quote.discount,
    discountAmount: quote.discountAmount,
    grandTotal: quote.grandTotal,
    notes: withPlanTerms(quote.notes, issue.paymentPlan),
    response: last ? { action: last.action, name: last.name, comment: last.comment, at: last.at } : null,
    version: quote.version,
    revisedAt: quote.revisedAt,
    company: letterheadOf(issue.company),
    ...quotationTax(quote.grandTotal, issue.taxRate),
    paymentPlan: issue.paymentPlan.map(({ name, percent }) => ({ name, percent })),
    variation: quote.variation ? { grandTotal: quote.variation.grandTotal } : null,
  };
}

/** The letterhead a quote carries: the Settings company fields it shows, nothing else. */
export function letterheadOf(company: Letterhead): Required<Letterhead> {
  const { companyName, companyAddress, companyPhone, companyEmail, gstNumber, taxNumber, companyLogo } = company;
  // A letterhead kept from before Settings had a tax number reads as none.
  return { companyName, companyAddress, companyPhone, companyEmail, gstNumber, taxNumber: taxNumber ?? '', companyLogo };
}

/** What the client types to answer through the link: their name and a comment (the answer dialog checks it). */
export const clientAnswerFieldsSchema = yup.object({
  name: text().required('Your name is required').max(120, 'Name is too long (120 characters at most)'),
  comment: multilineText().max(2000, 'Comment is too long (2000 characters at most)').default(''),
});
export type ClientAnswerFields = yup.InferType<typeof clientAnswerFieldsSchema>;
/** The answer of a page from before answers carried the version it showed (one kept in a browser's cache). */
export const QUOTE_PAGE_OUTDATED = 'This page is out of date. Please reload it to see the latest quotation.';
/** The version of the quote the link's page showed: a whole number, as its GET answered it. */
export const shownVersion = () => yup.number().typeError(QUOTE_PAGE_OUTDATED).integer(QUOTE_PAGE_OUTDATED).min(1, QUOTE_PAGE_OUTDATED);
/** The answer to a page older than the quote: it changed since the client read it. */
export const QUOTE_UPDATED = 'This quotation was updated; please review it again';
/**
 * POST /api/quote-links/:token/approve and .../request-changes: the typed
 * fields and the version of the quote the page showed (GET answers it).
 */
export const clientAnswerSchema = clientAnswerFieldsSchema.shape({ version: shownVersion().required(QUOTE_PAGE_OUTDATED) });
export type ClientAnswerInput = yup.InferType<typeof clientAnswerSchema>;
export const QUOTE_LINK_INVALID = 'This quotation link is not valid. Ask us for a new one.';
export const QUOTE_LINK_EXPIRED = 'This quotation has expired. Ask us for an updated quote.';
export const QUOTE_ALREADY_ANSWERED = 'This quotation has already been approved.';
/** A quote stored over MAX_MONEY before the bound (its project's budget could not hold it): 422 to its approval. */
export const QUOTE_TOO_LARGE_TO_APPROVE = `This quotation is over ${MAX_MONEY_TEXT}. Ask us for an updated quote.`;
export const QUOTE_TOO_LARGE_TO_MARK = `This quotation is over ${MAX_MONEY_TEXT}: edit it before approving.`;
/**
 * The link's answer on a quote that is not sent (pulled back to draft,
 * rejected): only a sent, unexpired quote takes the client's approval or
 * request for changes.
 */
export const quoteNotOpenFor = (answer: 'approval' | 'change requests', status: QuotationStatus) => `This quotation is not open for ${answer}: it is ${status}.`;

/** The share link's token: 32 random bytes, base64url (43 characters). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Groups rows by usage area in first-seen order (the PDF and the client's page show them so). */
export function rowsByUsageArea<R extends { usageArea: string }>(rows: readonly R[]): { usageArea: string; rows: R[] }[] {
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const area = row.usageArea || 'Other';
    groups.set(area, [...(groups.get(area) ?? []), row]);
  }
  return [...groups].map(([usageArea, grouped]) => ({ usageArea, rows: grouped }));
}

/** SPEC.md 4: how a row's dimensions read ('12 x 10 ft' for sq.ft, '8 ft' for R.ft, nothing otherwise). */
export function dimensionsText(row: RowMeasure): string {
  const n = (value: number | null) => String(value ?? 0);
  if (row.unit === SQFT) return `${n(row.length)} x ${n(row.width)} ft`;
  if (row.unit === RFT) return `${n(row.length)} ft`;
  return '';
}
