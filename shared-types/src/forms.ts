import * as yup from 'yup';
import {
  CONTACT_PROJECT_TYPES,
  MATERIALS,
  PROPERTY_TYPES,
  ROOM_SCOPES,
  type ContactProjectType,
  type Material,
  type PropertyType,
  type RoomScope,
} from './constants';
import { isValidPhone } from './phone';

/**
 * Schemas of the public forms. The web form and the API validate with the same
 * schema, so a message shown under a field is the message the server returns.
 */

/** The message for text holding control, bidi-override or broken (lone surrogate) characters. */
export const TEXT_NOT_ALLOWED = 'Contains characters that are not allowed';
/** The message for a line break or tab in a one-line field. */
export const TEXT_ONE_LINE = 'Line breaks and tabs are not allowed here';

/**
 * Parse options for items read back from the table: the text rules below
 * apply to what is written, so an item stored before them still reads.
 */
export const STORED_PARSE_OPTIONS = { stripUnknown: true, context: { stored: true } } as const;

/** Whether a schema reads a stored item (STORED_PARSE_OPTIONS): the rules on what is written do not apply to it. */
export const isStoredRead = (context: unknown) => (context as { stored?: unknown } | undefined)?.stored === true;

/**
 * The context the API validates a request's JSON body with (jsonBody in
 * functions/src/lib/http.ts). A form reads what a person typed ('1,25,000.50')
 * and sends numbers; a request's body is read as sent, so fields built with
 * `jsonNumber` take only a JSON number there.
 */
export const API_INPUT_CONTEXT = { apiInput: true } as const;
export const isApiInput = (context: unknown) => (context as { apiInput?: unknown } | undefined)?.apiInput === true;

/**
 * A number field's first transform: a list, object or true/false is never a
 * number (yup's own cast reads [5] as 5), and in a request's JSON body
 * (API_INPUT_CONTEXT) neither is text (unless `textInApi`: an API that
 * documents typed text, such as a quote's rows). Either becomes NaN, which the
 * field's typeError names; null and undefined pass on to its
 * nullable/required/default. `read` is the field's own reading of what a form
 * sends (typed text).
 */
export const jsonNumber =
  (read: (value: unknown, original: unknown) => unknown = (value) => value, options: { textInApi?: boolean } = {}) =>
  (value: unknown, original: unknown, _schema: unknown, validate: { context?: unknown }): unknown => {
    if (original === null || original === undefined) return read(value, original);
    if (typeof original === 'number') return original;
    if (typeof original !== 'string' || (isApiInput(validate.context) && !options.textInApi)) return Number.NaN;
    return read(value, original);
  };

/** Whitespace and the zero-width characters (ZWSP, ZWNJ, ZWJ, word joiner, BOM): invisible at the ends of text. */
const INVISIBLE_EDGES = /^[\s\u200B-\u200D\u2060\uFEFF]+|[\s\u200B-\u200D\u2060\uFEFF]+$/g;
/** C0 and C1 controls (ESC, so ANSI escapes, among them) and DEL, except tab and line feed. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
/** Bidi embeddings, overrides and isolates: they reorder what a reader sees. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/** Half of a UTF-16 pair without its other half: not a character at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LINE_BREAK_OR_TAB = /[\n\t]/;

/**
 * The one rule for free text: NFC-normalised and trimmed (zero-width
 * characters at the ends too, so text of only invisible characters is blank
 * and fails `required`); control characters, ANSI escapes, bidi overrides and
 * lone surrogates refused. yup's own trim() throws a TypeError (not a
 * ValidationError) on arrays and objects; this one leaves them for the type
 * check to reject.
 */
function freeText(multiline: boolean) {
  return yup
    .string()
    .typeError('Must be text')
    .transform((value: unknown, _original: unknown, _schema: unknown, options: { context?: unknown }) => {
      if (typeof value !== 'string' || isStoredRead(options.context)) return value;
      const lines = multiline ? value.replace(/\r\n?/g, '\n') : value;
      return lines.normalize('NFC').replace(INVISIBLE_EDGES, '');
    })
    .test('allowed-characters', TEXT_NOT_ALLOWED, function allowed(value) {
      if (!value || isStoredRead(this.options.context)) return true;
      return !CONTROL.test(value) && !BIDI_CONTROL.test(value) && !LONE_SURROGATE.test(value);
    })
    .test('one-line', TEXT_ONE_LINE, function oneLine(value) {
      return multiline || !value || isStoredRead(this.options.context) || !LINE_BREAK_OR_TAB.test(value);
    });
}

