import { describe, expect, it } from 'vitest';
import { contributionOf, grossOf, ledgerContribution, paidOf, remainingOf } from './finance';

/** Issue 25: money shown the same way everywhere: a vendor's ledger with GST, part payments. */

const payment = (amount: number) => ({ amount });

describe("a vendor's ledger with GST", () => {
  it('owes the amount and the GST: ₹48,500.50 + ₹8,730.09 is ₹57,230.59 outstanding', () => {
    const bill = { type: 'expense', status: 'pending', amount: 48_500.5, taxAmount: 8_730.09 } as const;
    const c = ledgerContribution(bill);
    expect(c).toEqual({ payable: 48_500.5, paid: 0, payableTax: 8_730.09, paidTax: 0 });
    expect(c.payable + c.payableTax - (c.paid + c.paidTax)).toBeCloseTo(57_230.59, 2);
    expect(grossOf(bill)).toBe(57_230.59);
  });

  it('a paid bill is paid with its GST; a failed one and money in count nowhere', () => {
    expect(ledgerContribution({ type: 'expense', status: 'completed', amount: 1000, taxAmount: 180 })).toEqual({ payable: 1000, paid: 1000, payableTax: 180, paidTax: 180 });
    expect(ledgerContribution({ type: 'expense', status: 'failed', amount: 1000, taxAmount: 180 })).toEqual({ payable: 0, paid: 0, payableTax: 0, paidTax: 0 });
    expect(ledgerContribution({ type: 'income', status: 'pending', amount: 1000, taxAmount: 180 })).toEqual({ payable: 0, paid: 0, payableTax: 0, paidTax: 0 });
  });
});

describe('part payments', () => {
  it('split into amount and GST in the transaction\'s proportion; the rest stays pending', () => {
    const tx = { type: 'expense', status: 'pending', amount: 10_000, taxAmount: 1800, payments: [payment(5000), payment(900)] } as const;
    expect(paidOf(tx)).toBe(5900);
    expect(remainingOf(tx)).toBe(5900);
    expect(contributionOf(tx)).toEqual({ income: 0, expense: 5000, receivable: 0, payable: 5000, gstCollected: 0, gstPaid: 900 });
    expect(ledgerContribution(tx)).toEqual({ payable: 10_000, paid: 5000, payableTax: 1800, paidTax: 900 });
  });

  it('money in: received counts as income and GST collected, the rest as receivable', () => {
    const demand = { type: 'advance', status: 'pending', amount: 200_000, taxAmount: 36_000, payments: [payment(118_000)] } as const;
    expect(contributionOf(demand)).toEqual({ income: 100_000, expense: 0, receivable: 100_000, payable: 0, gstCollected: 18_000, gstPaid: 0 });
    expect(remainingOf({ ...demand, status: 'completed' })).toBe(0);
  });
});
