import { QueryCommand, GetCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { reach } from 'yup';
import type * as yup from 'yup';
import { STORED_PARSE_OPTIONS } from '@app/shared-types/forms';
import { batchGet } from './batch-get';
import type { Db } from './client';
import { FILTERED_READ_BUDGET, SEARCH_READ_BUDGET, sortCondition, type AccessPattern, type CursorKeys, type ItemKey, type ListSource, type SortCondition, type Stored } from './entity-base';
import type { EntityShape } from './entity-shape';
import { keys } from './keys';
import { matchesSearch, parseSearch, searchLookups, searchTextOf, type SearchQuery } from './search-tokens';

type Item = Record<string, NativeAttributeValue>;

/** An entity's reads: by id, by ids, and its lists (named access patterns, filtered pages, searches through the token index). */
export function entityReads<T extends Stored, P extends Record<string, AccessPattern<never>>>(shape: EntityShape<T, P>) {
  const { config, type, schema, patterns, parse } = shape;

  async function get(db: Db, id: string, consistent = false): Promise<T | undefined> {
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: config.key(id), ConsistentRead: consistent }));
    return Item ? parse(Item) : undefined;
  }

  /** Entities by id (missing ones left out). */
  async function getMany(db: Db, ids: readonly string[]): Promise<Map<string, T>> {
    const items = await batchGet(db, [...new Set(ids)].map((id) => config.key(id)));
    return new Map(items.map((item) => parse(item)).map((entity) => [entity.id, entity]));
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
      return { names: ['pk', 'sk'], partition: { name: 'pk', values: searchLookups(parsed).map((token) => keys.searchToken(type, token, '').pk) } };
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
        searchLookups(parsed).map(async (token) => {
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

  return { get, getMany, source, cursorKeys, list, query, queryFields, search };
}
