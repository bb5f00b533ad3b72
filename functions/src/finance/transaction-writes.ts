import * as yup from 'yup';
import { contributionOf, directionOf, ledgerContribution, type Contribution, type Transaction } from '@app/shared-types/finance';
import type { Db } from '../db/client';
import { conditions, defineItem, queryPage, type Condition, type Item, type Write } from '../db/item';
import { keys } from '../db/keys';
import type { ShardedFigure, WritePlan } from '../db/plan';
import { notify } from '../notify';

/**
 * What follows from a finance transaction, as entries of the write's plan:
 * its copies in the filtered lists, its due-date marker, the figures kept
 * from it (contributionOf old vs new, as additions: all-time and month totals
 * spread over shards, the project's and the vendor's figures, received per
 * stage), the vendor item's totalOrders/totalAmount/lastOrderDate, checks
 * that what it refers to still exists, and the payment notice.
 */

/** Shards of the all-time and month totals: simultaneous writes seldom meet on one item. */
export const FINANCE_SHARDS = 10;

/** Attribute of a month item holding a category's completed amount. */
export const categoryAttribute = (category: string) => `cat:${category}`;
/** Attribute of a project's figures holding what a stage has received. */
export const stageAttribute = (stageName: string) => `stage:${stageName.toLowerCase()}`;
const monthOf = (date: string) => date.slice(0, 7);

/** The filters a list reads a partition of its own for (each transaction has a copy in each of its lists). */
export const TRANSACTION_LIST_FILTERS = ['type', 'status', 'project', 'vendor', 'customer'] as const;
export type ListFilter = (typeof TRANSACTION_LIST_FILTERS)[number];

export function filterValue(tx: Pick<Transaction, 'type' | 'status' | 'projectId' | 'vendorId' | 'customerId'>, filter: ListFilter): string | null {
  if (filter === 'type') return tx.type;
  if (filter === 'status') return tx.status;
  if (filter === 'project') return tx.projectId;
  if (filter === 'vendor') return tx.vendorId;
  return tx.customerId;
}

// ---------------------------------------------------------------------------
// Item kinds

/** A transaction's copy in one filtered list: its stored fields under the list's gsi1 partition. */
export const transactionListCopyKind = defineItem({
  type: 'TransactionListCopy',
  schema: yup.object({ id: yup.string().required() }),
  key: (id: string, list: string) => keys.transactionListCopy(id, list),
  partition: 'TXN#*',
  grants: { clientLink: ['write'] },
});

/** The due-date marker of a pending transaction with a due date (what the overdue count counts). */
export const transactionDueKind = defineItem({
  type: 'TransactionDue',
  schema: yup.object({ id: yup.string().required() }),
  key: (dueDate: string, id: string) => keys.transactionDue(dueDate, id),
  partition: 'TXNDUE',
  grants: { clientLink: ['write'] },
});

/** A stage's demand, claimed once per project and stage: a retry never raises two. */
export const stageDemandKind = defineItem({
  type: 'StageDemand',
  schema: yup.object({
    stageName: yup.string().required(),
    dueDate: yup.string().defined(),
    createdAt: yup.string().required(),
    transactionRef: yup.string().required(),
  }),
  key: (projectId: string, stageName: string) => keys.stageDemand(projectId, stageName),
  partition: 'FINPROJECT#*',
  // A client's approval claims the Advance stage's demand.
  grants: { clientLink: ['read', 'write'] },
});

/**
 * An Idempotency-Key of POST /api/transactions: the transaction it created,
 * for a day, and the hash of the request that created it (a key sent again
 * with another request is refused). Keys stored before the hash have none ('').
 */
export const idempotencyKeyKind = defineItem({
  type: 'IdempotencyKey',
  schema: yup.object({
    transactionRef: yup.string().required(),
    requestHash: yup.string().default(''),
    createdAt: yup.string().required(),
    expiresAt: yup.number().required(),
  }),
  key: (scope: string, key: string) => keys.idempotencyKey(scope, key),
  partition: 'IDEMPOTENCY#*',
});

/** The all-time totals (one shard per write). */
const totalFigure: ShardedFigure = { type: 'FinanceTotal', shards: FINANCE_SHARDS, key: (shard) => keys.financeTotal(shard) };
/** A month's totals and per-category amounts (one shard per write). */
const monthFigure = (month: string): ShardedFigure => ({ type: 'FinanceMonth', shards: FINANCE_SHARDS, key: (shard) => keys.financeMonth(month, shard) });

// ---------------------------------------------------------------------------
// Vendors

