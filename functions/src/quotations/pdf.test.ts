import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { formatMoney } from '@app/shared-types/format';
import { DEFAULT_QUOTATION_NOTES, DEFAULT_QUOTATION_TERMS, quotationTotals, rowTotal, type PublicQuotation } from '@app/shared-types/quotations';
import { DEFAULT_PAYMENT_PLAN, paymentTermsLine, quotationTax, withPlanTerms } from '@app/shared-types/quotation-terms';
import { renderQuotationPdf, rupeesInWords } from './pdf';

type Row = PublicQuotation['rows'][number];

function row(id: number, usageArea: string, item: string, unit: string, measure: Partial<Row>): Row {
  const base = { id: `row-${id}`, usageArea, item, unit, finishType: '', brand: '', length: null, width: null, quantity: 1, unitPrice: 0, remarks: '', ...measure };
  return { ...base, total: rowTotal(base) };
}

function quoteOf(rows: Row[], discount: number, overrides: Partial<PublicQuotation> = {}, taxRate = 18): PublicQuotation {
  const totals = quotationTotals(rows, discount);
  return {
    quotationNumber: 'KDS/2026-27/0042',
    title: '3BHK interiors, Gachibowli',
    quotationDate: '2026-11-22',
    validUntil: '2026-12-22',
    status: 'sent',
    clientDetails: {
      name: 'Ananya Reddy',
      phone: '9876543210',
      email: 'ananya.reddy@example.com',
      address: 'Flat 402, Lake View Towers, Kondapur, Hyderabad 500084',
      projectType: '3BHK',
      siteAddress: 'Villa 12, My Home Avatar, Narsingi',
      community: 'My Home Avatar',
    },
    rows,
    discount,
    ...totals,
    ...quotationTax(totals.grandTotal, taxRate),
    paymentPlan: [...DEFAULT_PAYMENT_PLAN],
    variation: null,
    notes: withPlanTerms(DEFAULT_QUOTATION_NOTES, DEFAULT_PAYMENT_PLAN),
    response: null,
    version: 1,
    revisedAt: null,
    company: {
      companyName: 'Kaveri Design Studio',
      companyAddress: 'Plot 21, Road No. 36, Jubilee Hills, Hyderabad, Telangana 500033',
      companyPhone: '+91 40 2354 6789',
      companyEmail: 'hello@kaveri-studio.in',
      gstNumber: '36ABCDE1234F1Z5',
      taxNumber: 'ABCDE1234F',
      companyLogo: '/images/logo.svg',
    },
    ...overrides,
  };
}

/** A 3BHK quote: three usage areas, sq.ft, R.ft and QTY rows, ₹4,12,300 before a 5% discount. */
const realistic = quoteOf(
  [
    row(1, 'Kitchen', 'Modular base cabinets', 'sq.ft', { length: 12, width: 2.5, unitPrice: 1450, finishType: 'Acrylic gloss', brand: 'Hettich', remarks: 'Soft-close hinges and tandem drawers' }),
    row(2, 'Kitchen', 'Quartz countertop', 'R.ft', { length: 14, unitPrice: 2200, finishType: 'Polished', brand: 'Kalinga Stone' }),
    row(3, 'Kitchen', 'Chimney and hob', 'QTY', { quantity: 1, unitPrice: 21_060, brand: 'Elica' }),
    row(4, 'Master Bedroom', 'Sliding wardrobe', 'sq.ft', { length: 8, width: 7, unitPrice: 1650, finishType: 'Laminate matte', brand: 'Merino' }),
    row(5, 'Master Bedroom', 'King bed with hydraulic storage', 'QTY', { quantity: 1, unitPrice: 62_000 }),
    row(6, 'Master Bedroom', 'Cove lighting profile', 'R.ft', { length: 40, unitPrice: 325, brand: 'Philips' }),
    row(7, 'Living Room', 'TV unit with back panel', 'sq.ft', { length: 10, width: 8, unitPrice: 1325, finishType: 'Veneer', brand: 'Greenply' }),
    row(8, 'Living Room', 'False ceiling (gypsum)', 'sq.ft', { length: 18, width: 14, unitPrice: 120, brand: 'Saint-Gobain Gyproc' }),
    row(9, 'Living Room', 'Wall painting (premium emulsion)', 'sq.ft', { length: 35, width: 10, unitPrice: 38, brand: 'Asian Paints' }),
  ],
  5,
);

interface Extracted {
  pages: number;
  sizes: number[][];
  /** Each page's text, items joined as pdf.js reads them (runs of one line run together). */
  text: string[];
}

