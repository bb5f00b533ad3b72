import { createHash, randomUUID } from 'node:crypto';
import { customerName } from '@app/shared-types/customers';
import {
  MAX_ATTACHMENTS,
  formatTransactionId,
  grossOf,
  paidOf,
  transactionSchema,
  type Attachment,
  type Transaction,
  type TransactionInput,
  type TransactionListQuery,
  type TransactionUpdateInput,
} from '@app/shared-types/finance';
import { calendarDate, formatMoney } from '@app/shared-types/format';
import type { Db } from '../db/client';
import { getCustomers } from '../customers';
import { allPages, defineEntity, type CursorKeys, type ItemKey, type ListSource, type SortCondition, type WriteContext } from '../db/entity';
import * as yup from 'yup';
import { conditions, defineItem, type Condition, type Key, type Write } from '../db/item';
import { keys } from '../db/keys';
import { AGAIN, plan, PlanConditionFailed, rounds, type WritePlan } from '../db/plan';
import { projectEntity } from '../projects';
import { tokensOf, wordsOf, type SearchSource } from '../db/search-tokens';
import { vendorEntity } from '../vendors';
import { nextSequence } from '../db/writes';
import {
  addFigures,
  addListCopies,
  addPaymentNotice,
  addReferenceChecks,
  filterValue,
  idempotencyKeyKind,
  stageDemandKind,
  TRANSACTION_LIST_FILTERS,
  vendorStates,
  type ListFilter,
  type VendorState,
} from './transaction-writes';


/**
 * Finance transactions (issue 12). A transaction is one item; every write of
 * one is a plan that moves, in the same commit, what follows from it
 * (finance/transaction-writes.ts: figures, list copies, due marker, vendor
 * item, notice), its search tokens and its audit entry.
 */

/** Tokens a transaction keeps at most, so that an edit that moves them all still fits one transaction with its figures. */
const TRANSACTION_MAX_TOKENS = 30;
/** How long an Idempotency-Key answers with its first result. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

const byDate = (tx: Transaction) => keys.transactionDateSort(tx.transactionDate, tx.createdAt, tx.id);
/** A transaction's place in its lists: by date, newest first when read backwards. */
export const transactionSortKey = byDate;

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