/** What the figures need to know besides the transaction: the vendors' items as read (lastOrderDate) and their newest other date. */
export interface VendorState {
  exists: boolean;
  lastOrderDate: string | null;
  /** The newest transactionDate of the vendor's other transactions, when this one may have been the newest. */
  newestOther?: string | null;
}

/** A vendor's newest transactionDate once `before` becomes `after`. */
function newLastOrderDate(vendorId: string, after: Transaction | null, state: VendorState): string | null {
  const candidates: (string | null)[] = [state.newestOther !== undefined ? state.newestOther : state.lastOrderDate];
  if (after?.vendorId === vendorId) candidates.push(after.transactionDate);
  const dates = candidates.filter((date): date is string => Boolean(date)).sort();
  return dates.at(-1) ?? null;
}

/** Reads the vendors a write touches: whether each exists, its lastOrderDate and (when this transaction may have been its newest) the newest of its others. */
export async function vendorStates(
  db: Db,
  before: Transaction | null,
  after: Transaction | null,
  getVendor: (id: string) => Promise<{ lastOrderDate: string | null } | undefined>,
): Promise<Map<string, VendorState>> {
  const ids = [...new Set([before?.vendorId, after?.vendorId].filter((id): id is string => Boolean(id)))];
  const states = new Map<string, VendorState>();
  await Promise.all(
    ids.map(async (id) => {
      const vendor = await getVendor(id);
      const state: VendorState = { exists: Boolean(vendor), lastOrderDate: vendor?.lastOrderDate ?? null };
      if (vendor && before?.vendorId === id && state.lastOrderDate !== null && before.transactionDate >= state.lastOrderDate) {
        state.newestOther = await newestOtherDate(db, id, before.id);
      }
      states.set(id, state);
    }),
  );
  return states;
}

async function newestOtherDate(db: Db, vendorId: string, exceptId: string): Promise<string | null> {
  const page = await queryPage(db, { index: 'gsi1', pk: keys.transactions('vendor', vendorId), forward: false, limit: 2 });
  const other = page.items.find((item) => item.id !== exceptId);
  return other ? String(other.transactionDate) : null;
}

// ---------------------------------------------------------------------------
// Entries

type Deltas = Record<string, number>;
const addTo = (deltas: Deltas, name: string, value: number) => {
  deltas[name] = (deltas[name] ?? 0) + value;
};
const contributionDeltas = (deltas: Deltas, c: Contribution, sign: 1 | -1) => {
  for (const [name, value] of Object.entries(c)) addTo(deltas, name, sign * value);
};

/**
 * The copies of a transaction in its filtered lists: put where it belongs,
 * deleted where it no longer does (`stored`: the transaction as the entity
 * stores it, without the index attributes the copy replaces).
 */