async function extract(pdf: Uint8Array): Promise<Extracted> {
  const doc = await getDocument({ data: pdf.slice(), verbosity: 0, isEvalSupported: false, useSystemFonts: false }).promise;
  const out: Extracted = { pages: doc.numPages, sizes: [], text: [] };
  for (let number = 1; number <= doc.numPages; number++) {
    const page = await doc.getPage(number);
    out.sizes.push(page.view);
    const content = await page.getTextContent();
    out.text.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  await doc.destroy();
  return out;
}

describe('renderQuotationPdf', () => {
  it('renders an A4 quotation with the client, the number, the dates, the rows by area, the rupee totals and the terms', async () => {
    expect(realistic.subtotal).toBe(412_300);
    const pdf = await renderQuotationPdf(realistic);
    expect(Buffer.from(pdf.subarray(0, 8)).toString('latin1')).toBe('%PDF-1.7');
    const { pages, sizes, text } = await extract(pdf);
    // Nine rows, the totals, the default terms and both signatures fit one page.
    expect(pages).toBe(1);
    expect(sizes[0]).toEqual([0, 0, 595.28, 841.89]);
    const all = text.join('\n');
    for (const expected of [
      'Kaveri Design Studio',
      // Settings > Company: the GST and tax numbers on the letterhead.
      'GSTIN: 36ABCDE1234F1Z5',
      'Tax No.: ABCDE1234F',
      'QUOTATION',
      'KDS/2026-27/0042',
      '22 November 2026',
      '22 December 2026',
      'Ananya Reddy',
      '9876543210',
      'Villa 12, My Home Avatar, Narsingi',
      'Kitchen',
      'Master Bedroom',
      'Living Room',
      'Modular base cabinets',
      'Finish: Acrylic gloss · Brand: Hettich',
      'Soft-close hinges and tandem drawers',
      '12 x 2.5 ft',
      '14 ft',
      '₹4,12,300',
      'Discount (5%)',
      `− ${formatMoney(realistic.discountAmount)}`,
      formatMoney(realistic.grandTotal),
      // GST at Settings' rate on top of the grand total, and the total with it (issue 25).
      'Total before GST',
      'GST at 18%',
      formatMoney(realistic.taxAmount),
      'Total incl. GST',
      formatMoney(realistic.totalWithTax),
      ...DEFAULT_QUOTATION_TERMS,
      // The payment term is the plan the project bills by, not 20/40/40.
      'Payments: 20% Advance, 30% Design Approval, 30% Material Procurement, 15% Work Completion, 5% Final Handover.',
      'For Kaveri Design Studio',
      'Authorised Signatory (Business Head)',
      'Client signature',
      'AMOUNT IN WORDS',
      `Page 1 of ${pages}`,
    ]) {
      expect(all, expected).toContain(expected);
    }
    expect(formatMoney(realistic.grandTotal)).toBe('₹3,91,685');
    expect([realistic.taxAmount, realistic.totalWithTax]).toEqual([70_503.3, 462_188.3]);
    // The amount in words is the total the client pays (it wraps over two lines).
    expect(all.replace(/\s+/g, ' ')).toContain(rupeesInWords(realistic.totalWithTax));
    expect(all).not.toContain('40% pre-production');
    // Usage areas in first-seen order, each heading before its rows.
    expect(all.indexOf('Kitchen')).toBeLessThan(all.indexOf('Quartz countertop'));
    expect(all.indexOf('Quartz countertop')).toBeLessThan(all.indexOf('Master Bedroom'));
    expect(all.indexOf('Sliding wardrobe')).toBeLessThan(all.indexOf('Living Room'));
    // A QTY row shows no dimensions: no 'ft' between the chimney and its amount.
    expect(all).not.toMatch(/Chimney and hob[^₹]*ft/);
  });

  it('leaves out a zero discount and blank client details', async () => {
    const quote = quoteOf(realistic.rows, 0, {});
    quote.clientDetails = { ...quote.clientDetails, email: '', community: '', siteAddress: '' };
    const text = (await extract(await renderQuotationPdf(quote))).text.join('\n');
    expect(text).not.toContain('Discount');
    expect(text).not.toContain('COMMUNITY');
    expect(text).not.toContain('EMAIL');
    expect(text).toContain('₹4,12,300');
  });

  it('gives the same bytes for the same quote, and is fast', async () => {
    const first = await renderQuotationPdf(realistic);
    const started = performance.now();
    const second = await renderQuotationPdf(realistic);
    expect(performance.now() - started).toBeLessThan(500);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(first.length).toBeLessThan(80_000);
  });

  it('flows a 40-row quote over several numbered pages, repeating the table header', async () => {
    const areas = ['Kitchen', 'Master Bedroom', 'Kids Bedroom', 'Living Room'];
    const rows = Array.from({ length: 40 }, (_, i) =>
      row(i + 1, areas[Math.floor(i / 10)]!, `Item ${i + 1}: modular storage unit with shutters and internal accessories`, ['sq.ft', 'R.ft', 'QTY'][i % 3]!, {
        length: 6 + (i % 5),
        width: 2 + (i % 3),
        quantity: 1 + (i % 2),
        unitPrice: 900 + i * 25,
        finishType: 'Laminate',
        brand: 'Hettich',
        remarks: i % 4 === 0 ? 'Includes installation, skirting and edge banding' : '',
      }),
    );
    const quote = quoteOf(rows, 2.5);
    const started = performance.now();
    const pdf = await renderQuotationPdf(quote);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(1000);
    const { pages, sizes, text } = await extract(pdf);
    expect(pages).toBeGreaterThanOrEqual(3);
    for (const size of sizes) expect(size).toEqual([0, 0, 595.28, 841.89]);
    text.forEach((pageText, i) => {
      expect(pageText).toContain(`Page ${i + 1} of ${pages}`);
      expect(pageText).toContain('KDS/2026-27/0042');
    });
    // Every page with rows repeats the column headings.
    const withRows = text.filter((pageText) => /Item \d+:/.test(pageText));
    expect(withRows.length).toBeGreaterThanOrEqual(2);
    for (const pageText of withRows) expect(pageText).toMatch(/#\s*ITEM\s*DIMENSIONS\s*UNIT\s*QTY\s*RATE\s*AMOUNT/);
    // All 40 rows, each exactly once, and the grand total on the last page with the signatures.
    const all = text.join('\n');
    for (let i = 1; i <= 40; i++) expect(all.split(`Item ${i}: `).length - 1, `row ${i}`).toBe(1);
    expect(all).toContain(formatMoney(quote.grandTotal));
    expect(text.at(-1)).toContain('Authorised Signatory (Business Head)');
    expect(all).toContain('(continued)');
  });

  it('survives hostile text: control characters, endless words, emoji and scripts the font lacks', async () => {
    const hostile = quoteOf(
      [
        row(1, 'Kitchen\u0000\u0007', `Cabinet\u0008 with\ttabs\r\nand ${'x'.repeat(600)}`, 'sq.ft', { length: 1, width: 1, unitPrice: 10, remarks: '👍🏽 Great 🏠 design — “quoted” ✓ 中文 తెలుగు हिंदी \u202Eevil\u202C \uFEFF' }),
        row(2, 'A'.repeat(400), '\u0000', 'QTY\u0000', { unitPrice: 99_999_999.99, quantity: 100_000, brand: '\uD800 lone surrogate', finishType: 'Ünïcödé Łódź Ærø' }),
      ],
      100,
      {
        title: '🏡'.repeat(50),
        notes: `${'Terms '.repeat(400)}\n\n\n${'Z'.repeat(3000)}\n\u0000\u001F end`,
        clientDetails: { name: '\u0000Ramesh 🙂\u0007', phone: '+91 98765 43210', email: '', address: 'Line one\nLine two\n\n\nLine five', projectType: 'Villa', siteAddress: '', community: '' },
        company: { companyName: '', companyAddress: '', companyPhone: '', companyEmail: '', gstNumber: '', companyLogo: '' },
        response: { action: 'approved', name: 'Ramesh 🙂', comment: '', at: '2026-11-23T10:00:00.000Z' },
      },
    );
    const pdf = await renderQuotationPdf(hostile);
    const { pages, text } = await extract(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    const all = text.join('\n');
    expect(all).toContain('Ramesh ?');
    expect(all).toContain('Great ? design — “quoted”');
    expect(all).toContain('Ünïcödé Łódź Ærø');
    expect(all).toContain('xxxxxxxxxx');
    expect(all).toContain('Approved online by Ramesh ? on 23 November 2026');
    expect(all).toContain('₹0');
    expect([...all].filter((char) => char !== '\n' && /[\p{Cc}\p{Cf}]/u.test(char))).toEqual([]);
  });

  it('prints no GST lines at a 0% rate, and the plan of a project with another plan (issue 25)', async () => {
    const plan = [
      { name: 'Booking', percent: 10 },
      { name: 'Production', percent: 60 },
      { name: 'Handover', percent: 30 },
    ];
    const quote = quoteOf(realistic.rows, 0, { paymentPlan: plan, notes: withPlanTerms(DEFAULT_QUOTATION_NOTES, plan) }, 0);
    const text = (await extract(await renderQuotationPdf(quote))).text.join('\n');
    expect(text).not.toContain('GST at');
    expect(text).toContain('Grand Total');
    expect(text).toContain(paymentTermsLine(plan));
    expect(text).not.toContain('20% Advance');
  });

  it('writes amounts in Indian words', () => {
    expect(rupeesInWords(412_300)).toBe('Rupees Four Lakh Twelve Thousand Three Hundred Only');
    expect(rupeesInWords(12_34_56_789.5)).toBe('Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine and Fifty Paise Only');
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
  });
});
