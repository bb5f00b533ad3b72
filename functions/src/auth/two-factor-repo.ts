import { createHash, randomBytes } from 'node:crypto';
import * as yup from 'yup';
import type { AuditAction } from '@app/shared-types/audit';
import type { Db } from '../db/client';
import { conditions, defineItem, execute, type Write } from '../db/item';
import { keys } from '../db/keys';
import { plan, PlanConditionFailed, type WriteContext, type WritePlan } from '../db/plan';
import { isConditionalCheckFailed } from '../db/writes';

/**
 * Two-factor sign-in (issue 15). An employee's TOTP state is one item in their
 * partition (keys.twoFactor), apart from the employee record, so no answer
 * that reads employees ever carries it: the secret sealed with field crypto
 * (secrets/field-crypto.ts), the last 30-second step a code was accepted for
 * (a step is never accepted twice), and the SHA-256 hashes of the unused
 * recovery codes (a map keyed by hash; using one removes it, conditionally). While
 * an enrolment is being set up the item holds the new secret, sealed, as
 * pending. The employee item's `twoFactorEnabled` (a kept field) follows in
 * the same transactions, for the employee screens.
 */
export interface TwoFactorState {
  enabled: boolean;
  secretSealed: string;
  lastStep: number;
  recoveryHashes: string[];
  pendingSealed: string;
  pendingExpiresAt: string;
}

/** The unused recovery codes: a map of their hashes (a map, not a string set: backups are plain JSON). */
const hashMapSchema = yup
  .mixed((value): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value))
  .optional();

/** The stored two-factor item; an enrolment being set up holds only its pending secret. */
export const twoFactorKind = defineItem({
  type: 'TwoFactor',
  schema: yup.object({
    employeeId: yup.string().required(),
    enabled: yup.boolean().default(false),
    secretSealed: yup.string().optional(),
    lastStep: yup.number().optional(),
    recoveryHashes: hashMapSchema,
    pendingSealed: yup.string().optional(),
    pendingExpiresAt: yup.string().optional(),
    enabledAt: yup.string().optional(),
    updatedAt: yup.string().optional(),
  }),
  key: keys.twoFactor,
  partition: 'EMPLOYEE#*',
  // The second step of a sign-in: read, a code's step or a recovery code used, an enrolment at sign-in turned on.
  grants: { auth: ['read', 'write'] },
});

/** A sign-in waiting for its second step, keyed by its token's SHA-256; the TTL (`expiresAt`, epoch seconds) removes it. */
export const loginChallengeKind = defineItem({
  type: 'LoginChallenge',
  schema: yup.object({
    employeeId: yup.string().required(),
    purpose: yup.string().oneOf(['code', 'enrol'] as const).required(),
    pendingSealed: yup.string().default(''),
    expiresAtIso: yup.string().required(),
    expiresAt: yup.number().required(),
  }),
  key: keys.loginChallenge,
  partition: 'LOGINCHALLENGE#*',
  // Made by the password step, read and used up by the second step.
  grants: { auth: ['read', 'write', 'delete'] },
  backup: false,
});

/** How long a started enrolment (the secret shown, no code yet) may be confirmed. */
export const ENROLMENT_TTL_MS = 10 * 60_000;
/** How long a sign-in waits for its second step. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

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

/** Whether a plan committed (false: a condition of it did not hold; nothing was written). */
async function committed(p: WritePlan): Promise<boolean> {
  try {
    await p.commit();
    return true;
  } catch (error) {
    if (error instanceof PlanConditionFailed) return false;
    throw error;
  }
}

export async function getTwoFactor(db: Db, employeeId: string): Promise<TwoFactorState | undefined> {
  const item = await twoFactorKind.get(db, [employeeId]);
  if (!item) return undefined;
  return {
    enabled: item.enabled,
    secretSealed: item.secretSealed ?? '',
    lastStep: item.lastStep ?? 0,
    recoveryHashes: Object.keys(item.recoveryHashes ?? {}),
    pendingSealed: item.pendingSealed ?? '',
    pendingExpiresAt: item.pendingExpiresAt ?? '',
  };
}

/** Two-factor sign-in is off (or was never set up). */
const isOff = () => conditions.equals('enabled', false, 'off');
const isOn = () => conditions.equals('enabled', true, 'on');

/** Keeps a new secret (sealed) as pending, unless two-factor sign-in is on already; false then. */
export function startEnrolment(db: Db, employeeId: string, pendingSealed: string, nowMs: number): Promise<boolean> {
  const item = { employeeId, enabled: false, pendingSealed, pendingExpiresAt: new Date(nowMs + ENROLMENT_TTL_MS).toISOString(), updatedAt: new Date(nowMs).toISOString() };
  return landed(execute(db, twoFactorKind.put([employeeId], item, { replace: true, condition: conditions.any(conditions.absent(), isOff()) })));
}

/** The unused recovery codes as a map of their hashes. */
const hashMap = (hashes: readonly string[]) => Object.fromEntries(hashes.map((hash) => [hash, true]));

const changeOf = (before: string, after: string) => ({ twoFactor: { before, after } });

function audit(p: WritePlan, employeeId: string, action: AuditAction, changes: Record<string, { before: unknown; after: unknown }>) {
  p.audit({ entity: 'Employee', entityId: employeeId, action, changes });
}

/** The employee item's kept flag (and, when `endSessions`, every session begun before now ends: requireSession compares). */
function employeeFlag(employeeId: string, enabled: boolean, now: string, endSessions = false): Write {
  return {
    op: 'update',
    type: 'Employee',
    key: keys.employee(employeeId),
    set: { twoFactorEnabled: enabled, ...(endSessions ? { passwordChangedAt: now } : {}) },
    condition: conditions.present(),
  };
}

