import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as yup from 'yup';
import { employeeAccountFields, employeeHrFields, type EmployeeAccount, type EmployeeHrProfile, type PublicUser } from '@app/shared-types/auth';
import { PII_FIELDS, PII_MASKS, type DirectoryEntry, type EmployeeCreateInput, type EmployeeRecord, type PiiField } from '@app/shared-types/employees';
import { storedFields } from '@app/shared-types/forms';
import type { FieldCrypto } from '../secrets/field-crypto';
import type { Db } from '../db/client';
import { defineEntity, systemContext, type ItemKey, type WriteContext } from '../db/entity';
import { keys } from '../db/keys';
import { employeeCounter } from '../dashboard';
import { isConditionalCheckFailed, type TransactItem } from '../db/writes';
import type { Write } from '../db/item';

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
  indexes: {
    gsi1: (employee) => ({ pk: keys.employees(), sk: `${employee.name.trim().toLowerCase()}#${employee.id}` }),
    // The active superadmins (a handful): the last one is never demoted, deactivated or deleted.
    gsi2: (employee) => (employee.role === 'superadmin' && employee.status === 'active' ? { pk: ACTIVE_SUPERADMINS, sk: employee.id } : undefined),
  },
  patterns: {
    byName: { index: 'gsi1', partition: () => keys.employees() },
    activeSuperadmins: { index: 'gsi2', partition: () => ACTIVE_SUPERADMINS },
  },
  unique: [{ name: 'EmployeeEmail', key: (employee) => keys.employeeEmail(employee.email), owner: 'employeeId' }],
  search: (employee) => ({ texts: [employee.name, employee.email] }),
  // Employee Management's cards: total, by status, by department (GET /api/users/stats).
  counts: (employee) => ({
    DASHBOARD: {
      [employeeCounter.total]: 1,
      [employeeCounter.status(employee.status)]: 1,
      ...(employee.department ? { [employeeCounter.department(employee.department)]: 1 } : {}),
    },
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

/** The employee owning `email` (marker GetItem, then the item). */
export async function getEmployeeByEmail(db: Db, email: string): Promise<EmployeeItem | undefined> {
  const { Item: marker } = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.employeeEmail(normalizeEmail(email)), ConsistentRead: true }),
  );
  return typeof marker?.employeeId === 'string' ? getEmployee(db, marker.employeeId) : undefined;
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
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.employee(id),
        UpdateExpression: 'SET failedLoginCount = :zero, lockedUntil = :none, lastLoginAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND failedLoginCount = :seen',
        ExpressionAttributeValues: { ':zero': 0, ':none': null, ':now': now, ':seen': seenCount },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.employee(id),
        UpdateExpression: 'SET lastLoginAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': now },
      }),
    );
  }
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
    department: (employee.department ?? '') as EmployeeRecord['department'],
    position: employee.position ?? '',
    salary: employee.salary,
    hireDate: employee.hireDate,
    address: employee.address,
    emergencyContact: employee.emergencyContact,
    skills: employee.skills,
    reportingManager: employee.reportingManager,
    profilePicture: employee.profilePicture,
    bankIfscCode: employee.bankIfscCode,
    aadharNumber: employee.aadharNumberMasked,
    panNumber: employee.panNumberMasked,
    bankAccountNumber: employee.bankAccountNumberMasked,
    canSignIn: employee.passwordSet,
    twoFactorEnabled: employee.twoFactorEnabled,
    accessRequestedAt: employee.accessRequestedAt,
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
    department: (employee.department ?? '') as DirectoryEntry['department'],
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
  const result = {} as Pick<EmployeeItem, PiiField | `${PiiField}Masked`>;
  for (const field of PII_FIELDS) {
    const value = input[field];
    const storedSealed = before?.[field] ?? '';
    const storedMasked = before?.[`${field}Masked`] ?? '';
    if (value === undefined || (value === '' && storedSealed === '')) {
      result[field] = storedSealed;
      result[`${field}Masked`] = storedMasked;
      continue;
    }
    if (value === '') {
      result[field] = '';
      result[`${field}Masked`] = '';
      continue;
    }
    if (!crypto) throw new NoFieldCryptoError();
    if (storedSealed && (await crypto.open(storedSealed)) === value) {
      result[field] = storedSealed;
      result[`${field}Masked`] = storedMasked;
      continue;
    }
    result[field] = await crypto.seal(value);
    result[`${field}Masked`] = PII_MASKS[field](value);
  }
  return result;
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
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.settings() }));
  let value: unknown = Item?.passwordMinLength;
  for (const group of Object.values(Item ?? {})) {
    if (value !== undefined) break;
    if (group && typeof group === 'object' && !Array.isArray(group)) value = (group as Record<string, unknown>).passwordMinLength;
  }
  const length = Number(value);
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
export function stillActiveSuperadmin(db: Db, id: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: db.table,
      Key: keys.employee(id),
      ConditionExpression: '#role = :superadmin AND #status = :active',
      ExpressionAttributeNames: { '#role': 'role', '#status': 'status' },
      ExpressionAttributeValues: { ':superadmin': 'superadmin', ':active': 'active' },
    },
  };
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
export function assignmentGuard(db: Db, employeeId: string): TransactItem {
  return {
    Update: {
      TableName: db.table,
      Key: keys.employee(employeeId),
      UpdateExpression: 'ADD leadAssignments :one',
      ConditionExpression: 'attribute_exists(pk) AND #status = :active',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':one': 1, ':active': 'active' },
    },
  };
}

/** assignmentGuard as a plan entry's write (the same update and condition). */
export function assignmentGuardWrite(employeeId: string): Write {
  return {
    op: 'update',
    type: 'Employee',
    key: keys.employee(employeeId),
    add: { leadAssignments: 1 },
    condition: { expression: 'attribute_exists(pk) AND #cStatus = :cActive', names: { '#cStatus': 'status' }, values: { ':cActive': 'active' } },
  };
}

/** An employee with how many lead assignments they have had (read together, so a delete can condition on it). */
export async function getEmployeeForDelete(db: Db, id: string): Promise<{ employee: EmployeeItem; assignments: number } | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.employee(id), ConsistentRead: true }));
  if (!Item) return undefined;
  return { employee: employeeEntity.parse(Item), assignments: typeof Item.leadAssignments === 'number' ? Item.leadAssignments : 0 };
}

/** The delete of `employee` as read, refused by the table if a lead was assigned to them since (assignmentGuard). */
export function deleteEmployeeWrites(db: Db, employee: EmployeeItem, assignments: number, ctx: WriteContext): TransactItem[] {
  return employeeEntity.deleteWrites(db, employee, ctx, {
    condition: {
      expression: assignments === 0 ? 'attribute_not_exists(leadAssignments) OR leadAssignments = :zero' : 'leadAssignments = :seen',
      values: assignments === 0 ? { ':zero': 0 } : { ':seen': assignments },
    },
  });
}
