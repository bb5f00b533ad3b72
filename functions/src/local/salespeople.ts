import { SAMPLE_SALESPEOPLE, companyDomain, sampleEmail } from '@app/shared-types/sample-data';
import { unusablePasswordHash } from '../auth';
import type { Db } from '../db/client';
import { BLANK_PROFILE, employeeEntity, getEmployee, normalizeEmail, type EmployeeItem } from '../people';
import { systemContext } from '../db/entity';
import { isTransactionCanceled } from '../db/writes';
import { getSettings } from '../settings';

/** The placeholder addresses of the salespeople seeded before issue 25 ('.invalid' is never a real domain). */
const PLACEHOLDER_EMAIL = /@salespeople\.invalid$/;
const PLACEHOLDER_NAME = /^Assistant \d$/;

/** The domain of the firm's addresses, from Settings' company email or website. */
const salesDomain = async (db: Db) => companyDomain((await getSettings(db)).company);

/**
 * The three salespeople of SPEC.md become employee records in Sales (issue
 * 14), active employees whose password hash no password matches: they
 * cannot sign in until an admin sets theirs. Realistic names at the firm's
 * own domain, marked as sample data (issue 25: 'Remove sample data' takes
 * them away). Idempotent: a record that exists (or an email that is taken)
 * is left alone. Returns how many it made.
 */
export async function seedSalespeople(db: Db, now = new Date().toISOString()): Promise<number> {
  let made = 0;
  const domain = await salesDomain(db);
  for (const { id, name, position } of SAMPLE_SALESPEOPLE) {
    if (await getEmployee(db, id)) continue;
    const employee: EmployeeItem = {
      ...BLANK_PROFILE,
      id,
      name,
      email: normalizeEmail(sampleEmail(name, domain)),
      role: 'employee',
      status: 'active',
      department: 'Sales',
      position,
      passwordHash: unusablePasswordHash(),
      passwordSet: false,
      isSample: true,
      passwordChangedAt: now,
      failedLoginCount: 0,
      lockedUntil: null,
      lastLoginAt: null,
      createdAt: now,
      updatedAt: now,
      version: 1,
    };
    try {
      const result = await employeeEntity.create(db, employee, systemContext(now, 'first-start'));
      if ('item' in result) made++;
    } catch (error) {
      // Made meanwhile by another start-up.
      if (!isTransactionCanceled(error)) throw error;
    }
  }
  return made;
}

/**
 * The salespeople seeded before issue 25 ('Assistant 1' at salespeople.invalid)
 * get the realistic names and addresses a first start now gives, marked as
 * sample data: only while still as seeded (no password, the placeholder
 * address); one an admin made their own is left alone. Audited, version-checked.
 */
export async function upgradeSeededSalespeople(db: Db, now = new Date().toISOString()): Promise<number> {
  const domain = await salesDomain(db);
  let upgraded = 0;
  for (const { id, name, position } of SAMPLE_SALESPEOPLE) {
    const seeded = await getEmployee(db, id);
    if (!seeded || seeded.passwordSet || !PLACEHOLDER_EMAIL.test(seeded.email)) continue;
    const result = await employeeEntity.update(
      db,
      id,
      seeded.version,
      (before) => ({
        ...before,
        name: PLACEHOLDER_NAME.test(before.name) || before.name === name ? name : before.name,
        position: PLACEHOLDER_NAME.test(before.name) ? position : before.position,
        email: normalizeEmail(sampleEmail(PLACEHOLDER_NAME.test(before.name) ? name : before.name, domain)),
        isSample: true,
      }),
      systemContext(now, 'data-upgrade'),
    );
    if ('item' in result) upgraded++;
  }
  return upgraded;
}
