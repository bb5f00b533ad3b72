import * as yup from 'yup';
import type { Db } from '../db/client';
import { conditions, defineItem, execute, type Item, type Key } from '../db/item';
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

/** The counter as read: on the employee item, or on the unknown email's own item. */
export const attemptsKind = defineItem({
  type: 'LoginAttempts',
  schema: yup.object({ failedLoginCount: yup.number().default(0), lockedUntil: yup.string().nullable().default(null) }),
  key: (key: Key) => key,
  // The unknown email's own item (an employee's count is on the employee item).
  partition: 'RATE#login-email#*',
  // Signing in counts an unknown email's attempts as an account's, and reads them once it is locked.
  grants: { auth: ['read', 'count'] },
  backup: false,
});

function keyOf(subject: AttemptSubject): Key {
  return 'employeeId' in subject ? keys.employee(subject.employeeId) : keys.rateLimit('login-email', subject.unknownEmail, 0);
}

/** The employee item must exist (it is never created here); the unknown email's item may be created. */
const existsCondition = (subject: AttemptSubject) => ('employeeId' in subject ? conditions.present() : undefined);

/** Extra attributes of the unknown email's item: its type and its TTL. */
function extraSet(subject: AttemptSubject, lockedUntilMs: number): Item {
  if ('employeeId' in subject) return {};
  return { entityType: 'LoginAttempts', expiresAt: Math.ceil(lockedUntilMs / 1000) + 60 };
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
      const updated = await execute(
        db,
        attemptsKind.update([key], {
          add: { failedLoginCount: 1 },
          set: { lockedUntil: until, ...extra },
          condition: conditions.all(existsCondition(subject), {
            expression: '#cUntil > :cNow AND #cCount < :cMax',
            names: { '#cUntil': 'lockedUntil', '#cCount': 'failedLoginCount' },
            values: { ':cNow': now, ':cMax': options.maxAttempts },
          }),
        }),
        { returnUpdated: true },
      );
      return { allowed: true, count: Number(updated?.failedLoginCount) };
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
    try {
      // No live window (never one, cleared by a success, or ended): this attempt starts one.
      await execute(
        db,
        attemptsKind.update([key], {
          set: { failedLoginCount: 1, lockedUntil: until, ...extra },
          condition: conditions.all(existsCondition(subject), {
            expression: 'attribute_not_exists(#cUntil) OR attribute_type(#cUntil, :cNull) OR #cUntil <= :cNow',
            names: { '#cUntil': 'lockedUntil' },
            values: { ':cNull': 'NULL', ':cNow': now },
          }),
        }),
      );
      return { allowed: true, count: 1 };
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
    // Neither: a live window at the limit (locked), or another request started a window meanwhile.
    const read = await attemptsKind.get(db, [key]);
    const lockedUntil = read?.lockedUntil ? Date.parse(read.lockedUntil) : 0;
    if (lockedUntil > options.nowMs && (read?.failedLoginCount ?? 0) >= options.maxAttempts) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((lockedUntil - options.nowMs) / 1000)) };
    }
  }
  // Still racing after three rounds (or the account was deleted meanwhile): refuse, as if locked.
  return { allowed: false, retryAfterSeconds: Math.ceil(options.lockMs / 1000) };
}
