import { describe, expect, it } from 'vitest';
import { addDays, exportHref, gstAt, parseFinanceTab, parseTransactionFilters, planTotal, signedAmount, stageOptions, toTransactionInput, newTransactionValues } from './model';

describe('finance model', () => {
  it('signs amounts: + for income and advance, - for expense and refund, in ₹ with Indian grouping and paise when there are any', () => {
    expect(signedAmount('income', 125000)).toBe('+₹1,25,000');
    expect(signedAmount('advance', 250000.5)).toBe('+₹2,50,000.50');
    expect(signedAmount('expense', 1234567.89)).toBe('-₹12,34,567.89');
    expect(signedAmount('refund', 1500)).toBe('-₹1,500');
  });

  it('reads the tab and the filters from the URL, dropping unknown values', () => {
    expect(parseFinanceTab(new URLSearchParams('tab=reports'))).toBe('reports');
    expect(parseFinanceTab(new URLSearchParams('tab=nope'))).toBe('transactions');
    expect(parseTransactionFilters(new URLSearchParams('type=refund&status=cancelled&projectId=p-1&q=teak'))).toEqual({ q: 'teak', type: '', status: '', projectId: 'p-1' });
    expect(parseTransactionFilters(new URLSearchParams('type=advance&status=failed&projectId=../x')).projectId).toBe('');
  });

  it('links the exports, the transactions one with the filters that are set', () => {
    expect(exportHref('transactions', { q: ' teak ', type: 'expense', status: '', projectId: 'p-1' })).toBe('/api/finance/export/transactions?q=teak&type=expense&projectId=p-1');
    expect(exportHref('vendors')).toBe('/api/finance/export/vendors');
  });

  it('fills GST at a rate from the amount as typed, and nothing for no amount', () => {
    expect(gstAt('1,25,000.50', 18)).toBe('22500.09');
    expect(gstAt('', 18)).toBe('');
    expect(gstAt('abc', 18)).toBe('');
  });

  it("offers 'None' and the plan's stages (the default plan without a project), keeping a stage no longer in the plan", () => {
    expect(stageOptions(undefined, 'none').map((option) => option.label)).toEqual(['None', 'Advance', 'Design Approval', 'Material Procurement', 'Work Completion', 'Final Handover']);
    expect(stageOptions([{ name: 'Booking', percent: 100 }], 'Old stage').map((option) => option.value)).toEqual(['none', 'Booking', 'Old stage']);
  });

  it("sends the form's 'none' and blanks as null and the amounts as numbers", () => {
    const input = toTransactionInput({ ...newTransactionValues('2026-11-22'), category: 'design_fee', amount: '1,000.5', description: 'Fee' });
    expect(input).toMatchObject({ amount: 1000.5, taxAmount: 0, stageName: null, projectId: null, dueDate: null, status: 'completed', paymentMethod: 'cash', transactionDate: '2026-11-22' });
  });

  it('adds days across a month end, and totals a plan as typed', () => {
    expect(addDays('2026-11-27', 7)).toBe('2026-12-04');
    expect(planTotal([{ name: 'A', percent: '20' }, { name: 'B', percent: '' }, { name: 'C', percent: '30.5' }])).toBe(50.5);
  });
});
