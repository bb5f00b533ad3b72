import { randomBytes } from 'node:crypto';
import { PASSWORD_MIN_LENGTH, type Role } from '@app/shared-types/auth';
import { SALESPERSON_IDS } from '@app/shared-types/leads';
import { hashPassword } from '../auth';
import type { Db } from '../db/client';
import { createEmployee, listEmployees, type EmployeeItem } from '../people';
import { getSettings } from '../settings';

/** 24 random characters from a 64-letter alphabet: 144 bits. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** admin@<host of Settings > companyWebsite, without www.>. */
export async function defaultAdminEmail(db: Db): Promise<string> {
  const { company } = await getSettings(db);
  let host = 'localhost';
  try {
    host = new URL(company.companyWebsite).hostname.replace(/^www\./, '') || host;
  } catch {
    // A website setting that is not a URL: fall back to localhost.
  }
  return `admin@${host}`;
}

export interface NewStaffAccount {
  email: string;
  name: string;
  role: Role;
  /** Unset: a strong one is generated and returned. */
  password?: string;
}

/** Creates a staff account (EmailTakenError if the email is taken). Returns the generated password, if any. */
export async function createStaffAccount(
  db: Db,
  account: NewStaffAccount,
  now = new Date().toISOString(),
): Promise<{ employee: EmployeeItem; generatedPassword?: string }> {
  const generatedPassword = account.password ? undefined : generatePassword();
  const password = account.password ?? generatedPassword!;
  if (password.length < PASSWORD_MIN_LENGTH) throw new Error(`The password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  const employee = await createEmployee(
    db,
    { email: account.email, name: account.name, role: account.role, passwordHash: await hashPassword(password) },
    now,
  );
  return { employee, ...(generatedPassword ? { generatedPassword } : {}) };
}

/**
 * First start: when no staff account exists, creates a superadmin from
 * ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated password the caller prints
 * once. Does nothing once any account exists.
 */
export async function ensureFirstAdmin(
  db: Db,
  env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string } = process.env,
): Promise<{ email: string; generatedPassword?: string } | undefined> {
  // The seeded salespeople (who cannot sign in) do not count: a table with only them still needs its first admin.
  const seeded = new Set<string>(Object.values(SALESPERSON_IDS));
  const { items } = await listEmployees(db, { limit: seeded.size + 1 });
  if (items.some((employee) => !seeded.has(employee.id))) return undefined;
  const email = env.ADMIN_EMAIL?.trim() || (await defaultAdminEmail(db));
  const { employee, generatedPassword } = await createStaffAccount(db, {
    email,
    name: 'Administrator',
    role: 'superadmin',
    password: env.ADMIN_PASSWORD || undefined,
  });
  return { email: employee.email, ...(generatedPassword ? { generatedPassword } : {}) };
}

/** The console lines announcing a first account; the password appears only here, once. */
export function firstAdminMessage(result: { email: string; generatedPassword?: string }): string {
  return result.generatedPassword
    ? [
        '',
        'Created the first admin account (superadmin):',
        `  email:    ${result.email}`,
        `  password: ${result.generatedPassword}`,
        'This password is shown only now. Sign in at /admin and change it (or set ADMIN_EMAIL / ADMIN_PASSWORD before the first start).',
        '',
      ].join('\n')
    : `Created the first admin account (superadmin) ${result.email} with the password from ADMIN_PASSWORD.`;
}
