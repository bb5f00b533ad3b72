import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client';
import { keys } from '../db/keys';
import { isConditionalCheckFailed } from '../db/writes';

/** A signed-in browser. The JWT names it (`sid`); deleting it signs that browser out. */
export interface SessionItem {
  id: string;
  employeeId: string;
  createdAt: string;
  lastSeenAt: string;
  /** Epoch seconds: DynamoDB's TTL removes idle sessions some time after this. */
  expiresAt: number;
}

const ttl = (lastSeenMs: number, timeoutMinutes: number) => Math.ceil(lastSeenMs / 1000) + timeoutMinutes * 60;

export async function createSession(
  db: Db,
  options: { employeeId: string; nowMs: number; timeoutMinutes: number },
): Promise<SessionItem> {
  const now = new Date(options.nowMs).toISOString();
  const session: SessionItem = {
    id: randomUUID(),
    employeeId: options.employeeId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: ttl(options.nowMs, options.timeoutMinutes),
  };
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...keys.session(session.id), entityType: 'Session', ...session },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return session;
}

/** Strongly consistent: a session deleted a moment ago must not be read back. */
export async function getSession(db: Db, id: string): Promise<SessionItem | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.session(id), ConsistentRead: true }));
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, entityType: _t, ...session } = Item;
  return session as SessionItem;
}

/**
 * Moves lastSeenAt forward. Conditional on the session still existing (a
 * logout in between wins) and on lastSeenAt being what the caller read (two
 * parallel requests touch it once). Returns whether it wrote.
 */
export async function touchSession(
  db: Db,
  session: SessionItem,
  options: { nowMs: number; timeoutMinutes: number },
): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.session(session.id),
        UpdateExpression: 'SET lastSeenAt = :now, expiresAt = :expires',
        ConditionExpression: 'attribute_exists(pk) AND lastSeenAt = :previous',
        ExpressionAttributeValues: {
          ':now': new Date(options.nowMs).toISOString(),
          ':expires': ttl(options.nowMs, options.timeoutMinutes),
          ':previous': session.lastSeenAt,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** Ends a session; ending one that is already gone is not an error. */
export async function deleteSession(db: Db, id: string): Promise<void> {
  try {
    await db.doc.send(
      new DeleteCommand({ TableName: db.table, Key: keys.session(id), ConditionExpression: 'attribute_exists(pk)' }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}
