import { QueryCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { normalizePhone } from '@app/shared-types/phone';
import type { Db } from './client';

type Item = Record<string, NativeAttributeValue>;
export type ItemKey = Record<string, NativeAttributeValue>;

/** One partition of an index, read in its sort order (`forward`) or backwards. */
export interface ListSource {
  index: 'gsi1' | 'gsi2' | 'gsi3';
  pkName: string;
  skName: string;
  pk: string;
  forward: boolean;
}

/** Attribute names a cursor of this list holds (the table's and the index's keys), and its partition. */
export function cursorKeysOf(source: ListSource) {
  return { names: ['pk', 'sk', source.pkName, source.skName], partition: { name: source.pkName, value: source.pk } };
}

/** Items one filtered request examines at most before answering with what it found and a cursor. */
const FILTERED_READ_BUDGET = 2000;
const FILTERED_CHUNK = 250;

export interface ListFilter {
  /** Filter expressions, ANDed (empty: a plain page of the partition). */
  expressions: string[];
  names?: Record<string, string>;
  values?: Record<string, NativeAttributeValue>;
}

/**
 * One page of a list: a Query of one index partition (a designed key, never a
 * Scan). Filters and searches are filter expressions on that Query; a filtered
 * page examines at most FILTERED_READ_BUDGET items and may come back short,
 * with a cursor that goes on after the last item returned.
 */
export async function queryPage(
  db: Db,
  source: ListSource,
  filter: ListFilter,
  limit: number,
  exclusiveStartKey?: ItemKey,
): Promise<{ items: Item[]; lastKey?: ItemKey }> {
  const base = {
    TableName: db.table,
    IndexName: source.index,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': source.pkName, ...filter.names },
    ExpressionAttributeValues: { ':pk': source.pk, ...filter.values },
    ScanIndexForward: source.forward,
  };
  if (filter.expressions.length === 0) {
    const page = await db.doc.send(new QueryCommand({ ...base, Limit: limit, ExclusiveStartKey: exclusiveStartKey }));
    return { items: page.Items ?? [], lastKey: page.LastEvaluatedKey };
  }

  const found: Item[] = [];
  let start = exclusiveStartKey;
  let examined = 0;
  while (examined < FILTERED_READ_BUDGET) {
    const page = await db.doc.send(
      new QueryCommand({
        ...base,
        FilterExpression: filter.expressions.join(' AND '),
        Limit: FILTERED_CHUNK,
        ExclusiveStartKey: start,
      }),
    );
    examined += page.ScannedCount ?? 0;
    found.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
    if (found.length >= limit) {
      const items = found.slice(0, limit);
      // Go on after the last item returned, not after the last one examined.
      const last = items[items.length - 1]!;
      const more = found.length > limit || start !== undefined;
      return {
        items,
        lastKey: more ? { pk: last.pk, sk: last.sk, [source.pkName]: last[source.pkName], [source.skName]: last[source.skName] } : undefined,
      };
    }
    if (!start) break;
  }
  return { items: found, lastKey: start };
}

/** The search as stored search text holds it: lower case, a phone number as its digits. */
export function searchTerm(q: string | undefined): string {
  const trimmed = (q ?? '').trim().toLowerCase();
  if (!trimmed) return '';
  if (/^[+\d\s\-().]+$/.test(trimmed) && /\d{3,}/.test(trimmed.replace(/\D/g, ''))) {
    const digits = trimmed.replace(/\D/g, '');
    return digits.length >= 11 ? normalizePhone(digits) : digits;
  }
  return trimmed;
}

/** Search text of a phone number: its identifying digits and all its digits. */
export function phoneSearchText(phone: string): string {
  return `${normalizePhone(phone)} ${phone.replace(/\D/g, '')}`;
}
