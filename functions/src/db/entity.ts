import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { reach } from 'yup';
import type * as yup from 'yup';
import { MASKED_VALUE, type AuditAction } from '@app/shared-types/audit';
import { STORED_PARSE_OPTIONS } from '@app/shared-types/forms';
import { batchGet } from './batch-get';
import type { Db } from './client';
import { keys, newestFirst } from './keys';
import { matchesSearch, parseSearch, searchTextOf, tokensOf, type SearchQuery, type SearchSource } from './search-tokens';
import type { Write } from './item';
import { ContendedWrite, type WriteContext, type WritePlan } from './plan';
import { counterUpdate, mergeDeltas, statsFigure, type CounterDeltas, type CounterName } from './figures';
import { failedConditionEntries, isTransactionCanceled, putNew, transactWrite, type TransactItem } from './writes';

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

type Item = Record<string, NativeAttributeValue>;
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

export interface EntityConfig<T extends Stored, P extends Record<string, AccessPattern<never>>> {
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
  /** Searchable values; the item gets a search text and a token index. */
  search?: (item: T) => SearchSource;
  /** Sort key of the item in its search partitions: newest first by default. */
  searchSort?: (item: T) => string;
  /** Fields that other writes keep (counts, photo lists): an update never sets them from what it read. */
  kept?: readonly (keyof T)[];
  /** Fields whose values the audit log masks (personal data). */
  masked?: readonly (keyof T)[];
}

/** Fields the audit log does not report as changes: every write moves them. */
const UNAUDITED = new Set(['updatedAt', 'version']);

const MAX_ATTEMPTS = 6;
/** Writes of one claim that lose to concurrent transactions (no failed condition) before it gives up with ContendedWrite. */
const CLAIM_ATTEMPTS = 8;
/** Rounds of one claim in all (each lost candidate is one) before it gives up with ContendedWrite. */
const MAX_CLAIM_ROUNDS = 60;
/** Candidates a derivation reads in a row before it picks a random one ('villa' ... 'villa-200', then 'villa-48213'). */
const MAX_CANDIDATES = 200;
/** Candidate numbers stay below this (a derive leaves room for '-99999'). */
const MAX_CANDIDATE_NUMBER = 100_000;

/** Items a search examines at most before answering with a cursor. */
const SEARCH_READ_BUDGET = 2000;
/** Items a filtered list examines at most before answering with a cursor. */
const FILTERED_READ_BUDGET = 2000;

export interface WriteOptions {
  /** false when the caller gathers the counters of a larger transaction into one entry. */
  counters?: boolean;
  action?: AuditAction;
}

export type UpdateResult<T> = { item: T } | { notFound: true } | { stale: T } | { taken: string };
export type CreateResult<T> = { item: T } | { taken: string };

/** A short random pause, longer with each attempt, before a write that lost to another one is tried again. */
export const pauseBeforeRetry = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 15 * 2 ** attempt));

/**
 * Runs `write` (one transaction) again after a pause when it was cancelled
 * only by concurrent transactions (no condition of its own failed, and
 * transactWrite's own tries were spent); ContendedWrite (503) after
 * CLAIM_ATTEMPTS. Anything else, a failed condition too, is the caller's.
 */
export async function retryContended<R>(type: string, write: () => Promise<R>): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isTransactionCanceled(error) || failedConditionEntries(error).length > 0) throw error;
      if (attempt >= CLAIM_ATTEMPTS) throw new ContendedWrite(type, error, 'its transaction');
      await pauseBeforeRetry(attempt);
    }
  }
}

/** Where one claim stands: each derived marker's next candidate number and the one written, and the rounds lost. */
interface ClaimState {
  from: Map<string, number>;
  derived: Map<string, number>;
  contended: number;
  rounds: number;
}

/** A write's own condition failed (the entity is not as read). */
export class WriteConflict extends Error {
  constructor(readonly entry: number) {
    super('write condition failed');
  }
}

