import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENT_PLAN, paymentTermsLine, quotationTax, withPlanTerms } from './quotation-terms';
import {
  DEFAULT_QUOTATION_NOTES,
  dimensionsText,
  effectiveStatus,
  fiscalYearOf,
  formatQuotationNumber,
  publicQuotationOf,
  quotationCreateSchema,
  quotationMargin,
  quotationPrefix,
  quotationTotals,
  rowTotal,
  rowsByUsageArea,
  unitHasLength,
  unitHasWidth,
  type Quotation,
} from './quotations';

const measure = (unit: string, length: number | null, width: number | null, quantity: number, unitPrice: number) => ({ unit, length, width, quantity, unitPrice });

describe('row totals and quotation totals (SPEC.md 9)', () => {
  it('multiplies by length and width for sq.ft, by length for R.ft, by quantity alone otherwise', () => {
    expect(rowTotal(measure('sq.ft', 10, 8, 2, 1450))).toBe(232_000);
    expect(rowTotal(measure('R.ft', 12.5, 99, 2, 800))).toBe(20_000);
    expect(rowTotal(measure('QTY', 9, 9, 3, 2499.5))).toBe(7_498.5);
    expect(rowTotal(measure('LumpSum', null, null, 1, 15_000))).toBe(15_000);
    // A missing length or width is 0.
    expect(rowTotal(measure('sq.ft', 10, null, 1, 100))).toBe(0);
  });

  it('takes the discount percent off the subtotal, to the paisa', () => {
    const rows = [measure('sq.ft', 10, 7.5, 2, 1450), measure('QTY', null, null, 3, 2499.5)];
    expect(quotationTotals(rows, 7.5)).toEqual({ subtotal: 224_998.5, discountAmount: 16_874.89, grandTotal: 208_123.61 });
    expect(quotationTotals(rows, 0).grandTotal).toBe(224_998.5);
    expect(quotationTotals(rows, 100).grandTotal).toBe(0);
  });

  it('shows length for sq.ft and R.ft, width for sq.ft only', () => {
    expect([unitHasLength('sq.ft'), unitHasLength('R.ft'), unitHasLength('QTY')]).toEqual([true, true, false]);
    expect([unitHasWidth('sq.ft'), unitHasWidth('R.ft'), unitHasWidth('Sheet')]).toEqual([true, false, false]);
    expect([dimensionsText(measure('sq.ft', 10, 7.5, 1, 1)), dimensionsText(measure('R.ft', 12, null, 1, 1)), dimensionsText(measure('SETS', null, null, 1, 1))]).toEqual([
      '10 x 7.5 ft',
      '12 ft',
      '',
    ]);
  });
});

describe('cost and margin', () => {
  it('counts only the rows with a cost price, after the discount', () => {
    const rows = [
      { ...measure('QTY', null, null, 2, 1000), costPrice: 700 },
      { ...measure('QTY', null, null, 1, 500), costPrice: null },
    ];
    expect(quotationMargin(rows, 0)).toEqual({ costTotal: 1400, marginPercent: 30, uncostedRows: 1 });
    // 10% off: revenue 1800, cost 1400: 22.2%.
    expect(quotationMargin(rows, 10).marginPercent).toBe(22.2);
    expect(quotationMargin([{ ...measure('QTY', null, null, 1, 500), costPrice: null }], 0).marginPercent).toBeNull();
  });
});

describe('numbers and fiscal years', () => {
  it('prefixes with the company initials and numbers per fiscal year', () => {
    expect(quotationPrefix('Kaveri Design Studio')).toBe('KDS');
    expect(quotationPrefix('studio 9 — interiors & more')).toBe('SIM');
    expect(quotationPrefix('42')).toBe('Q');
    expect(formatQuotationNumber('KDS', '2026-27', 42)).toBe('KDS/2026-27/0042');
    expect(fiscalYearOf('04-01', '2026-11-22')).toBe('2026-27');
    expect(fiscalYearOf('04-01', '2027-03-31')).toBe('2026-27');
    expect(fiscalYearOf('04-01', '2027-04-01')).toBe('2027-28');
    expect(fiscalYearOf('01-01', '2026-06-30')).toBe('2026');
    expect(fiscalYearOf('07-15', '2026-07-14')).toBe('2025-26');
  });

  it('shows a draft or sent quote past its date as expired', () => {
    expect(effectiveStatus({ status: 'sent', validUntil: '2026-11-21' }, '2026-11-22')).toBe('expired');
    expect(effectiveStatus({ status: 'draft', validUntil: '2026-11-22' }, '2026-11-22')).toBe('draft');
    expect(effectiveStatus({ status: 'approved', validUntil: '2026-01-01' }, '2026-11-22')).toBe('approved');
  });
});

