import { QueryCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { directionOf } from '@app/shared-types/finance';
import type { Db } from '../db/client';
import { allPages, type WriteContext } from '../db/entity';
import { keys } from '../db/keys';
import { transactionEntity } from '../finance';
import { isTransactionCanceled, transactWrite } from '../db/writes';
import { notificationWrite } from './outbox';

type Item = Record<string, NativeAttributeValue>;

/**
 * 'payment.overdue' once per pending income past its due date (the daily
 * job). The transaction's due-date marker (figureWrites keeps one per pending
 * transaction with a due date) is flagged overdueNotified in the same
 * transaction as the outbox item, on the condition that it was not: a
 * repeated or concurrent run sends nothing twice, and a new due date (a new
 * marker) may be noticed again.
 */
export async function noticeOverduePayments(db: Db, today: string, ctx: WriteContext): Promise<{ noticed: number }> {
  const markers = await allPages(async (start) => {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND sk < :today',
        FilterExpression: 'attribute_not_exists(overdueNotified)',
        ExpressionAttributeValues: { ':pk': keys.transactionsDue(), ':today': today },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    return { items: (page.Items ?? []) as Item[], lastKey: page.LastEvaluatedKey };
  });
  let noticed = 0;
  for (let i = 0; i < markers.length; i += 100) {
    const chunk = markers.slice(i, i + 100);
    const transactions = await transactionEntity.getMany(db, chunk.map((marker) => String(marker.id)));
    for (const marker of chunk) {
      const tx = transactions.get(String(marker.id));
      if (!tx || tx.status !== 'pending' || directionOf(tx.type) !== 'in' || !tx.dueDate || tx.dueDate >= today) continue;
      const event = { kind: 'payment.overdue' as const, transactionId: tx.id, description: tx.description, amount: tx.amount, ...(tx.projectId ? { projectId: tx.projectId } : {}) };
      try {
        await transactWrite(db, [
          {
            Update: {
              TableName: db.table,
              Key: { pk: marker.pk, sk: marker.sk },
              UpdateExpression: 'SET overdueNotified = :now',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(overdueNotified)',
              ExpressionAttributeValues: { ':now': ctx.now },
            },
          },
          notificationWrite(db, event, ctx),
        ]);
        noticed++;
      } catch (error) {
        // Noticed by another run, or paid meanwhile (the marker went): nothing to send.
        if (!isTransactionCanceled(error)) throw error;
      }
    }
  }
  return { noticed };
}
