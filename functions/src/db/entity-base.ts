import { randomUUID } from 'node:crypto';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type * as yup from 'yup';
import type { AuditAction } from '@app/shared-types/audit';
import type { Db } from './client';
import type { KindDeclaration } from './kind';
import { keys } from './keys';
import type { SearchSource } from './search-tokens';
import { ContendedWrite, RETRY, type WriteContext } from './plan';
import { counterUpdate, countersIn, mergeDeltas, type CounterDeltas, type CounterName, type FigureAddition } from './figures';
import { putNew, type TransactItem } from './writes';

export { ContendedWrite, type WriteContext };

/**
 * One small way to define an entity of the single table (the idea of
 * electrodb and dynamodb-toolbox, our own and small): its stored shape (a yup
 * schema from shared-types; items are parsed on read, never cast), its key,
 * the indexes it is listed in, named access patterns, unique markers, counters
 * kept in the same transaction, and search tokens. Every write goes through
 * one create, one update (version checked) and one delete path, each with its
 * audit entry in the same transaction.
 */

export type Item = Record<string, NativeAttributeValue>;
export type ItemKey = Record<string, NativeAttributeValue>;

/** Every item of a paged read (list, query, or a route's page of figures), page after page: for exports and jobs, never for a screen. */
export async function allPages<T>(read: (start: ItemKey | undefined) => Promise<{ items: T[]; lastKey?: ItemKey }>): Promise<T[]> {
  const items: T[] = [];
  let start: ItemKey | undefined;
  do {
    const page = await read(start);
    items.push(...page.items);
    start = page.lastKey;
  } while (start);
  return items;
}
type Key = { pk: string; sk: string };
export type IndexName = 'gsi1' | 'gsi2' | 'gsi3';

/** What every stored entity has. */
export interface Stored {
  id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}


/** The actor of the website's own writes (form submissions). */
export const WEBSITE_ACTOR_ID = 'website';

/** Writes the product makes itself (first-start content, data upgrades, tests' fixtures). */
export function systemContext(now: string, requestId = 'system'): WriteContext {
  return { actor: { id: 'system', name: 'System', email: '' }, requestId, now };
}

/** A sort-key condition of a query. */
export type SortCondition = { between: [string, string] } | { beginsWith: string } | { gte: string } | { lte: string } | { lt: string };

/** One partition of an index, read in its sort order (`forward`) or backwards. */
export interface ListSource {
  index: IndexName;
  pk: string;
  forward: boolean;
}

/** The attributes a list's cursor holds, and the partitions it may continue. */
export interface CursorKeys {
  names: string[];
  partition: { name: string; values: string[] };
  /** The sort-key attribute, and the read's condition on it (a cursor must start inside it). */
  sort?: { name: string; condition?: SortCondition };
  /** The table key of the list's items (pk prefix and sk), for cursors that hold one. */
  item?: { pkPrefix: string; sk: string };
}

/** A named way to read a list: one partition of an index. */
export interface AccessPattern<P> {
  index: IndexName;
  partition: (params: P) => string;
  /** Ascending sort-key order reads the list as it should show (default true). */
  forward?: boolean;
}

export interface UniqueMarker<T> {
  /** entityType of the marker item. */
  name: string;
  /** The marker's key for an item; undefined when the item claims none. */
  key: (item: T) => Key | undefined;
  /** The marker's partition key as an IAM StringLike pattern (see KindDeclaration). */
  partition: string;
  /** Attribute of the marker that names its owner's id. */
  owner: string;
  /**
   * A value writers contend for (a slug): writes that claim it go through
   * `claim`, which judges a lost claim by who holds the marker. `derive` gives
   * an item whose `field` is blank its n-th candidate ('villa', 'villa-2'...; n < 100 000);
   * without it (or when the field is given) a taken value is refused.
   */
  contested?: { field: keyof T & string; derive?: (item: T, n: number) => string };
}

