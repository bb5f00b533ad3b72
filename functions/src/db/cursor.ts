import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';

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
export function decodeCursor(cursor: string | undefined, allowedKeys: readonly string[]): Key | undefined | null {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    // Exactly the key attributes of the list, each a non-empty string: DynamoDB refuses anything else.
    const entries = Object.entries(value);
    const valid = entries.every(([k, v]) => allowedKeys.includes(k) && typeof v === 'string' && v.length > 0 && v.length < 512);
    return valid && entries.length === allowedKeys.length ? (value as Key) : null;
  } catch {
    return null;
  }
}

/**
 * Decodes the cursor of a list read from one index partition: null (a 400)
 * unless it holds exactly `names` and continues one of the list's partitions,
 * so a cursor of one list cannot be replayed against another.
 */
export function decodeListCursor(
  cursor: string | undefined,
  list: { names: readonly string[]; partition: { name: string; values: readonly string[] } },
): Key | undefined | null {
  const start = decodeCursor(cursor, list.names);
  if (start && !list.partition.values.includes(String(start[list.partition.name]))) return null;
  return start;
}
