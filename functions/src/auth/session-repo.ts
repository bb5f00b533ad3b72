import { randomUUID } from 'node:crypto';
import * as yup from 'yup';
import type { Db } from '../db/client';
import { conditions, defineItem, execute } from '../db/item';
import { keys } from '../db/keys';
import { isConditionalCheckFailed } from '../db/writes';

/** A signed-in browser. The JWT names it (`sid`); deleting it signs that browser out. */
const sessionSchema = yup.object({
  id: yup.string().required(),
  employeeId: yup.string().required(),
  createdAt: yup.string().required(),
  lastSeenAt: yup.string().required(),
  /** Epoch seconds: DynamoDB's TTL removes idle sessions some time after this. */
  expiresAt: yup.number().required(),
});
export type SessionItem = yup.InferType<typeof sessionSchema>;

export const sessionKind = defineItem({
  type: 'Session',
  schema: sessionSchema,
  key: keys.session,
  partition: 'SESSION#*',
  // The PDF routes check a staff session, touch it and end one that has idled out; signing in starts
  // one, and GET /api/auth/me checks, touches or ends one as they do.
  grants: { pdf: ['read', 'sessions'], auth: ['read', 'write', 'delete'] },
  backup: false,
});

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
  await execute(db, sessionKind.put([session.id], session));
  return session;
}

/** Strongly consistent: a session deleted a moment ago must not be read back. */
export const getSession = (db: Db, id: string): Promise<SessionItem | undefined> => sessionKind.get(db, [id], { consistent: true });

/** Whether a single conditional write landed (false: its condition did not hold). */
async function landed(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/**
 * Moves lastSeenAt forward. Conditional on the session still existing (a
 * logout in between wins) and on lastSeenAt being what the caller read (two
 * parallel requests touch it once). Returns whether it wrote.
 */
export function touchSession(db: Db, session: SessionItem, options: { nowMs: number; timeoutMinutes: number }): Promise<boolean> {
  return landed(
    execute(
      db,
      sessionKind.update([session.id], {
        set: { lastSeenAt: new Date(options.nowMs).toISOString(), expiresAt: ttl(options.nowMs, options.timeoutMinutes) },
        condition: conditions.all(conditions.present(), conditions.equals('lastSeenAt', session.lastSeenAt, 'previous')),
      }),
    ),
  );
}

/** Ends a session; ending one that is already gone is not an error. */
export async function deleteSession(db: Db, id: string): Promise<void> {
  await landed(execute(db, sessionKind.delete([id], conditions.present())));
}
