import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db/client';
import { keys } from '../db/keys';
import { isConditionalCheckFailed } from '../db/writes';

/**
 * Sign-in attempts are counted BEFORE the password is checked, with one
 * conditional write that refuses at the limit, so at most `maxAttempts`
 * passwords of one email are ever checked per lock window, however many
 * requests race.
 *
 * The counter of an existing account lives on its employee item
 * (`failedLoginCount`, `lockedUntil`); an unknown email gets the same counter on
 * an item of its own (keyed by the normalised email, removed by TTL), so both
 * answer alike and the answers do not tell who has an account.
 *
 * `lockedUntil` is when the current window of attempts ends: each counted
 * attempt moves it to `now + lockMs`, so the lock reached by the last allowed
 * attempt lasts `lockMs` from that attempt. Once it has passed, counting starts
 * again from one.
 */
export type AttemptSubject = { employeeId: string } | { unknownEmail: string };

export type AttemptResult = { allowed: true; count: number } | { allowed: false; retryAfterSeconds: number };

function keyOf(subject: AttemptSubject) {
  return 'employeeId' in subject ? keys.employee(subject.employeeId) : keys.rateLimit('login-email', subject.unknownEmail, 0);
}

/** The employee item must exist (it is never created here); the unknown email's item may be created. */
function existsCondition(subject: AttemptSubject) {
  return 'employeeId' in subject ? 'attribute_exists(pk) AND ' : '';
}

/** Extra attributes of the unknown email's item: its type and its TTL. */
function extraSet(subject: AttemptSubject, lockedUntilMs: number) {
  if ('employeeId' in subject) return { expression: '', values: {} };
  return {
    expression: ', entityType = :type, expiresAt = :expires',
    values: { ':type': 'LoginAttempts', ':expires': Math.ceil(lockedUntilMs / 1000) + 60 },
  };
}

/** Counts one attempt of `subject`, or refuses it (locked) without counting. */
export async function countLoginAttempt(
  db: Db,
  subject: AttemptSubject,
  options: { maxAttempts: number; lockMs: number; nowMs: number },
): Promise<AttemptResult> {
  const key = keyOf(subject);
  const now = new Date(options.nowMs).toISOString();
  const until = new Date(options.nowMs + options.lockMs).toISOString();
  const extra = extraSet(subject, options.nowMs + options.lockMs);
  // A few rounds: racing requests may start a window between our two writes.
  for (let round = 0; round < 3; round++) {
    try {
      // Inside a live window, below the limit: one more.
      const { Attributes } = await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: key,
          UpdateExpression: `ADD failedLoginCount :one SET lockedUntil = :until${extra.expression}`,
          ConditionExpression: `${existsCondition(subject)}lockedUntil > :now AND failedLoginCount < :max`,
          ExpressionAttributeValues: { ':one': 1, ':until': until, ':now': now, ':max': options.maxAttempts, ...extra.values },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return { allowed: true, count: Number(Attributes?.failedLoginCount) };
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
    try {
      // No live window (never one, cleared by a success, or ended): this attempt starts one.
      await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: key,
          UpdateExpression: `SET failedLoginCount = :one, lockedUntil = :until${extra.expression}`,
          ConditionExpression: `${existsCondition(subject)}(attribute_not_exists(lockedUntil) OR attribute_type(lockedUntil, :nullType) OR lockedUntil <= :now)`,
          ExpressionAttributeValues: { ':one': 1, ':until': until, ':now': now, ':nullType': 'NULL', ...extra.values },
        }),
      );
      return { allowed: true, count: 1 };
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
    // Neither: a live window at the limit (locked), or another request started a window meanwhile.
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
    const lockedUntil = typeof Item?.lockedUntil === 'string' ? Date.parse(Item.lockedUntil) : 0;
    if (lockedUntil > options.nowMs && Number(Item?.failedLoginCount ?? 0) >= options.maxAttempts) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((lockedUntil - options.nowMs) / 1000)) };
    }
  }
  // Still racing after three rounds (or the account was deleted meanwhile): refuse, as if locked.
  return { allowed: false, retryAfterSeconds: Math.ceil(options.lockMs / 1000) };
}
