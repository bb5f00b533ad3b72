import { createHash, randomInt, randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { customerName } from '@app/shared-types/customers';
import {
  MAX_ATTACHMENTS,
  contributionOf,
  directionOf,
  formatTransactionId,
  round2,
  transactionSchema,
  type Attachment,
  type Contribution,
  type Transaction,
  type TransactionInput,
  type TransactionListQuery,
  type TransactionUpdateInput,
} from '@app/shared-types/finance';
import { calendarDate } from '@app/shared-types/format';
import type { Db } from '../db/client';
import { getCustomers } from '../customers';
import { allPages, auditEntryWrite, defineEntity, type CursorKeys, type ItemKey, type ListSource, type SortCondition, type WriteContext } from '../db/entity';
import { keys } from '../db/keys';
import { notificationWrite } from '../notify';
import { projectEntity } from '../projects';
import { tokensOf, wordsOf, type SearchSource } from '../db/search-tokens';
import { vendorEntity } from '../vendors';
import { failedConditionEntries, isTransactionCanceled, isTransactionConflict, nextSequence, putNew, type TransactItem } from '../db/writes';

type Item = Record<string, NativeAttributeValue>;

/**
 * Finance transactions (issue 12). A transaction is one item; every write of
 * one moves, in the same DynamoDB transaction, the figures kept from it
 * (contributionOf old vs new, as ADD deltas): all-time totals and month
 * totals (spread over shards), the project's and the vendor's figures, the
 * vendor item's totalOrders/totalAmount/lastOrderDate, its copies in the
 * filtered lists, its search tokens and its audit entry.
 */

/** Shards of the all-time and month totals: simultaneous writes seldom meet on one item. */
export const FINANCE_SHARDS = 10;
/** Tokens a transaction keeps at most, so that an edit that moves them all still fits one transaction with its figures. */
const TRANSACTION_MAX_TOKENS = 30;
/** How long an Idempotency-Key answers with its first result. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

const byDate = (tx: Transaction) => keys.transactionDateSort(tx.transactionDate, tx.createdAt, tx.id);

/** The searchable words, at most TRANSACTION_MAX_TOKENS tokens' worth (numbers and names first, then the description). */
function searchSourceOf(tx: Transaction): SearchSource {
  const texts = [tx.transactionId, tx.referenceNumber, tx.projectName ?? '', tx.vendorName ?? '', tx.customerName ?? '', tx.description];
  const kept: string[] = [];
  for (const text of texts) {
    const words: string[] = [];
    for (const word of wordsOf(text)) {
      if (tokensOf({ texts: [...kept, [...words, word].join(' ')] }).length > TRANSACTION_MAX_TOKENS) {
        kept.push(words.join(' '));
        return { texts: kept };
      }
      words.push(word);
    }
    kept.push(words.join(' '));
  }
  return { texts: kept };
}

/** The filters a list reads a partition of its own for (each transaction has a copy in each of its lists). */
export const TRANSACTION_LIST_FILTERS = ['type', 'status', 'project', 'vendor', 'customer'] as const;
type ListFilter = (typeof TRANSACTION_LIST_FILTERS)[number];

function filterValue(tx: Pick<Transaction, 'type' | 'status' | 'projectId' | 'vendorId' | 'customerId'>, filter: ListFilter): string | null {
  if (filter === 'type') return tx.type;
  if (filter === 'status') return tx.status;
  if (filter === 'project') return tx.projectId;
  if (filter === 'vendor') return tx.vendorId;
  return tx.customerId;
}

export const transactionEntity = defineEntity({
  type: 'Transaction',
  schema: transactionSchema,
  key: keys.transaction,
  indexes: {
    gsi1: (tx) => ({ pk: keys.transactions(), sk: byDate(tx) }),
    gsi3: (tx) => (tx.isRecurring ? { pk: keys.transactionsRecurring(), sk: byDate(tx) } : undefined),
  },
  patterns: {
    all: { index: 'gsi1', partition: () => keys.transactions(), forward: false },
    recurring: { index: 'gsi3', partition: () => keys.transactionsRecurring() },
  },
  search: searchSourceOf,
});

export const getTransaction = (db: Db, id: string) => transactionEntity.get(db, id, true);

// ---------------------------------------------------------------------------
// Writes that follow from a transaction

/** Its copies in the filtered lists: put where it belongs, deleted where it no longer does. */
export function transactionCopyWrites(db: Db, before: Transaction | null, after: Transaction | null): TransactItem[] {
  const writes: TransactItem[] = [];
  for (const filter of TRANSACTION_LIST_FILTERS) {
    const key = keys.transactionListCopy((after ?? before)!.id, filter);
    const value = after ? filterValue(after, filter) : null;
    if (after && value) {
      const item: Item = { ...transactionEntity.stored(after), ...key, entityType: 'TransactionListCopy', gsi1pk: keys.transactions(filter, value), gsi1sk: byDate(after) };
      for (const attribute of ['gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'searchText']) delete item[attribute];
      writes.push({ Put: { TableName: db.table, Item: item } });
    } else if (before && filterValue(before, filter)) {
      writes.push({ Delete: { TableName: db.table, Key: key } });
    }
  }
  return writes;
}

type Deltas = Record<string, number>;
const add = (deltas: Deltas, name: string, value: number) => {
  deltas[name] = round2((deltas[name] ?? 0) + value);
};
const contributionDeltas = (deltas: Deltas, c: Contribution, sign: 1 | -1) => {
  for (const [name, value] of Object.entries(c)) add(deltas, name, sign * value);
};
/** Attribute of a month item holding a category's completed amount. */
export const categoryAttribute = (category: string) => `cat:${category}`;
/** Attribute of a project's figures holding what a stage has received. */
export const stageAttribute = (stageName: string) => `stage:${stageName.toLowerCase()}`;
const monthOf = (date: string) => date.slice(0, 7);

/** An UpdateItem entry that ADDs `deltas` (zeros left out) and SETs `sets`; null when it changes nothing and has no condition. */
function addUpdate(db: Db, key: ItemKey, deltas: Deltas, options: { sets?: Item; condition?: string; conditionValues?: Item } = {}): TransactItem | null {
  const entries = Object.entries(deltas).filter(([, value]) => value !== 0);
  const sets = Object.entries(options.sets ?? {});
  if (entries.length === 0 && sets.length === 0) {
    return options.condition
      ? { ConditionCheck: { TableName: db.table, Key: key, ConditionExpression: options.condition, ...(options.conditionValues ? { ExpressionAttributeValues: options.conditionValues } : {}) } }
      : null;
  }
  const names: Record<string, string> = {};
  const values: Item = { ...options.conditionValues };
  const adds = entries.map(([name, value], i) => {
    names[`#d${i}`] = name;
    values[`:d${i}`] = value;
    return `#d${i} :d${i}`;
  });
  const setClauses = sets.map(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  return {
    Update: {
      TableName: db.table,
      Key: key,
      UpdateExpression: [adds.length > 0 ? `ADD ${adds.join(', ')}` : '', setClauses.length > 0 ? `SET ${setClauses.join(', ')}` : ''].filter(Boolean).join(' '),
      ExpressionAttributeNames: names,
      ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
      ...(options.condition ? { ConditionExpression: options.condition } : {}),
    },
  };
}

/** What the figures need to know besides the transaction: the vendors' items as read (lastOrderDate) and their newest other date. */
interface VendorState {
  exists: boolean;
  lastOrderDate: string | null;
  /** The newest transactionDate of the vendor's other transactions, when this one may have been the newest. */
  newestOther?: string | null;
}

/** The due-date marker of a pending transaction with a due date (what the overdue count counts). */
const dueKey = (tx: Transaction | null) => (tx && tx.status === 'pending' && tx.dueDate ? keys.transactionDue(tx.dueDate, tx.id) : undefined);

/** The figure entries when `before` becomes `after` (either may be null), each figure item once. */
function figureWrites(db: Db, before: Transaction | null, after: Transaction | null, vendors: Map<string, VendorState>): TransactItem[] {
  const old = before ? contributionOf(before) : null;
  const next = after ? contributionOf(after) : null;
  const writes: (TransactItem | null)[] = [];

  // The due-date marker moves with the status and the due date.
  const [oldDue, newDue] = [dueKey(before), dueKey(after)];
  if (oldDue && oldDue.sk !== newDue?.sk) writes.push({ Delete: { TableName: db.table, Key: oldDue } });
  if (newDue && newDue.sk !== oldDue?.sk) writes.push({ Put: { TableName: db.table, Item: { ...newDue, entityType: 'TransactionDue', id: after!.id } } });

  // All-time totals: one shard.
  const total: Deltas = {};
  if (old) contributionDeltas(total, old, -1);
  if (next) contributionDeltas(total, next, 1);
  writes.push(addUpdate(db, keys.financeTotal(randomInt(FINANCE_SHARDS)), total));

  // Months (and categories per month).
  const months = new Map<string, Deltas>();
  const month = (m: string) => months.get(m) ?? months.set(m, {}).get(m)!;
  if (before && old) {
    const deltas = month(monthOf(before.transactionDate));
    contributionDeltas(deltas, old, -1);
    add(deltas, categoryAttribute(before.category), -(old.income + old.expense));
  }
  if (after && next) {
    const deltas = month(monthOf(after.transactionDate));
    contributionDeltas(deltas, next, 1);
    add(deltas, categoryAttribute(after.category), next.income + next.expense);
  }
  for (const [m, deltas] of months) writes.push(addUpdate(db, keys.financeMonth(m, randomInt(FINANCE_SHARDS)), deltas));

  // Projects (and received per stage).
  const projects = new Map<string, Deltas>();
  const project = (id: string) => projects.get(id) ?? projects.set(id, {}).get(id)!;
  const stage = (tx: Transaction, c: Contribution, deltas: Deltas, sign: 1 | -1) => {
    if (tx.stageName && directionOf(tx.type) === 'in') add(deltas, stageAttribute(tx.stageName), sign * c.income);
  };
  if (before?.projectId && old) {
    contributionDeltas(project(before.projectId), old, -1);
    stage(before, old, project(before.projectId), -1);
  }
  if (after?.projectId && next) {
    contributionDeltas(project(after.projectId), next, 1);
    stage(after, next, project(after.projectId), 1);
  }
  for (const [id, deltas] of projects) writes.push(addUpdate(db, keys.financeProject(id), deltas));

  // Vendors: the ledger (payable = pending and completed money out, paid = completed) and the vendor item.
  const ledgers = new Map<string, Deltas>();
  const ledger = (id: string) => ledgers.get(id) ?? ledgers.set(id, {}).get(id)!;
  const vendorDeltas = (tx: Transaction, c: Contribution, sign: 1 | -1) => {
    const deltas = ledger(tx.vendorId!);
    add(deltas, 'payable', sign * (c.expense + c.payable));
    add(deltas, 'paid', sign * c.expense);
    add(deltas, 'count', sign);
  };
  if (before?.vendorId && old) vendorDeltas(before, old, -1);
  if (after?.vendorId && next) vendorDeltas(after, next, 1);
  for (const [id, deltas] of ledgers) {
    writes.push(addUpdate(db, keys.financeVendor(id), deltas));
    const state = vendors.get(id);
    if (!state?.exists) continue;
    const lastOrderDate = newLastOrderDate(id, before, after, state);
    const changed = lastOrderDate !== state.lastOrderDate;
    const seen = state.lastOrderDate === null ? 'attribute_not_exists(lastOrderDate) OR attribute_type(lastOrderDate, :nullType)' : 'lastOrderDate = :seen';
    writes.push(
      addUpdate(db, keys.vendor(id), { totalOrders: deltas.count ?? 0, totalAmount: deltas.payable ?? 0 }, {
        sets: changed ? { lastOrderDate } : {},
        condition: changed ? `attribute_exists(pk) AND (${seen})` : 'attribute_exists(pk)',
        conditionValues: changed ? (state.lastOrderDate === null ? { ':nullType': 'NULL' } : { ':seen': state.lastOrderDate }) : undefined,
      }),
    );
  }
  return writes.filter((write): write is TransactItem => write !== null);
}

/** A vendor's newest transactionDate once `before` becomes `after`. */
function newLastOrderDate(vendorId: string, before: Transaction | null, after: Transaction | null, state: VendorState): string | null {
  const candidates: (string | null)[] = [];
  if (state.newestOther !== undefined) candidates.push(state.newestOther);
  else candidates.push(state.lastOrderDate);
  if (after?.vendorId === vendorId) candidates.push(after.transactionDate);
  const dates = candidates.filter((date): date is string => Boolean(date)).sort();
  return dates.at(-1) ?? null;
}

/** Reads the vendors a write touches: whether each exists, its lastOrderDate and (when this transaction may have been its newest) the newest of its others. */
async function vendorStates(db: Db, before: Transaction | null, after: Transaction | null): Promise<Map<string, VendorState>> {
  const ids = [...new Set([before?.vendorId, after?.vendorId].filter((id): id is string => Boolean(id)))];
  const states = new Map<string, VendorState>();
  await Promise.all(
    ids.map(async (id) => {
      const vendor = await vendorEntity.get(db, id, true);
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
  const page = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.transactions('vendor', vendorId) },
      ScanIndexForward: false,
      Limit: 2,
    }),
  );
  const other = (page.Items ?? []).find((item) => item.id !== exceptId);
  return other ? String(other.transactionDate) : null;
}

/**
 * Sends one TransactWriteItems, again after a short pause while it only loses
 * conflicts with simultaneous writes to the same figures (capped pauses: 50
 * writes at once on one project must all land, within the request deadline).
 */
export async function financeTransactWrite(db: Db, items: TransactItem[], attempts = 20): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.doc.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * Math.min(20 * 2 ** attempt, 300)));
    }
  }
}

