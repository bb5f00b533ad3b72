import { ledgerContribution, round2, type Transaction } from '@app/shared-types/finance';
import type { Db } from '../db/client';
import { allPages, type WriteContext } from '../db/entity';
import { conditions, type Condition } from '../db/item';
import { plan, PlanConditionFailed } from '../db/plan';
import { vendorEntity } from '../vendors';
import { financeVendorKind } from './finance-repo';
import { changeTransaction, listTransactions } from './transaction-repo';

/**
 * Data upgrades of the finance figures (issue 25), run once by the data
 * upgrades (local/upgrade-data.ts): vendor ledgers kept before GST was
 * counted get their GST, and the Advance demands raised before become advances.
 */

/** Rounds before a ledger that keeps changing is left for the next run (a write meanwhile makes the recount stale). */
const LEDGER_ROUNDS = 20;

const transactionsOf = (db: Db, query: { vendorId?: string; type?: Transaction['type'] }) =>
  allPages((start) => listTransactions(db, { ...query, limit: 100 }, start));

/** `attribute` is as read (a figure never added to has no attribute: 0). */
const stillAt = (attribute: string, value: number, tag: string): Condition =>
  value === 0 ? conditions.any({ expression: `attribute_not_exists(#n_${tag})`, names: { [`#n_${tag}`]: attribute } }, conditions.equals(attribute, 0, tag)) : conditions.equals(attribute, value, tag);

/** The ledger figures of a vendor's transactions, recounted. */
function recount(transactions: Transaction[]) {
  const total = { payable: 0, paid: 0, payableTax: 0, paidTax: 0, count: transactions.length };
  for (const tx of transactions) {
    const c = ledgerContribution(tx);
    total.payable += c.payable;
    total.paid += c.paid;
    total.payableTax += c.payableTax;
    total.paidTax += c.paidTax;
  }
  return { ...total, payable: round2(total.payable), paid: round2(total.paid), payableTax: round2(total.payableTax), paidTax: round2(total.paidTax) };
}

/**
 * One vendor's ledger gets the GST of its transactions: recounted from them,
 * and set only while the ledger is as read (its amounts equal the recount's,
 * so the list was up to date, and no write came meanwhile); its vendor's total
 * gets the same GST. A ledger counted once is marked and left alone.
 */
async function countLedgerGst(db: Db, vendorId: string, ctx: WriteContext): Promise<boolean> {
  for (let round = 0; round < LEDGER_ROUNDS; round++) {
    const ledger = await financeVendorKind.get(db, [vendorId]);
    if (!ledger || ledger.taxCounted) return true;
    const counted = recount(await transactionsOf(db, { vendorId }));
    if (counted.payable !== round2(ledger.payable) || counted.paid !== round2(ledger.paid) || counted.count !== ledger.count) {
      // The list has not caught up with the ledger yet, or a write came between the two reads.
      await new Promise((resolve) => setTimeout(resolve, 50 * (round + 1)));
      continue;
    }
    const p = plan(db, ctx)
      .write(
        'ledger',
        financeVendorKind.update([vendorId], {
          set: { payableTax: counted.payableTax, paidTax: counted.paidTax, taxCounted: true },
          condition: conditions.all(
            stillAt('payable', ledger.payable, 'p'),
            stillAt('paid', ledger.paid, 'pd'),
            stillAt('count', ledger.count, 'c'),
            stillAt('payableTax', ledger.payableTax, 'pt'),
            stillAt('paidTax', ledger.paidTax, 'pdt'),
          ),
        }),
      )
      .write('vendor', { op: 'update', type: vendorEntity.type, key: vendorEntity.key(vendorId), add: { totalAmount: round2(counted.payableTax - ledger.payableTax) }, condition: conditions.present() });
    try {
      await p.commit();
      return true;
    } catch (error) {
      if (!(error instanceof PlanConditionFailed)) throw error;
      // Written meanwhile (or the vendor deleted: then only the ledger).
      if (error.has('vendor') && !error.has('ledger')) {
        await plan(db, ctx).write('ledger', financeVendorKind.update([vendorId], { set: { payableTax: counted.payableTax, paidTax: counted.paidTax, taxCounted: true }, condition: conditions.present() })).commit();
        return true;
      }
    }
  }
  return false;
}

/** Every vendor's ledger gets its GST (countLedgerGst); answers how many ledgers a busy table left for the next run. */
export async function countVendorLedgerGst(db: Db, ctx: WriteContext): Promise<number> {
  const vendors = await allPages((start) => vendorEntity.list(db, vendorEntity.source('all', {}), { limit: 100, start }));
  let left = 0;
  for (const vendor of vendors) if (!(await countLedgerGst(db, vendor.id, ctx))) left++;
  return left;
}

/** The Advance stage's demands raised as income before issue 25 become advances (audited, with their lists and figures). */
export async function advanceDemandsAsAdvances(db: Db, ctx: WriteContext): Promise<number> {
  const demands = (await transactionsOf(db, { type: 'income' })).filter((tx) => tx.category === 'project_advance' && tx.stageName?.toLowerCase() === 'advance');
  let changed = 0;
  for (const tx of demands) {
    const result = await changeTransaction(db, tx.id, undefined, (before) => (before.type === 'income' ? { ...before, type: 'advance' } : before), ctx);
    if ('item' in result && result.item.type === 'advance') changed++;
  }
  return changed;
}
