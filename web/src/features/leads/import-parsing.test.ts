import { BULK_IMPORT_MAX_ROWS } from '@app/shared-types/leads';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  importFileKind,
  parseCsvLeads,
  parsePastedLeads,
  parseSheetLeads,
  splitLine,
  type ImportParseResult,
} from './import-parsing';

function rowsOf(result: ImportParseResult) {
  if (!result.ok) throw new Error(`expected rows, got '${result.error}'`);
  return result.rows;
}

describe('parsePastedLeads', () => {
  it("answers 'Please enter lead data' for empty or blank text", () => {
    expect(parsePastedLeads('')).toEqual({ ok: false, error: 'Please enter lead data' });
    expect(parsePastedLeads('  \n\n \t ')).toEqual({ ok: false, error: 'Please enter lead data' });
  });

  it("rejects a line with fewer than four fields with 'Invalid format:' and the line", () => {
    const result = parsePastedLeads('Ravi, 9848012345, ravi@example.com, Website\nAnita, 9848012346, anita@example.com');
    expect(result).toEqual({ ok: false, error: 'Invalid format: Anita, 9848012346, anita@example.com' });
  });

  it('maps the fields in SPEC order and skips blank lines, keeping line numbers', () => {
    const rows = rowsOf(
      parsePastedLeads(
        'Ravi Kumar, 9848012345, ravi@example.com, Website, 500000, 3BHK, Gachibowli, Modular kitchen\n\nAnita, 9848012346, , Referral',
      ),
    );
    expect(rows).toEqual([
      {
        line: 1,
        row: {
          name: 'Ravi Kumar',
          phone: '9848012345',
          email: 'ravi@example.com',
          source: 'Website',
          budget: '500000',
          projectType: '3BHK',
          location: 'Gachibowli',
          requirements: 'Modular kitchen',
        },
      },
      {
        line: 3,
        row: {
          name: 'Anita',
          phone: '9848012346',
          email: '',
          source: 'Referral',
          budget: '',
          projectType: '',
          location: '',
          requirements: '',
        },
      },
    ]);
  });

  it('keeps commas inside quoted fields, with or without spaces around the quotes', () => {
    const [first] = rowsOf(
      parsePastedLeads('Ravi, 9848012345, ravi@example.com, Website, "5,00,000", 3BHK, "Flat 4, Road 2" , "Say ""hi"""'),
    );
    expect(first?.row).toMatchObject({ budget: '5,00,000', location: 'Flat 4, Road 2', requirements: 'Say "hi"' });
  });

  it('reads a first line starting with name as a header', () => {
    const rows = rowsOf(parsePastedLeads('Name, Phone, Source, Email\nRavi, 9848012345, Website, ravi@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ line: 2, row: { name: 'Ravi', phone: '9848012345', source: 'Website', email: 'ravi@example.com' } });
  });

  it(`refuses more than ${BULK_IMPORT_MAX_ROWS} rows`, () => {
    const text = Array.from({ length: BULK_IMPORT_MAX_ROWS + 1 }, (_, i) => `Lead ${i}, 98480${String(i).padStart(5, '0')}, , Website`).join('\n');
    expect(parsePastedLeads(text)).toEqual({
      ok: false,
      error: `Too many rows: ${BULK_IMPORT_MAX_ROWS + 1}. Import at most ${BULK_IMPORT_MAX_ROWS} leads at a time.`,
    });
  });
});

describe('parseCsvLeads', () => {
  it('maps columns by header names in any order and case, ignoring unknown columns', () => {
    const csv = 'NAME,Email,phone,Project Type,Notes,source\r\n"Kumar, Ravi",ravi@example.com,9848012345,Villa,call after 6,Instagram\r\n';
    expect(rowsOf(parseCsvLeads(csv))).toEqual([
      {
        line: 2,
        row: {
          name: 'Kumar, Ravi',
          phone: '9848012345',
          email: 'ravi@example.com',
          source: 'Instagram',
          budget: '',
          projectType: 'Villa',
          location: '',
          requirements: '',
        },
      },
    ]);
  });

  it('takes columns in SPEC order without a header, including quoted line breaks and a BOM', () => {
    const csv = '\uFEFFRavi,9848012345,ravi@example.com,Website,500000,3BHK,Kondapur,"Kitchen\nand wardrobes"\n';
    expect(rowsOf(parseCsvLeads(csv))[0]?.row).toMatchObject({
      name: 'Ravi',
      budget: '500000',
      requirements: 'Kitchen\nand wardrobes',
    });
  });

  it("answers 'Invalid format:' for a short record and 'Please enter lead data' for a header alone", () => {
    expect(parseCsvLeads('Ravi,9848012345,Website\n')).toEqual({ ok: false, error: 'Invalid format: Ravi, 9848012345, Website' });
    expect(parseCsvLeads('name,phone,email,source\n')).toEqual({ ok: false, error: 'Please enter lead data' });
    expect(parseCsvLeads('')).toEqual({ ok: false, error: 'Please enter lead data' });
  });
});

describe('parseSheetLeads', () => {
  it('turns numbers, dates and empty cells into text and detects the header', () => {
    const sheet = [
      ['name', 'phone', 'budget', 'source'],
      ['Ravi', 9848012345, 750000, 'Website'],
      [null, null, null, null],
      ['Anita', '9848012346', null, 'Referral'],
    ];
    expect(rowsOf(parseSheetLeads(sheet)).map(({ line, row }) => [line, row.name, row.phone, row.budget])).toEqual([
      [2, 'Ravi', '9848012345', '750000'],
      [4, 'Anita', '9848012346', ''],
    ]);
  });

  it('formats date cells as calendar dates', () => {
    expect(cellText(new Date('2025-03-04T00:00:00Z'))).toBe('2025-03-04');
    expect(cellText(true)).toBe('true');
  });
});

describe('helpers', () => {
  it('splits one line with papaparse', () => {
    expect(splitLine('a, "b, c", d')).toEqual(['a', 'b, c', ' d']);
  });

  it('knows csv and xlsx files by name', () => {
    expect(importFileKind('Leads.CSV')).toBe('csv');
    expect(importFileKind('leads.xlsx')).toBe('xlsx');
    expect(importFileKind('leads.xls')).toBeUndefined();
  });
});