// ---------------------------------------------------------------------------
// References

export interface References {
  projectName: string | null;
  customerName: string | null;
  vendorName: string | null;
}

/** The names of what a transaction is for; field messages for the ones that do not exist. */
async function resolveReferences(
  db: Db,
  refs: Pick<Transaction, 'projectId' | 'customerId' | 'vendorId'>,
): Promise<{ names: References } | { fields: Record<string, string> }> {
  const [project, customer, vendor] = await Promise.all([
    refs.projectId ? projectEntity.get(db, refs.projectId, true) : undefined,
    refs.customerId ? getCustomers(db, [refs.customerId]).then((found) => found.get(refs.customerId!)) : undefined,
    refs.vendorId ? vendorEntity.get(db, refs.vendorId, true) : undefined,
  ]);
  const fields: Record<string, string> = {};
  if (refs.projectId && !project) fields.projectId = 'This project does not exist';
  if (refs.customerId && !customer) fields.customerId = 'This customer does not exist';
  if (refs.vendorId && !vendor) fields.vendorId = 'This vendor does not exist';
  if (Object.keys(fields).length > 0) return { fields };
  return {
    names: {
      projectName: project ? project.name : null,
      customerName: customer ? customerName(customer) : null,
      vendorName: vendor ? vendor.name : null,
    },
  };
}

