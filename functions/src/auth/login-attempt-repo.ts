import * as yup from 'yup';
import type { Db } from '../db/client';
import { conditions, defineItem, execute, type Condition, type Write } from '../db/item';
import { keys } from '../db/keys';
import { isConditionalCheckFailed } from '../db/writes';
import { employeeEntity } from '../people';

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

/** The counter of an attempt window, as the employee item and the unknown email's item both hold it. */
const attemptCountersSchema = yup.object({
  failedLoginCount: yup.number().integer().default(0),
  lockedUntil: yup.string().nullable().default(null),
});

/** The attempt window of an email no account has (removed by TTL: `expiresAt`, epoch seconds). */
export const loginAttemptsKind = defineItem({
  type: 'LoginAttempts',
  schema: attemptCountersSchema.shape({ expiresAt: yup.number().integer().default(0) }),
  key: (email: string) => keys.rateLimit('login-email', email, 0),
  backup: false,
});

/**
 * A change of the subject's counter: on the employee item, which must exist
 * (it is never created here), or on the unknown email's item, which may be
 * created (with its type and TTL).
 */
function counterWrite(subject: AttemptSubject, change: { add?: Record<string, number>; set: Record<string, string | number> }, condition: Condition, lockedUntilMs: number): Write {
  if ('employeeId' in subject) {
    return { op: 'update', type: employeeEntity.type, key: employeeEntity.key(subject.employeeId), ...change, condition: conditions.all(conditions.present(), condition) ?? condition };
  }
  return loginAttemptsKind.update([subject.unknownEmail], {
    ...change,
    set: { ...change.set, entityType: loginAttemptsKind.type, expiresAt: Math.ceil(lockedUntilMs / 1000) + 60 },
    condition,
  });
}

/** The subject's counter as it is now (a consistent read), parsed. */
async function countersOf(db: Db, subject: AttemptSubject) {
  if ('employeeId' in subject) return employeeEntity.get(db, subject.employeeId, true);
  return loginAttemptsKind.get(db, [subject.unknownEmail]);
}

/** Counts one attempt of `subject`, or refuses it (locked) without counting. */
export async function countLoginAttempt(
  db: Db,
  subject: AttemptSubject,
  options: { maxAttempts: number; lockMs: number; nowMs: number },
): Promise<AttemptResult> {
  const now = new Date(options.nowMs).toISOString();
  const until = new Date(options.nowMs + options.lockMs).toISOString();
  const lockedUntilMs = options.nowMs + options.lockMs;
  // A few rounds: racing requests may start a window between our two writes.
  for (let round = 0; round < 3; round++) {
    try {
      // Inside a live window, below the limit: one more.
      const written = await execute(
        db,
        counterWrite(
          subject,
          { add: { failedLoginCount: 1 }, set: { lockedUntil: until } },
          { expression: 'lockedUntil > :now AND failedLoginCount < :max', values: { ':now': now, ':max': options.maxAttempts } },
          lockedUntilMs,
        ),
        { returnUpdated: true },
      );
      return { allowed: true, count: attemptCountersSchema.validateSync(written ?? {}, { stripUnknown: true }).failedLoginCount };
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
    try {
      // No live window (never one, cleared by a success, or ended): this attempt starts one.
      await execute(
        db,
        counterWrite(
          subject,
          { set: { failedLoginCount: 1, lockedUntil: until } },
          {
            expression: '(attribute_not_exists(lockedUntil) OR attribute_type(lockedUntil, :nullType) OR lockedUntil <= :now)',
            values: { ':now': now, ':nullType': 'NULL' },
          },
          lockedUntilMs,
        ),
      );
      return { allowed: true, count: 1 };
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
    // Neither: a live window at the limit (locked), or another request started a window meanwhile.
    const counters = await countersOf(db, subject);
    const lockedUntil = counters?.lockedUntil ? Date.parse(counters.lockedUntil) : 0;
    if (lockedUntil > options.nowMs && (counters?.failedLoginCount ?? 0) >= options.maxAttempts) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((lockedUntil - options.nowMs) / 1000)) };
    }
  }
  // Still racing after three rounds (or the account was deleted meanwhile): refuse, as if locked.
  return { allowed: false, retryAfterSeconds: Math.ceil(options.lockMs / 1000) };
}
