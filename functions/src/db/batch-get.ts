import { BatchGetCommand, type BatchGetCommandOutput, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { UnprocessedItems } from './unavailable';

type Key = Record<string, NativeAttributeValue>;

/** DynamoDB's limit of keys per BatchGetItem. */
const BATCH_GET_MAX = 100;

/** Reads items by key, 100 per call, retrying what DynamoDB leaves unprocessed; `fields`: only these attributes (and the keys). */
export async function batchGet(db: Db, itemKeys: Key[], fields?: readonly string[]): Promise<Record<string, NativeAttributeValue>[]> {
  const items: Record<string, NativeAttributeValue>[] = [];
  const names = fields ? Object.fromEntries(['pk', 'sk', ...fields].map((field, i) => [`#f${i}`, field])) : undefined;
  const projection = names ? { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names } : {};
  for (let i = 0; i < itemKeys.length; i += BATCH_GET_MAX) {
    let pending: Key[] = itemKeys.slice(i, i + BATCH_GET_MAX);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= 8) throw new UnprocessedItems('BatchGetItem kept leaving keys unprocessed');
      const response: BatchGetCommandOutput = await db.doc.send(
        new BatchGetCommand({
          RequestItems: {
            [db.table]: { Keys: pending, ConsistentRead: true, ...projection },
          },
        }),
      );
      items.push(...(response.Responses?.[db.table] ?? []));
      pending = response.UnprocessedKeys?.[db.table]?.Keys ?? [];
      if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
    }
  }
  return items;
}