/** A unique marker whose value writers contend for (it has `contested`). */
export type ContestedMarker<T extends Stored> = UniqueMarker<T> & { contested: NonNullable<UniqueMarker<T>['contested']> };

export interface EntityConfig<T extends Stored, P extends Record<string, AccessPattern<never>>> extends KindDeclaration {
  /** entityType of its items and the entity name in the audit log. */
  type: string;
  schema: yup.Schema<T>;
  key: (id: string) => Key;
  /** Index attributes of an item; undefined keeps the item out of that index. */
  indexes?: Partial<Record<IndexName, (item: T) => { pk: string; sk: string } | undefined>>;
  patterns: P;
  unique?: UniqueMarker<T>[];
  /** What one item adds to the kept counters; updates move them by the difference. */
  counts?: (item: T) => Partial<Record<CounterName, CounterDeltas>>;
  /** What one item adds to kept figure items of their own (a report's rows); updates move them by the difference. */
  figures?: (item: T) => FigureAddition[];
  /** Searchable values; the item gets a search text and a token index. */
  search?: (item: T) => SearchSource;
  /** Sort key of the item in its search partitions: newest first by default. */
  searchSort?: (item: T) => string;
  /** Fields that other writes keep (counts, photo lists): an update never sets them from what it read. */
  kept?: readonly (keyof T)[];
  /** Fields whose values the audit log masks (personal data). */
  masked?: readonly (keyof T)[];
  /** Fields the audit log leaves out of an entry's changes: derived from a change it reports (a lead's first response, from its status). */
  unaudited?: readonly (keyof T)[];
  /** How the audit log names an item ('Asha Verma, 2026-11-23'); auditTitle's guess when not given. */
  title?: (item: T) => string;
}

/** The fields an item's name is read from for the audit log, in order, when its entity says nothing (auditTitle). */
const TITLE_FIELDS = ['quotationNumber', 'transactionId', 'name', 'title'] as const;

/** An item's name as the audit log shows it: its first non-blank TITLE_FIELDS value, else a first and last name, else ''. */
export function auditTitle(item: object): string {
  const fields = new Map<string, unknown>(Object.entries(item));
  const textOf = (field: string) => {
    const value = fields.get(field);
    return typeof value === 'string' ? value.trim() : '';
  };
  const found = TITLE_FIELDS.map(textOf).find((value) => value !== '') ?? [textOf('firstName'), textOf('lastName')].filter(Boolean).join(' ');
  return found.slice(0, 200);
}

/** Fields the audit log does not report as changes: every write moves them. */
export const UNAUDITED = new Set(['updatedAt', 'version']);

export const MAX_ATTEMPTS = RETRY.edits;
/** Writes of one claim that lose to concurrent transactions (no failed condition) before it gives up with ContendedWrite. */
export const CLAIM_ATTEMPTS = RETRY.claims;
/** Rounds of one claim in all (each lost candidate is one) before it gives up with ContendedWrite. */
export const MAX_CLAIM_ROUNDS = RETRY.claimRounds;
/** Candidates a derivation reads in a row before it picks a random one ('villa' ... 'villa-200', then 'villa-48213'). */
export const MAX_CANDIDATES = 200;
/** Candidate numbers stay below this (a derive leaves room for '-99999'). */
export const MAX_CANDIDATE_NUMBER = 100_000;

/**
 * Candidates a search examines at most before answering with a cursor. Each
 * costs two reads (its token, then the item by BatchGetItem), so this is about
 * the work of FILTERED_READ_BUDGET's list items; a common word with a filter
 * few items pass (q=priya&status=Won at 100,000 leads) stays well inside a
 * request's deadline (README, Hot keys).
 */
export const SEARCH_READ_BUDGET = 1000;
/** Items a filtered list examines at most before answering with a cursor. */
export const FILTERED_READ_BUDGET = 2000;

export interface WriteOptions {
  /** false when the caller gathers the counters of a larger transaction into one entry. */
  counters?: boolean;
  action?: AuditAction;
}