/** Entries that fail the transaction when a referenced project or customer went away meanwhile (vendors: their own update checks). */
function referenceChecks(db: Db, tx: Transaction, before: Transaction | null): TransactItem[] {
  const checks: TransactItem[] = [];
  const exists = (Key: ItemKey): TransactItem => ({ ConditionCheck: { TableName: db.table, Key, ConditionExpression: 'attribute_exists(pk)' } });
  if (tx.projectId && tx.projectId !== before?.projectId) checks.push(exists(keys.project(tx.projectId)));
  if (tx.customerId && tx.customerId !== before?.customerId) checks.push(exists(keys.customer(tx.customerId)));
  return checks;
}

// ---------------------------------------------------------------------------
// Create

async function nextTransactionNumber(db: Db, year: string): Promise<string> {
  return formatTransactionId(Number(year), await nextSequence(db, keys.transactionCounter(year), 'TransactionCounter'));
}

/** What `POST` adds to a create: who asks (the Idempotency-Key's scope), a marker to claim with it. */
export interface CreateOptions {
  idempotency?: { scope: string; key: string; nowMs: number };
  /** A marker item claimed in the same transaction (a stage's demand); taken: `{ claimed: true }`. */
  marker?: Item;
  /** A fixed id (the recurring job's deterministic copies): an existing one gives `{ exists: true }`. */
  id?: string;
  recurringSourceId?: string | null;
  /** Entries to add to the transaction (the recurring source's update). */
  extra?: TransactItem[];
}

