import { randomUUID } from 'node:crypto';
import * as yup from 'yup';
import { employeeAccountFields, employeeHrFields, type EmployeeAccount, type EmployeeHrProfile, type PublicUser } from '@app/shared-types/auth';
import { PII_MASKS, type DirectoryEntry, type EmployeeCreateInput, type EmployeeRecord, type PiiField } from '@app/shared-types/employees';
import { storedFields } from '@app/shared-types/forms';
import type { FieldCrypto } from '../secrets/field-crypto';
import type { Db } from '../db/client';
import { defineEntity, systemContext, type ItemKey, type WriteContext } from '../db/entity';
import { conditions, defineItem, execute, type Condition, type Write } from '../db/item';
import { keys } from '../db/keys';
import { plan, PlanConditionFailed, type WritePlan } from '../db/plan';
import { employeeCounter } from '../dashboard';
import { getSettings } from '../settings';
import { isConditionalCheckFailed } from '../db/writes';

/**
 * A stored employee (SPEC.md 'Employee / user (admin)'): the account (email
 * unique through the USER# marker item), the HR profile and the server-side
 * sign-in state, which never appears in an API answer.
 */
const employeeSchema = yup.object({
  ...employeeAccountFields,
  ...employeeHrFields,
  // Employee Management (issue 14). Defaults: accounts made before it read as blank records.
  phone: yup.string().defined().default(''),
  salary: yup.number().nullable().defined().default(null),
  hireDate: yup.string().nullable().defined().default(null),
  address: yup.string().defined().default(''),
  emergencyContact: yup.string().defined().default(''),
  skills: yup.string().defined().default(''),
  reportingManager: yup.string().defined().default(''),
  profilePicture: yup.string().defined().default(''),
  bankIfscCode: yup.string().defined().default(''),
  /** Personal data, sealed (secrets/field-crypto.ts 'v1:...'), or blank. Never in clear in the table. */
  aadharNumber: yup.string().defined().default(''),
  panNumber: yup.string().defined().default(''),
  bankAccountNumber: yup.string().defined().default(''),
  /** The masked forms every answer shows ('XXXX XXXX 1234'), kept beside the sealed values. */
  aadharNumberMasked: yup.string().defined().default(''),
  panNumberMasked: yup.string().defined().default(''),
  bankAccountNumberMasked: yup.string().defined().default(''),
  /** False for records made without a password (the seeded salespeople): nobody knows theirs until an admin sets one. */
  passwordSet: yup.boolean().defined().default(true),
  /** scrypt hash (auth/password.ts). Never leaves the server. */
  passwordHash: yup.string().required(),
  /** Sessions created before this instant are no longer valid. */
  passwordChangedAt: yup.string().required(),
  /** Sign-in attempts counted in the current window (login-attempt-repo.ts), cleared by a success. */
  failedLoginCount: yup.number().integer().default(0),
  /** ISO time the current window of attempts ends (a lock once the count is at the limit), or null. */
  lockedUntil: yup.string().nullable().default(null),
  lastLoginAt: yup.string().nullable().default(null),
  /** Whether two-factor sign-in is on; kept by the two-factor writes (two-factor-repo.ts), which hold the secret apart. */
  twoFactorEnabled: yup.boolean().defined().default(false),
  /** Set by 'Request access' (POST /api/auth/register) until an admin approves the account; else null. */
  accessRequestedAt: yup.string().nullable().defined().default(null),
  /** First-start sample data (the seeded salespeople): what 'Remove sample data' removes (issue 25). */
  isSample: yup.boolean().defined().default(false),
  /** Speed-to-lead (issue 26): new leads are assigned round-robin among active employees who take leads. */
  takesLeads: yup.boolean().defined().default(false),
  ...storedFields,
});
export type EmployeeItem = yup.InferType<typeof employeeSchema>;
/** The server-side sign-in state of an employee. */
export type EmployeeCredentials = Pick<EmployeeItem, 'passwordHash' | 'passwordChangedAt' | 'failedLoginCount' | 'lockedUntil' | 'lastLoginAt'>;

