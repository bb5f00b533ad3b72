import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EmployeeAccount, EmployeeHrProfile, PublicUser } from '@app/shared-types/auth';
import type { Db } from './client';
import { keys } from './keys';
import { isConditionalCheckFailed, isTransactionCanceled, putNew } from './writes';

/** The server-side sign-in state of an employee: never in an API answer. */
export interface EmployeeCredentials {
  /** scrypt hash (auth/password.ts). Never leaves the server. */
  passwordHash: string;
  /** Sessions created before this instant are no longer valid. */
  passwordChangedAt: string;
  /** Consecutive failed logins since the last success or lock. */
  failedLoginCount: number;
  /** ISO time until which login is refused, or null. */
  lockedUntil: string | null;
  lastLoginAt: string | null;
}

/**
 * A stored employee (SPEC.md 'Employee / user (admin)'): the account (email
 * unique through the USER# marker item), the HR profile and the credentials.
 */
export interface EmployeeItem extends EmployeeAccount, EmployeeHrProfile, EmployeeCredentials {
  createdAt: string;
  updatedAt: string;
  version: number;
}

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

const byNameSortKey = (name: string, id: string) => `${name.trim().toLowerCase()}#${id}`;

/** Creates the employee and claims the email in one transaction; EmailTakenError if it is claimed. */
export async function createEmployee(db: Db, input: NewEmployee, now: string): Promise<EmployeeItem> {
  const id = randomUUID();
  const employee: EmployeeItem = {
    id,
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
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          putNew(db, {
            ...keys.employee(id),
            entityType: 'Employee',
            gsi1pk: keys.employees(),
            gsi1sk: byNameSortKey(employee.name, id),
            ...employee,
          }),
          putNew(db, { ...keys.employeeEmail(employee.email), entityType: 'EmployeeEmail', employeeId: id }),
        ],
      }),
    );
  } catch (error) {
    if (isTransactionCanceled(error, 1)) {
      throw new EmailTakenError();
    }
    throw error;
  }
  return employee;
}

const stripKeys = (item: Record<string, unknown>): EmployeeItem => {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, entityType: _t, ...employee } = item;
  return employee as unknown as EmployeeItem;
};

export async function getEmployee(db: Db, id: string): Promise<EmployeeItem | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.employee(id), ConsistentRead: true }));
  return Item ? stripKeys(Item) : undefined;
}

/** The employee owning `email` (marker GetItem, then the item). */
export async function getEmployeeByEmail(db: Db, email: string): Promise<EmployeeItem | undefined> {
  const { Item: marker } = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: keys.employeeEmail(normalizeEmail(email)), ConsistentRead: true }),
  );
  const id = marker?.employeeId as string | undefined;
  return id ? getEmployee(db, id) : undefined;
}

/** Employees by name, a page at a time. */
export async function listEmployees(db: Db, options: { limit: number; exclusiveStartKey?: Record<string, string> }) {
  const { Items = [], LastEvaluatedKey } = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.employees() },
      Limit: options.limit,
      ExclusiveStartKey: options.exclusiveStartKey,
    }),
  );
  return { items: Items.map(stripKeys), lastKey: LastEvaluatedKey };
}

/**
 * Counts a failed login (atomic ADD). Reaching `maxAttempts` locks the account
 * until `lockUntil` and starts the count again. Lockout state is not a profile
 * edit, so `version` stays and an admin's open edit does not conflict with it.
 */
export async function recordFailedLogin(
  db: Db,
  id: string,
  options: { maxAttempts: number; lockUntil: string },
): Promise<{ locked: boolean; failedCount: number }> {
  const { Attributes } = await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.employee(id),
      UpdateExpression: 'ADD failedLoginCount :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const failedCount = Number(Attributes?.failedLoginCount ?? 0);
  if (failedCount < options.maxAttempts) return { locked: false, failedCount };
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.employee(id),
        UpdateExpression: 'SET lockedUntil = :until, failedLoginCount = :zero',
        // Only one of several racing failures locks; the others find the count reset.
        ConditionExpression: 'attribute_exists(pk) AND failedLoginCount >= :max',
        ExpressionAttributeValues: { ':until': options.lockUntil, ':zero': 0, ':max': options.maxAttempts },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
  return { locked: true, failedCount };
}

/** Clears the failure count and any expired lock; notes the login time. */
export async function recordSuccessfulLogin(db: Db, id: string, now: string): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.employee(id),
      UpdateExpression: 'SET failedLoginCount = :zero, lockedUntil = :none, lastLoginAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':zero': 0, ':none': null, ':now': now },
    }),
  );
}

/** Replaces the hash if the employee is still at `expectedVersion`; false on a stale version. */
export async function updatePasswordHash(
  db: Db,
  id: string,
  options: { passwordHash: string; expectedVersion: number; now: string },
): Promise<boolean> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.employee(id),
        UpdateExpression: 'SET passwordHash = :hash, passwordChangedAt = :now, updatedAt = :now, version = version + :one',
        ConditionExpression: 'attribute_exists(pk) AND version = :expected',
        ExpressionAttributeValues: { ':hash': options.passwordHash, ':now': options.now, ':one': 1, ':expected': options.expectedVersion },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}
