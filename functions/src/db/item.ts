import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type NativeAttributeValue,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type * as yup from 'yup';
import { STORED_PARSE_OPTIONS } from '@app/shared-types/forms';
import type { Db } from './client';
import { declaredKind, type KindDeclaration } from './kind';

/**
 * Every stored item kind that is not an entity (figures, markers, outbox
 * items, sessions, timeline entries, revisions, idempotency keys, settings...)
 * is one small definition: its entityType, its stored shape (a yup schema:
 * items are parsed on read, never cast) and its key. Reads go through the
 * definition (get, query); writes are values (`Write`) that one plan commits
 * together (db/plan.ts) or `execute` sends alone. Nothing outside db/ builds
 * a DynamoDB request.
 */

export type Item = Record<string, NativeAttributeValue>;
export interface Key {
  pk: string;
  sk: string;
}
export type IndexName = 'gsi1' | 'gsi2' | 'gsi3';

/** An extra condition of a write: an expression over placeholders (#name, :value) of its own. */
export interface Condition {
  expression: string;
  names?: Record<string, string>;
  values?: Item;
}

/** One entry of a TransactWriteItems request, as DynamoDB takes it. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * A write of one item, as a value: put (new by default), update (set, add,
 * remove), delete, or a condition check. A plan commits several in one
 * transaction; `execute` sends one alone.
 */
export type Write =
  | { op: 'put'; type: string; key: Key; item: Item; condition?: Condition }
  | { op: 'update'; type: string; key: Key; set?: Item; add?: Record<string, number>; remove?: AttributePath[]; setIfMissing?: Item; condition?: Condition }
  | { op: 'delete'; type: string; key: Key; condition?: Condition }
  | { op: 'check'; type: string; key: Key; condition: Condition }
  /** A request the engine built itself (the entity layer's entries); never outside db/. */
  | { op: 'request'; type: string; key: Key; request: TransactItem };

/** An attribute, or a path into a map attribute (['recoveryHashes', hash]: one entry of the map). */
export type AttributePath = string | readonly string[];

/** The placeholders of conditions joined into one (each condition's tags are its own). */
function placeholdersOf(parts: readonly Condition[]): { names: Record<string, string>; values: Item } {
  const names: Record<string, string> = {};
  const values: Item = {};
  for (const part of parts) {
    Object.assign(names, part.names);
    Object.assign(values, part.values);
  }
  return { names, values };
}

/** Conditions every kind needs. */
export const conditions = {
  /** The item does not exist yet (a create, a marker claim). */
  absent: (): Condition => ({ expression: 'attribute_not_exists(pk)' }),
  /** The item exists (an update that must not create it). */
  present: (): Condition => ({ expression: 'attribute_exists(pk)' }),
  /** The item is still at the version read (optimistic locking). */
  version: (expected: number): Condition => ({ expression: '#cVersion = :cVersion', names: { '#cVersion': 'version' }, values: { ':cVersion': expected } }),
  /** `attribute` equals `value`. */
  equals: (attribute: string, value: NativeAttributeValue, tag = 'eq'): Condition => ({
    expression: `#c_${tag} = :c_${tag}`,
    names: { [`#c_${tag}`]: attribute },
    values: { [`:c_${tag}`]: value },
  }),
  /** Every condition holds. */
  all: (...parts: (Condition | undefined)[]): Condition | undefined => {
    const present = parts.filter((part): part is Condition => part !== undefined);
    if (present.length === 0) return undefined;
    if (present.length === 1) return present[0];
    return {
      expression: present.map((part) => `(${part.expression})`).join(' AND '),
      ...placeholdersOf(present),
    };
  },
  /** One condition or the other (e.g. a marker that is free or already ours). */
  any: (...parts: Condition[]): Condition => ({
    expression: parts.map((part) => `(${part.expression})`).join(' OR '),
    ...placeholdersOf(parts),
  }),
};

/** A sort-key condition of a query. */
export type SortCondition = { between: [string, string] } | { beginsWith: string } | { gte: string } | { lte: string } | { lt: string } | { gt: string };

export interface QueryOptions {
  /** An index, or the table's own pk/sk when absent. */
  index?: IndexName;
  pk: string;
  sk?: SortCondition;
  /** Ascending sort-key order (default true). */
  forward?: boolean;
  limit?: number;
  start?: Item;
  consistent?: boolean;
  /** Only these attributes (a ProjectionExpression); the items are then not parsed as the kind. */
  fields?: readonly string[];
}

export interface Page<T> {
  items: T[];
  lastKey?: Item;
}

/**
 * What the engine uses of a yup schema: `validateSync` and its output type. A
 * narrow shape on purpose: tsc relates yup's full schema types member by
 * member, which made every definition cost a second to check.
 */
export interface StoredShape<T> {
  __outputType: T;
  validateSync(value: unknown, options?: yup.ValidateOptions): this['__outputType'];
}