export type CreateTransactionResult =
  | { item: Transaction }
  | { replay: Transaction }
  | { fields: Record<string, string> }
  | { claimed: true }
  | { exists: true }
  /** The Idempotency-Key created a transaction that has been deleted since. */
  | { keyUsed: true };

/** What an Idempotency-Key answers while it is alive: the transaction it created (or that it was deleted since). */
async function idempotentResult(db: Db, idempotency: NonNullable<CreateOptions['idempotency']>): Promise<{ replay: Transaction } | { keyUsed: true } | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.idempotencyKey(idempotency.scope, idempotency.key), ConsistentRead: true }),
  );
  if (!Item || Number(Item.expiresAt) <= Math.floor(idempotency.nowMs / 1000)) return undefined;
  const first = await getTransaction(db, String(Item.transactionRef));
  return first ? { replay: first } : { keyUsed: true };
}

const MAX_WRITE_ROUNDS = 6;

/** 'payment.recorded' when money in (income, advance) becomes completed: created so, or marked so. */
function paymentNotice(db: Db, before: Transaction | null, after: Transaction, ctx: WriteContext): TransactItem[] {
  if (directionOf(after.type) !== 'in' || after.status !== 'completed') return [];
  if (before && before.status === 'completed' && directionOf(before.type) === 'in') return [];
  const event = { kind: 'payment.recorded' as const, transactionId: after.id, description: after.description, amount: after.amount, ...(after.projectId ? { projectId: after.projectId } : {}) };
  return [notificationWrite(db, event, ctx)];
}