/** One-line free text (names, cities, titles, search): see freeText. */
export const text = () => freeText(false);

/** Free text of several lines (notes, requirements, messages, addresses, descriptions): line breaks and tabs allowed, CRLF read as LF. */
export const multilineText = () => freeText(true);

/** One message per field of a yup error (the first one, as the form shows it); '_' for the whole value. */
export function fieldMessages(error: yup.ValidationError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const inner of error.inner.length > 0 ? error.inner : [error]) {
    fields[inner.path || '_'] ??= inner.message;
  }
  return fields;
}

/** The page size of a list query: a whole number from 1 to 100. */
export const pageLimit = (defaultValue: number) =>
  yup
    .number()
    .typeError('limit must be a number')
    .integer('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(defaultValue);

/** The dates a date field takes: none before the firm's records, none past any plan. */
export const MIN_DATE = '1990-01-01';
export const MAX_DATE = '2100-12-31';
export const DATE_RANGE_MESSAGE = 'Enter a date from 1990 to 2100';

/** A calendar date (YYYY-MM-DD, Asia/Kolkata) from 1990 to 2100, or null. */
export const optionalDate = () =>
  yup
    .string()
    .typeError('Must be a date')
    .nullable()
    .transform((value: unknown) => (value === '' ? null : value))
    .matches(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
    // Date.parse rolls 2026-02-31 over into March; a real date survives the round trip.
    .test('date', 'Enter a real date', (value) => {
      if (!value) return true;
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    })
    // Only what is written: an item stored before the range still reads.
    .test('date-range', DATE_RANGE_MESSAGE, function dateInRange(value) {
      return !value || isStoredRead(this.options.context) || (value >= MIN_DATE && value <= MAX_DATE);
    })
    .default(null);

/** An optional email address; blank is allowed. */
export const email = () => text().max(254, 'Email address is too long').email('Enter a valid email address').default('');

/** What a link field takes besides an absolute https address. */
export interface WebAddressRule {
  /** An http address too (a firm's own website may have no TLS). */
  http?: boolean;
  /** A path on this site ('/images/logo.svg', an uploaded file), never '//host' or a backslash. */
  sitePath?: boolean;
}

/** A path on this site: one leading '/' and path characters only (no '//', which is another host; no backslash). */
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9._~%/-]*$/;
/** After the scheme: a host name (letters, digits, hyphens, dots; no user:password@), an optional port, then a path, query or fragment. */
const HOST_AND_REST = String.raw`\/\/[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.?(?::\d{1,5})?(?:[/?#][^\s"'<>\\]*)?$`;
const HTTPS_ADDRESS = new RegExp(`^https:${HOST_AND_REST}`, 'iu');
const HTTP_ADDRESS = new RegExp(`^https?:${HOST_AND_REST}`, 'iu');

/**
 * Whether `value` is an address a page may link to or load: an absolute https
 * address with a host name (http too with `rule.http`), or with `rule.sitePath`
 * a path on this site. Every other scheme (javascript:, data:, vbscript:) and
 * every address without one is refused.
 */
export function isWebAddress(value: string, { http = false, sitePath = false }: WebAddressRule = {}): boolean {
  return (sitePath && SITE_PATH.test(value)) || (http ? HTTP_ADDRESS : HTTPS_ADDRESS).test(value);
}

/** The message of a link field that refuses an address (isWebAddress), e.g. 'Must be an https:// link'. */
export function webAddressMessage({ http = false, sitePath = false }: WebAddressRule = {}): string {
  return `Must be ${http ? 'an http:// or https:// link' : 'an https:// link'}${sitePath ? ' or a path on this site (e.g. /images/logo.svg)' : ''}`;
}

/** Accepts any capitalisation of a list value ('website' is 'Website'). */
export const oneOfList = <T extends string>(list: readonly T[], message: string) =>
  yup
    .mixed<T>()
    .transform((value: unknown) => {
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      return list.find((item) => item.toLowerCase() === trimmed.toLowerCase()) ?? trimmed;
    })
    .oneOf([...list], message);

/**
 * ₹1,000 crore: the most any money value may be (quote rows and totals,
 * transaction amounts and GST, project budgets). Well inside what a number
 * holds to the paisa and what DynamoDB stores.
 */
export const MAX_MONEY = 10_000_000_000;
/** MAX_MONEY as messages say it. */
export const MAX_MONEY_TEXT = '₹1,000 crore';

/**
 * The test of a money field: at most MAX_MONEY. It bounds what is written; an
 * item stored before the bound (STORED_PARSE_OPTIONS) still reads.
 */
export const atMostMoney = (message: string): yup.TestConfig<number | null | undefined> => ({
  name: 'max-money',
  message,
  test(value) {
    return value === undefined || value === null || isStoredRead(this.options.context) || !(value > MAX_MONEY);
  },
});

/** Rupees as typed ('5,00,000', '₹1250.50' or a number); null when blank, NaN when not an amount. */
export function parseRupees(original: unknown): number | null {
  if (original === '' || original === null || original === undefined) return null;
  if (typeof original === 'number') return original;
  if (typeof original === 'string') {
    const cleaned = original.replace(/[,₹\s]/g, '');
    return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
  }
  return Number.NaN;
}

/** Rupees with up to two decimals, from 0. */
export const rupees = (label: string) =>
  yup
    .number()
    .typeError(`${label} must be an amount in rupees (up to two decimals)`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000_000_000, `${label} is too large`);

/** SPEC.md 5 for money fields: 'a decimal or null'. Blank is null; '12,50,000.50' is 1250000.5. */
export const rupeesOrNull = (label: string) =>
  rupees(label)
    .transform((_value: unknown, original: unknown) => parseRupees(original))
    .nullable()
    .default(null);

/** A required phone number: 10 to 15 digits with the usual separators. */
export const phoneNumber = (requiredMessage = 'Phone number is required') =>
  text()
    .required(requiredMessage)
    .max(20, 'Phone number is too long (20 characters at most)')
    .test('phone', 'Enter a valid phone number (at least 10 digits)', (value) => !value || isValidPhone(value));

const phone = phoneNumber();

const optionalEmail = text()
  .max(254, 'Email address is too long')
  .email('Enter a valid email address')
  .default('');

/** Hidden form field a person never fills in; bots do. */
export const HONEYPOT_FIELD = 'website';
// Plain trimmed text: a bot's garbage here is refused quietly by the route, never with a message naming the field.
const honeypot = yup
  .string()
  .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value))
  .max(2000)
  .default('');