/** gsi2 partition of the active superadmins. */
const ACTIVE_SUPERADMINS = keys.activeSuperadmins();

export const employeeEntity = defineEntity({
  type: 'Employee',
  schema: employeeSchema,
  key: keys.employee,
  partition: 'EMPLOYEE#*',
  // The PDF routes read the signed-in employee. Signing in reads it, counts a failed attempt on it
  // (returning the count), records the sign-in; a request for access creates one (its search tokens, its counts).
  grants: { pdf: ['read'], auth: ['read', 'write', 'count'] },
  otherPartitions: { 'SEARCH#Employee#*': { auth: ['write'] }, STATS: { auth: ['write'] } },
  indexes: {
    gsi1: (employee) => ({ pk: keys.employees(), sk: `${employee.name.trim().toLowerCase()}#${employee.id}` }),
    // The active superadmins (a handful): the last one is never demoted, deactivated or deleted.
    gsi2: (employee) => (employee.role === 'superadmin' && employee.status === 'active' ? { pk: ACTIVE_SUPERADMINS, sk: employee.id } : undefined),
  },
  patterns: {
    byName: { index: 'gsi1', partition: () => keys.employees() },
    activeSuperadmins: { index: 'gsi2', partition: () => ACTIVE_SUPERADMINS },
  },
  unique: [{ name: 'EmployeeEmail', partition: 'USER#*', key: (employee) => keys.employeeEmail(employee.email), owner: 'employeeId' }],
  search: (employee) => ({ texts: [employee.name, employee.email] }),
  // Employee Management's cards: total, by status, by department (GET /api/users/stats).
  counts: (employee) => ({
    DASHBOARD: {
      [employeeCounter.total]: 1,
      [employeeCounter.status(employee.status)]: 1,
      ...(employee.department ? { [employeeCounter.department(employee.department)]: 1 } : {}),
    },
    // Speed-to-lead (issue 26): who takes leads, kept by every employee write (the lead rotation reads it: leads/lead-assignment.ts).
    ...(employee.status === 'active' && employee.takesLeads ? { TAKERS: { [employeeCounter.taker(employee.id, employee.name)]: 1 } } : {}),
  }),
  // Sign-in bookkeeping changes without a new version: an admin's open edit never conflicts with a login.
  kept: ['failedLoginCount', 'lockedUntil', 'lastLoginAt', 'twoFactorEnabled'],
  // Personal data never reaches the audit log's before/after, not even masked or sealed.
  masked: ['passwordHash', 'aadharNumber', 'panNumber', 'bankAccountNumber', 'aadharNumberMasked', 'panNumberMasked', 'bankAccountNumberMasked'],
});

/** The Employee Management fields of a record that has none of them yet. */
export const BLANK_PROFILE = {
  phone: '',
  salary: null,
  hireDate: null,
  address: '',
  emergencyContact: '',
  skills: '',
  reportingManager: '',
  profilePicture: '',
  bankIfscCode: '',
  aadharNumber: '',
  panNumber: '',
  bankAccountNumber: '',
  aadharNumberMasked: '',
  panNumberMasked: '',
  bankAccountNumberMasked: '',
  passwordSet: true,
  twoFactorEnabled: false,
  accessRequestedAt: null,
  isSample: false,
  takesLeads: false,
} satisfies Partial<EmployeeItem>;

export interface NewEmployee extends Pick<EmployeeAccount, 'name' | 'email' | 'role'>, EmployeeHrProfile {
  passwordHash: string;
}

