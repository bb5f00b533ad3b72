import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';

type Item = Record<string, NativeAttributeValue>;

/** A TransactWriteItems entry that creates `item` and fails if its key is taken. */
export function putNew(db: Db, item: Item) {
  return { Put: { TableName: db.table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } };
}

/** A single write's condition did not hold (the item exists, the version moved...). */
export function isConditionalCheckFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/**
 * A transaction was cancelled. With `itemIndex`, only when the entry at that
 * index is the one whose condition failed (e.g. a unique marker already taken).
 */
export function isTransactionCanceled(error: unknown, itemIndex?: number): boolean {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return false;
  if (itemIndex === undefined) return true;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
  return reasons?.[itemIndex]?.Code === 'ConditionalCheckFailed';
}
