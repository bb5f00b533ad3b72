import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { compareQuotations, lowMarginOf, newRow, priceLookupOf, shareUrl, toQuotationInput, withItem, withUsageArea, newQuotationValues } from './model';
import { quotationFixtures, revisionFixture } from './test-fixtures';

describe('quotation model', () => {
  it('clears the row as SPEC.md 4 says: usage area clears item, finish, brand and price; item clears finish, brand and price and sets its unit', () => {
    const row = { ...newRow(), usageArea: 'Kitchen', item: 'Loft', unit: 'R.ft', finishType: 'Laminate', brand: 'Century', unitPrice: '900', costPrice: 600, length: '12' };
    expect(withUsageArea(row, 'Dining')).toMatchObject({ usageArea: 'Dining', item: '', finishType: '', brand: '', unitPrice: '', costPrice: null, unit: 'R.ft', length: '12' });
    expect(withItem(row, 'Chimney', 'QTY')).toMatchObject({ item: 'Chimney', unit: 'QTY', finishType: '', brand: '', unitPrice: '', costPrice: null });
    expect(priceLookupOf({ usageArea: 'Kitchen', item: 'Loft', finishType: '', brand: 'Century' })).toBeNull();
  });

  it('sends numbers as the schema reads them, blanks defaulted, without cost prices', () => {
    const values = newQuotationValues('2026-11-22', 30, undefined, { name: 'A', phone: '9849012345' });
    values.rows[0] = { ...values.rows[0]!, length: '10', width: '', quantity: '', unitPrice: '1,250.50' };
    values.discount = '';
    const input = toQuotationInput(values);
    expect(values.validUntil).toBe('2026-12-22');
    expect(input.discount).toBe(0);
    expect(input.rows[0]).toMatchObject({ length: 10, width: null, quantity: 1, unitPrice: 1250.5 });
    expect(input.rows[0]).not.toHaveProperty('costPrice');
  });

  it('links to the public site from an admin host', () => {
    expect(shareUrl('https://admin.kaveri.in', '/q/abc')).toBe('https://kaveri.in/q/abc');
    expect(shareUrl('http://127.0.0.1:5173', '/q/abc')).toBe('http://127.0.0.1:5173/q/abc');
  });

  it('reads the margin guard out of a 409 and nothing else', () => {
    expect(lowMarginOf(new ApiError(409, '409', { error: 'low', lowMargin: { marginPercent: 12.5, threshold: 20 } } as never))).toEqual({ marginPercent: 12.5, threshold: 20 });
    expect(lowMarginOf(new ApiError(409, '409', { error: 'stale' }))).toBeUndefined();
  });

  it('compares a kept version with the current one: details, rows added, removed and changed, totals', () => {
    const comparison = compareQuotations(revisionFixture.quotation, quotationFixtures[0]!);
    expect(comparison.details).toEqual([{ label: 'Phone', before: '+91 98490 00000', after: '+91 98490 12345' }]);
    expect(comparison.added).toEqual(['Kitchen: Loft']);
    expect(comparison.removed).toEqual(['Kitchen: Chimney']);
    expect(comparison.changed).toEqual([
      {
        label: 'Kitchen: Base cabinet',
        changes: [
          { label: 'Unit price', before: '₹1,300', after: '₹1,450' },
          { label: 'Total', before: '₹26,000', after: '₹29,000' },
        ],
      },
    ]);
    expect(comparison.totals.map((change) => change.label)).toEqual(['Subtotal', 'Discount (%)', 'Discount amount', 'Grand total']);
  });
});