export type UpdateResult<T> = { item: T } | { notFound: true } | { stale: T } | { taken: string };
export type CreateResult<T> = { item: T } | { taken: string };

/** A short random pause, longer with each attempt, before a write that lost to another one is tried again. */
export const pauseBeforeRetry = (attempt: number) => RETRY.pause(attempt);

/** Where one claim stands: each derived marker's next candidate number and the one written, and the rounds lost. */
export interface ClaimState {
  from: Map<string, number>;
  derived: Map<string, number>;
  contended: number;
  rounds: number;
}

/** The condition of another entry of an entity's write failed: `entry` names it (a count, a reference that must exist). */
export class WriteConflict extends Error {
  constructor(readonly entry: string) {
    super(`write condition failed: ${entry}`);
  }
}



/** The key of the item a transaction entry writes. */
export function requestKey(request: TransactItem): { pk: string; sk: string } {
  const key: Record<string, unknown> | undefined = request.Put?.Item ?? request.Update?.Key ?? request.Delete?.Key ?? request.ConditionCheck?.Key;
  return { pk: String(key?.pk), sk: String(key?.sk) };
}

/** An extra condition on the item a write changes, with its in-memory twin for the item as read. */
export interface Condition<T = never> {
  expression: string;
  names?: Record<string, string>;
  values?: Item;
  /** Whether the item as read meets the condition (a delete refuses without trying when not). */
  holds?: (item: T) => boolean;
}

export function sortCondition(skName: string, condition: SortCondition | undefined) {
  if (!condition) return undefined;
  const names = { '#sk': skName };
  if ('between' in condition) {
    return { expression: '#sk BETWEEN :skFrom AND :skTo', names, values: { ':skFrom': condition.between[0], ':skTo': condition.between[1] } };
  }
  if ('beginsWith' in condition) return { expression: 'begins_with(#sk, :sk)', names, values: { ':sk': condition.beginsWith } };
  if ('gte' in condition) return { expression: '#sk >= :sk', names, values: { ':sk': condition.gte } };
  if ('lte' in condition) return { expression: '#sk <= :sk', names, values: { ':sk': condition.lte } };
  return { expression: '#sk < :sk', names, values: { ':sk': condition.lt } };
}

/** The audit entry of a write, as a transaction entry (never updated or deleted afterwards). */
export function auditEntryWrite(
  db: Db,
  ctx: WriteContext,
  entry: { entity: string; entityId: string; title?: string; action: AuditAction; changes: Record<string, { before: unknown; after: unknown }> },
): TransactItem {
  const id = randomUUID();
  const sort = `${ctx.now}#${id}`;
  return putNew(db, {
    ...keys.auditEntry(entry.entityId, sort),
    entityType: 'AuditEntry',
    id,
    at: ctx.now,
    actor: ctx.actor,
    ...entry,
    requestId: ctx.requestId,
    gsi1pk: keys.auditLog(),
    gsi1sk: sort,
    gsi2pk: keys.auditByEntity(entry.entity),
    gsi2sk: sort,
    gsi3pk: keys.auditByActor(ctx.actor.id),
    gsi3sk: sort,
  });
}

/**
 * The counter entries of a transaction that writes several entities: their
 * deltas merged into one entry per counter set (a transaction may touch an
 * item once, and two shards picked at random could be the same one).
 */
export function mergedCounterWrites(db: Db, ...all: Partial<Record<CounterName, CounterDeltas>>[]): TransactItem[] {
  const merged: Partial<Record<CounterName, CounterDeltas>> = {};
  for (const deltas of all) {
    for (const name of countersIn(deltas)) merged[name] = mergeDeltas(merged[name] ?? {}, deltas[name] ?? {});
  }
  return countersIn(merged).flatMap((name) => {
    const write = counterUpdate(db, name, merged[name] ?? {});
    return write ? [write] : [];
  });
}
