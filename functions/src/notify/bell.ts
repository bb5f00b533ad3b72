import { GetCommand, QueryCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { BellNotification, NotificationKind } from '@app/shared-types/notifications';
import type { Db } from '../db/client';
import type { CursorKeys, ItemKey } from '../db/entity';
import { keys } from '../db/keys';
import { isTransactionCanceled, transactWrite, type TransactItem } from '../db/writes';

type Item = Record<string, NativeAttributeValue>;

/**
 * The bell (issue 15): one user's notifications, written by the outbox sender
 * (jobs/outbox.ts), and their unread count, kept by every write that changes
 * it (a new notification adds one, marking read takes one off) in the same
 * transaction: never counted on read.
 */

const toNotification = (item: Item): BellNotification => ({
  id: String(item.id),
  kind: item.kind as NotificationKind,
  title: String(item.title ?? ''),
  link: String(item.link ?? ''),
  createdAt: String(item.createdAt ?? ''),
  read: item.read === true,
});

export const bellCursorKeys = (userId: string): CursorKeys => ({
  names: ['pk', 'sk'],
  partition: { name: 'pk', values: [keys.bellNotification(userId, '').pk] },
  sort: { name: 'sk', condition: { beginsWith: keys.bellNotificationPrefix() } },
});

/** One page of a user's notifications, newest first (ids sort by time). */
export async function listBell(db: Db, userId: string, limit: number, start?: ItemKey): Promise<{ items: BellNotification[]; lastKey?: ItemKey }> {
  const page = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.bellNotification(userId, '').pk, ':prefix': keys.bellNotificationPrefix() },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: start,
    }),
  );
  return { items: (page.Items ?? []).map(toNotification), lastKey: page.LastEvaluatedKey };
}

/** The kept unread count (never below 0). */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.bellUnread(userId), ConsistentRead: true }));
  return Math.max(0, Number(Item?.unread ?? 0));
}

const markRead = (db: Db, userId: string, id: string): TransactItem => ({
  Update: {
    TableName: db.table,
    Key: keys.bellNotification(userId, id),
    UpdateExpression: 'SET #read = :true',
    ConditionExpression: 'attribute_exists(pk) AND #read = :false',
    ExpressionAttributeNames: { '#read': 'read' },
    ExpressionAttributeValues: { ':true': true, ':false': false },
  },
});

const countDown = (db: Db, userId: string, by: number): TransactItem => ({
  Update: { TableName: db.table, Key: keys.bellUnread(userId), UpdateExpression: 'ADD unread :delta', ExpressionAttributeValues: { ':delta': -by } },
});

/** Marks one notification read (and the count down with it). False when the user has no such notification. */
export async function readNotification(db: Db, userId: string, id: string): Promise<boolean> {
  try {
    await transactWrite(db, [markRead(db, userId, id), countDown(db, userId, 1)]);
    return true;
  } catch (error) {
    if (!isTransactionCanceled(error, 0)) throw error;
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.bellNotification(userId, id), ConsistentRead: true }));
    return Item !== undefined;
  }
}

/** Marks every unread notification read: in transactions of up to 50, each with its count down; one that lost a race is done one by one. */
export async function readAllNotifications(db: Db, userId: string): Promise<number> {
  let marked = 0;
  let start: ItemKey | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        FilterExpression: '#read = :false',
        ExpressionAttributeNames: { '#read': 'read' },
        ExpressionAttributeValues: { ':pk': keys.bellNotification(userId, '').pk, ':prefix': keys.bellNotificationPrefix(), ':false': false },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    const ids = (page.Items ?? []).map((item) => String(item.id));
    for (let i = 0; i < ids.length; i += 50) {
      const chunk = ids.slice(i, i + 50);
      try {
        await transactWrite(db, [...chunk.map((id) => markRead(db, userId, id)), countDown(db, userId, chunk.length)]);
        marked += chunk.length;
      } catch (error) {
        if (!isTransactionCanceled(error)) throw error;
        for (const id of chunk) {
          try {
            await transactWrite(db, [markRead(db, userId, id), countDown(db, userId, 1)]);
            marked++;
          } catch (single) {
            if (!isTransactionCanceled(single, 0)) throw single;
          }
        }
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return marked;
}