export class EmailTakenError extends Error {
  constructor() {
    super('An employee with this email already exists');
    this.name = 'EmailTakenError';
  }
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The API's view of an employee: no hash, no lockout state. */
export function toPublicUser(employee: EmployeeItem): PublicUser {
  return {
    id: employee.id,
    name: employee.name,
    email: employee.email,
    role: employee.role,
    ...(employee.department ? { department: employee.department } : {}),
    ...(employee.position ? { position: employee.position } : {}),
  };
}

/** Creates the employee and claims the email in one transaction; EmailTakenError if it is claimed. */
export async function createEmployee(db: Db, input: NewEmployee, now: string, ctx: WriteContext = systemContext(now)): Promise<EmployeeItem> {
  const employee: EmployeeItem = {
    id: randomUUID(),
    name: input.name,
    email: normalizeEmail(input.email),
    role: input.role,
    status: 'active',
    ...BLANK_PROFILE,
    ...(input.department ? { department: input.department } : {}),
    ...(input.position ? { position: input.position } : {}),
    passwordHash: input.passwordHash,
    passwordChangedAt: now,
    failedLoginCount: 0,
    lockedUntil: null,
    lastLoginAt: null,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  const result = await employeeEntity.create(db, employee, ctx);
  if ('taken' in result) throw new EmailTakenError();
  return employee;
}

export const getEmployee = (db: Db, id: string) => employeeEntity.get(db, id, true);

/** The marker that claims an email for one employee (written by the entity's unique marker, read here). */
export const employeeEmailKind = defineItem({
  type: 'EmployeeEmail',
  schema: yup.object({ employeeId: yup.string().required() }),
  key: (email: string) => keys.employeeEmail(email),
  partition: 'USER#*',
  // Signing in finds the account by its email; a request for access claims one.
  grants: { auth: ['read', 'write'] },
});

/** The employee owning `email` (marker GetItem, then the item). */
export async function getEmployeeByEmail(db: Db, email: string): Promise<EmployeeItem | undefined> {
  const marker = await employeeEmailKind.get(db, [normalizeEmail(email)]);
  return marker ? getEmployee(db, marker.employeeId) : undefined;
}

/** Employees by name, a page at a time. */
export function listEmployees(db: Db, options: { limit: number; exclusiveStartKey?: ItemKey }) {
  return employeeEntity.query(db, employeeEntity.source('byName', {}), { limit: options.limit, start: options.exclusiveStartKey });
}

/**
 * Notes a successful login. Clears the attempt counter (login-attempt-repo.ts)
 * only if it still reads `seenCount`, the count this login's own attempt made:
 * attempts counted by racing requests meanwhile are not wiped.
 */
export async function recordSuccessfulLogin(db: Db, id: string, now: string, seenCount: number): Promise<void> {
  try {
    await execute(db, signInWrite(id, { failedLoginCount: 0, lockedUntil: null, lastLoginAt: now }, conditions.equals('failedLoginCount', seenCount, 'seen')));
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    await execute(db, signInWrite(id, { lastLoginAt: now }));
  }
}

/**
 * Clears the attempt counter after a right password outside a sign-in (the
 * current password of a password change), like a successful login does: only
 * if it still reads `seenCount`, the count this request's own attempt made.
 */
export async function clearLoginAttempts(db: Db, id: string, seenCount: number): Promise<void> {
  try {
    await execute(db, signInWrite(id, { failedLoginCount: 0, lockedUntil: null }, conditions.equals('failedLoginCount', seenCount, 'seen')));
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

/**
 * Ends any lockout after a password reset by an emailed link: whoever read the
 * link owns the account, and the next sign-in starts counting from nothing.
 */
export async function clearLoginLock(db: Db, id: string): Promise<void> {
  await execute(db, signInWrite(id, { failedLoginCount: 0, lockedUntil: null }));
}

/** A change of the sign-in bookkeeping (kept fields: no new version) of an employee who must exist. */
function signInWrite(id: string, set: Partial<EmployeeCredentials>, condition?: Condition): Write {
  return { op: 'update', type: employeeEntity.type, key: employeeEntity.key(id), set, condition: conditions.all(conditions.present(), condition) ?? conditions.present() };
}

/** Replaces the hash if the employee is still at `expectedVersion`; false on a stale version. */
export async function updatePasswordHash(
  db: Db,
  id: string,
  options: { passwordHash: string; expectedVersion: number; now: string; ctx?: WriteContext },
): Promise<boolean> {
  const ctx = options.ctx ?? systemContext(options.now);
  const result = await employeeEntity.update(
    db,
    id,
    options.expectedVersion,
    (employee) => ({ ...employee, passwordHash: options.passwordHash, passwordChangedAt: options.now }),
    ctx,
  );
  return 'item' in result;
}

// ---------------------------------------------------------------------------
// Employee Management (issue 14)

/** What an admin or superadmin reads: personal data masked (from the kept masked forms), never a hash. */
export function toEmployeeRecord(employee: EmployeeItem): EmployeeRecord {
  return {
    id: employee.id,
    name: employee.name,
    email: employee.email,
    role: employee.role,
    status: employee.status,
    phone: employee.phone,
    department: employee.department ?? '',
    position: employee.position ?? '',
    salary: employee.salary,
    hireDate: employee.hireDate,
    address: employee.address,
    emergencyContact: employee.emergencyContact,
    skills: employee.skills,
    reportingManager: employee.reportingManager,
    takesLeads: employee.takesLeads,
    profilePicture: employee.profilePicture,
    bankIfscCode: employee.bankIfscCode,
    aadharNumber: employee.aadharNumberMasked,
    panNumber: employee.panNumberMasked,
    bankAccountNumber: employee.bankAccountNumberMasked,
    canSignIn: employee.passwordSet,
    twoFactorEnabled: employee.twoFactorEnabled,
    accessRequestedAt: employee.accessRequestedAt,
    isSample: employee.isSample,
    lastLoginAt: employee.lastLoginAt,
    createdAt: employee.createdAt,
    updatedAt: employee.updatedAt,
    version: employee.version,
  };
}

/** What every signed-in person may read about a colleague (the staff directory). */
export function toDirectoryEntry(employee: EmployeeItem): DirectoryEntry {
  return {
    id: employee.id,
    name: employee.name,
    email: employee.email,
    phone: employee.phone,
    department: employee.department ?? '',
    position: employee.position ?? '',
    profilePicture: employee.profilePicture,
    role: employee.role,
    status: employee.status,
  };
}

/** Personal data could not be sealed or opened because this host has no field crypto. */
export class NoFieldCryptoError extends Error {
  constructor() {
    super('Personal data cannot be stored or read on this host');
    this.name = 'NoFieldCryptoError';
  }
}

/**
 * The stored (sealed) and masked forms of the personal-data fields after a
 * write: undefined keeps the stored value, '' clears it, a value is sealed
 * unless it is the one already stored (then the sealed form is kept, so an
 * unchanged value is no change in the item or the audit log).
 */
export async function sealPii(
  crypto: FieldCrypto | undefined,
  input: Partial<Record<PiiField, string | undefined>>,
  before?: EmployeeItem,
): Promise<Pick<EmployeeItem, PiiField | `${PiiField}Masked`>> {
  /** The sealed and masked forms of one field. */
  async function seal(field: PiiField): Promise<[sealed: string, masked: string]> {
    const value = input[field];
    const storedSealed = before?.[field] ?? '';
    const storedMasked = before?.[`${field}Masked`] ?? '';
    if (value === undefined || (value === '' && storedSealed === '')) return [storedSealed, storedMasked];
    if (value === '') return ['', ''];
    if (!crypto) throw new NoFieldCryptoError();
    if (storedSealed && (await crypto.open(storedSealed)) === value) return [storedSealed, storedMasked];
    return [await crypto.seal(value), PII_MASKS[field](value)];
  }
  // One field after the other, in PII_FIELDS' order; the return type names every field, so a new one cannot be missed.
  const [aadharNumber, aadharNumberMasked] = await seal('aadharNumber');
  const [panNumber, panNumberMasked] = await seal('panNumber');
  const [bankAccountNumber, bankAccountNumberMasked] = await seal('bankAccountNumber');
  return { aadharNumber, aadharNumberMasked, panNumber, panNumberMasked, bankAccountNumber, bankAccountNumberMasked };
}

/** Opens the asked personal-data fields of `employee` ('' for a blank one). */
export async function openPii(crypto: FieldCrypto | undefined, employee: EmployeeItem, fields: readonly PiiField[]): Promise<Partial<Record<PiiField, string>>> {
  const values: Partial<Record<PiiField, string>> = {};
  for (const field of fields) {
    const sealed = employee[field];
    if (!sealed) {
      values[field] = '';
      continue;
    }
    if (!crypto) throw new NoFieldCryptoError();
    values[field] = await crypto.open(sealed);
  }
  return values;
}

/** Settings > passwordMinLength (6 to 32; SPEC.md 9 default 8), at the top of the settings item or in one of its groups. */
export async function passwordMinLength(db: Db): Promise<number> {
  const length = Number((await getSettings(db)).security.passwordMinLength);
  return Number.isInteger(length) && length >= 6 && length <= 32 ? length : DEFAULT_PASSWORD_MIN_LENGTH;
}
export const DEFAULT_PASSWORD_MIN_LENGTH = 8;

/** The active superadmins' ids (a handful; one Query of their gsi2 partition). */
export async function activeSuperadminIds(db: Db): Promise<string[]> {
  const { items } = await employeeEntity.query(db, employeeEntity.source('activeSuperadmins', {}), { limit: 25 });
  return items.filter((employee) => employee.role === 'superadmin' && employee.status === 'active').map((employee) => employee.id);
}

/**
 * The transaction entry that holds while `id` is still an active superadmin:
 * a write that takes away the only other one's role or status carries it, so
 * two superadmins demoting each other at once cannot both pass.
 */
function stillActiveSuperadmin(id: string): Extract<Write, { op: 'check' }> {
  const condition = { expression: '#role = :superadmin AND #status = :active', names: { '#role': 'role', '#status': 'status' }, values: { ':superadmin': 'superadmin', ':active': 'active' } };
  return { op: 'check', type: employeeEntity.type, key: employeeEntity.key(id), condition };
}

export type EmployeeUpdateResult = { item: EmployeeItem } | { notFound: true } | { stale: EmployeeItem } | { taken: string } | { lastSuperadmin: true };

/** The fields of an employee an edit compares (what the audit entry would report). */
const sameContent = (a: EmployeeItem, b: EmployeeItem) => {
  const strip = ({ updatedAt: _u, version: _v, ...rest }: EmployeeItem) => rest;
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
};

/**
 * Applies `change` to the employee at `expectedVersion`, with its email
 * marker, search tokens, counters and audit entry, in one plan. `keeper`:
 * another superadmin who must still be an active one when it commits (the
 * change takes this one's role or status away); else `{ lastSuperadmin }`.
 */
export async function updateEmployee(
  db: Db,
  id: string,
  expectedVersion: number,
  change: (before: EmployeeItem) => EmployeeItem,
  ctx: WriteContext,
  options: { keeper?: string } = {},
): Promise<EmployeeUpdateResult> {
  const before = await getEmployee(db, id);
  if (!before) return { notFound: true };
  if (before.version !== expectedVersion) return { stale: before };
  const after: EmployeeItem = { ...change(before), id, createdAt: before.createdAt, updatedAt: ctx.now, version: before.version + 1 };
  if (sameContent(before, after)) return { item: before };
  const p = plan(db, ctx);
  employeeEntity.planUpdate(p, 'employee', before, after);
  if (options.keeper) p.check('keeper', stillActiveSuperadmin(options.keeper));
  try {
    await p.commit();
    return { item: after };
  } catch (error) {
    if (!(error instanceof PlanConditionFailed)) throw error;
    if (error.has('employee')) {
      const current = await getEmployee(db, id);
      return current ? { stale: current } : { notFound: true };
    }
    if (error.has('employee.EmployeeEmail')) return { taken: 'EmployeeEmail' };
    if (error.has('keeper')) return { lastSuperadmin: true };
    throw error;
  }
}

/** The new employee record of a create (the sealed data and the hash made by the caller). */
export function newEmployeeRecord(
  input: Omit<EmployeeCreateInput, 'password' | PiiField>,
  sealed: Pick<EmployeeItem, PiiField | `${PiiField}Masked`>,
  passwordHash: string,
  now: string,
  options: { id?: string; passwordSet?: boolean } = {},
): EmployeeItem {
  return {
    ...BLANK_PROFILE,
    id: options.id ?? randomUUID(),
    name: input.name,
    email: normalizeEmail(input.email),
    role: input.role,
    status: input.status,
    phone: input.phone,
    department: input.department,
    position: input.position,
    salary: input.salary,
    hireDate: input.hireDate,
    address: input.address,
    emergencyContact: input.emergencyContact,
    skills: input.skills,
    reportingManager: input.reportingManager,
    takesLeads: input.takesLeads,
    // Added after the record exists, through the photo upload routes (employee-photos.ts).
    profilePicture: '',
    bankIfscCode: input.bankIfscCode,
    ...sealed,
    passwordHash,
    passwordSet: options.passwordSet ?? true,
    passwordChangedAt: now,
    failedLoginCount: 0,
    lockedUntil: null,
    lastLoginAt: null,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
}

/**
 * The entry a lead write carries when it assigns a lead to `employeeId`: the
 * employee must exist and be active at that moment, and their assignment
 * count (leadAssignments, outside the record's fields) moves, so a delete
 * that read it before cannot pass unseen (deleteEmployeeWrites).
 */
export function assignmentGuardWrite(employeeId: string): Write {
  return {
    op: 'update',
    type: employeeEntity.type,
    key: employeeEntity.key(employeeId),
    add: { leadAssignments: 1 },
    condition: conditions.all(conditions.present(), conditions.equals('status', 'active', 'active')),
  };
}

/** The employee item with its count of lead assignments (kept outside the record's fields by assignmentGuardWrite). */
export const employeeWithAssignmentsKind = defineItem({
  type: 'Employee',
  schema: employeeSchema.shape({ leadAssignments: yup.number().integer().min(0).default(0) }),
  key: keys.employee,
  partition: 'EMPLOYEE#*',
});

/** An employee with how many lead assignments they have had (read together, so a delete can condition on it). */
export async function getEmployeeForDelete(db: Db, id: string): Promise<{ employee: EmployeeItem; assignments: number } | undefined> {
  const item = await employeeWithAssignmentsKind.get(db, [id]);
  if (!item) return undefined;
  const { leadAssignments, ...employee } = item;
  return { employee, assignments: leadAssignments };
}

/**
 * Deletes `employee` as read, refused by the table if a lead was assigned to
 * them since (assignmentGuardWrite) or the record changed ('stale'); `keeper` must
 * still be an active superadmin ('lastSuperadmin'); `also` adds the entries
 * of dependent items (the two-factor item) to the same plan.
 */
export async function deleteEmployee(
  db: Db,
  employee: EmployeeItem,
  assignments: number,
  ctx: WriteContext,
  options: { keeper?: string; also?: (p: WritePlan) => void } = {},
): Promise<'deleted' | 'stale' | 'lastSuperadmin'> {
  const p = plan(db, ctx);
  employeeEntity.planDelete(p, 'employee', employee, {
    condition: {
      expression: assignments === 0 ? 'attribute_not_exists(leadAssignments) OR leadAssignments = :zero' : 'leadAssignments = :seen',
      values: assignments === 0 ? { ':zero': 0 } : { ':seen': assignments },
    },
  });
  if (options.keeper) p.check('keeper', stillActiveSuperadmin(options.keeper));
  if (options.also) p.include(options.also);
  try {
    await p.commit();
    return 'deleted';
  } catch (error) {
    if (!(error instanceof PlanConditionFailed)) throw error;
    return error.has('employee') ? 'stale' : 'lastSuperadmin';
  }
}

/** Records who revealed which personal-data fields of an employee (an audit entry alone). */
export function auditReveal(db: Db, id: string, fields: readonly string[], ctx: WriteContext): Promise<void> {
  return plan(db, ctx)
    .audit({ entity: employeeEntity.type, entityId: id, action: 'reveal', changes: Object.fromEntries(fields.map((field) => [field, { before: null, after: 'revealed' }])) })
    .commit();
}