describe('the schema and the client view', () => {
  it('fills the SPEC.md 9 defaults: a row of sq.ft and quantity 1, the terms in the notes, draft', () => {
    const input = quotationCreateSchema.validateSync({ clientDetails: { name: 'Meera', phone: '9876543210' }, rows: [{}] });
    expect(input.rows[0]).toMatchObject({ unit: 'sq.ft', quantity: 1, unitPrice: 0, length: null });
    expect([input.status, input.discount, input.notes]).toEqual(['draft', 0, DEFAULT_QUOTATION_NOTES]);
    // Issue 25: the payment term is the plan the project bills by (SPEC.md 9's stages), not 20/40/40.
    expect(DEFAULT_QUOTATION_NOTES).toContain('Payments: 20% Advance, 30% Design Approval, 30% Material Procurement, 15% Work Completion, 5% Final Handover.');
    expect(DEFAULT_QUOTATION_NOTES).not.toContain('40%');
  });

  it('leaves cost, margin, ids and the token out of what the client sees, and groups rows by usage area', () => {
    const quote = {
      id: 'q1',
      quotationNumber: 'KDS/2026-27/0001',
      title: '',
      quotationDate: '2026-11-22',
      validUntil: '2026-12-22',
      status: 'sent',
      clientDetails: { name: 'Meera', phone: '9876543210', address: '', email: '', projectType: '', siteAddress: '', community: '' },
      rows: [
        { id: 'r1', usageArea: 'Kitchen', item: 'Base unit', unit: 'R.ft', finishType: '', brand: '', length: 10, width: null, quantity: 1, unitPrice: 2000, remarks: '', total: 20_000, costPrice: 1400 },
        { id: 'r2', usageArea: 'Living', item: 'TV unit', unit: 'QTY', finishType: '', brand: '', length: null, width: null, quantity: 1, unitPrice: 5000, remarks: '', total: 5000, costPrice: null },
        { id: 'r3', usageArea: 'Kitchen', item: 'Wall unit', unit: 'QTY', finishType: '', brand: '', length: null, width: null, quantity: 1, unitPrice: 1000, remarks: '', total: 1000, costPrice: 600 },
      ],
      subtotal: 26_000,
      discount: 0,
      discountAmount: 0,
      grandTotal: 26_000,
      costTotal: 2000,
      marginPercent: 30,
      notes: '',
      responses: [{ action: 'changes_requested', name: 'Meera', comment: 'Cheaper', at: 'now', ip: '203.0.113.9' }],
      shareToken: 'secret',
    } as unknown as Quotation;
    const company = { companyName: 'K', companyAddress: '', companyPhone: '', companyEmail: '', gstNumber: '', companyLogo: '' };
    const issue = (letterhead: typeof company) => ({ company: letterhead, taxRate: 18, paymentPlan: [...DEFAULT_PAYMENT_PLAN] });
    const view = publicQuotationOf(quote, '2026-11-22', issue(company));
    const text = JSON.stringify(view);
    for (const secret of ['costPrice', 'costTotal', 'marginPercent', 'secret', '203.0.113.9', '"q1"']) expect(text).not.toContain(secret);
    expect(view.response).toEqual({ action: 'changes_requested', name: 'Meera', comment: 'Cheaper', at: 'now' });
    // The letterhead: Settings > Company's fields a quote shows (the tax number too, '' when a setting kept none), nothing else.
    expect(view.company).toEqual({ ...company, taxNumber: '' });
    const settingsCompany = { ...company, taxNumber: 'ABCDE1234F', companyWebsite: 'https://k.example', social: {} };
    expect(publicQuotationOf(quote, '2026-11-22', issue(settingsCompany)).company).toEqual({ ...company, taxNumber: 'ABCDE1234F' });
    expect(rowsByUsageArea(view.rows).map((group) => [group.usageArea, group.rows.map((r) => r.id)])).toEqual([
      ['Kitchen', ['r1', 'r3']],
      ['Living', ['r2']],
    ]);
  });
});