export async function createTransaction(db: Db, input: TransactionInput, ctx: WriteContext, options: CreateOptions = {}): Promise<CreateTransactionResult> {
  const { idempotency } = options;
  if (idempotency) {
    const first = await idempotentResult(db, idempotency);
    if (first) return first;
  }
  const today = calendarDate(new Date(ctx.now));
  let transactionId: string | undefined;
  for (let round = 1; ; round++) {
    const refs = await resolveReferences(db, input);
    if ('fields' in refs) return refs;
    transactionId ??= await nextTransactionNumber(db, today.slice(0, 4));
    const tx: Transaction = {
      ...input,
      // Files join a transaction through its attachment routes, once it exists (a recurring copy starts with none).
      attachments: [],
      ...refs.names,
      id: options.id ?? randomUUID(),
      transactionId,
      transactionDate: input.transactionDate ?? today,
      userId: ctx.actor.id,
      recurringSourceId: options.recurringSourceId ?? null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
      version: 1,
    };
    const vendors = await vendorStates(db, null, tx);
    const own = transactionEntity.createWrites(db, tx, ctx);
    const checks = referenceChecks(db, tx, null);
    const markers: TransactItem[] = [];
    let idempotencyEntry = -1;
    let markerEntry = -1;
    const base = own.length + checks.length;
    if (idempotency) {
      idempotencyEntry = base + markers.length;
      markers.push({
        Put: {
          TableName: db.table,
          Item: {
            ...keys.idempotencyKey(idempotency.scope, idempotency.key),
            entityType: 'IdempotencyKey',
            transactionRef: tx.id,
            createdAt: ctx.now,
            expiresAt: Math.floor(idempotency.nowMs / 1000) + IDEMPOTENCY_TTL_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
          ExpressionAttributeValues: { ':now': Math.floor(idempotency.nowMs / 1000) },
        },
      });
    }
    if (options.marker) {
      markerEntry = base + markers.length;
      markers.push(putNew(db, { ...options.marker, transactionRef: tx.id }));
    }
    const writes = [
      ...own,
      ...checks,
      ...markers,
      ...transactionCopyWrites(db, null, tx),
      ...figureWrites(db, null, tx, vendors),
      ...(options.extra ?? []),
      ...paymentNotice(db, null, tx, ctx),
    ];
    try {
      await financeTransactWrite(db, writes);
      return { item: tx };
    } catch (error) {
      if (!isTransactionCanceled(error)) throw error;
      const failed = failedConditionEntries(error);
      if (failed.length === 0) throw error;
      if (failed.includes(0) && options.id) return { exists: true };
      if (idempotencyEntry >= 0 && failed.includes(idempotencyEntry)) {
        const first = await idempotentResult(db, idempotency!);
        if (first) return first;
      }
      if (markerEntry >= 0 && failed.includes(markerEntry)) return { claimed: true };
      // A reference went away, or a vendor's lastOrderDate moved meanwhile: read again.
      if (round >= MAX_WRITE_ROUNDS) throw error;
    }
  }
}

// ---------------------------------------------------------------------------
// Update and delete

export type UpdateTransactionResult = { item: Transaction } | { notFound: true } | { stale: Transaction } | { fields: Record<string, string> };

/** The fields of `after` an edit compares (what the audit entry would report). */
const sameContent = (a: Transaction, b: Transaction) => {
  const strip = ({ updatedAt: _u, version: _v, ...rest }: Transaction) => rest;
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
};

/**
 * Applies `change` to the transaction at `expectedVersion` (undefined: the one
 * read, retried while others write), with its figures, copies and audit entry.
 */
export async function changeTransaction(
  db: Db,
  id: string,
  expectedVersion: number | undefined,
  change: (before: Transaction) => Omit<Transaction, 'projectName' | 'customerName' | 'vendorName'> & Partial<References>,
  ctx: WriteContext,
  extra: (before: Transaction) => TransactItem[] = () => [],
): Promise<UpdateTransactionResult> {
  for (let round = 1; ; round++) {
    const before = await getTransaction(db, id);
    if (!before) return { notFound: true };
    if (expectedVersion !== undefined && before.version !== expectedVersion) return { stale: before };
    const changed = change(before);
    const names: References = { projectName: before.projectName, customerName: before.customerName, vendorName: before.vendorName };
    const moved = {
      projectId: changed.projectId !== before.projectId ? changed.projectId : null,
      customerId: changed.customerId !== before.customerId ? changed.customerId : null,
      vendorId: changed.vendorId !== before.vendorId ? changed.vendorId : null,
    };
    if (moved.projectId || moved.customerId || moved.vendorId) {
      const refs = await resolveReferences(db, moved);
      if ('fields' in refs) return refs;
      if (moved.projectId) names.projectName = refs.names.projectName;
      if (moved.customerId) names.customerName = refs.names.customerName;
      if (moved.vendorId) names.vendorName = refs.names.vendorName;
    }
    if (!changed.projectId) names.projectName = null;
    if (!changed.customerId) names.customerName = null;
    if (!changed.vendorId) names.vendorName = null;
    const after: Transaction = { ...changed, ...names, id, createdAt: before.createdAt, updatedAt: ctx.now, version: before.version + 1 };
    if (sameContent(before, after)) return { item: before };
    const vendors = await vendorStates(db, before, after);
    const writes = [
      ...transactionEntity.updateWrites(db, before, after, ctx),
      ...referenceChecks(db, after, before),
      ...transactionCopyWrites(db, before, after),
      ...figureWrites(db, before, after, vendors),
      ...extra(before),
      ...paymentNotice(db, before, after, ctx),
    ];
    try {
      await financeTransactWrite(db, writes);
      return { item: after };
    } catch (error) {
      if (!isTransactionCanceled(error)) throw error;
      const failed = failedConditionEntries(error);
      if (failed.length === 0) throw error;
      if (failed.includes(0) && expectedVersion !== undefined) {
        const current = await getTransaction(db, id);
        return current ? { stale: current } : { notFound: true };
      }
      if (round >= MAX_WRITE_ROUNDS) throw error;
    }
  }
}

export function updateTransaction(db: Db, id: string, { version, ...fields }: TransactionUpdateInput, ctx: WriteContext) {
  return changeTransaction(
    db,
    id,
    version,
    // The attachments are the attachment routes' (an edit form's copy may be older): kept as they are.
    (before) => ({ ...before, ...fields, attachments: before.attachments, transactionDate: fields.transactionDate ?? before.transactionDate }),
    ctx,
  );
}

/**
 * Changes a transaction's attachments, and only them, at the version read
 * (retried while others write): its item and its copies in the filtered
 * lists, with an audit entry. The version stays: the attachments are not the
 * edit form's (an edit never writes them, see updateTransaction), so attaching
 * a receipt never makes an open edit stale. The transaction after, or notFound.
 */
async function changeAttachments(
  db: Db,
  id: string,
  change: (attachments: Attachment[]) => Attachment[],
  ctx: WriteContext,
): Promise<{ item: Transaction } | { notFound: true }> {
  for (let round = 1; ; round++) {
    const before = await getTransaction(db, id);
    if (!before) return { notFound: true };
    const attachments = change(before.attachments);
    if (JSON.stringify(attachments) === JSON.stringify(before.attachments)) return { item: before };
    const after: Transaction = { ...before, attachments, updatedAt: ctx.now };
    const set = (key: ItemKey, condition: string, values: Item = {}): TransactItem => ({
      Update: {
        TableName: db.table,
        Key: key,
        UpdateExpression: 'SET attachments = :attachments, updatedAt = :now',
        ConditionExpression: condition,
        ExpressionAttributeValues: { ':attachments': attachments, ':now': ctx.now, ...values },
      },
    });
    const names = (list: Attachment[]) => list.map((attachment) => attachment.name);
    const writes: TransactItem[] = [
      set(keys.transaction(id), 'version = :version', { ':version': before.version }),
      ...TRANSACTION_LIST_FILTERS.filter((filter) => filterValue(before, filter)).map((filter) =>
        set(keys.transactionListCopy(id, filter), 'attribute_exists(pk)'),
      ),
      auditEntryWrite(db, ctx, { entity: transactionEntity.type, entityId: id, action: 'update', changes: { attachments: { before: names(before.attachments), after: names(attachments) } } }),
    ];
    try {
      await financeTransactWrite(db, writes);
      return { item: after };
    } catch (error) {
      // Changed by another write meanwhile: read it again and apply the change to that.
      if (!isTransactionCanceled(error) || failedConditionEntries(error).length === 0 || round >= MAX_WRITE_ROUNDS) throw error;
    }
  }
}

/**
 * Adds a checked, published file to a transaction (changeAttachments): the
 * transaction after, which holds it unless the list was full meanwhile.
 */
export const addTransactionAttachment = (db: Db, id: string, attachment: Attachment, ctx: WriteContext) =>
  changeAttachments(
    db,
    id,
    (list) => (list.some((existing) => existing.id === attachment.id) || list.length >= MAX_ATTACHMENTS ? list : [...list, attachment]),
    ctx,
  );

/** Takes a file off a transaction (changeAttachments): the transaction after, without it. */
export const removeTransactionAttachment = (db: Db, id: string, attachmentId: string, ctx: WriteContext) =>
  changeAttachments(db, id, (list) => list.filter((existing) => existing.id !== attachmentId), ctx);

/** Deletes a transaction with its figures, copies, tokens and audit entry; a stage demand it made can be raised again. */
export async function deleteTransaction(db: Db, id: string, ctx: WriteContext): Promise<{ deleted: Transaction } | { notFound: true }> {
  for (let round = 1; ; round++) {
    const before = await getTransaction(db, id);
    if (!before) return { notFound: true };
    const vendors = await vendorStates(db, before, null);
    const release: TransactItem[] = [];
    if (before.projectId && before.stageName) {
      const marker = keys.stageDemand(before.projectId, before.stageName);
      const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: marker, ConsistentRead: true }));
      if (Item?.transactionRef === before.id) {
        release.push({
          Delete: {
            TableName: db.table,
            Key: marker,
            ConditionExpression: 'transactionRef = :id',
            ExpressionAttributeValues: { ':id': before.id },
          },
        });
      }
    }
    const writes = [...transactionEntity.deleteWrites(db, before, ctx), ...release, ...transactionCopyWrites(db, before, null), ...figureWrites(db, before, null, vendors)];
    try {
      await financeTransactWrite(db, writes);
      return { deleted: before };
    } catch (error) {
      if (!isTransactionCanceled(error) || round >= MAX_WRITE_ROUNDS) throw error;
    }
  }
}

