import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditAction } from '@app/shared-types/audit';
import type { Db } from '../db/client';
import { auditEntryWrite, type WriteContext } from '../db/entity';
import { keys } from '../db/keys';
import { isConditionalCheckFailed, type TransactItem } from '../db/writes';

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

/** How long a started enrolment (the secret shown, no code yet) may be confirmed. */
export const ENROLMENT_TTL_MS = 10 * 60_000;
/** How long a sign-in waits for its second step. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export async function getTwoFactor(db: Db, employeeId: string): Promise<TwoFactorState | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.twoFactor(employeeId), ConsistentRead: true }));
  if (!Item) return undefined;
  const hashes: unknown = Item.recoveryHashes;
  return {
    enabled: Item.enabled === true,
    secretSealed: typeof Item.secretSealed === 'string' ? Item.secretSealed : '',
    lastStep: typeof Item.lastStep === 'number' ? Item.lastStep : 0,
    recoveryHashes: hashes && typeof hashes === 'object' && !Array.isArray(hashes) ? Object.keys(hashes) : [],
    pendingSealed: typeof Item.pendingSealed === 'string' ? Item.pendingSealed : '',
    pendingExpiresAt: typeof Item.pendingExpiresAt === 'string' ? Item.pendingExpiresAt : '',
  };
}

/** Keeps a new secret (sealed) as pending, unless two-factor sign-in is on already; false then. */
export async function startEnrolment(db: Db, employeeId: string, pendingSealed: string, nowMs: number): Promise<boolean> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...keys.twoFactor(employeeId),
          entityType: 'TwoFactor',
          employeeId,
          enabled: false,
          pendingSealed,
          pendingExpiresAt: new Date(nowMs + ENROLMENT_TTL_MS).toISOString(),
          updatedAt: new Date(nowMs).toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk) OR enabled = :off',
        ExpressionAttributeValues: { ':off': false },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** The unused recovery codes as a map of their hashes (a map, not a string set: backups are plain JSON). */
const hashMap = (hashes: readonly string[]) => Object.fromEntries(hashes.map((hash) => [hash, true]));

const changeOf = (before: string, after: string) => ({ twoFactor: { before, after } });

function audit(db: Db, ctx: WriteContext, employeeId: string, action: AuditAction, changes: Record<string, { before: unknown; after: unknown }>) {
  return auditEntryWrite(db, ctx, { entity: 'Employee', entityId: employeeId, action, changes });
}

/** The employee item's kept flag (and, when `endSessions`, every session begun before now ends: requireSession compares). */
function employeeFlag(db: Db, employeeId: string, enabled: boolean, now: string, endSessions = false): TransactItem {
  return {
    Update: {
      TableName: db.table,
      Key: keys.employee(employeeId),
      UpdateExpression: endSessions ? 'SET twoFactorEnabled = :enabled, passwordChangedAt = :now' : 'SET twoFactorEnabled = :enabled',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':enabled': enabled, ...(endSessions ? { ':now': now } : {}) },
    },
  };
}

/**
 * The writes that turn two-factor sign-in on with `secretSealed`, the step its
 * first code was accepted for and the recovery codes' hashes. Refused (the
 * first entry's condition) if it is on already, or, with `pendingSealed`, if
 * the pending secret is no longer that one (a newer set-up began).
 */
export function enableWrites(
  db: Db,
  employeeId: string,
  input: { secretSealed: string; step: number; recoveryHashes: string[]; pendingSealed?: string },
  ctx: WriteContext,
): TransactItem[] {
  return [
    {
      Put: {
        TableName: db.table,
        Item: {
          ...keys.twoFactor(employeeId),
          entityType: 'TwoFactor',
          employeeId,
          enabled: true,
          secretSealed: input.secretSealed,
          lastStep: input.step,
          recoveryHashes: hashMap(input.recoveryHashes),
          enabledAt: ctx.now,
          updatedAt: ctx.now,
        },
        ConditionExpression:
          input.pendingSealed === undefined
            ? 'attribute_not_exists(pk) OR enabled = :off'
            : 'enabled = :off AND pendingSealed = :pending',
        ExpressionAttributeValues: { ':off': false, ...(input.pendingSealed === undefined ? {} : { ':pending': input.pendingSealed }) },
      },
    },
    employeeFlag(db, employeeId, true, ctx.now),
    audit(db, ctx, employeeId, 'enable_two_factor', changeOf('off', 'on')),
  ];
}

