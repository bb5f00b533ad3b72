import * as yup from 'yup';
import { EMPLOYEE_STATUSES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES, type EmployeeStatus, type Role } from './auth';
import { expectedVersion, multilineText, oneOfList, optionalDate, pageLimit, rupeesOrNull, text } from './forms';
import { normalizePhone } from './phone';

/**
 * Employee Management (SPEC.md 2, 3 'Employee / user (admin)'): the firm's
 * employee records, which are also the staff accounts that sign in. The
 * dialog and the API validate with the same schemas.
 *
 * Aadhaar, PAN and bank account number are personal data (PRODUCT.md, DPDP
 * Act): the server stores them sealed, answers with masked forms only, and
 * shows them in clear only through POST /api/users/:id/reveal.
 */

/** SPEC.md 3: departments. */
export const DEPARTMENTS = ['Design', 'Sales', 'Operations', 'Finance', 'HR', 'Marketing', 'IT', 'Management'] as const;
export type Department = (typeof DEPARTMENTS)[number];

/** Roles a reporting manager may have (SPEC.md 5). */
export const MANAGER_ROLES = ['manager', 'admin', 'superadmin'] as const satisfies readonly Role[];

/** Statuses that cannot sign in; changing to one ends the person's sessions. */
export const SIGN_IN_BLOCKED_STATUSES = ['inactive', 'on_leave', 'terminated'] as const satisfies readonly EmployeeStatus[];

/** The personal-data fields, kept sealed and answered masked. */
export const PII_FIELDS = ['aadharNumber', 'panNumber', 'bankAccountNumber'] as const;
export type PiiField = (typeof PII_FIELDS)[number];

export const PAN_NUMBER_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Indian bank account numbers: 9 to 18 digits. */
export const BANK_ACCOUNT_PATTERN = /^\d{9,18}$/;

// ---------------------------------------------------------------------------
// Verhoeff (the Aadhaar check digit, UIDAI)

const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const VERHOEFF_INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

function verhoeffChecksum(digits: string, withCheckDigit: boolean): number {
  let c = 0;
  const reversed = [...digits].reverse();
  reversed.forEach((char, i) => {
    c = VERHOEFF_D[c]![VERHOEFF_P[(i + (withCheckDigit ? 0 : 1)) % 8]![Number(char)]!]!;
  });
  return c;
}

/** The Verhoeff check digit to append to `digits`. */
export function verhoeffCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error('Only digits have a Verhoeff check digit');
  return VERHOEFF_INV[verhoeffChecksum(digits, false)]!;
}

/** True when the last digit of `digits` is its Verhoeff check digit. */
export function isVerhoeffValid(digits: string): boolean {
  return /^\d+$/.test(digits) && verhoeffChecksum(digits, true) === 0;
}

/** 12 digits, not starting with 0 or 1, the last a valid Verhoeff check digit (spaces and dashes as typed are dropped). */
export function isValidAadhaar(value: string): boolean {
  return /^[2-9]\d{11}$/.test(value) && isVerhoeffValid(value);
}

/** An Indian mobile or landline number: 10 national digits once +91/0 prefixes are dropped, mobiles starting 6-9. */
export function isIndianPhone(value: string): boolean {
  if (!/^\+?[\d\s\-().]+$/.test(value.trim())) return false;
  const national = normalizePhone(value);
  return /^\d{10}$/.test(national) && !national.startsWith('0');
}

// ---------------------------------------------------------------------------
// Masks (every answer shows these, never the values)

export function maskAadhaar(value: string): string {
  return value ? `XXXX XXXX ${value.slice(-4)}` : '';
}
export function maskPan(value: string): string {
  return value ? `XXXXX${value.slice(5, 9)}X` : '';
}
export function maskBankAccount(value: string): string {
  return value ? `XXXXXX${value.slice(-4)}` : '';
}
export const PII_MASKS: Record<PiiField, (value: string) => string> = {
  aadharNumber: maskAadhaar,
  panNumber: maskPan,
  bankAccountNumber: maskBankAccount,
};
/** A masked value sent back by the edit dialog: the value is kept as it is. */
const MASKED_FORMS: Record<PiiField, RegExp> = {
  aadharNumber: /^XXXX XXXX \d{4}$/,
  panNumber: /^XXXXX\d{4}X$/,
  bankAccountNumber: /^XXXXXX\d{4}$/,
};
export const isMaskedForm = (field: PiiField, value: unknown) => typeof value === 'string' && MASKED_FORMS[field].test(value.trim());

// ---------------------------------------------------------------------------
// Schemas

const upper = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);
const withoutSeparators = (value: unknown) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : value);
/** null (a cleared field) is blank. */
const nullIsBlank = (value: unknown) => (value === null ? '' : value);