export function addListCopies(
  p: WritePlan,
  before: Transaction | null,
  after: Transaction | null,
  stored: (tx: Transaction) => Item,
  sort: (tx: Transaction) => string,
  prefix = '',
): void {
  for (const filter of TRANSACTION_LIST_FILTERS) {
    const key = transactionListCopyKind.key((after ?? before)!.id, filter);
    const value = after ? filterValue(after, filter) : null;
    if (after && value) {
      const item: Item = { ...stored(after), ...key, entityType: transactionListCopyKind.type, gsi1pk: keys.transactions(filter, value), gsi1sk: sort(after) };
      for (const attribute of ['gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'searchText']) delete item[attribute];
      p.write(`${prefix}copy:${filter}`, { op: 'put', type: transactionListCopyKind.type, key, item });
    } else if (before && filterValue(before, filter)) {
      p.write(`${prefix}copy:${filter}`, { op: 'delete', type: transactionListCopyKind.type, key });
    }
  }
}

const dueArgs = (tx: Transaction | null): [string, string] | undefined => (tx && tx.status === 'pending' && tx.dueDate ? [tx.dueDate, tx.id] : undefined);

/** The figure entries when `before` becomes `after` (either may be null): each figure item once. */
export function addFigures(p: WritePlan, before: Transaction | null, after: Transaction | null, vendors: Map<string, VendorState>): void {
  const old = before ? contributionOf(before) : null;
  const next = after ? contributionOf(after) : null;

  // The due-date marker moves with the status and the due date.
  const [oldDue, newDue] = [dueArgs(before), dueArgs(after)];
  if (oldDue && oldDue.join() !== newDue?.join()) p.write('due.release', transactionDueKind.delete(oldDue));
  if (newDue && newDue.join() !== oldDue?.join()) p.write('due', transactionDueKind.put(newDue, { id: after!.id }, { replace: true }));

  const total: Deltas = {};
  if (old) contributionDeltas(total, old, -1);
  if (next) contributionDeltas(total, next, 1);
  p.add(totalFigure, total);

  if (before && old) {
    const deltas: Deltas = {};
    contributionDeltas(deltas, old, -1);
    addTo(deltas, categoryAttribute(before.category), -(old.income + old.expense));
    p.add(monthFigure(monthOf(before.transactionDate)), deltas);
  }
  if (after && next) {
    const deltas: Deltas = {};
    contributionDeltas(deltas, next, 1);
    addTo(deltas, categoryAttribute(after.category), next.income + next.expense);
    p.add(monthFigure(monthOf(after.transactionDate)), deltas);
  }

  // Projects (and received per stage).
  const project = (tx: Transaction, c: Contribution, sign: 1 | -1) => {
    const deltas: Deltas = {};
    contributionDeltas(deltas, c, sign);
    if (tx.stageName && directionOf(tx.type) === 'in') addTo(deltas, stageAttribute(tx.stageName), sign * c.income);
    p.add({ type: 'FinanceProject', key: keys.financeProject(tx.projectId!) }, deltas);
  };
  if (before?.projectId && old) project(before, old, -1);
  if (after?.projectId && next) project(after, next, 1);

  // Vendors: the ledger (payable = pending and completed money out, paid = what was paid of it; GST apart) and the vendor item.
  const ledgers = new Map<string, Deltas>();
  const vendorDeltas = (tx: Transaction, vendorId: string, sign: 1 | -1) => {
    const deltas = ledgers.get(vendorId) ?? {};
    ledgers.set(vendorId, deltas);
    for (const [name, value] of Object.entries(ledgerContribution(tx))) addTo(deltas, name, sign * value);
    addTo(deltas, 'count', sign);
  };
  if (before?.vendorId) vendorDeltas(before, before.vendorId, -1);
  if (after?.vendorId) vendorDeltas(after, after.vendorId, 1);
  for (const [id, deltas] of ledgers) {
    p.add({ type: 'FinanceVendor', key: keys.financeVendor(id) }, deltas);
    const state = vendors.get(id);
    if (!state?.exists) continue;
    const lastOrderDate = newLastOrderDate(id, after, state);
    const changed = lastOrderDate !== state.lastOrderDate;
    const seen: Condition =
      state.lastOrderDate === null
        ? { expression: 'attribute_not_exists(lastOrderDate) OR attribute_type(lastOrderDate, :nullType)', values: { ':nullType': 'NULL' } }
        : conditions.equals('lastOrderDate', state.lastOrderDate, 'seen');
    const round = (value: number) => Math.round(value * 100) / 100;
    const write: Write = {
      op: 'update',
      type: 'Vendor',
      key: keys.vendor(id),
      // The vendor's total is what its orders ask, GST included (as its ledger's payable).
      add: { totalOrders: deltas.count ?? 0, totalAmount: round((deltas.payable ?? 0) + (deltas.payableTax ?? 0)) },
      ...(changed ? { set: { lastOrderDate } } : {}),
      condition: changed ? conditions.all(conditions.present(), seen)! : conditions.present(),
    };
    p.write(`vendor:${id}`, write);
  }
}

/** Checks that fail the plan when a referenced project or customer went away meanwhile (vendors: their own update checks). `fresh`: items this plan creates. */
export function addReferenceChecks(p: WritePlan, tx: Transaction, before: Transaction | null, fresh: ReadonlySet<string> = new Set()): void {
  if (tx.projectId && tx.projectId !== before?.projectId && !fresh.has(tx.projectId)) {
    p.write('check:project', { op: 'check', type: 'Project', key: keys.project(tx.projectId), condition: conditions.present() });
  }
  if (tx.customerId && tx.customerId !== before?.customerId && !fresh.has(tx.customerId)) {
    p.write('check:customer', { op: 'check', type: 'Customer', key: keys.customer(tx.customerId), condition: conditions.present() });
  }
}

/** 'payment.recorded' when money in (income, advance) becomes completed: created so, or marked so. */
export function addPaymentNotice(p: WritePlan, before: Transaction | null, after: Transaction): void {
  if (directionOf(after.type) !== 'in' || after.status !== 'completed') return;
  if (before && before.status === 'completed' && directionOf(before.type) === 'in') return;
  notify(p, { kind: 'payment.recorded', transactionId: after.id, description: after.description, amount: after.amount, ...(after.projectId ? { projectId: after.projectId } : {}) });
}
