import { TransactWriteCommand, UpdateCommand, type NativeAttributeValue, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { RETRY } from './plan';
import { cancellationCodes } from './unavailable';

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
  error = unwrapPlanFailure(error);
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return false;
  if (itemIndex === undefined) return true;
  return codesOf(error)[itemIndex] === 'ConditionalCheckFailed';
}

/** A plan's named failure (db/plan.ts) stands for the cancelled transaction it wraps. */
function unwrapPlanFailure(error: unknown): unknown {
  return error instanceof Error && error.name === 'PlanConditionFailed' ? error.cause : error;
}

/** The reason code of each entry of a cancelled transaction (none when it is not one). */
const codesOf = (error: unknown): (string | undefined)[] => cancellationCodes(unwrapPlanFailure(error)) ?? [];

/** Positions of the entries whose condition failed in a cancelled transaction. */
export function failedConditionEntries(error: unknown): number[] {
  return codesOf(error).flatMap((code, entry) => (code === 'ConditionalCheckFailed' ? [entry] : []));
}

/**
 * Positions of the entries a cancelled transaction lost on: a condition that
 * failed, or an item another transaction was writing at that moment.
 */
export function contendedEntries(error: unknown): number[] {
  return codesOf(error).flatMap((code, entry) => (code === 'ConditionalCheckFailed' || code === 'TransactionConflict' ? [entry] : []));
}

/**
 * A transaction lost to another one touching the same item at the same moment
 * (e.g. two writes adding to the same counter). Safe to send again as it is.
 */
export function isTransactionConflict(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TransactionConflictException') return true;
  if (error.name !== 'TransactionCanceledException') return false;
  const codes = codesOf(error);
  return codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
}

/** One entry of a TransactWriteItems request. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Sends one TransactWriteItems, again after a short random pause when it only
 * lost a conflict with a concurrent transaction. A failed condition is thrown
 * at once: that is the caller's answer (409, 404...), not bad luck.
 */
export async function transactWrite(db: Db, items: (TransactItem | null)[], attempts = RETRY.single): Promise<void> {
  const transactItems = items.filter((item): item is TransactItem => item !== null);
  for (let attempt = 1; ; attempt++) {
    try {
      await db.doc.send(new TransactWriteCommand({ TransactItems: transactItems }));
      return;
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= attempts) throw error;
      await RETRY.pause(attempt);
    }
  }
}

/**
 * The parts of an UpdateItem that set `values` (attributes set to undefined
 * are removed) and move the item's version on by one, on the condition that
 * the item is still at `expectedVersion`: optimistic locking that leaves every
 * attribute not named alone (counts kept by other writes, photo lists).
 */
export function versionedUpdate(
  db: Db,
  key: Record<string, string>,
  values: Record<string, NativeAttributeValue>,
  expectedVersion: number,
) {
  const names: Record<string, string> = { '#version': 'version' };
  const attributeValues: Record<string, NativeAttributeValue> = { ':expected': expectedVersion, ':one': 1 };
  const sets = ['#version = #version + :one'];
  const removes: string[] = [];
  Object.entries(values).forEach(([attribute, value], i) => {
    names[`#a${i}`] = attribute;
    if (value === undefined) {
      removes.push(`#a${i}`);
    } else {
      attributeValues[`:a${i}`] = value;
      sets.push(`#a${i} = :a${i}`);
    }
  });
  return {
    TableName: db.table,
    Key: key,
    UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ConditionExpression: '#version = :expected',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: attributeValues,
  };
}

/**
 * The next number of a counter item (readable numbers: TXN-2026-00042,
 * KDS/2026-27/0042): one atomic ADD, so two writers never get the same one.
 * A write that fails after taking its number leaves a gap, never a repeat.
 */
export async function nextSequence(db: Db, key: { pk: string; sk: string }, entityType: string): Promise<number> {
  const { Attributes } = await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: key,
      UpdateExpression: 'ADD #seq :one SET entityType = :type',
      ExpressionAttributeNames: { '#seq': 'sequence' },
      ExpressionAttributeValues: { ':one': 1, ':type': entityType },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.sequence ?? 1);
}