// ---------------------------------------------------------------------------
// Lists

/** The list a query reads: the most selective filter's partition; the others filter it. */
function listOf(query: Pick<TransactionListQuery, 'type' | 'status' | 'projectId' | 'vendorId' | 'customerId'>): { source: ListSource; filter: ListFilter | null } {
  const pick: [ListFilter, string | undefined][] = [
    ['project', query.projectId],
    ['vendor', query.vendorId],
    ['customer', query.customerId],
    ['status', query.status],
    ['type', query.type],
  ];
  const found = pick.find(([, value]) => value);
  if (!found) return { source: transactionEntity.source('all', {}), filter: null };
  return { source: { index: 'gsi1', pk: keys.transactions(found[0], found[1]!), forward: false }, filter: found[0] };
}

/** The date range as a condition on the list's sort key (transactionDate first). */
function dateRange(query: Partial<Pick<TransactionListQuery, 'from' | 'to'>>): SortCondition | undefined {
  if (query.from && query.to) return { between: [query.from, `${query.to}#~`] };
  if (query.from) return { gte: query.from };
  if (query.to) return { lte: `${query.to}#~` };
  return undefined;
}

type ListQuery = Partial<Pick<TransactionListQuery, 'type' | 'status' | 'projectId' | 'vendorId' | 'customerId' | 'from' | 'to' | 'q'>>;