export const employeeEmail = text()
  .required('Email is required')
  .max(254, 'Email address is too long')
  .email('Enter a valid email address')
  .transform((value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));

const piiField = (field: PiiField) => {
  const rules = {
    aadharNumber: text()
      .transform(withoutSeparators)
      .test('aadhaar', 'Enter a valid 12-digit Aadhaar number', (value) => !value || isValidAadhaar(value)),
    panNumber: text()
      .transform(upper)
      .matches(PAN_NUMBER_PATTERN, { message: 'Enter a valid PAN, e.g. ABCDE1234F', excludeEmptyString: true }),
    bankAccountNumber: text()
      .transform(withoutSeparators)
      .matches(BANK_ACCOUNT_PATTERN, { message: 'Enter a valid bank account number (9 to 18 digits)', excludeEmptyString: true }),
  }[field];
  return rules.max(40, 'Too long').transform(nullIsBlank);
};

const employeeFields = {
  name: text().required('Full name is required').max(200, 'Name is too long (200 characters at most)'),
  email: employeeEmail,
  role: oneOfList(ROLES, 'Choose employee, manager, admin or superadmin').default('employee'),
  status: oneOfList(EMPLOYEE_STATUSES, 'Choose active, inactive, on leave or terminated').default('active'),
  phone: text()
    .transform(nullIsBlank)
    .max(20, 'Phone number is too long (20 characters at most)')
    .test('phone', 'Enter a valid Indian phone number (10 digits)', (value) => !value || isIndianPhone(value))
    .default(''),
  /** A department's name (shared-types/departments.ts); the API checks it names an active department. */
  department: text()
    .transform(nullIsBlank)
    // A SPEC department typed in any case is spelled as the SPEC spells it.
    .transform((value: string) => DEPARTMENTS.find((name) => name.toLowerCase() === value.toLowerCase()) ?? value)
    .max(100, 'Department is too long (100 characters at most)')
    .default(''),
  position: text().transform(nullIsBlank).max(100, 'Position is too long (100 characters at most)').default(''),
  /** Monthly, in rupees; null when not recorded. */
  salary: rupeesOrNull('Salary'),
  hireDate: optionalDate(),
  address: multilineText().transform(nullIsBlank).max(500, 'Address is too long (500 characters at most)').default(''),
  emergencyContact: text().transform(nullIsBlank).max(200, 'Emergency contact is too long (200 characters at most)').default(''),
  skills: text().transform(nullIsBlank).max(500, 'Skills are too long (500 characters at most)').default(''),
  /** A user id (a manager, admin or superadmin), or blank. */
  reportingManager: text()
    .transform(nullIsBlank)
    .matches(/^[A-Za-z0-9-]{1,64}$/, { message: 'Choose a reporting manager from the list', excludeEmptyString: true })
    .default(''),
  /** The photo's address: an uploaded photo (/uploads/...) or an https URL. */
  profilePicture: text()
    .transform(nullIsBlank)
    .max(2048, 'Profile picture address is too long')
    .test('picture', 'Profile picture must be an uploaded photo or an https address', (value) => !value || /^(https:\/\/|\/uploads\/)[^\s<>"']+$/.test(value))
    .default(''),
  bankIfscCode: text()
    .transform(upper)
    .transform(nullIsBlank)
    .matches(IFSC_PATTERN, { message: 'Enter a valid IFSC, e.g. HDFC0001234', excludeEmptyString: true })
    .default(''),
  aadharNumber: piiField('aadharNumber').default(''),
  panNumber: piiField('panNumber').default(''),
  bankAccountNumber: piiField('bankAccountNumber').default(''),
  // Speed-to-lead (issue 26): new leads are assigned round-robin among active employees who take leads.
  takesLeads: yup.boolean().strict().typeError('Takes leads must be on or off').default(false),
};

/** Passwords are taken as typed, never trimmed. The server also checks Settings > passwordMinLength. */
const password = yup
  .string()
  .typeError('Must be text')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** POST /api/users. */
export const employeeCreateSchema = yup.object({
  ...employeeFields,
  password: password.required('Password is required').min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
});
export type EmployeeCreateInput = yup.InferType<typeof employeeCreateSchema>;

/** A masked value sent back as it was shown keeps the stored one: undefined. */
const keepIfMasked = (field: PiiField) =>
  piiField(field)
    .transform((value: unknown, original: unknown) => (isMaskedForm(field, original) ? undefined : value))
    .optional();

/**
 * PUT /api/users/:id: every field plus the version the editor saw. A blank
 * (or absent) password keeps the current one; a personal-data field absent or
 * sent back masked keeps its value, blank clears it.
 */
export const employeeUpdateSchema = yup.object({
  ...employeeFields,
  password: password
    .transform((value: unknown) => (value === '' || value === null ? undefined : value))
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .optional(),
  aadharNumber: keepIfMasked('aadharNumber'),
  panNumber: keepIfMasked('panNumber'),
  bankAccountNumber: keepIfMasked('bankAccountNumber'),
  version: expectedVersion(),
});
export type EmployeeUpdateInput = yup.InferType<typeof employeeUpdateSchema>;

/** POST /api/users/:id/approve: the version the admin saw ('Request access', issue 15). */
export const approveEmployeeSchema = yup.object({ version: expectedVersion() });

/** POST /api/users/:id/reveal. */
export const revealSchema = yup.object({
  fields: yup
    .array()
    .typeError('fields must be a list')
    .of(yup.mixed<PiiField>().oneOf([...PII_FIELDS], `Each field must be one of: ${PII_FIELDS.join(', ')}`).required())
    .required('Choose the fields to reveal')
    .min(1, 'Choose the fields to reveal')
    .max(PII_FIELDS.length),
});
export type RevealInput = yup.InferType<typeof revealSchema>;

/** GET /api/users and GET /api/users/directory. */
export const employeeListQuerySchema = yup.object({
  limit: pageLimit(50),
  cursor: yup.string().max(1024).optional(),
});
/** GET /api/users (Employee Management): by name, with the screen's filters and search. */
export const employeeManageQuerySchema = employeeListQuerySchema.shape({
  q: text().max(100, 'Search is too long').optional(),
  department: text().max(100, 'Unknown department').optional(),
  role: yup.mixed<Role>().oneOf([...ROLES], 'Unknown role').optional(),
  status: yup.mixed<EmployeeStatus>().oneOf([...EMPLOYEE_STATUSES], 'Unknown status').optional(),
});
export type EmployeeManageQuery = yup.InferType<typeof employeeManageQuerySchema>;

/** GET /api/users/stats: Employee Management's four cards, from counters every employee write keeps. */
export interface EmployeeStats {
  total: number;
  active: number;
  onLeave: number;
  /** Departments with at least one employee. */
  departments: number;
}
/** GET /api/users/directory: `status=active` lists only those who can be assigned work. */
export const directoryQuerySchema = employeeListQuerySchema.shape({
  status: yup.mixed<EmployeeStatus>().oneOf([...EMPLOYEE_STATUSES], 'Unknown status').optional(),
});

// ---------------------------------------------------------------------------
// Answers

/** An employee as admins and superadmins read it: personal data masked, never a password. */
export interface EmployeeRecord {
  id: string;
  name: string;
  email: string;
  role: Role;
  status: EmployeeStatus;
  phone: string;
  department: string;
  position: string;
  salary: number | null;
  hireDate: string | null;
  address: string;
  emergencyContact: string;
  skills: string;
  reportingManager: string;
  profilePicture: string;
  bankIfscCode: string;
  /** Masked: 'XXXX XXXX 1234', or blank. */
  aadharNumber: string;
  /** Masked: 'XXXXX1234X', or blank. */
  panNumber: string;
  /** Masked: 'XXXXXX1234', or blank. */
  bankAccountNumber: string;
  /** Whether a password has been set (the seeded salespeople have none until an admin sets one). */
  canSignIn: boolean;
  /** Whether two-factor sign-in is on (an admin can reset it: POST /api/users/:id/reset-two-factor). */
  twoFactorEnabled: boolean;
  /** When the person asked for an account through 'Request access', while it waits for an admin's approval; else null. */
  accessRequestedAt: string | null;
  /** First-start sample data, which 'Remove sample data' in Settings > System removes (issue 25). */
  isSample?: boolean;
  /** Speed-to-lead (issue 26): new leads are assigned to them in turn. */
  takesLeads: boolean;
  lastLoginAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** The staff directory: what every signed-in person may read about a colleague. */
export interface DirectoryEntry {
  id: string;
  name: string;
  email: string;
  phone: string;
  department: string;
  position: string;
  profilePicture: string;
  role: Role;
  status: EmployeeStatus;
}

/** Answer of POST /api/users/:id/reveal: the fields asked for, in clear. */
export interface RevealResult {
  id: string;
  values: Partial<Record<PiiField, string>>;
}

/** SPEC.md 8 messages. */
export const STALE_EMPLOYEE_MESSAGE = 'This employee was changed by someone else. Review the current details and save again.';
export const leadsAssignedMessage = (count: number) =>
  `This employee has ${count} lead${count === 1 ? '' : 's'} assigned. Reassign them first.`;
