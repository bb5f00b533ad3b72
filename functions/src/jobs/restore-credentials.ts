import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { unusablePasswordHash } from '../auth';
import type { CounterName, CounterDeltas } from '../db/figures';
import { keys } from '../db/keys';
import { employeeEntity } from '../people';

/**
 * What a restore never brings back from the past (issue 24, low 1): sign-in
 * credentials and their state are not business data (PRODUCT.md), so the
 * restored employees keep the ones they have now.
 * - An account that exists now keeps its password hash (and whether one is
 *   set, and since when: older sessions stay invalid), its failed-attempt
 *   count and lock, its last sign-in and its two-factor flag; its two-factor
 *   item (TOTP secret, unused recovery codes) is the one it has now, never the
 *   backup's; an account terminated now stays terminated.
 * - An account that does not exist now comes back without credentials: a
 *   password hash no password matches and passwordSet false (an admin sets a
 *   password before anyone signs in to it), no two-factor; it is not locked.
 * Every session but the restorer's ends (restore.ts).
 */

type Item = Record<string, NativeAttributeValue>;
export type Counts = Partial<Record<CounterName, CounterDeltas>>;

/** The employee item's sign-in fields (people/employee-repo.ts), kept as they are now. */
export const SIGN_IN_FIELDS = ['passwordHash', 'passwordSet', 'passwordChangedAt', 'failedLoginCount', 'lockedUntil', 'lastLoginAt', 'twoFactorEnabled'] as const;

/** The employee status a restore never undoes. */
const KEPT_STATUS = 'terminated';
const INDEX_ATTRIBUTES = ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk'];

export const isEmployeeItem = (item: Item) => item.entityType === employeeEntity.type && item.sk === keys.employee('').sk;
/** A two-factor item (auth/two-factor-repo.ts): an employee's TOTP secret and recovery codes. */
export const isTwoFactorItem = (item: Item) => item.entityType === 'TwoFactor' && item.sk === keys.twoFactor('').sk;
export const isSessionItem = (item: Item) => item.entityType === 'Session' && String(item.pk).startsWith('SESSION#');

/**
 * The backup's employee item as the restore writes it, given the item the
 * table holds now under that key (`current`, or undefined): credentials as
 * above; `counts`, the kept figures' correction when the status stays
 * terminated (the backup's figures counted the backup's status).
 */
export function withCurrentCredentials(restored: Item, current: Item | undefined, nowIso: string): { item: Item; counts: Counts } {
  const item: Item = { ...restored };
  if (!current) {
    Object.assign(item, { passwordHash: unusablePasswordHash(), passwordSet: false, passwordChangedAt: nowIso, failedLoginCount: 0, lockedUntil: null, twoFactorEnabled: false });
    return { item, counts: {} };
  }
  for (const field of SIGN_IN_FIELDS) {
    if (current[field] === undefined) delete item[field];
    else item[field] = current[field];
  }
  if (current.status !== KEPT_STATUS || item.status === KEPT_STATUS) return { item, counts: {} };
  item.status = KEPT_STATUS;
  // The index entries follow the status (the active superadmins' list).
  const derived = employeeEntity.stored(employeeEntity.parse(item));
  for (const name of INDEX_ATTRIBUTES) {
    if (derived[name] === undefined) delete item[name];
    else item[name] = derived[name];
  }
  return { item, counts: employeeEntity.counterDeltas(employeeEntity.parse(restored), employeeEntity.parse(item)) };
}