/**
 * Turns two-factor sign-in on with `secretSealed`, the step its first code
 * was accepted for and the recovery codes' hashes, with the employee's flag
 * and an audit entry. Refused (false) if it is on already, or, with
 * `pendingSealed`, if the pending secret is no longer that one (a newer set-up began).
 */
export function enableTwoFactor(
  db: Db,
  employeeId: string,
  input: { secretSealed: string; step: number; recoveryHashes: string[]; pendingSealed?: string },
  ctx: WriteContext,
): Promise<boolean> {
  const item = {
    employeeId,
    enabled: true,
    secretSealed: input.secretSealed,
    lastStep: input.step,
    recoveryHashes: hashMap(input.recoveryHashes),
    enabledAt: ctx.now,
    updatedAt: ctx.now,
  };
  const condition =
    input.pendingSealed === undefined ? conditions.any(conditions.absent(), isOff()) : conditions.all(isOff(), conditions.equals('pendingSealed', input.pendingSealed, 'pending'));
  const p = plan(db, ctx)
    .write('twoFactor', twoFactorKind.put([employeeId], item, { replace: true, condition }))
    .write('employee', employeeFlag(employeeId, true, ctx.now));
  audit(p, employeeId, 'enable_two_factor', changeOf('off', 'on'));
  return committed(p);
}

/** The two-factor item of an employee who is deleted goes with them (a plan entry, 'twoFactor'). */
export const removeTwoFactor = (employeeId: string) => (p: WritePlan) => {
  p.write('twoFactor', twoFactorKind.delete([employeeId]));
};

/**
 * Turns it off: the item goes (the secret with it), the flag clears, audited
 * as `action`. A reset by an admin also ends every session the person has.
 * False when it was not on.
 */
export function disableTwoFactor(db: Db, employeeId: string, ctx: WriteContext, action: 'disable_two_factor' | 'reset_two_factor'): Promise<boolean> {
  const p = plan(db, ctx)
    .write('twoFactor', twoFactorKind.delete([employeeId], conditions.present()))
    .write('employee', employeeFlag(employeeId, false, ctx.now, action === 'reset_two_factor'));
  audit(p, employeeId, action, changeOf('on', 'off'));
  return committed(p);
}

/** New recovery codes (hashes) instead of the old ones, audited; false unless it is on. */
export function replaceRecoveryCodes(db: Db, employeeId: string, recoveryHashes: string[], ctx: WriteContext): Promise<boolean> {
  const p = plan(db, ctx).write('twoFactor', twoFactorKind.update([employeeId], { set: { recoveryHashes: hashMap(recoveryHashes), updatedAt: ctx.now }, condition: isOn() }));
  audit(p, employeeId, 'regenerate_recovery_codes', { recoveryCodes: { before: 'replaced', after: `${recoveryHashes.length} new` } });
  return committed(p);
}

/** Marks `step` used; false when it (or a later one) was used already, or two-factor sign-in is off. */
export function useStep(db: Db, employeeId: string, step: number): Promise<boolean> {
  return landed(
    execute(
      db,
      twoFactorKind.update([employeeId], {
        set: { lastStep: step },
        condition: conditions.all(isOn(), { expression: 'lastStep < :step', values: { ':step': step } }),
      }),
    ),
  );
}

/** Uses up the recovery code of `hash`; false when it is not (or no longer) one of the unused ones. */
export function useRecoveryCode(db: Db, employeeId: string, hash: string): Promise<boolean> {
  return landed(
    execute(
      db,
      twoFactorKind.update([employeeId], {
        remove: [['recoveryHashes', hash]],
        condition: conditions.all(isOn(), { expression: 'attribute_exists(recoveryHashes.#hash)', names: { '#hash': hash } }),
      }),
    ),
  );
}

// ---------------------------------------------------------------------------
// Sign-ins waiting for their second step

export type ChallengePurpose = 'code' | 'enrol';

export interface LoginChallenge {
  employeeId: string;
  purpose: ChallengePurpose;
  /** The new secret, sealed, of an enrolment at sign-in; '' for 'code'. */
  pendingSealed: string;
  expiresAt: string;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Starts a challenge: an opaque token for the browser (an httpOnly cookie),
 * stored only as its SHA-256, living CHALLENGE_TTL_MS (the item's TTL removes it later).
 */
export async function createChallenge(
  db: Db,
  input: { employeeId: string; purpose: ChallengePurpose; pendingSealed?: string; nowMs: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresMs = input.nowMs + CHALLENGE_TTL_MS;
  const item = {
    employeeId: input.employeeId,
    purpose: input.purpose,
    pendingSealed: input.pendingSealed ?? '',
    expiresAtIso: new Date(expiresMs).toISOString(),
    expiresAt: Math.ceil(expiresMs / 1000),
  };
  await execute(db, loginChallengeKind.put([tokenHash(token)], item));
  return token;
}

/** The live challenge of `token`, or undefined (unknown, or past its five minutes: TTL removal lags). */
export async function getChallenge(db: Db, token: string, nowMs: number): Promise<LoginChallenge | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const item = await loginChallengeKind.get(db, [tokenHash(token)]);
  if (!item || Date.parse(item.expiresAtIso) <= nowMs) return undefined;
  return { employeeId: item.employeeId, purpose: item.purpose, pendingSealed: item.pendingSealed, expiresAt: item.expiresAtIso };
}

/** Ends a challenge; false when it was gone already (another request used it). */
export const consumeChallenge = (db: Db, token: string): Promise<boolean> => landed(execute(db, loginChallengeKind.delete([tokenHash(token)], conditions.present())));
