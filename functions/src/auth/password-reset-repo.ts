import { createHash, randomBytes } from 'node:crypto';
import * as yup from 'yup';
import { PASSWORD_RESET_TOKEN_PATTERN, PASSWORD_RESET_TTL_MINUTES } from '@app/shared-types/auth';
import type { Db } from '../db/client';
import { conditions, defineItem, type Write } from '../db/item';
import { keys } from '../db/keys';
import { plan, type WriteContext } from '../db/plan';
import { notify } from '../notify';
import type { FieldCrypto } from '../secrets/field-crypto';

/**
 * 'Forgot password?' (issue 25): a single-use link, emailed to the account's own
 * address, that sets a new password within PASSWORD_RESET_TTL_MINUTES. The link
 * carries 32 random bytes; the table keeps only their SHA-256 (the item's key) and,
 * for the email on its way, the token sealed with field crypto in its outbox item.
 * A reset uses the item up with a conditional write in the same transaction as the
 * new password, and only while the password is still the one the link was made for:
 * a newer link, a change of password or an earlier reset voids every older link.
 */
export const passwordResetKind = defineItem({
  type: 'PasswordReset',
  schema: yup.object({
    employeeId: yup.string().required(),
    /** The account's passwordChangedAt when the link was made: a reset needs it unchanged. */
    passwordChangedAt: yup.string().required(),
    expiresAtIso: yup.string().required(),
    /** Epoch seconds: DynamoDB's TTL removes it some time after. */
    expiresAt: yup.number().required(),
    usedAt: yup.string().optional(),
  }),
  key: keys.passwordReset,
  partition: 'PWRESET#*',
  // Asked for and used on the auth function: made (with its outbox item), read, used up.
  grants: { auth: ['read', 'write'] },
  backup: false,
});

export const PASSWORD_RESET_TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60_000;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface PasswordResetLink {
  employeeId: string;
  passwordChangedAt: string;
  /** The SHA-256 of the token: the item's key. */
  hash: string;
}

/**
 * Makes a link for `employee` and records its email in the outbox (one
 * transaction): the token goes to the email sealed, and only its hash stays.
 */
export async function createPasswordReset(
  db: Db,
  crypto: FieldCrypto,
  employee: { id: string; name: string; email: string; passwordChangedAt: string },
  ctx: WriteContext,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const expiresMs = Date.parse(ctx.now) + PASSWORD_RESET_TTL_MS;
  const expiresAtIso = new Date(expiresMs).toISOString();
  const item = { employeeId: employee.id, passwordChangedAt: employee.passwordChangedAt, expiresAtIso, expiresAt: Math.ceil(expiresMs / 1000) };
  const p = plan(db, ctx).write('reset', passwordResetKind.put([tokenHash(token)], item));
  notify(p, { kind: 'password.reset', employeeId: employee.id, name: employee.name, email: employee.email, tokenSealed: await crypto.seal(token), expiresAt: expiresAtIso });
  await p.commit();
}

/** The live, unused link of `token`, or undefined (malformed, unknown, used, or past its 30 minutes: TTL removal lags). */
export async function findPasswordReset(db: Db, token: string, nowMs: number): Promise<PasswordResetLink | undefined> {
  if (!PASSWORD_RESET_TOKEN_PATTERN.test(token)) return undefined;
  const hash = tokenHash(token);
  const item = await passwordResetKind.get(db, [hash], { consistent: true });
  if (!item || item.usedAt || Date.parse(item.expiresAtIso) <= nowMs) return undefined;
  return { employeeId: item.employeeId, passwordChangedAt: item.passwordChangedAt, hash };
}

/** Uses the link up: the plan entry that fails (and with it the whole reset) when it was used meanwhile or has expired. */
export function useUpPasswordReset(link: PasswordResetLink, now: string): Write {
  return passwordResetKind.update([link.hash], {
    set: { usedAt: now },
    condition: conditions.all(conditions.present(), {
      expression: 'attribute_not_exists(#cUsed) AND #cExpires > :cNow',
      names: { '#cUsed': 'usedAt', '#cExpires': 'expiresAtIso' },
      values: { ':cNow': now },
    }),
  });
}