describe('GST and the payment terms on a quote (issue 25)', () => {
  it('adds GST at the rate to the grand total, to the paisa', () => {
    expect(quotationTax(391_685, 18)).toEqual({ taxRate: 18, taxAmount: 70_503.3, totalWithTax: 462_188.3 });
    expect(quotationTax(1000.55, 18)).toEqual({ taxRate: 18, taxAmount: 180.1, totalWithTax: 1180.65 });
    expect(quotationTax(1000, 0)).toEqual({ taxRate: 0, taxAmount: 0, totalWithTax: 1000 });
    expect(quotationTax(1000, 12.5).totalWithTax).toBe(1125);
  });

  it("writes the plan into the notes' payment term, keeping its number, or adds it", () => {
    const plan = [
      { name: 'Booking', percent: 10 },
      { name: 'Handover', percent: 90 },
    ];
    expect(paymentTermsLine(DEFAULT_PAYMENT_PLAN)).toBe('Payments: 20% Advance, 30% Design Approval, 30% Material Procurement, 15% Work Completion, 5% Final Handover.');
    // A quote kept with SPEC.md's old 20/40/40 line prints its plan instead.
    const old = '1. Design freeze in 31 days.\n5. Payments: 20% at booking, 40% pre-production, 40% post-production.\n6. No refund.';
    expect(withPlanTerms(old, plan)).toBe('1. Design freeze in 31 days.\n5. Payments: 10% Booking, 90% Handover.\n6. No refund.');
    expect(withPlanTerms('Valid for 30 days.', plan)).toBe('Valid for 30 days.\nPayments: 10% Booking, 90% Handover.');
    expect(withPlanTerms('', plan)).toBe('Payments: 10% Booking, 90% Handover.');
  });

  it("shows the client GST, the plan and the plan's term from the quote's issue", () => {
    const quote = {
      quotationNumber: 'KDS/2026-27/0002', title: '', quotationDate: '2026-11-22', validUntil: '2026-12-22', status: 'sent', rows: [],
      clientDetails: { name: 'Meera', phone: '9876543210', address: '', email: '', projectType: '', siteAddress: '', community: '' },
      subtotal: 1000, discount: 0, discountAmount: 0, grandTotal: 1000, notes: DEFAULT_QUOTATION_NOTES, responses: [], version: 3, revisedAt: null, variation: null,
    } as unknown as Quotation;
    const company = { companyName: 'K', companyAddress: '', companyPhone: '', companyEmail: '', gstNumber: '', companyLogo: '' };
    const view = publicQuotationOf(quote, '2026-11-22', { company, taxRate: 18, paymentPlan: [{ name: 'All', percent: 100 }] });
    expect([view.taxRate, view.taxAmount, view.totalWithTax, view.paymentPlan]).toEqual([18, 180, 1180, [{ name: 'All', percent: 100 }]]);
    expect(view.notes).toContain('5. Payments: 100% All.');
    expect(view.notes).not.toContain('20% Advance');
  });
});

describe('a priced row without the dimension its unit needs (issue 25)', () => {
  const rowOf = (fields: Record<string, unknown>) => ({ clientDetails: { name: 'Meera', phone: '9876543210' }, rows: [{ item: 'Wardrobe', unitPrice: 1350, ...fields }] });
  const errorsOf = (fields: Record<string, unknown>) => {
    try {
      quotationCreateSchema.validateSync(rowOf(fields), { abortEarly: false });
      return [];
    } catch (error) {
      return (error as { inner: { path: string; message: string }[] }).inner.map((inner) => [inner.path, inner.message]);
    }
  };

  it('refuses a sq.ft row without a width and an R.ft row without a length, with a message on the field', () => {
    expect(errorsOf({ unit: 'sq.ft', length: 8, width: null })).toEqual([['rows[0].width', 'Enter the width: a sq.ft row without it totals ₹0']]);
    expect(errorsOf({ unit: 'sq.ft', length: null, width: 7 })).toEqual([['rows[0].length', 'Enter the length: a sq.ft row without it totals ₹0']]);
    expect(errorsOf({ unit: 'R.ft', length: 0 })).toEqual([['rows[0].length', 'Enter the length: a R.ft row without it totals ₹0']]);
  });

  it('takes measured rows, rows of other units and unpriced rows', () => {
    expect(errorsOf({ unit: 'sq.ft', length: 8, width: 7 })).toEqual([]);
    expect(errorsOf({ unit: 'R.ft', length: 12, width: null })).toEqual([]);
    expect(errorsOf({ unit: 'QTY', length: null, width: null })).toEqual([]);
    expect(errorsOf({ unit: 'sq.ft', length: null, width: null, unitPrice: 0 })).toEqual([]);
  });
});
