import { expect, it } from 'vitest';
import * as yup from 'yup';
import { TEXT_NOT_ALLOWED, TEXT_ONE_LINE, fieldMessages } from './forms';

/**
 * Helpers for the schema unit tests (*.test.ts beside each schema): a schema
 * is validated as the API validates it (functions/src/lib/http.ts), and a
 * table row names one field, one input and the exact outcome.
 */

/**
 * The API's options: every error at once, unknown keys dropped. Without the
 * API's context (API_INPUT_CONTEXT: fields built with jsonNumber take only a
 * JSON number in a request's body), so a table's typed text ('1,25,000.50')
 * is the form's reading; functions/test checks what a request may send.
 */
export const API_VALIDATE_OPTIONS = { abortEarly: false, stripUnknown: true } as const;

export interface Validation {
  /** The cleaned value; undefined when refused. */
  value: unknown;
  /** One message per field path ('_' for the whole value), as the form shows them; {} when accepted. */
  errors: Record<string, string>;
}

export async function validate(schema: yup.ISchema<unknown>, input: unknown): Promise<Validation> {
  try {
    return { value: await schema.validate(input, API_VALIDATE_OPTIONS), errors: {} };
  } catch (error) {
    if (error instanceof yup.ValidationError) return { value: undefined, errors: fieldMessages(error) };
    throw error;
  }
}

/** A string of exactly `length` characters (a valid one for most text fields). */
export const chars = (length: number, char = 'x') => char.repeat(length);

/** An email address of exactly `length` characters. */
export const emailOfLength = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

/** `field: input` for a test title, long strings shortened to their length. */
function show(input: unknown): string {
  if (typeof input === 'string') return input.length > 40 ? `<${input.length} chars>` : JSON.stringify(input);
  if (Array.isArray(input) && input.length > 5) return `<list of ${input.length}>`;
  if (input === undefined) return '(missing)';
  return JSON.stringify(input);
}

/** [field, input, cleaned]: the field accepts the input and the schema cleans it into `cleaned`. */
export type Accepts = readonly [field: string, input: unknown, cleaned: unknown];
/** [field, input, message, path?]: the only error is `message`, at `path` (default: the field). */
export type Refuses = readonly [field: string, input: unknown, message: string, path?: string];

/** Rows with a readable title first, for it.each(...)('%s', ...). */
export function titled<Row extends readonly [string, unknown, ...unknown[]]>(rows: readonly Row[]): [string, ...Row][] {
  return rows.map((row) => [`${row[0]} = ${show(row[1])}`, ...row] as [string, ...Row]);
}

function withField(base: Record<string, unknown>, path: string, input: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const copy = { ...base };
  if (rest.length > 0) {
    copy[head] = withField((base[head] ?? {}) as Record<string, unknown>, rest.join('.'), input);
  } else if (input === undefined) {
    delete copy[head];
  } else {
    copy[head] = input;
  }
  return copy;
}

function fieldOf(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((object, key) => (object as Record<string, unknown> | undefined)?.[key], value);
}

/**
 * Checks one field of a schema against `valid` (a value the schema accepts):
 * the rest of the value stays valid, so any error is the field's.
 */
export function fieldRules(schema: yup.ISchema<unknown>, valid: Record<string, unknown>) {
  return {
    async accepts(field: string, input: unknown, cleaned: unknown) {
      const { value, errors } = await validate(schema, withField(valid, field, input));
      expect(errors).toEqual({});
      expect(fieldOf(value, field)).toEqual(cleaned);
    },
    async refuses(field: string, input: unknown, message: string, path = field) {
      const { errors } = await validate(schema, withField(valid, field, input));
      expect(errors).toEqual({ [path]: message });
    },
  };
}

/** Accepted and refused rows for one schema. */
export interface RuleRows {
  accepts: readonly Accepts[];
  refuses: readonly Refuses[];
}

