import Papa from 'papaparse';
import { BULK_IMPORT_MAX_ROWS, LEAD_IMPORT_COLUMNS, fieldsToRow, type LeadImportRow } from '@app/shared-types/leads';

/**
 * Turning pasted text, CSV and spreadsheet records into bulk-import rows.
 * Pure functions: the dialog reads the file, these decide what it holds. The
 * server validates every row; here only the shape of the input is checked.
 */

/** SPEC.md 5: the message for an empty paste (or a file without data). */
export const EMPTY_IMPORT_MESSAGE = 'Please enter lead data';
/** SPEC.md 5: a line with fewer fields than name, phone, email and source. */
export const MIN_IMPORT_FIELDS = 4;
/** The line format the paste box explains. */
export const IMPORT_LINE_FORMAT = 'name, phone, email, source, budget, project type, location, requirements';

/** 'Invalid format: <line>' (SPEC.md 5). */
export function invalidFormatMessage(line: string): string {
  return `Invalid format: ${line}`;
}

/** One row to import and the line of the input it came from (1-based), for messages. */
export interface ParsedImportRow {
  line: number;
  row: LeadImportRow;
}

export type ImportParseResult = { ok: true; rows: ParsedImportRow[] } | { ok: false; error: string };

/** Text of a spreadsheet or CSV cell: numbers as written, dates as YYYY-MM-DD, empty as ''. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function normaliseHeader(cell: string): string {
  return cell.replace(/[\s_-]/g, '').toLowerCase();
}

/** True when the first record is a header row: its first cell reads 'name' in any capitalisation. */
export function isHeaderRecord(record: readonly string[]): boolean {
  return (record[0] ?? '').trim().toLowerCase() === 'name';
}

/**
 * Column positions of a header row: each LEAD_IMPORT_COLUMNS field found in
 * the header (any case; 'Project Type' and 'project_type' match projectType).
 * Columns the import does not know are ignored.
 */
export function headerColumns(header: readonly string[]): Map<(typeof LEAD_IMPORT_COLUMNS)[number], number> {
  const columns = new Map<(typeof LEAD_IMPORT_COLUMNS)[number], number>();
  header.forEach((cell, index) => {
    const wanted = normaliseHeader(cell);
    const column = LEAD_IMPORT_COLUMNS.find((name) => name.toLowerCase() === wanted);
    if (column && !columns.has(column)) columns.set(column, index);
  });
  return columns;
}

function isBlank(record: readonly string[]): boolean {
  return record.every((cell) => cell.trim() === '');
}

function tooMany(count: number): string {
  return `Too many rows: ${count}. Import at most ${BULK_IMPORT_MAX_ROWS} leads at a time.`;
}

/**
 * Rows of a table of records (CSV records or spreadsheet rows). A first record
 * whose first cell is 'name' is a header: columns are then mapped by their
 * names; otherwise they are taken in SPEC.md order and every record needs at
 * least name, phone, email and source.
 */
export function recordsToRows(records: readonly (readonly string[])[]): ImportParseResult {
  const numbered = records
    .map((record, index) => ({ record: record.map((cell) => cell.trim()), line: index + 1 }))
    .filter(({ record }) => !isBlank(record));
  const first = numbered[0];
  if (!first) return { ok: false, error: EMPTY_IMPORT_MESSAGE };

  let rows: ParsedImportRow[];
  if (isHeaderRecord(first.record)) {
    const columns = headerColumns(first.record);
    rows = numbered.slice(1).map(({ record, line }) => {
      const row: Record<string, string> = {};
      for (const column of LEAD_IMPORT_COLUMNS) {
        const index = columns.get(column);
        row[column] = index === undefined ? '' : (record[index] ?? '');
      }
      return { line, row };
    });
  } else {
    const short = numbered.find(({ record }) => record.length < MIN_IMPORT_FIELDS);
    if (short) return { ok: false, error: invalidFormatMessage(short.record.join(', ')) };
    rows = numbered.map(({ record, line }) => ({ line, row: fieldsToRow(record) }));
  }

  if (rows.length === 0) return { ok: false, error: EMPTY_IMPORT_MESSAGE };
  if (rows.length > BULK_IMPORT_MAX_ROWS) return { ok: false, error: tooMany(rows.length) };
  return { ok: true, rows };
}

function isSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t';
}

/**
 * Drops the spaces people type around quoted fields ('a, "b, c" ,d'), which
 * CSV does not allow, so the quotes still group. Spaces inside quotes stay.
 */
function tightenQuotes(line: string): string {
  let out = '';
  let inQuotes = false;
  let fieldStart = true;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] ?? '';
    if (inQuotes) {
      out += char;
      if (char !== '"') continue;
      if (line[i + 1] === '"') {
        out += '"';
        i++;
        continue;
      }
      inQuotes = false;
      let next = i + 1;
      while (isSpace(line[next])) next++;
      if (line[next] === ',' || next >= line.length) i = next - 1;
      continue;
    }
    if (fieldStart && isSpace(char)) {
      let next = i;
      while (isSpace(line[next])) next++;
      if (line[next] === '"') {
        i = next - 1;
        continue;
      }
    }
    if (char === '"' && fieldStart) inQuotes = true;
    fieldStart = char === ',';
    out += char;
  }
  return out;
}

/** Fields of one comma-separated line; quoted fields may hold commas ("Flat 4, Road 2"). */
export function splitLine(line: string): string[] {
  const parsed = Papa.parse<string[]>(tightenQuotes(line), { delimiter: ',', skipEmptyLines: false });
  return parsed.data[0] ?? [];
}

/**
 * The Paste Data tab: one lead per non-empty line (SPEC.md 5). A line with
 * fewer than four fields is rejected with 'Invalid format: <line>' as typed.
 * A first line starting with 'name' is read as a header, as in a CSV file.
 */
export function parsePastedLeads(text: string): ImportParseResult {
  const lines = text
    .split(/\r\n|\n|\r/)
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== '');
  const first = lines[0];
  if (!first) return { ok: false, error: EMPTY_IMPORT_MESSAGE };

  const firstFields = splitLine(first.line);
  if (isHeaderRecord(firstFields)) {
    const records: string[][] = [];
    for (const { line } of lines) records.push(splitLine(line));
    return renumber(recordsToRows(records), lines.map(({ number }) => number));
  }

  const rows: ParsedImportRow[] = [];
  for (const { line, number } of lines) {
    const fields = splitLine(line);
    if (fields.length < MIN_IMPORT_FIELDS) return { ok: false, error: invalidFormatMessage(line) };
    rows.push({ line: number, row: fieldsToRow(fields) });
  }
  if (rows.length > BULK_IMPORT_MAX_ROWS) return { ok: false, error: tooMany(rows.length) };
  return { ok: true, rows };
}

/** Maps record positions back to the pasted text's own line numbers (blank lines included). */
function renumber(result: ImportParseResult, lineNumbers: readonly number[]): ImportParseResult {
  if (!result.ok) return result;
  return { ok: true, rows: result.rows.map(({ line, row }) => ({ line: lineNumbers[line - 1] ?? line, row })) };
}

/** A .csv file's text: RFC 4180 records (quoted fields, commas and line breaks inside quotes). */
export function parseCsvLeads(text: string): ImportParseResult {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  return recordsToRows(parsed.data);
}

/** Rows of the first sheet of an .xlsx file, as read-excel-file gives them. */
export function parseSheetLeads(sheet: readonly (readonly unknown[])[]): ImportParseResult {
  return recordsToRows(sheet.map((row) => row.map(cellText)));
}

export type ImportFileKind = 'csv' | 'xlsx';

/** Which reader a chosen file needs, by its name; undefined for anything else. */
export function importFileKind(fileName: string): ImportFileKind | undefined {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return undefined;
}