/**
 * The writes that turn it off: the item goes (the secret with it), the flag
 * clears, audited as `action`. A reset by an admin also ends every session
 * the person has.
 */
export function disableWrites(db: Db, employeeId: string, ctx: WriteContext, action: 'disable_two_factor' | 'reset_two_factor'): TransactItem[] {
  return [
    {
      Delete: { TableName: db.table, Key: keys.twoFactor(employeeId), ConditionExpression: 'attribute_exists(pk)' },
    },
    employeeFlag(db, employeeId, false, ctx.now, action === 'reset_two_factor'),
    audit(db, ctx, employeeId, action, changeOf('on', 'off')),
  ];
}

/** New recovery codes (hashes) instead of the old ones, audited; refused unless it is on. */
export function recoveryCodesWrites(db: Db, employeeId: string, recoveryHashes: string[], ctx: WriteContext): TransactItem[] {
  return [
    {
      Update: {
        TableName: db.table,
        Key: keys.twoFactor(employeeId),
        UpdateExpression: 'SET recoveryHashes = :hashes, updatedAt = :now',
        ConditionExpression: 'enabled = :on',
        ExpressionAttributeValues: { ':hashes': hashMap(recoveryHashes), ':now': ctx.now, ':on': true },
      },
    },
    audit(db, ctx, employeeId, 'regenerate_recovery_codes', { recoveryCodes: { before: 'replaced', after: `${recoveryHashes.length} new` } }),
  ];
}

/** Marks `step` used; false when it (or a later one) was used already, or two-factor sign-in is off. */
export async function useStep(db: Db, employeeId: string, step: number): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.twoFactor(employeeId),
        UpdateExpression: 'SET lastStep = :step',
        ConditionExpression: 'enabled = :on AND lastStep < :step',
        ExpressionAttributeValues: { ':step': step, ':on': true },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** Uses up the recovery code of `hash`; false when it is not (or no longer) one of the unused ones. */
export async function useRecoveryCode(db: Db, employeeId: string, hash: string): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.twoFactor(employeeId),
        UpdateExpression: 'REMOVE recoveryHashes.#hash',
        ConditionExpression: 'enabled = :on AND attribute_exists(recoveryHashes.#hash)',
        ExpressionAttributeNames: { '#hash': hash },
        ExpressionAttributeValues: { ':on': true },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
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
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...keys.loginChallenge(tokenHash(token)),
        entityType: 'LoginChallenge',
        employeeId: input.employeeId,
        purpose: input.purpose,
        pendingSealed: input.pendingSealed ?? '',
        expiresAtIso: new Date(expiresMs).toISOString(),
        expiresAt: Math.ceil(expiresMs / 1000),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return token;
}

/** The live challenge of `token`, or undefined (unknown, or past its five minutes: TTL removal lags). */
export async function getChallenge(db: Db, token: string, nowMs: number): Promise<LoginChallenge | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.loginChallenge(tokenHash(token)), ConsistentRead: true }));
  if (!Item || typeof Item.expiresAtIso !== 'string' || Date.parse(Item.expiresAtIso) <= nowMs) return undefined;
  if (Item.purpose !== 'code' && Item.purpose !== 'enrol') return undefined;
  return {
    employeeId: String(Item.employeeId),
    purpose: Item.purpose,
    pendingSealed: typeof Item.pendingSealed === 'string' ? Item.pendingSealed : '',
    expiresAt: Item.expiresAtIso,
  };
}

/** Ends a challenge; false when it was gone already (another request used it). */
export async function consumeChallenge(db: Db, token: string): Promise<boolean> {
  try {
    await db.doc.send(
      new DeleteCommand({ TableName: db.table, Key: keys.loginChallenge(tokenHash(token)), ConditionExpression: 'attribute_exists(pk)' }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}