export interface ItemKindConfig<T extends object, A extends unknown[]> extends KindDeclaration {
  /** entityType of its items. */
  type: string;
  schema: StoredShape<T>;
  key: (...args: A) => Key;
  /** Index attributes of an item; undefined keeps the item out of that index. */
  indexes?: Partial<Record<IndexName, (item: T) => Key | undefined>>;
}

/** The stored shape of an item, or a clear error naming the kind when it is not one. */
export function parseWith<T>(type: string, schema: StoredShape<T>, raw: Item): T {
  try {
    return schema.validateSync(raw, STORED_PARSE_OPTIONS);
  } catch (error) {
    throw new Error(`A stored ${type} item does not match its definition: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

export function defineItem<T extends object, A extends unknown[]>(config: ItemKindConfig<T, A>) {
  const { type, schema } = config;

  const parse = (raw: Item): T => parseWith(type, schema, raw);

  /** The item as stored: its key, entityType, fields and index attributes. */
  function stored(key: Key, item: T): Item {
    const attributes: Item = { ...Object.fromEntries(Object.entries(item)), ...key, entityType: type };
    for (const index of ['gsi1', 'gsi2', 'gsi3'] as const) {
      const build = config.indexes?.[index];
      if (!build) continue;
      const value = build(item);
      if (value) {
        attributes[`${index}pk`] = value.pk;
        attributes[`${index}sk`] = value.sk;
      }
    }
    return Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== undefined));
  }

  return {
    type,
    key: config.key,
    parse,
    ...declaredKind(config),
    stored,

    /** The item at this key, parsed; undefined when there is none. */
    async get(db: Db, args: A, options: { consistent?: boolean } = {}): Promise<T | undefined> {
      const { Item: raw } = await db.doc.send(new GetCommand({ TableName: db.table, Key: config.key(...args), ConsistentRead: options.consistent ?? true }));
      return raw ? parse(raw) : undefined;
    },

    /** One page of a partition (the table's or an index's), parsed. */
    async query(db: Db, options: QueryOptions): Promise<Page<T>> {
      const page = await queryPage(db, options);
      return { items: page.items.map(parse), lastKey: page.lastKey };
    },

    /** Creates the item; fails (its entry's condition) when the key is taken. `replace` overwrites instead. */
    put(args: A, item: T, options: { replace?: boolean; condition?: Condition } = {}): Write {
      const key = config.key(...args);
      const condition = options.replace ? options.condition : conditions.all(conditions.absent(), options.condition);
      return { op: 'put', type, key, item: stored(key, item), ...(condition ? { condition } : {}) };
    },

    /** Changes attributes of the item: `set` (undefined values are removed), atomic `add`, `setIfMissing`. */
    update(args: A, change: { set?: Partial<T> & Item; add?: Record<string, number>; setIfMissing?: Item; remove?: AttributePath[]; condition?: Condition }): Write {
      return { op: 'update', type, key: config.key(...args), ...change };
    },

    delete(args: A, condition?: Condition): Write {
      return { op: 'delete', type, key: config.key(...args), ...(condition ? { condition } : {}) };
    },

    check(args: A, condition: Condition): Write {
      return { op: 'check', type, key: config.key(...args), condition };
    },
  };
}

export type ItemKind<T extends object, A extends unknown[]> = ReturnType<typeof defineItem<T, A>>;

// ---------------------------------------------------------------------------
// Requests: the only place that turns a Write into DynamoDB's shape

/** Placeholder names and values of one request, shared by its expressions. */
class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Item = {};
  private n = 0;
  name(attribute: string): string {
    const placeholder = `#w${this.n++}`;
    this.names[placeholder] = attribute;
    return placeholder;
  }
  value(value: NativeAttributeValue): string {
    const placeholder = `:w${this.n++}`;
    this.values[placeholder] = value;
    return placeholder;
  }
  merge(condition: Condition | undefined): string | undefined {
    if (!condition) return undefined;
    Object.assign(this.names, condition.names);
    Object.assign(this.values, condition.values);
    return condition.expression;
  }
  parts() {
    return {
      ...(Object.keys(this.names).length > 0 ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length > 0 ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

/** The UpdateExpression of an update write; undefined when it changes nothing. */
function updateExpression(write: Extract<Write, { op: 'update' }>, p: Placeholders): string | undefined {
  const sets: string[] = [];
  const removes: string[] = [];
  const adds: string[] = [];
  for (const [attribute, value] of Object.entries(write.set ?? {})) {
    if (value === undefined) removes.push(p.name(attribute));
    else sets.push(`${p.name(attribute)} = ${p.value(value)}`);
  }
  for (const [attribute, value] of Object.entries(write.setIfMissing ?? {})) {
    const name = p.name(attribute);
    sets.push(`${name} = if_not_exists(${name}, ${p.value(value)})`);
  }
  for (const attribute of write.remove ?? []) removes.push(typeof attribute === 'string' ? p.name(attribute) : attribute.map((part) => p.name(part)).join('.'));
  for (const [attribute, value] of Object.entries(write.add ?? {})) {
    if (value !== 0) adds.push(`${p.name(attribute)} ${p.value(value)}`);
  }
  const clauses = [
    sets.length > 0 ? `SET ${sets.join(', ')}` : '',
    adds.length > 0 ? `ADD ${adds.join(', ')}` : '',
    removes.length > 0 ? `REMOVE ${removes.join(', ')}` : '',
  ].filter(Boolean);
  return clauses.length > 0 ? clauses.join(' ') : undefined;
}

/** A write as one entry of TransactWriteItems. An update that changes nothing becomes its condition check (or nothing). */
export function transactItem(db: Db, write: Write): TransactItem | null {
  const p = new Placeholders();
  const TableName = db.table;
  switch (write.op) {
    case 'put': {
      const condition = p.merge(write.condition);
      return { Put: { TableName, Item: write.item, ...(condition ? { ConditionExpression: condition } : {}), ...p.parts() } };
    }
    case 'update': {
      const expression = updateExpression(write, p);
      const condition = p.merge(write.condition);
      if (!expression) return condition ? { ConditionCheck: { TableName, Key: write.key, ConditionExpression: condition, ...p.parts() } } : null;
      return { Update: { TableName, Key: write.key, UpdateExpression: expression, ...(condition ? { ConditionExpression: condition } : {}), ...p.parts() } };
    }
    case 'delete': {
      const condition = p.merge(write.condition);
      return { Delete: { TableName, Key: write.key, ...(condition ? { ConditionExpression: condition } : {}), ...p.parts() } };
    }
    case 'request':
      return write.request;
    case 'check': {
      const condition = p.merge(write.condition) ?? 'attribute_exists(pk)';
      return { ConditionCheck: { TableName, Key: write.key, ConditionExpression: condition, ...p.parts() } };
    }
  }
}

/**
 * Sends one write alone (a single-item write: a rate-limit window, a session's
 * touch). A failed condition throws ConditionalCheckFailedException (see
 * isConditionalCheckFailed). `returnNew` answers the item's attributes after
 * an update (a counter's next number).
 */
export async function execute(db: Db, write: Write, options: { returnNew?: boolean; returnUpdated?: boolean } = {}): Promise<Item | undefined> {
  const entry = transactItem(db, write);
  if (!entry) return undefined;
  if (entry.Put) {
    await db.doc.send(new PutCommand(entry.Put));
    return undefined;
  }
  if (entry.Update) {
    // returnUpdated: only the attributes the update wrote (UPDATED_NEW: what a restricted role may be allowed, e.g. a rate-limit window).
    const returnValues = options.returnNew ? ('ALL_NEW' as const) : options.returnUpdated ? ('UPDATED_NEW' as const) : undefined;
    const { Attributes } = await db.doc.send(new UpdateCommand({ ...entry.Update, ...(returnValues ? { ReturnValues: returnValues } : {}) }));
    return Attributes;
  }
  if (entry.Delete) {
    await db.doc.send(new DeleteCommand(entry.Delete));
    return undefined;
  }
  // A lone condition check: a consistent read tested in memory is not the same, so refuse.
  throw new Error(`A ${write.type} condition check is only meaningful inside a plan`);
}

/** One page of a partition, unparsed (the kinds parse their own). */
export async function queryPage(db: Db, options: QueryOptions): Promise<Page<Item>> {
  const p = new Placeholders();
  const pkName = options.index ? `${options.index}pk` : 'pk';
  const skName = options.index ? `${options.index}sk` : 'sk';
  let keyCondition = `${p.name(pkName)} = ${p.value(options.pk)}`;
  const sk = options.sk;
  if (sk) {
    const name = p.name(skName);
    if ('between' in sk) keyCondition += ` AND ${name} BETWEEN ${p.value(sk.between[0])} AND ${p.value(sk.between[1])}`;
    else if ('beginsWith' in sk) keyCondition += ` AND begins_with(${name}, ${p.value(sk.beginsWith)})`;
    else if ('gte' in sk) keyCondition += ` AND ${name} >= ${p.value(sk.gte)}`;
    else if ('gt' in sk) keyCondition += ` AND ${name} > ${p.value(sk.gt)}`;
    else if ('lte' in sk) keyCondition += ` AND ${name} <= ${p.value(sk.lte)}`;
    else keyCondition += ` AND ${name} < ${p.value(sk.lt)}`;
  }
  const projection = options.fields ? options.fields.map((field) => p.name(field)).join(', ') : undefined;
  const page = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      ...(options.index ? { IndexName: options.index } : {}),
      KeyConditionExpression: keyCondition,
      ...p.parts(),
      ...(projection ? { ProjectionExpression: projection } : {}),
      ScanIndexForward: options.forward ?? true,
      ...(options.limit ? { Limit: options.limit } : {}),
      ...(options.start ? { ExclusiveStartKey: options.start } : {}),
      ...(options.consistent && !options.index ? { ConsistentRead: true } : {}),
    }),
  );
  return { items: page.Items ?? [], lastKey: page.LastEvaluatedKey };
}
