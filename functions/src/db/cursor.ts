import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { isRecord } from '@app/shared-types/guards';

type Key = Record<string, NativeAttributeValue>;

/** Opaque pagination cursor: the base64url JSON of DynamoDB's LastEvaluatedKey. */
export function encodeCursor(key: Key | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined;
}

/**
 * Decodes a cursor made by encodeCursor for a list whose keys are
 * `allowedKeys` (all of them). Anything else gives `null`, which the
 * route reports as a 400 instead of handing DynamoDB a forged key.
 */
export function decodeCursor(cursor: string | undefined, allowedKeys: readonly string[]): Record<string, string> | undefined | null {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!isRecord(value)) return null;
    // Exactly the key attributes of the list, each a non-empty string: DynamoDB refuses anything else.
    const key: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) {
      if (!allowedKeys.includes(k) || typeof v !== 'string' || v.length === 0 || v.length >= 512) return null;
      key[k] = v;
    }
    return Object.keys(key).length === allowedKeys.length ? key : null;
  } catch {
    return null;
  }
}

/** A condition on a list's sort key, as the read puts it (see entity.ts SortCondition). */
export type CursorSortCondition = { between: [string, string] } | { beginsWith: string } | { gte: string } | { lte: string } | { lt: string };

/** What a cursor of one list may hold (entity.ts CursorKeys has the same shape). */
export interface ListCursorShape {
  /** Exactly these attributes. */
  names: readonly string[];
  /** The attribute naming the partition, and the partitions the list reads. */
  partition: { name: string; values: readonly string[] };
  /** The sort-key attribute and the read's condition on it: DynamoDB refuses a start key outside it. */
  sort?: { name: string; condition?: CursorSortCondition };
  /** The table key of the list's items: pk begins with `pkPrefix`, sk is `sk`. */
  item?: { pkPrefix: string; sk: string };
}

/** DynamoDB compares strings by their UTF-8 bytes. */
const compareUtf8 = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

function meetsSortCondition(value: string, condition: CursorSortCondition): boolean {
  if ('beginsWith' in condition) return value.startsWith(condition.beginsWith);
  if ('between' in condition) return compareUtf8(value, condition.between[0]) >= 0 && compareUtf8(value, condition.between[1]) <= 0;
  if ('gte' in condition) return compareUtf8(value, condition.gte) >= 0;
  if ('lte' in condition) return compareUtf8(value, condition.lte) <= 0;
  return compareUtf8(value, condition.lt) < 0;
}

/** Well-formed text: a lone surrogate cannot be a key DynamoDB made. */
const WELL_FORMED = /^(?:[^\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/**
 * Decodes the cursor of a list read from one index partition: null (a 400)
 * unless it holds exactly `names`, continues one of the list's partitions
 * (so a cursor of one list cannot be replayed against another), names an
 * item of the list's kind and, when the read has a sort-key condition, starts
 * inside it. Anything DynamoDB would refuse with an error is refused here.
 */
export function decodeListCursor(cursor: string | undefined, list: ListCursorShape): Key | undefined | null {
  const start = decodeCursor(cursor, list.names);
  if (!start) return start;
  if (!Object.values(start).every((value) => WELL_FORMED.test(value))) return null;
  if (!list.partition.values.includes(String(start[list.partition.name]))) return null;
  if (list.item && !(String(start.pk).startsWith(list.item.pkPrefix) && start.pk !== list.item.pkPrefix && start.sk === list.item.sk)) return null;
  const sort = list.sort;
  if (sort?.condition && !meetsSortCondition(String(start[sort.name]), sort.condition)) return null;
  return start;
}