export const transactionEntity = defineEntity({
  type: 'Transaction',
  schema: transactionSchema,
  key: keys.transaction,
  partition: 'TXN#*',
  // A client's approval raises the Advance stage's demand (finance/finance-repo.ts addStageDemand), and a
  // variation's approval reads and moves the pending one (addStageDemandFollow).
  grants: { clientLink: ['read', 'write'] },
  otherPartitions: { 'SEARCH#Transaction#*': { clientLink: ['write'] } },
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

// ---------------------------------------------------------------------------
// Create

async function nextTransactionNumber(db: Db, year: string): Promise<string> {
  return formatTransactionId(Number(year), await nextSequence(db, keys.transactionCounter(year), 'TransactionCounter'));
}

/** A stage's demand a new transaction raises: claimed once per project and stage. */
export interface DemandClaim {
  projectId: string;
  stageName: string;
  dueDate: string;
}

/** What `POST` adds to a create: who asks (the Idempotency-Key's scope), a stage demand to claim with it. */
export interface CreateOptions {
  /** The key, whose it is, and the hash of the request it came with (requestHash in lib/http.ts). */
  idempotency?: { scope: string; key: string; requestHash: string; nowMs: number };
  /** The stage demand this transaction raises, claimed in the same commit; taken: `{ claimed: true }`. */
  demand?: DemandClaim;
  /** A fixed id (the recurring job's deterministic copies): an existing one gives `{ exists: true }`. */
  id?: string;
  recurringSourceId?: string | null;
  /** More entries of the same commit (the recurring source's update), named 'also:...': a failed one is thrown. */
  also?: (p: WritePlan) => void;
}

export type CreateTransactionResult =
  | { item: Transaction }
  | { replay: Transaction }
  | { fields: Record<string, string> }
  | { claimed: true }
  | { exists: true }
  /** The Idempotency-Key created a transaction that has been deleted since. */
  | { keyUsed: true }
  /** The Idempotency-Key came with another request (method, path or body) first. */
  | { keyMismatch: true };

/**
 * What an Idempotency-Key answers while it is alive: the transaction it
 * created (or that it was deleted since), or, sent with another request than
 * the one that created it, that it does not fit.
 */
async function idempotentResult(
  db: Db,
  idempotency: NonNullable<CreateOptions['idempotency']>,
): Promise<{ replay: Transaction } | { keyUsed: true } | { keyMismatch: true } | undefined> {
  const key = await idempotencyKeyKind.get(db, [idempotency.scope, idempotency.key]);
  if (!key || key.expiresAt <= Math.floor(idempotency.nowMs / 1000)) return undefined;
  if (key.requestHash && key.requestHash !== idempotency.requestHash) return { keyMismatch: true };
  const first = await getTransaction(db, key.transactionRef);
  return first ? { replay: first } : { keyUsed: true };
}

/** The vendors a write touches, as the figures need them (read through the vendors' entity). */
export const readVendorStates = (db: Db, before: Transaction | null, after: Transaction | null) => vendorStates(db, before, after, (id) => vendorEntity.get(db, id, true));

/**
 * Adds a new transaction to a plan: the item ('transaction'), its checks
 * ('check:project', 'check:customer'; none for `fresh` items the plan itself
 * creates), its Idempotency-Key ('idempotency'), the stage demand it raises
 * ('demand'), its list copies, figures, payment notice and audit entry.
 */
export function addTransactionCreate(
  p: WritePlan,
  tx: Transaction,
  vendors: Map<string, VendorState>,
  options: Pick<CreateOptions, 'idempotency' | 'demand'> & { fresh?: ReadonlySet<string> } = {},
): void {
  transactionEntity.planCreate(p, 'transaction', tx);
  addReferenceChecks(p, tx, null, options.fresh);
  const { idempotency, demand } = options;
  if (idempotency) {
    const nowSeconds = Math.floor(idempotency.nowMs / 1000);
    p.write(
      'idempotency',
      idempotencyKeyKind.put(
        [idempotency.scope, idempotency.key],
        { transactionRef: tx.id, requestHash: idempotency.requestHash, createdAt: p.ctx.now, expiresAt: nowSeconds + IDEMPOTENCY_TTL_SECONDS },
        // A key past its day is free again.
        { replace: true, condition: { expression: 'attribute_not_exists(pk) OR expiresAt < :nowSeconds', values: { ':nowSeconds': nowSeconds } } },
      ),
    );
  }
  if (demand) {
    p.write('demand', stageDemandKind.put([demand.projectId, demand.stageName], { stageName: demand.stageName, dueDate: demand.dueDate, createdAt: p.ctx.now, transactionRef: tx.id }));
  }
  addListCopies(p, null, tx, transactionEntity.stored, byDate);
  addFigures(p, null, tx, vendors);
  addPaymentNotice(p, null, tx);
}

/** The transaction `input` becomes, numbered and named, by `ctx`'s actor. */
export function newTransaction(input: TransactionInput, refs: References, transactionId: string, ctx: WriteContext, options: Pick<CreateOptions, 'id' | 'recurringSourceId'> = {}): Transaction {
  const today = calendarDate(new Date(ctx.now));
  return {
    ...input,
    // Files join a transaction through its attachment routes, once it exists (a recurring copy starts with none).
    attachments: [],
    ...refs,
    id: options.id ?? randomUUID(),
    transactionId,
    transactionDate: input.transactionDate ?? today,
    userId: ctx.actor.id,
    recurringSourceId: options.recurringSourceId ?? null,
    payments: [],
    createdAt: ctx.now,
    updatedAt: ctx.now,
    version: 1,
  };
}

/** The year's count of transactions, from which each takes its readable number. */
export const transactionCounterKind = defineItem({
  type: 'TransactionCounter',
  schema: yup.object({ sequence: yup.number().integer().min(0).default(0) }),
  key: (year: string) => keys.transactionCounter(year),
  partition: 'TXNCOUNTER',
  // The Advance demand of a client's approval takes its number.
  grants: { clientLink: ['read', 'write'] },
});

/**
 * Numbers a transaction inside a plan: the year's counter moves from what was
 * read to the next number, in the same commit ('number' fails when another
 * write took it meanwhile: read again). For writes that must leave nothing
 * behind when they fail (an approval's demand); a lone create takes its
 * number first (nextTransactionId), where a failure leaves a gap, never a repeat.
 */
export async function planTransactionNumber(p: WritePlan): Promise<string> {
  const year = calendarDate(new Date(p.ctx.now)).slice(0, 4);
  const current = (await transactionCounterKind.get(p.db, [year]))?.sequence ?? 0;
  p.write('number', {
    op: 'update',
    type: transactionCounterKind.type,
    key: transactionCounterKind.key(year),
    set: { sequence: current + 1, entityType: transactionCounterKind.type },
    condition: current === 0 ? { expression: 'attribute_not_exists(#cSeq)', names: { '#cSeq': 'sequence' } } : conditions.equals('sequence', current, 'seq'),
  });
  return formatTransactionId(Number(year), current + 1);
}

/** The next readable number of a transaction made now (TXN-2026-00042). */
export const nextTransactionId = (db: Db, ctx: WriteContext) => nextTransactionNumber(db, calendarDate(new Date(ctx.now)).slice(0, 4));

export async function createTransaction(db: Db, input: TransactionInput, ctx: WriteContext, options: CreateOptions = {}): Promise<CreateTransactionResult> {
  const { idempotency } = options;
  if (idempotency) {
    const first = await idempotentResult(db, idempotency);
    if (first) return first;
  }
  let transactionId: string | undefined;
  return rounds(transactionEntity.type, async () => {
    const refs = await resolveReferences(db, input);
    if ('fields' in refs) return refs;
    transactionId ??= await nextTransactionId(db, ctx);
    const tx = newTransaction(input, refs.names, transactionId, ctx, options);
    const p = plan(db, ctx);
    addTransactionCreate(p, tx, await readVendorStates(db, null, tx), options);
    options.also?.(p);
    try {
      await p.commit();
      return { item: tx };
    } catch (error) {
      if (!(error instanceof PlanConditionFailed) || error.failed.some((name) => name.startsWith('also:'))) throw error;
      if (error.has('transaction') && options.id) return { exists: true };
      if (error.has('idempotency')) {
        const first = await idempotentResult(db, idempotency!);
        if (first) return first;
      }
      if (error.has('demand')) return { claimed: true };
      // A reference went away, or a vendor's lastOrderDate moved meanwhile: read again.
      return AGAIN;
    }
  });
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
 * read, read again while others write), with its figures, copies and audit entry.
 */
export async function changeTransaction(
  db: Db,
  id: string,
  expectedVersion: number | undefined,
  change: (before: Transaction) => Omit<Transaction, 'projectName' | 'customerName' | 'vendorName'> & Partial<References>,
  ctx: WriteContext,
): Promise<UpdateTransactionResult> {
  return rounds(transactionEntity.type, async () => {
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
    if (after.status === 'pending' && paidOf(after) > grossOf(after) + 0.005) {
      return { fields: { amount: `Amount and GST cannot be less than the ${formatMoney(paidOf(after))} already paid` } };
    }
    if (sameContent(before, after)) return { item: before };
    const p = plan(db, ctx);
    addTransactionChange(p, before, after, await readVendorStates(db, before, after));
    try {
      await p.commit();
      return { item: after };
    } catch (error) {
      if (!(error instanceof PlanConditionFailed)) throw error;
      if (error.has('transaction') && expectedVersion !== undefined) {
        const current = await getTransaction(db, id);
        return current ? { stale: current } : { notFound: true };
      }
      return AGAIN;
    }
  });
}

/** Adds the change of a transaction to a plan: the item at the version read ('transaction'), its checks, list copies, figures and notice. */
export function addTransactionChange(p: WritePlan, before: Transaction, after: Transaction, vendors: Map<string, VendorState>): void {
  transactionEntity.planUpdate(p, 'transaction', before, after);
  addReferenceChecks(p, after, before);
  addListCopies(p, before, after, transactionEntity.stored, byDate);
  addFigures(p, before, after, vendors);
  addPaymentNotice(p, before, after);
}

export function updateTransaction(db: Db, id: string, { version, ...fields }: TransactionUpdateInput, ctx: WriteContext) {
  return changeTransaction(
    db,
    id,
    version,
    // The attachments are the attachment routes' (an edit form's copy may be older): kept as they are.
    // So are the payments ('Record payment' alone adds them).
    (before) => ({ ...before, ...fields, attachments: before.attachments, payments: before.payments, transactionDate: fields.transactionDate ?? before.transactionDate }),
    ctx,
  );
}

/** The transaction's own item and its list copies, as updates of their attachments. */
const attachmentWrite = (key: Key, attachments: Attachment[], now: string, condition: Condition): Write => ({
  op: 'update',
  type: 'Transaction',
  key,
  set: { attachments, updatedAt: now },
  condition,
});

/**
 * Changes a transaction's attachments, and only them, at the version read
 * (read again while others write): its item and its copies in the filtered
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
  return rounds(transactionEntity.type, async () => {
    const before = await getTransaction(db, id);
    if (!before) return { notFound: true };
    const attachments = change(before.attachments);
    if (JSON.stringify(attachments) === JSON.stringify(before.attachments)) return { item: before };
    const after: Transaction = { ...before, attachments, updatedAt: ctx.now };
    const names = (list: Attachment[]) => list.map((attachment) => attachment.name);
    const p = plan(db, ctx).write('transaction', attachmentWrite(keys.transaction(id), attachments, ctx.now, conditions.version(before.version)));
    for (const filter of TRANSACTION_LIST_FILTERS) {
      if (filterValue(before, filter)) p.write(`copy:${filter}`, attachmentWrite(keys.transactionListCopy(id, filter), attachments, ctx.now, conditions.present()));
    }
    p.audit({ entity: transactionEntity.type, entityId: id, action: 'update', changes: { attachments: { before: names(before.attachments), after: names(attachments) } } });
    try {
      await p.commit();
      return { item: after };
    } catch (error) {
      // Changed by another write meanwhile: read it again and apply the change to that.
      if (error instanceof PlanConditionFailed) return AGAIN;
      throw error;
    }
  });
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
  return rounds(transactionEntity.type, async () => {
    const before = await getTransaction(db, id);
    if (!before) return { notFound: true };
    const vendors = await readVendorStates(db, before, null);
    const p = plan(db, ctx);
    transactionEntity.planDelete(p, 'transaction', before);
    if (before.projectId && before.stageName) {
      const demand = await stageDemandKind.get(db, [before.projectId, before.stageName]);
      if (demand?.transactionRef === before.id) {
        p.write('demand.release', stageDemandKind.delete([before.projectId, before.stageName], conditions.equals('transactionRef', before.id, 'ref')));
      }
    }
    addListCopies(p, before, null, transactionEntity.stored, byDate);
    addFigures(p, before, null, vendors);
    try {
      await p.commit();
      return { deleted: before };
    } catch (error) {
      if (error instanceof PlanConditionFailed) return AGAIN;
      throw error;
    }
  });
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