export function transactionCursorKeys(query: ListQuery): CursorKeys {
  const { source, filter } = listOf(query);
  const range = query.q ? undefined : dateRange(query);
  const cursor = transactionEntity.cursorKeys(source, query.q, false, range);
  if (filter && cursor.item) cursor.item = { pkPrefix: cursor.item.pkPrefix, sk: keys.transactionListCopy('', filter).sk };
  return cursor;
}

/** One page of transactions, newest first by transactionDate (a search: newest created first). */
export function listTransactions(db: Db, query: ListQuery & { limit: number }, start?: ItemKey): Promise<{ items: Transaction[]; lastKey?: ItemKey }> {
  const { source, filter } = listOf(query);
  const range = dateRange(query);
  // The partition answers its own filter and the sort key the dates; a search or a second filter reads the page filtered.
  const others = [
    filter !== 'project' && query.projectId,
    filter !== 'vendor' && query.vendorId,
    filter !== 'customer' && query.customerId,
    filter !== 'status' && query.status,
    filter !== 'type' && query.type,
  ].some(Boolean);
  const where = (tx: Transaction) =>
    (!query.type || tx.type === query.type) &&
    (!query.status || tx.status === query.status) &&
    (!query.projectId || tx.projectId === query.projectId) &&
    (!query.vendorId || tx.vendorId === query.vendorId) &&
    (!query.customerId || tx.customerId === query.customerId) &&
    (!query.from || tx.transactionDate >= query.from) &&
    (!query.to || tx.transactionDate <= query.to);
  return transactionEntity.list(db, source, { limit: query.limit, start, q: query.q, sk: query.q ? undefined : range, where: others || query.q ? where : undefined });
}

/** Every transaction of a query (exports): pages read until the end. */
export const allTransactions = (db: Db, query: ListQuery): Promise<Transaction[]> =>
  allPages((start) => listTransactions(db, { ...query, limit: 100 }, start));

// ---------------------------------------------------------------------------
// Recurring

/** A deterministic UUID-shaped id: the copy of `sourceId` for `month`, the same on every run. */
export function recurringCopyId(sourceId: string, month: string): string {
  const hex = createHash('sha256').update(`recurring#${sourceId}#${month}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The transactions marked recurring (their own index partition), oldest first. */
export const recurringTransactions = (db: Db): Promise<Transaction[]> =>
  allPages((start) => transactionEntity.query(db, transactionEntity.source('recurring', {}), { limit: 200, start }));
