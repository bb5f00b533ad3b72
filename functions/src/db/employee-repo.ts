import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as yup from 'yup';
import { employeeAccountFields, employeeHrFields, type EmployeeAccount, type EmployeeHrProfile, type PublicUser } from '@app/shared-types/auth';
import { storedFields } from '@app/shared-types/forms';
import type { Db } from './client';
import { defineEntity, systemContext, type ItemKey, type WriteContext } from './entity';
import { keys } from './keys';
import { isConditionalCheckFailed } from './writes';

/**
 * A stored employee (SPEC.md 'Employee / user (admin)'): the account (email
 * unique through the USER# marker item), the HR profile and the server-side
 * sign-in state, which never appears in an API answer.
 */
const employeeSchema = yup.object({
  ...employeeAccountFields,
  ...employeeHrFields,
  /** scrypt hash (auth/password.ts). Never leaves the server. */
  passwordHash: yup.string().required(),
  /** Sessions created before this instant are no longer valid. */
  passwordChangedAt: yup.string().required(),
  /** Sign-in attempts counted in the current window (login-attempt-repo.ts), cleared by a success. */
  failedLoginCount: yup.number().integer().default(0),
  /** ISO time the current window of attempts ends (a lock once the count is at the limit), or null. */
  lockedUntil: yup.string().nullable().default(null),
  lastLoginAt: yup.string().nullable().default(null),
  ...storedFields,
});
export type EmployeeItem = yup.InferType<typeof employeeSchema>;
/** The server-side sign-in state of an employee. */
export type EmployeeCredentials = Pick<EmployeeItem, 'passwordHash' | 'passwordChangedAt' | 'failedLoginCount' | 'lockedUntil' | 'lastLoginAt'>;

export const employeeEntity = defineEntity({
  type: 'Employee',
  schema: employeeSchema,
  key: keys.employee,
  indexes: { gsi1: (employee) => ({ pk: keys.employees(), sk: `${employee.name.trim().toLowerCase()}#${employee.id}` }) },
  patterns: { byName: { index: 'gsi1', partition: () => keys.employees() } },
  unique: [{ name: 'EmployeeEmail', key: (employee) => keys.employeeEmail(employee.email), owner: 'employeeId' }],
  search: (employee) => ({ texts: [employee.name, employee.email] }),
  // Sign-in bookkeeping changes without a new version: an admin's open edit never conflicts with a login.
  kept: ['failedLoginCount', 'lockedUntil', 'lastLoginAt'],
  masked: ['passwordHash'],
});

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
