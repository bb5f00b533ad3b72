import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { MASKED_VALUE, type AuditAction } from '@app/shared-types/audit';
import { STORED_PARSE_OPTIONS } from '@app/shared-types/forms';
import type { Db } from './client';
import {
  auditEntryWrite,
  auditTitle,
  mergedCounterWrites,
  requestKey,
  UNAUDITED,
  type AccessPattern,
  type Condition,
  type ContestedMarker,
  type EntityConfig,
  type Stored,
  type WriteContext,
  type WriteOptions,
} from './entity-base';
import type { Write } from './item';
import { keys, newestFirst } from './keys';
import type { WritePlan } from './plan';
import { searchTextOf, tokensOf } from './search-tokens';
import { countersIn, figureDifference, figureWrites, mergeDeltas, statsFigure, type CounterDeltas, type CounterName } from './figures';
import { putNew, type TransactItem } from './writes';

type Item = Record<string, NativeAttributeValue>;

/** The item's own write, first of the writes of an update or delete (its markers and figures follow). */
function itemWrite(writes: TransactItem[]): TransactItem {
  const [first] = writes;
  if (!first) throw new Error('An update or delete has no write of its item');
  return first;
}

/**
 * What an entity's definition makes of an item, with no reads: its stored
 * shape (parse), the attributes that follow from it (index keys, search text),
 * and the transaction entries of a create, an update and a delete (the item,
 * its unique markers, search tokens, counters and audit entry), as requests
 * or as a plan's named entries (inPlan).
 */
export function entityShape<T extends Stored, P extends Record<string, AccessPattern<never>>>(config: EntityConfig<T, P>) {
  const { type, schema, patterns } = config;
  const unique = config.unique ?? [];
  const contested = unique.filter((marker): marker is ContestedMarker<T> => marker.contested !== undefined);
  const kept = new Set<PropertyKey>(config.kept ?? []);
  const masked = new Set<PropertyKey>(config.masked ?? []);
  const unaudited = new Set<PropertyKey>(config.unaudited ?? []);
  /** The record's name in its audit entries, stored at write time (the log then needs no lookup). */
  const titleOf = (item: T) => (config.title ? config.title(item) : auditTitle(item));
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
    // A null side has no tokens (tokens above): each loop runs only for an item.
    if (before) {
      for (const token of old) {
        if (next.has(token) && !sortMoved) continue;
        writes.push({ Delete: { TableName: db.table, Key: keys.searchToken(type, token, searchSort(before)) } });
      }
    }
    if (after) {
      for (const token of next) {
        if (old.has(token) && !sortMoved) continue;
        writes.push({ Put: { TableName: db.table, Item: { ...keys.searchToken(type, token, searchSort(after)), entityType: 'SearchToken', id: after.id } } });
      }
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
      if (next && after) entries.push({ write: putNew(db, { ...next, entityType: marker.name, [marker.owner]: after.id }), claims: marker.name, marker: marker.name });
      if (old && before) {
        entries.push({
          marker: marker.name,
          write: {
            Delete: {
              TableName: db.table,
              Key: old,
              ConditionExpression: 'attribute_not_exists(pk) OR #owner = :id',
              ExpressionAttributeNames: { '#owner': marker.owner },
              ExpressionAttributeValues: { ':id': before.id },
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
    for (const name of new Set([...countersIn(old), ...countersIn(next)])) {
      result[name] = mergeDeltas(negate(old[name]), next[name] ?? {});
    }
    return result;
  }

  /** How the entity's own figure items move when `before` becomes `after` (either may be null). */
  const figureDeltas = (before: T | null, after: T | null) =>
    config.figures ? figureDifference(before ? config.figures(before) : [], after ? config.figures(after) : []) : [];

  /** field -> before/after of every field that differs (masked where personal). */
  function changes(before: T | null, after: T | null): Record<string, { before: unknown; after: unknown }> {
    const result: Record<string, { before: unknown; after: unknown }> = {};
    // The fields by name: an entity's type lists its own, an audit entry names them as strings.
    const old = new Map<string, unknown>(Object.entries(before ?? {}));
    const next = new Map<string, unknown>(Object.entries(after ?? {}));
    for (const field of new Set([...old.keys(), ...next.keys()])) {
      if (UNAUDITED.has(field) || unaudited.has(field) || field === 'id') continue;
      const from = old.get(field) ?? null;
      const to = next.get(field) ?? null;
      if (JSON.stringify(from) === JSON.stringify(to)) continue;
      if (!before && (to === '' || to === null || (Array.isArray(to) && to.length === 0))) continue;
      const mask = (value: unknown) => (masked.has(field) && value !== null && value !== '' ? MASKED_VALUE : value);
      result[field] = { before: before ? mask(from) : null, after: after ? mask(to) : null };
    }
    return result;
  }

  function auditWrite(db: Db, ctx: WriteContext, action: AuditAction, id: string, before: T | null, after: T | null): TransactItem {
    const item = after ?? before;
    return auditEntryWrite(db, ctx, { entity: type, entityId: id, title: item ? titleOf(item) : '', action, changes: changes(before, after) });
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
      ...(options.counters === false ? [] : figureWrites(db, figureDeltas(null, entity))),
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
      if (attribute === 'version' || kept.has(attribute)) continue;
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
      ...(options.counters === false ? [] : figureWrites(db, figureDeltas(before, after))),
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
      ...(options.counters === false ? [] : figureWrites(db, figureDeltas(before, null))),
      auditWrite(db, ctx, options.action ?? 'delete', before.id, before, null),
    ];
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
    const item = after ?? before;
    if (item === null) throw new Error(`${type} plan entry ${name} has neither the item before nor after`);
    const main =
      before === null
        ? putNew(db, stored(item))
        : itemWrite(after === null ? deleteWrites(db, before, p.ctx, { condition: options.condition, counters: false }) : updateWrites(db, before, after, p.ctx, { condition: options.condition, counters: false }));
    p.write(name, asWrite(main));
    for (const entry of markerEntries(db, before, after)) p.write(`${name}.${entry.marker}${entry.claims ? '' : '.release'}`, asWrite(entry.write));
    p.writeAll(`${name}.search`, tokenWrites(db, before, after).map(asWrite));
    const deltas = counterDeltas(before, after);
    for (const counter of countersIn(deltas)) p.add(statsFigure(counter), deltas[counter] ?? {});
    for (const { figure, deltas: added } of figureDeltas(before, after)) p.add(figure, added);
    p.audit({ entity: type, entityId: item.id, title: titleOf(item), action: options.action ?? (before === null ? 'create' : after === null ? 'delete' : 'update'), changes: changes(before, after) });
  }

  return {
    config,
    type,
    schema,
    patterns,
    unique,
    contested,
    kept,
    searchSort,
    parse,
    stored,
    tokenWrites,
    markerEntries,
    counterDeltas,
    changes,
    createWrites,
    updateWrites,
    deleteWrites,
    inPlan,
  };
}

export type EntityShape<T extends Stored, P extends Record<string, AccessPattern<never>>> = ReturnType<typeof entityShape<T, P>>;