/**
 * The token a public form gets when it is shown (GET /api/form-token): the
 * server's own issue time under its MAC, so the server measures how long the
 * form took to fill in by its own clock. Optional here: a form whose token
 * fetch failed is still sent (and kept, flagged). Anything that is not text is
 * treated as none (so is text over 200 characters). What the client once measured itself (elapsedMs) is no
 * longer read: like any unknown field, it is dropped.
 */
export const FORM_TOKEN_FIELD = 'formToken';
/** A form sent sooner than this after it was shown was not filled in by a person: stored as spam, answered as usual. */
export const MIN_FILL_MS = 3_000;
const formToken = yup
  .string()
  // Never a message: a bot's garbage here is simply no token (the submission is kept, flagged).
  .transform((value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : undefined))
  .optional();

/** The label of the website forms' WhatsApp consent box (issue 26), word for word. */
export const WHATSAPP_CONSENT_LABEL = 'Send me updates on WhatsApp';
/**
 * The visitor's yes to WhatsApp updates: optional, unticked by default, a true/false only (text such
 * as 'yes' or an object is refused with a message, never read as a yes).
 */
const whatsappConsent = yup
  .boolean()
  .transform((_value: unknown, original: unknown) => (original === undefined || original === null || typeof original === 'boolean' ? (original ?? undefined) : Number.NaN))
  .typeError('WhatsApp updates must be true or false')
  .default(false);