/**
 * Declares one test per row: each accepted input is cleaned as the row says,
 * each refused one gets exactly its message. `valid` is a value the schema
 * accepts; `prefix` goes before each title ('with a project, ').
 */
export function testRows(schema: yup.ISchema<unknown>, valid: Record<string, unknown>, table: RuleRows, prefix = '') {
  const { accepts, refuses } = fieldRules(schema, valid);
  it.each(titled<Accepts>(table.accepts))(`${prefix}accepts %s`, (_title, field, input, cleaned) => accepts(field, input, cleaned));
  it.each(titled<Refuses>(table.refuses))(`${prefix}refuses %s`, (_title, field, input, message, path) => refuses(field, input, message, path));
}

/** Table rows of the rules most fields share. */
export const rows = {
  /** Exactly `max` characters pass (trimmed), one more is refused with `message`. */
  maxLength(field: string, max: number, message: string): { accepts: Accepts[]; refuses: Refuses[] } {
    return {
      accepts: [
        [field, chars(max), chars(max)],
        [field, `  ${chars(max)}  `, chars(max)],
      ],
      refuses: [[field, chars(max + 1), message]],
    };
  },

  /** Missing, blank and whitespace-only are all refused with `message`. */
  required(field: string, message: string): Refuses[] {
    return [
      [field, undefined, message],
      [field, '', message],
      [field, '   ', message],
    ];
  },

  /**
   * The shared free-text rule (forms.ts text and multilineText): NFC and
   * trimmed; control characters, ANSI escapes, bidi overrides and isolates
   * and lone surrogates refused; line breaks and tabs only where the field
   * is multi-line; text of only zero-width characters is blank, so it fails
   * `required` (with the field's own message) and is '' otherwise.
   */
  freeText(field: string, options: { multiline: boolean; required?: string }): { accepts: Accepts[]; refuses: Refuses[] } {
    const { multiline, required } = options;
    const invisible = '\u200B\u200C\u200D\uFEFF\u2060';
    return {
      accepts: [
        [field, ' Cafe\u0301 ', 'Caf\u00e9'],
        [field, `${invisible}Priya ${invisible}`, 'Priya'],
        [field, 'क्\u200Dष', 'क्\u200Dष'],
        [field, 'שלום \u200FHello', 'שלום \u200FHello'],
        [field, 'Tiles 😀', 'Tiles 😀'],
        ...(multiline
          ? ([
              [field, 'line one\r\nline two\tindented\rthree', 'line one\nline two\tindented\nthree'],
              [field, '\n  text  \n', 'text'],
            ] as Accepts[])
          : []),
        ...(required ? [] : ([[field, ` ${invisible} `, '']] as Accepts[])),
      ],
      refuses: [
        [field, 'a\u0000b', TEXT_NOT_ALLOWED],
        [field, '\u001b[31mred\u001b[0m', TEXT_NOT_ALLOWED],
        [field, 'bell\u0007', TEXT_NOT_ALLOWED],
        [field, 'del\u007f', TEXT_NOT_ALLOWED],
        [field, 'csi\u009b31m', TEXT_NOT_ALLOWED],
        [field, 'invoice\u202Efdp.exe', TEXT_NOT_ALLOWED],
        [field, '\u202Aembedded\u202C', TEXT_NOT_ALLOWED],
        [field, '\u2066isolated\u2069', TEXT_NOT_ALLOWED],
        [field, 'half \uD83D pair', TEXT_NOT_ALLOWED],
        [field, 'low \uDE00 half', TEXT_NOT_ALLOWED],
        ...(multiline
          ? ([[field, 'a\u000Bb', TEXT_NOT_ALLOWED]] as Refuses[])
          : ([
              [field, 'two\nlines', TEXT_ONE_LINE],
              [field, 'a\tb', TEXT_ONE_LINE],
              [field, 'a\r\nb', TEXT_NOT_ALLOWED],
            ] as Refuses[])),
        ...(required
          ? ([
              [field, invisible, required],
              [field, ` \u200B\n\u2060 `, required],
            ] as Refuses[])
          : []),
      ],
    };
  },

  /** A phone number: 10 to 15 digits with separators, at most 20 characters. */
  phone(field: string): { accepts: Accepts[]; refuses: Refuses[] } {
    return {
      accepts: [
        [field, '9848012345', '9848012345'],
        [field, ' +91 98480-12345 ', '+91 98480-12345'],
        [field, '(040) 2345-6789', '(040) 2345-6789'],
        [field, '123456789012345', '123456789012345'],
        [field, '98480-12345---------', '98480-12345---------'],
      ],
      refuses: [
        [field, '984801234', 'Enter a valid phone number (at least 10 digits)'],
        [field, '1234567890123456', 'Enter a valid phone number (at least 10 digits)'],
        [field, '98480abcde12', 'Enter a valid phone number (at least 10 digits)'],
        [field, '98480-12345----------', 'Phone number is too long (20 characters at most)'],
      ],
    };
  },

  /** An email address: trimmed, at most 254 characters. */
  email(field: string): { accepts: Accepts[]; refuses: Refuses[] } {
    return {
      accepts: [
        [field, ' priya@example.com ', 'priya@example.com'],
        [field, emailOfLength(254), emailOfLength(254)],
      ],
      refuses: [
        [field, 'priya@', 'Enter a valid email address'],
        [field, 'priya.example.com', 'Enter a valid email address'],
        [field, emailOfLength(255), 'Email address is too long'],
        [field, ['priya@example.com'], 'Must be text'],
      ],
    };
  },

  /** A calendar date YYYY-MM-DD or null (blank is null). */
  date(field: string): { accepts: Accepts[]; refuses: Refuses[] } {
    return {
      accepts: [
        [field, '2026-02-28', '2026-02-28'],
        [field, '2028-02-29', '2028-02-29'],
        [field, '', null],
        [field, null, null],
      ],
      refuses: [
        [field, '2026-02-30', 'Enter a real date'],
        [field, '2026-02-29', 'Enter a real date'],
        [field, '2026-13-01', 'Enter a real date'],
        [field, '2026-2-3', 'Enter a date as YYYY-MM-DD'],
        [field, '03/02/2026', 'Enter a date as YYYY-MM-DD'],
        [field, '2026-02-03T10:00:00Z', 'Enter a date as YYYY-MM-DD'],
      ],
    };
  },

  /** A field table for an update: the create rows plus the version every update carries. */
  versioned(fields: RuleRows): RuleRows {
    return { accepts: [...fields.accepts, ['version', 1, 1]], refuses: [...fields.refuses, ...rows.version()] };
  },

  /** The paging and search of a list query: `q` trimmed up to 100 characters, `limit` 1 to 100 (default `defaultLimit`), an opaque cursor. */
  listQuery(defaultLimit: number): RuleRows {
    return {
      accepts: [
        ['q', ' nair ', 'nair'],
        ['q', chars(100), chars(100)],
        ['limit', undefined, defaultLimit],
        ['limit', '1', 1],
        ['limit', '100', 100],
        ['cursor', chars(2048), chars(2048)],
      ],
      refuses: [
        ['q', chars(101), 'Search is too long'],
        ['limit', '0', 'limit must be at least 1'],
        ['limit', '101', 'limit must be at most 100'],
        ['limit', '2.5', 'limit must be a whole number'],
        ['cursor', chars(2049), 'cursor must be at most 2048 characters'],
      ],
    };
  },

  /** Optimistic locking: a whole version from 1, required. */
  version(): Refuses[] {
    return [
      ['version', undefined, 'version is required'],
      ['version', 'x', 'version must be a number'],
      ['version', 0, 'version must be greater than or equal to 1'],
      ['version', 1.5, 'version must be an integer'],
    ];
  },
};
