import { SALESPEOPLE, SALESPERSON_IDS, type Salesperson } from '@app/shared-types/leads';
import { unusablePasswordHash } from '../auth';
import type { Db } from '../db/client';
import { BLANK_PROFILE, employeeEntity, getEmployee, normalizeEmail, type EmployeeItem } from '../people';
import { systemContext } from '../db/entity';
import { isTransactionCanceled } from '../db/writes';

/** Placeholder addresses until an admin enters theirs ('.invalid' is never a real domain). */
const salespersonEmail = (id: string) => `${id}@salespeople.invalid`;
const POSITIONS: Record<Salesperson, string> = { 'Ravi Kumar': 'Sales Lead', 'Assistant 1': 'Sales Assistant', 'Assistant 2': 'Sales Assistant' };

/**
 * The three salespeople of SPEC.md become employee records in Sales (issue
 * 14), active employees whose password hash no password matches: they
 * cannot sign in until an admin sets theirs. Idempotent: a record that exists
 * (or an email that is taken) is left alone. Returns how many it made.
 */
export async function seedSalespeople(db: Db, now = new Date().toISOString()): Promise<number> {
  let made = 0;
  for (const name of SALESPEOPLE) {
    const id = SALESPERSON_IDS[name];
    if (await getEmployee(db, id)) continue;
    const employee: EmployeeItem = {
      ...BLANK_PROFILE,
      id,
      name,
      email: normalizeEmail(salespersonEmail(id)),
      role: 'employee',
      status: 'active',
      department: 'Sales',
      position: POSITIONS[name],
      passwordHash: unusablePasswordHash(),
      passwordSet: false,
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
