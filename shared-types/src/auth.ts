import * as yup from 'yup';
import { text } from './forms';

/** Staff roles, least to most privileged (SPEC.md 6). */
export const ROLES = ['employee', 'manager', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that manage employees and settings (PRODUCT.md, Admin portal). */
export const ADMIN_ROLES = ['admin', 'superadmin'] as const satisfies readonly Role[];

export const PASSWORD_MIN_LENGTH = 6;
/** Far above any real password; keeps one request from feeding the hash megabytes. */
export const PASSWORD_MAX_LENGTH = 256;

/** Passwords are taken as typed: never trimmed. */
const password = (required: string, tooShort: string) =>
  yup
    .string()
    .typeError('Must be text')
    .required(required)
    .min(PASSWORD_MIN_LENGTH, tooShort)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const email = text()
  .required('Email is required')
  .max(254, 'Email address is too long')
  .email('Enter a valid email address')
  .transform((value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

export const loginSchema = yup.object({
  email,
  password: password('Password is required', `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
});
export type LoginInput = yup.InferType<typeof loginSchema>;

export const changePasswordSchema = yup.object({
  currentPassword: yup.string().typeError('Must be text').required('Current password is required').max(PASSWORD_MAX_LENGTH),
  newPassword: password('New password is required', `New password must be at least ${PASSWORD_MIN_LENGTH} characters`),
});
export type ChangePasswordInput = yup.InferType<typeof changePasswordSchema>;

/** SPEC.md 'Employee / user (admin)': only an active employee signs in. */
export const EMPLOYEE_STATUSES = ['active', 'inactive', 'on_leave', 'terminated'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

/**
 * The auth part of an employee: who signs in and what they may do. Credentials
 * (the password hash, lockout state) are server-side only, in
 * functions/src/people/employee-repo.ts.
 */
export const employeeAccountFields = {
  id: yup.string().required(),
  name: yup.string().required(),
  /** Lower-cased; unique. */
  email: yup.string().required(),
  role: yup.mixed<Role>().oneOf([...ROLES]).required(),
  status: yup.mixed<EmployeeStatus>().oneOf([...EMPLOYEE_STATUSES]).required(),
};
export const employeeAccountSchema = yup.object(employeeAccountFields);
export type EmployeeAccount = yup.InferType<typeof employeeAccountSchema>;

/**
 * The HR part of an employee: what the firm records about the person, not
 * about their sign-in. Optional today; the People module adds its fields here.
 */
export const employeeHrFields = {
  department: yup.string().optional(),
  position: yup.string().optional(),
};
export interface EmployeeHrProfile {
  department?: string;
  position?: string;
}

/** A staff member as the API returns them: the account without its status, and the HR profile. Never a password or its hash. */
export interface PublicUser extends Omit<EmployeeAccount, 'status'>, EmployeeHrProfile {}

/** Answer of POST /api/auth/login and GET /api/auth/me. */
export interface SessionUser {
  user: PublicUser;
}

/** Settings > Security values the server enforces, with SPEC.md 9's defaults. */
export interface SecuritySettings {
  /** Idle minutes after which a session ends (5 to 480). */
  sessionTimeout: number;
  /** Consecutive failed logins that lock an account (3 to 10). */
  maxLoginAttempts: number;
}

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = { sessionTimeout: 30, maxLoginAttempts: 5 };

/** How long an account stays locked after maxLoginAttempts failures. */
export const LOCKOUT_MINUTES = 15;

/** How long an emailed password reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/** POST /api/auth/password-reset: 'Forgot password?' asks for a link. */
export const passwordResetRequestSchema = yup.object({ email });
export type PasswordResetRequestInput = yup.InferType<typeof passwordResetRequestSchema>;

/** The token of an emailed link: 32 random bytes, base64url. */
export const PASSWORD_RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/auth/password-reset/complete: the link's token and the new password. */
export const passwordResetSchema = yup.object({
  token: yup.string().typeError('Must be text').required('The reset link is incomplete').max(100, 'The reset link is incomplete'),
  newPassword: password('New password is required', `New password must be at least ${PASSWORD_MIN_LENGTH} characters`),
});
export type PasswordResetInput = yup.InferType<typeof passwordResetSchema>;

/** GET /api/auth/password-rules: what a new password must be (Settings > Security > passwordMinLength). */
export interface PasswordRules {
  passwordMinLength: number;
}

/** A new password and its confirmation as the portal's forms check them (the server checks the length again). */
export const newPasswordFields = (passwordMinLength: number) => ({
  newPassword: yup
    .string()
    .required('New password is required')
    .min(passwordMinLength, `New password must be at least ${passwordMinLength} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  confirmPassword: yup
    .string()
    .required('Confirm the new password')
    .oneOf([yup.ref('newPassword')], 'The passwords do not match'),
});

/** 'Change password' (the account menu): the current password, the new one twice. */
export const changePasswordFormSchema = (passwordMinLength: number) =>
  yup.object({ currentPassword: yup.string().required('Current password is required'), ...newPasswordFields(passwordMinLength) });

/** The reset screen of an emailed link: the new password twice. */
export const passwordResetFormSchema = (passwordMinLength: number) => yup.object(newPasswordFields(passwordMinLength));

export const PASSWORD_MESSAGES = {
  /** The one answer of a reset request, whoever the email belongs to (or nobody). */
  resetRequested: `If an account uses this email, a link to reset its password is on its way. It works for ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
  /** An unknown, used, expired or superseded link, or an account that can no longer sign in. */
  invalidLink: 'This reset link is invalid, used or expired. Ask for a new one.',
  resetDone: 'Your password has been reset. Sign in with the new one.',
  changed: 'Password changed',
} as const;