export const calculatorSchema = yup.object({
  bhk: yup
    .mixed<PropertyType>()
    .oneOf([...PROPERTY_TYPES], 'Choose a property type')
    .required('Property type is required'),
  area: yup
    .number()
    // An empty input (the form starts empty) is a missing area, not a wrong one.
    .transform((value: unknown, original: unknown) => (original === '' ? undefined : value))
    .typeError('Carpet area must be a number')
    .required('Carpet area is required')
    .min(100, 'Carpet area must be at least 100 sq ft')
    .max(100000, 'Carpet area must be at most 1,00,000 sq ft'),
  material: yup
    .mixed<Material>()
    .oneOf([...MATERIALS], 'Choose a material preference')
    .required('Material preference is required'),
  rooms: yup
    .mixed<RoomScope>()
    .oneOf([...ROOM_SCOPES], 'Choose the rooms to design')
    .required('Rooms to design is required'),
  name: text().required('Full name is required').max(100, 'Full name is too long'),
  phone,
  email: optionalEmail,
  city: text().required('City is required').max(100, 'City is too long'),
  whatsappConsent,
  [HONEYPOT_FIELD]: honeypot,
  [FORM_TOKEN_FIELD]: formToken,
});
export type CalculatorInput = yup.InferType<typeof calculatorSchema>;

export const contactSchema = yup.object({
  firstName: text().required('First name is required').max(60, 'First name is too long'),
  lastName: text().required('Last name is required').max(60, 'Last name is too long'),
  email: text()
    .required('Email address is required')
    .max(254, 'Email address is too long')
    .email('Enter a valid email address'),
  phone,
  projectType: yup
    .mixed<ContactProjectType | ''>()
    .oneOf(['', ...CONTACT_PROJECT_TYPES], 'Choose a project type')
    .default(''),
  message: multilineText().max(5000, 'Message is too long (5000 characters at most)').default(''),
  whatsappConsent,
  [HONEYPOT_FIELD]: honeypot,
  [FORM_TOKEN_FIELD]: formToken,
});
export type ContactInput = yup.InferType<typeof contactSchema>;

/** The version an edit started from: a stale one is refused with 409. */
export const expectedVersion = () =>
  yup.number().typeError('version must be a number').integer().min(1).required('version is required');

/** What every stored entity carries besides its fields (its stored-shape schema adds these). */
export const storedFields = {
  id: yup.string().required(),
  createdAt: yup.string().required(),
  updatedAt: yup.string().required(),
  version: yup.number().integer().min(1).required(),
};

/**
 * A form's values for a schema's fields: what the inputs hold. Choices stay
 * their type (or '' for none chosen), switches stay booleans, everything else
 * is text (numbers as typed, lists one item a line, null as '').
 */
export type FormValues<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends boolean
    ? boolean
    : NonNullable<T[K]> extends string
      ? string extends NonNullable<T[K]>
        ? string
        : NonNullable<T[K]> | ''
      : string;
};

/** How a stored value shows in an input (see FormValues); `formatNumber` for amounts shown grouped. */
function toInputValue(value: unknown, formatNumber: (value: number) => string): unknown {
  if (typeof value === 'boolean') return value;
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join('\n');
  if (typeof value === 'number') return formatNumber(value);
  return String(value);
}

/**
 * The form values of `from` (an entity being edited) or, without it, of a
 * new one: the schema's defaults. Written once per schema instead of a
 * hand-kept values type, defaults object and mapper per form.
 */
export function formValuesOf<S extends yup.AnyObjectSchema>(
  schema: S,
  from?: Partial<yup.InferType<S>>,
  formatNumber: (value: number) => string = String,
): FormValues<yup.InferType<S>> {
  const defaults: Record<string, unknown> = schema.getDefault();
  const source: Record<string, unknown> = from ?? {};
  const values: Record<string, unknown> = {};
  for (const name of Object.keys(schema.fields)) {
    values[name] = toInputValue(name in source ? source[name] : defaults[name], formatNumber);
  }
  return values as FormValues<yup.InferType<S>>;
}
