import { TransactWriteCommand, type NativeAttributeValue, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
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

/**
 * A transaction lost to another one touching the same item at the same moment
 * (e.g. two writes adding to the same counter). Safe to send again as it is.
 */
export function isTransactionConflict(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TransactionConflictException') return true;
  if (error.name !== 'TransactionCanceledException') return false;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.some((reason) => reason.Code === 'TransactionConflict') && !reasons.some((reason) => reason.Code === 'ConditionalCheckFailed');
}

/** One entry of a TransactWriteItems request. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Sends one TransactWriteItems, again after a short random pause when it only
 * lost a conflict with a concurrent transaction. A failed condition is thrown
 * at once: that is the caller's answer (409, 404...), not bad luck.
 */
export async function transactWrite(db: Db, items: (TransactItem | null)[], attempts = 6): Promise<void> {
  const transactItems = items.filter((item): item is TransactItem => item !== null);
  for (let attempt = 1; ; attempt++) {
    try {
      await db.doc.send(new TransactWriteCommand({ TransactItems: transactItems }));
      return;
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
    }
  }
}