export function defineEntity<T extends Stored, P extends Record<string, AccessPattern<never>>>(config: EntityConfig<T, P>) {
  const { type, schema, patterns } = config;
  const unique = config.unique ?? [];
  const contested = unique.filter((marker) => marker.contested);
  const kept = new Set<keyof T>(config.kept ?? []);
  const masked = new Set<keyof T>(config.masked ?? []);
  const searchSort = config.searchSort ?? ((item: T) => newestFirst(item.createdAt, item.id));

  /** The stored shape of an item read from the table. Throws if it is not one. */
  function parse(item: Item): T {
    return schema.validateSync(item, STORED_PARSE_OPTIONS);
  }

  /** Attributes that follow from the fields: index keys (undefined removes one) and the search text. */
  function derived(entity: T): Item {
    const attributes: Item = {};
    for (const index of ['gsi1', 'gsi2', 'gsi3'] as const) {
      const build = config.indexes?.[index];
      if (!build) continue;
      const value = build(entity);
      attributes[`${index}pk`] = value?.pk;
      attributes[`${index}sk`] = value?.sk;
    }
    if (config.search) attributes.searchText = searchTextOf(config.search(entity));
    return attributes;
  }

  function stored(entity: T): Item {
    return Object.fromEntries(
      Object.entries({ ...config.key(entity.id), entityType: type, ...entity, ...derived(entity) }).filter(([, value]) => value !== undefined),
    );
  }

  const tokens = (entity: T | null) => new Set(entity && config.search ? tokensOf(config.search(entity)) : []);

  /** Search index entries to put and delete when `before` becomes `after`. */
  function tokenWrites(db: Db, before: T | null, after: T | null): TransactItem[] {
    const old = tokens(before);
    const next = tokens(after);
    const sortMoved = before && after && searchSort(before) !== searchSort(after);
    const writes: TransactItem[] = [];
    for (const token of old) {
      if (next.has(token) && !sortMoved) continue;
      writes.push({ Delete: { TableName: db.table, Key: keys.searchToken(type, token, searchSort(before!)) } });
    }
    for (const token of next) {
      if (old.has(token) && !sortMoved) continue;
      writes.push({ Put: { TableName: db.table, Item: { ...keys.searchToken(type, token, searchSort(after!)), entityType: 'SearchToken', id: after!.id } } });
    }
    return writes;
  }

  /** Marker entries when `before` becomes `after`, each with the marker it claims (none for a release). */
  function markerEntries(db: Db, before: T | null, after: T | null): { write: TransactItem; claims?: string; marker: string }[] {
    const entries: { write: TransactItem; claims?: string; marker: string }[] = [];
    for (const marker of unique) {
      const old = before ? marker.key(before) : undefined;
      const next = after ? marker.key(after) : undefined;
      if (old && next && old.pk === next.pk && old.sk === next.sk) continue;
      if (next) entries.push({ write: putNew(db, { ...next, entityType: marker.name, [marker.owner]: after!.id }), claims: marker.name, marker: marker.name });
      if (old) {
        entries.push({
          marker: marker.name,
          write: {
            Delete: {
              TableName: db.table,
              Key: old,
              ConditionExpression: 'attribute_not_exists(pk) OR #owner = :id',
              ExpressionAttributeNames: { '#owner': marker.owner },
              ExpressionAttributeValues: { ':id': before!.id },
            },
          },
        });
      }
    }
    return entries;
  }

  const markerWrites = (db: Db, before: T | null, after: T | null) => markerEntries(db, before, after).map((entry) => entry.write);

  /** How the kept counters move when `before` becomes `after` (either may be null). */
  function counterDeltas(before: T | null, after: T | null): Partial<Record<CounterName, CounterDeltas>> {
    if (!config.counts) return {};
    const result: Partial<Record<CounterName, CounterDeltas>> = {};
    const negate = (deltas: CounterDeltas = {}) => Object.fromEntries(Object.entries(deltas).map(([name, delta]) => [name, -delta]));
    const old = before ? config.counts(before) : {};
    const next = after ? config.counts(after) : {};
    for (const name of new Set([...Object.keys(old), ...Object.keys(next)]) as Set<CounterName>) {
      result[name] = mergeDeltas(negate(old[name]), next[name] ?? {});
    }
    return result;
  }

  /** field -> before/after of every field that differs (masked where personal). */
  function changes(before: T | null, after: T | null): Record<string, { before: unknown; after: unknown }> {
    const result: Record<string, { before: unknown; after: unknown }> = {};
    const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
    for (const field of fields) {
      if (UNAUDITED.has(field) || field === 'id') continue;
      const from: unknown = before?.[field as keyof T] ?? null;
      const to: unknown = after?.[field as keyof T] ?? null;
      if (JSON.stringify(from) === JSON.stringify(to)) continue;
      if (!before && (to === '' || to === null || (Array.isArray(to) && to.length === 0))) continue;
      const mask = (value: unknown) => (masked.has(field as keyof T) && value !== null && value !== '' ? MASKED_VALUE : value);
      result[field] = { before: before ? mask(from) : null, after: after ? mask(to) : null };
    }
    return result;
  }

  function auditWrite(db: Db, ctx: WriteContext, action: AuditAction, id: string, before: T | null, after: T | null): TransactItem {
    return auditEntryWrite(db, ctx, { entity: type, entityId: id, action, changes: changes(before, after) });
  }

  const countersOf = (db: Db, deltas: Partial<Record<CounterName, CounterDeltas>>) => mergedCounterWrites(db, deltas);

  /**
   * The transaction entries that create `entity`: the item (its key must be
   * free), its unique markers, search tokens, counters and audit entry.
   * The item is entry 0; its markers follow in the order of `unique`.
   */
  function createWrites(db: Db, entity: T, ctx: WriteContext, options: WriteOptions = {}): TransactItem[] {
    return [
      putNew(db, stored(entity)),
      ...markerWrites(db, null, entity),
      ...tokenWrites(db, null, entity),
      ...(options.counters === false ? [] : countersOf(db, counterDeltas(null, entity))),
      auditWrite(db, ctx, options.action ?? 'create', entity.id, null, entity),
    ];
  }

  /**
   * The entries that turn `before` into `after`, conditioned on the version
   * read: only the fields that changed are set, so attributes other writes
   * keep are never written back from a read. The item's update is entry 0.
   */
  function updateWrites(db: Db, before: T, after: T, ctx: WriteContext, options: WriteOptions & { condition?: Condition<T> } = {}): TransactItem[] {
    const names: Record<string, string> = { '#version': 'version' };
    const values: Item = { ':expected': before.version, ':next': after.version };
    const sets = ['#version = :next'];
    const removes: string[] = [];
    const oldItem = stored(before);
    const newItem = stored(after);
    let i = 0;
    for (const attribute of new Set([...Object.keys(oldItem), ...Object.keys(newItem)])) {
      if (attribute === 'version' || kept.has(attribute as keyof T)) continue;
      if (JSON.stringify(oldItem[attribute]) === JSON.stringify(newItem[attribute])) continue;
      names[`#a${i}`] = attribute;
      if (newItem[attribute] === undefined) {
        removes.push(`#a${i}`);
      } else {
        values[`:a${i}`] = newItem[attribute];
        sets.push(`#a${i} = :a${i}`);
      }
      i++;
    }
    const condition = options.condition;
    return [
      {
        Update: {
          TableName: db.table,
          Key: config.key(before.id),
          UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
          ConditionExpression: condition ? `#version = :expected AND (${condition.expression})` : '#version = :expected',
          ExpressionAttributeNames: { ...names, ...condition?.names },
          ExpressionAttributeValues: { ...values, ...condition?.values },
        },
      },
      ...markerWrites(db, before, after),
      ...tokenWrites(db, before, after),
      ...(options.counters === false ? [] : countersOf(db, counterDeltas(before, after))),
      auditWrite(db, ctx, options.action ?? 'update', before.id, before, after),
    ];
  }

  function deleteWrites(db: Db, before: T, ctx: WriteContext, options: WriteOptions & { condition?: Condition<T> } = {}): TransactItem[] {
    const condition = options.condition;
    return [
      {
        Delete: {
          TableName: db.table,
          Key: config.key(before.id),
          // The counters move by what is deleted, not by what an edit replaced meanwhile.
          ConditionExpression: condition ? `#version = :expected AND (${condition.expression})` : '#version = :expected',
          ExpressionAttributeNames: { '#version': 'version', ...condition?.names },
          ExpressionAttributeValues: { ':expected': before.version, ...condition?.values },
        },
      },
      ...markerWrites(db, before, null),
      ...tokenWrites(db, before, null),
      ...(options.counters === false ? [] : countersOf(db, counterDeltas(before, null))),
      auditWrite(db, ctx, options.action ?? 'delete', before.id, before, null),
    ];
  }

  /** The id of the item holding `marker`'s value for `item`, if one does (a consistent read of the marker). */
  async function holderOf(db: Db, marker: UniqueMarker<T>, item: T): Promise<string | undefined> {
    const key = marker.key(item);
    if (!key) return undefined;
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
    return Item?.[marker.owner] as string | undefined;
  }

  /**
   * `item` with each blank derived value set to its first candidate, from
   * where the claim stands, that no item holds (read from the markers). A free
   * one can still be taken before the write lands: `judge` finds that out.
   */
  async function withDerived(db: Db, item: T, state: ClaimState): Promise<T> {
    let result = item;
    state.derived.clear();
    for (const marker of contested) {
      const { field, derive } = marker.contested!;
      const value: unknown = result[field];
      if (!derive || (value !== undefined && value !== null && value !== '')) continue;
      const candidate = (n: number) => ({ ...result, [field]: derive(result, n) });
      const from = state.from.get(marker.name) ?? 1;
      let n = from;
      while (n < from + MAX_CANDIDATES && (await holderOf(db, marker, candidate(n)))) n++;
      // Hundreds of items of one base: a random candidate instead (below MAX_CANDIDATE_NUMBER).
      if (n === from + MAX_CANDIDATES) n = MAX_CANDIDATES + 1 + Math.floor(Math.random() * (MAX_CANDIDATE_NUMBER - MAX_CANDIDATES - 1));
      state.derived.set(marker.name, n);
      result = candidate(n);
    }
    return result;
  }

  /**
   * Why a cancelled write that claims contested values (those `after` holds
   * and `before` did not) lost, from who holds their markers now:
   * - a given value another item holds: { taken: marker name };
   * - a derived one another item holds: 'next' (the claim moves past it);
   * - none held by another and no condition failed (only lost to concurrent
   *   transactions, also an edit that claims nothing new): 'again';
   * - else undefined: the cancellation is the caller's to answer.
   */
  async function judge(db: Db, error: unknown, before: T | null, after: T, state: ClaimState): Promise<{ taken: string } | 'next' | 'again' | undefined> {
    const claimed = contested.filter((marker) => {
      const next = marker.key(after);
      const old = before ? marker.key(before) : undefined;
      return next !== undefined && !(old && old.pk === next.pk && old.sk === next.sk);
    });
    for (const marker of claimed) {
      const holder = await holderOf(db, marker, after);
      if (holder === undefined || holder === after.id) continue;
      const n = state.derived.get(marker.name);
      if (n === undefined) return { taken: marker.name };
      state.from.set(marker.name, n + 1);
      return 'next';
    }
    return failedConditionEntries(error).length === 0 ? 'again' : undefined;
  }

  /** Counts a lost round (pausing before the same write again); ContendedWrite past the limits. */
  async function lostRound(verdict: 'next' | 'again', state: ClaimState, error: unknown): Promise<void> {
    state.rounds++;
    if (verdict === 'again') state.contended++;
    if (state.contended >= CLAIM_ATTEMPTS || state.rounds >= MAX_CLAIM_ROUNDS) throw new ContendedWrite(type, error, 'its unique claim');
    if (verdict === 'again') await pauseBeforeRetry(state.contended);
  }

  /**
   * The one path of a write that claims contested unique values (slugs): the
   * entity's own create and update, and transactions callers build around a
   * new item (a lead conversion, a quote approval, a data upgrade). `write`
   * runs the transaction for the item as it will be stored (each blank
   * derived value filled with a free candidate) and answers. A cancelled one
   * is judged by who holds the markers: a given value another item holds
   * answers { taken }; a derived one takes the next free candidate and writes
   * again; a loss to concurrent transactions writes again after a pause
   * (ContendedWrite after CLAIM_ATTEMPTS); anything else is thrown for the
   * caller to answer (a failed condition of its own entries).
   */
  function claim<R>(db: Db, item: T, write: (item: T) => Promise<R>): Promise<R | { taken: string }> {
    return claimWith(db, item, write, (taken) => taken);
  }

  /**
   * `claim` for a new item whose contested values are all derived (the
   * project a lead conversion or a quote approval creates): each one that
   * derives is blanked first, so every value the write claims is a candidate
   * the claim moves past when it is held, and the answer is the write's own,
   * never { taken } (judge refuses only a value that was not derived). Should
   * an entity's contested value not derive, its loss answers ContendedWrite
   * (busy, 503): such a value is claimed through `claim`, which answers taken.
   */
  function claimDerived<R>(db: Db, item: T, write: (item: T) => Promise<R>): Promise<R> {
    let blank = item;
    for (const marker of contested) {
      if (marker.contested!.derive) blank = { ...blank, [marker.contested!.field]: '' };
    }
    return claimWith(db, blank, write, (_taken, error) => {
      throw new ContendedWrite(type, error, 'its unique claim');
    });
  }

  /** The loop of `claim`: `refuse` answers a given value another item holds. */
  async function claimWith<R, X>(db: Db, item: T, write: (item: T) => Promise<R>, refuse: (taken: { taken: string }, error: unknown) => X): Promise<R | X> {
    const state: ClaimState = { from: new Map(), derived: new Map(), contended: 0, rounds: 0 };
    for (;;) {
      const claimed = await withDerived(db, item, state);
      try {
        return await write(claimed);
      } catch (error) {
        const verdict = isTransactionCanceled(error) ? await judge(db, error, null, claimed, state) : undefined;
        if (verdict === undefined) throw error;
        if (typeof verdict === 'object') return refuse(verdict, error);
        await lostRound(verdict, state, error);
      }
    }
  }

  /**
   * The unique marker a cancelled create or update (`before` null for a
   * create) failed to claim, if that is why it was cancelled. Marker entries
   * follow the item's entry (0) in the transaction.
   */
  function takenMarker(db: Db, error: unknown, before: T | null, after: T): string | undefined {
    for (const [position, entry] of markerEntries(db, before, after).entries()) {
      if (entry.claims && isTransactionCanceled(error, position + 1)) return entry.claims;
    }
    return undefined;
  }

  async function get(db: Db, id: string, consistent = false): Promise<T | undefined> {
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: config.key(id), ConsistentRead: consistent }));
    return Item ? parse(Item) : undefined;
  }

  /** Entities by id (missing ones left out). */
  async function getMany(db: Db, ids: readonly string[]): Promise<Map<string, T>> {
    const items = await batchGet(db, [...new Set(ids)].map((id) => config.key(id)));
    return new Map(items.map((item) => parse(item)).map((entity) => [entity.id, entity]));
  }

  /**
   * Creates `entity` with `extra` entries in the same transaction; a taken
   * unique marker is answered, not thrown. Contested values are claimed
   * (`claim`: a blank derived one gets a free candidate); then a failed
   * `extra` entry is a WriteConflict.
   */
  async function create(db: Db, entity: T, ctx: WriteContext, extra: TransactItem[] = []): Promise<CreateResult<T>> {
    if (contested.length > 0) {
      return claim(db, entity, async (item) => {
        const writes = createWrites(db, item, ctx);
        try {
          await transactWrite(db, [...writes, ...extra]);
          return { item };
        } catch (error) {
          const failed = extra.findIndex((_, i) => isTransactionCanceled(error, writes.length + i));
          if (failed >= 0) throw new WriteConflict(failed);
          throw error;
        }
      });
    }
    try {
      await transactWrite(db, [...createWrites(db, entity, ctx), ...extra]);
      return { item: entity };
    } catch (error) {
      const taken = takenMarker(db, error, null, entity);
      if (taken) return { taken };
      throw error;
    }
  }

  /**
   * The one optimistic-locking path: reads the entity, refuses a stale
   * `expectedVersion` with the current item, applies `change` and writes it on
   * the condition that nobody wrote in between. `extra` entries (e.g. counts on
   * other items) join the transaction; when one of them fails, WriteConflict.
   */
  async function update(
    db: Db,
    id: string,
    expectedVersion: number | undefined,
    change: (before: T) => T,
    ctx: WriteContext,
    options: { extra?: (before: T, after: T) => TransactItem[]; condition?: Condition<T>; action?: AuditAction } = {},
  ): Promise<UpdateResult<T>> {
    const state: ClaimState = { from: new Map(), derived: new Map(), contended: 0, rounds: 0 };
    for (let attempt = 1; ; attempt++) {
      const before = await get(db, id, true);
      if (!before) return { notFound: true };
      if (expectedVersion !== undefined && before.version !== expectedVersion) return { stale: before };
      // A blank derived value (an item saved before it had one) gets a free candidate, as a create's does.
      const after = await withDerived(db, { ...change(before), id, createdAt: before.createdAt, updatedAt: ctx.now, version: before.version + 1 }, state);
      if (Object.keys(changes(before, after)).length === 0) return { item: before };
      const writes = updateWrites(db, before, after, ctx, { condition: options.condition, action: options.action });
      const extra = options.extra?.(before, after) ?? [];
      try {
        await transactWrite(db, [...writes, ...extra]);
        return { item: after };
      } catch (error) {
        // The item changed since the read first: a marker it failed to claim may be its own, claimed by
        // that other write (edits of one post to one new slug at once), so it is stale, not taken.
        if (isTransactionCanceled(error, 0)) {
          // Changed (or gone) since the read: a caller who named a version hears so; others try again.
          if (expectedVersion === undefined && attempt < MAX_ATTEMPTS && !options.condition) {
            await pauseBeforeRetry(attempt);
            continue;
          }
          const current = await get(db, id, true);
          return current ? { stale: current } : { notFound: true };
        }
        // A contested value: taken, the next candidate, or the same write again (still losing: busy, or stale if the item changed).
        const verdict = contested.length > 0 && isTransactionCanceled(error) ? await judge(db, error, before, after, state) : undefined;
        if (typeof verdict === 'object') return verdict;
        if (verdict) {
          try {
            await lostRound(verdict, state, error);
            continue;
          } catch (lost) {
            if (!(lost instanceof ContendedWrite)) throw lost;
            const current = await get(db, id, true);
            if (!current) return { notFound: true };
            // Still as read: only other writers kept winning, so busy (503), not stale.
            if (current.version === before.version) throw lost;
            return { stale: current };
          }
        }
        const taken = takenMarker(db, error, before, after);
        if (taken) return { taken };
        const failed = extra.findIndex((_, i) => isTransactionCanceled(error, writes.length + i));
        if (failed >= 0) throw new WriteConflict(failed);
        throw error;
      }
    }
  }

  /**
   * The one delete path: deletes the entity as read (version checked) with its
   * markers, tokens, counters and audit entry. A concurrent edit makes it read
   * again and retry after a jittered pause. `condition` failing (e.g. the
   * customer still has projects) answers `refused` with the entity as it is.
   */
  async function remove(
    db: Db,
    id: string,
    ctx: WriteContext,
    options: { condition?: Condition<T>; extra?: (before: T) => TransactItem[] } = {},
  ): Promise<{ deleted: T } | { notFound: true } | { refused: T }> {
    for (let attempt = 1; ; attempt++) {
      const before = await get(db, id, true);
      if (!before) return { notFound: true };
      if (options.condition?.holds && !options.condition.holds(before)) return { refused: before };
      try {
        await transactWrite(db, [...deleteWrites(db, before, ctx, { condition: options.condition }), ...(options.extra?.(before) ?? [])]);
        return { deleted: before };
      } catch (error) {
        if (!isTransactionCanceled(error, 0)) throw error;
        if (attempt >= MAX_ATTEMPTS) {
          // Gone or refused by now is the answer; else only other writers kept winning: busy (503), not a bug.
          const current = await get(db, id, true);
          if (!current) return { notFound: true };
          if (options.condition?.holds && !options.condition.holds(current)) return { refused: current };
          throw new ContendedWrite(type, error, 'its delete');
        }
        await pauseBeforeRetry(attempt);
      }
    }
  }

  type Params<N extends keyof P> = P[N] extends AccessPattern<infer X> ? X : never;

  /** The partition a named access pattern reads for `params`. */
  function source<N extends keyof P>(name: N, params: Params<N>): ListSource {
    const pattern = patterns[name]!;
    return { index: pattern.index, pk: (pattern.partition as (p: Params<N>) => string)(params), forward: pattern.forward ?? true };
  }

  /**
   * What a cursor of this list may hold: the list's keys and partition, or,
   * when `q` searches the token index, a token item's key in one of the
   * query's lookup partitions. Anything else is a forged or foreign cursor.
   */
  function cursorKeys(list: ListSource, q?: string, inListOrder = false, sk?: SortCondition): CursorKeys {
    const parsed = parseSearch(q);
    if (parsed && parsed.lookups.length > 0 && !inListOrder) {
      return { names: ['pk', 'sk'], partition: { name: 'pk', values: parsed.lookups.map((token) => keys.searchToken(type, token, '').pk) } };
    }
    const itemKey = config.key('');
    return {
      names: ['pk', 'sk', `${list.index}pk`, `${list.index}sk`],
      partition: { name: `${list.index}pk`, values: [list.pk] },
      sort: { name: `${list.index}sk`, ...(sk ? { condition: sk } : {}) },
      item: { pkPrefix: itemKey.pk, sk: itemKey.sk },
    };
  }

  /**
   * One page of a list: the matches of `q` from the token index when it has
   * a lookup, else a page of `list` filtered by `where` and `q`. Search
   * results come in the search order; `inListOrder` keeps the list's order
   * instead (a filtered read of the list, with its read budget).
   */
  async function list(
    db: Db,
    list: ListSource,
    options: { limit: number; start?: ItemKey; q?: string; where?: (item: T) => boolean; sk?: SortCondition; inListOrder?: boolean },
  ): Promise<{ items: T[]; lastKey?: ItemKey }> {
    const parsed = parseSearch(options.q);
    if (parsed && parsed.lookups.length > 0 && !options.inListOrder) return search(db, parsed, options);
    const where = options.where;
    const search_ = config.search;
    const matches = parsed && search_ ? (item: T) => matchesSearch(searchTextOf(search_(item)), parsed) : undefined;
    const filter = where && matches ? (item: T) => where(item) && matches(item) : (where ?? matches);
    return query(db, list, { ...options, where: filter });
  }

  /**
   * One page of a list partition, in its order. `where` filters the page in
   * memory (parsed items): a filtered page examines at most
   * FILTERED_READ_BUDGET items and may come back short, with a cursor.
   */
  async function query(
    db: Db,
    list: ListSource,
    options: { limit: number; start?: ItemKey; sk?: SortCondition; where?: (item: T) => boolean },
  ): Promise<{ items: T[]; lastKey?: ItemKey }> {
    const pkName = `${list.index}pk`;
    const skName = `${list.index}sk`;
    const condition = sortCondition(skName, options.sk);
    const base = {
      TableName: db.table,
      IndexName: list.index,
      KeyConditionExpression: `#pk = :pk${condition ? ` AND ${condition.expression}` : ''}`,
      ExpressionAttributeNames: { '#pk': pkName, ...condition?.names },
      ExpressionAttributeValues: { ':pk': list.pk, ...condition?.values },
      ScanIndexForward: list.forward,
    };
    const where = options.where;
    if (!where) {
      const page = await db.doc.send(new QueryCommand({ ...base, Limit: options.limit, ExclusiveStartKey: options.start }));
      return { items: (page.Items ?? []).map(parse), lastKey: page.LastEvaluatedKey };
    }
    const found: T[] = [];
    let start = options.start;
    let examined = 0;
    while (examined < FILTERED_READ_BUDGET) {
      const page = await db.doc.send(new QueryCommand({ ...base, Limit: 250, ExclusiveStartKey: start }));
      const items = page.Items ?? [];
      for (const [i, raw] of items.entries()) {
        examined++;
        const entity = parse(raw);
        if (!where(entity)) continue;
        found.push(entity);
        if (found.length === options.limit) {
          const more = i < items.length - 1 || page.LastEvaluatedKey !== undefined;
          return { items: found, lastKey: more ? { pk: raw.pk, sk: raw.sk, [pkName]: raw[pkName], [skName]: raw[skName] } : undefined };
        }
      }
      start = page.LastEvaluatedKey;
      if (!start) break;
    }
    return { items: found, lastKey: start };
  }

  /**
   * One page of a list partition, in its order, reading only `fields`
   * (a ProjectionExpression: e.g. a sitemap's slugs and dates without the
   * bodies). Each field is parsed by its own part of the schema; the cursor
   * (lastKey) is the list's, as query's.
   */
  async function queryFields<K extends keyof T & string>(
    db: Db,
    list: ListSource,
    fields: readonly K[],
    options: { limit: number; start?: ItemKey },
  ): Promise<{ items: Pick<T, K>[]; lastKey?: ItemKey }> {
    const names = Object.fromEntries(fields.map((field, i) => [`#f${i}`, field]));
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: list.index,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': `${list.index}pk`, ...names },
        ExpressionAttributeValues: { ':pk': list.pk },
        ProjectionExpression: Object.keys(names).join(', '),
        ScanIndexForward: list.forward,
        Limit: options.limit,
        ExclusiveStartKey: options.start,
      }),
    );
    const fieldSchemas = fields.map((field) => [field, reach(schema, field) as yup.Schema] as const);
    const items = (page.Items ?? []).map(
      (item) => Object.fromEntries(fieldSchemas.map(([field, fieldSchema]) => [field, fieldSchema.validateSync(item[field], STORED_PARSE_OPTIONS)])) as Pick<T, K>,
    );
    return { items, lastKey: page.LastEvaluatedKey };
  }

  /**
   * One page of a search: the candidates of the smallest partition among the
   * query's lookup tokens, checked against every term and `where`, in search
   * order (newest first). Reads the matches, not the list; at most
   * SEARCH_READ_BUDGET candidates per request. `start` continues a partition.
   */
  async function search(
    db: Db,
    parsed: SearchQuery,
    options: { limit: number; start?: ItemKey; where?: (item: T) => boolean },
  ): Promise<{ items: T[]; lastKey?: ItemKey }> {
    let partition: string;
    let first: { Items?: Item[]; LastEvaluatedKey?: ItemKey } | undefined;
    const chunk = Math.max(options.limit * 2, 50);
    const read = (pk: string, start?: ItemKey) =>
      db.doc.send(
        new QueryCommand({
          TableName: db.table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          Limit: chunk,
          ExclusiveStartKey: start,
        }),
      );
    if (options.start) {
      partition = String(options.start.pk);
    } else {
      // Read the first page of each lookup's partition; go on with the smallest.
      const pages = await Promise.all(
        [...new Set(parsed.lookups)].map(async (token) => {
          const pk = keys.searchToken(type, token, '').pk;
          return { pk, page: await read(pk) };
        }),
      );
      const score = ({ page }: (typeof pages)[number]) => (page.LastEvaluatedKey ? Number.MAX_SAFE_INTEGER : (page.Items?.length ?? 0));
      // Among partitions that all go on past their first page, the longest token is the likeliest to be the smallest.
      const best = pages.reduce((a, b) => (score(b) < score(a) || (score(b) === score(a) && b.pk.length > a.pk.length) ? b : a));
      partition = best.pk;
      first = best.page;
    }
    const found: T[] = [];
    let start = options.start;
    let examined = 0;
    while (examined < SEARCH_READ_BUDGET) {
      const page = first ?? (await read(partition, start));
      first = undefined;
      const tokensRead = page.Items ?? [];
      examined += tokensRead.length;
      const candidates = await batchGet(db, tokensRead.map((token) => config.key(String(token.id))));
      const byId = new Map(candidates.map((item) => [String(item.id), item]));
      for (const [i, token] of tokensRead.entries()) {
        const raw = byId.get(String(token.id));
        if (!raw || !matchesSearch(raw.searchText, parsed)) continue;
        const entity = parse(raw);
        if (options.where && !options.where(entity)) continue;
        found.push(entity);
        if (found.length === options.limit) {
          const more = i < tokensRead.length - 1 || page.LastEvaluatedKey !== undefined;
          return { items: found, lastKey: more ? { pk: token.pk, sk: token.sk } : undefined };
        }
      }
      start = page.LastEvaluatedKey;
      if (!start) break;
    }
    return { items: found, lastKey: start };
  }

  /**
   * Adds the entries that turn `before` into `after` to a plan (create:
   * before null; delete: after null): the item itself, named `name`; its
   * markers, `name.<marker>` (a release: `name.<marker>.release`); its search
   * tokens, `name.search.<n>`; its counters, merged into the plan's figures;
   * its audit entry. An update or delete is conditioned on the version read.
   */
  function inPlan(p: WritePlan, name: string, before: T | null, after: T | null, options: { action?: AuditAction; condition?: Condition<T> } = {}): void {
    const db = p.db;
    const asWrite = (request: TransactItem): Write => ({ op: 'request', type, key: requestKey(request), request });
    const main =
      before === null
        ? putNew(db, stored(after!))
        : after === null
          ? deleteWrites(db, before, p.ctx, { condition: options.condition, counters: false })[0]!
          : updateWrites(db, before, after, p.ctx, { condition: options.condition, counters: false })[0]!;
    p.write(name, asWrite(main));
    for (const entry of markerEntries(db, before, after)) p.write(`${name}.${entry.marker}${entry.claims ? '' : '.release'}`, asWrite(entry.write));
    p.writeAll(`${name}.search`, tokenWrites(db, before, after).map(asWrite));
    for (const [counter, deltas] of Object.entries(counterDeltas(before, after)) as [CounterName, CounterDeltas][]) p.add(statsFigure(counter), deltas);
    const id = (after ?? before)!.id;
    p.audit({ entity: type, entityId: id, action: options.action ?? (before === null ? 'create' : after === null ? 'delete' : 'update'), changes: changes(before, after) });
  }

  return {
    /** Adds the creation of `entity` to a plan (see inPlan). */
    planCreate: (p: WritePlan, name: string, entity: T, options: { action?: AuditAction } = {}) => inPlan(p, name, null, entity, options),
    /** Adds the change of `before` into `after` to a plan, conditioned on `before`'s version. */
    planUpdate: (p: WritePlan, name: string, before: T, after: T, options: { action?: AuditAction; condition?: Condition<T> } = {}) => inPlan(p, name, before, after, options),
    /** Adds the deletion of `before` to a plan, conditioned on its version. */
    planDelete: (p: WritePlan, name: string, before: T, options: { action?: AuditAction; condition?: Condition<T> } = {}) => inPlan(p, name, before, null, options),
    type,
    key: config.key,
    parse,
    stored,
    get,
    getMany,
    create,
    update,
    remove,
    claim,
    claimDerived,
    source,
    list,
    query,
    queryFields,
    cursorKeys,
    createWrites,
    updateWrites,
    deleteWrites,
    counterDeltas,
    /** The search index entries of an item written before it had any (data upgrades). */
    searchIndexWrites: (db: Db, entity: T) => tokenWrites(db, null, entity),
    /**
     * Gives an item written before the search index its search text and tokens
     * (data upgrades), on the condition that it is still at the version read.
     */
    reindexWrites: (db: Db, entity: T): TransactItem[] => [
      {
        Update: {
          TableName: db.table,
          Key: config.key(entity.id),
          UpdateExpression: 'SET searchText = :text',
          ConditionExpression: '#version = :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':text': stored(entity).searchText, ':version': entity.version },
        },
      },
      ...tokenWrites(db, null, entity),
    ],
  };
}

/** The key of the item a transaction entry writes. */
function requestKey(request: TransactItem): { pk: string; sk: string } {
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

function sortCondition(skName: string, condition: SortCondition | undefined) {
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
  entry: { entity: string; entityId: string; action: AuditAction; changes: Record<string, { before: unknown; after: unknown }> },
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
    for (const [name, values] of Object.entries(deltas) as [CounterName, CounterDeltas][]) merged[name] = mergeDeltas(merged[name] ?? {}, values);
  }
  return Object.entries(merged).flatMap(([name, values]) => {
    const write = counterUpdate(db, name as CounterName, values ?? {});
    return write ? [write] : [];
  });
}
