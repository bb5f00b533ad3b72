import * as yup from 'yup';
import { PASSWORD_MAX_LENGTH, type PublicUser } from './auth';
import { DEPARTMENTS, employeeEmail, isIndianPhone, type Department } from './employees';
import { oneOfList, text } from './forms';

/**
 * Two-factor sign-in (Settings > Security > requireTwoFactor; issue 15) and
 * 'Request access' (allowRegistration). TOTP codes (RFC 6238: 6 digits, 30 s)
 * from an authenticator app, ten one-time recovery codes, and a login in two
 * steps: the password, then POST /api/auth/login/verify with a code.
 */

export const TWO_FACTOR_MESSAGES = {
  invalidCode: 'That code is not valid. Check your authenticator app and try again.',
  invalidRecoveryCode: 'That recovery code is not valid or was already used.',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  alreadyOn: 'Two-factor sign-in is already on for your account.',
  notOn: 'Two-factor sign-in is not on for this account.',
  enrolmentExpired: 'Start the set-up again: the last one has expired.',
  wrongPassword: 'Password is incorrect',
  noCrypto: 'Two-factor sign-in is not available on this host',
} as const;

/** The step after the password: a code of an enrolled account, or enrolment when Settings require it. */
export interface TwoFactorEnrolment {
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  /** otpauth://totp/... (the QR code's content). */
  otpauthUri: string;
}

/** POST /api/auth/login's answer when a second step follows (no session yet). */
export type LoginChallengeAnswer = { twoFactor: 'code' } | ({ twoFactor: 'enrol' } & TwoFactorEnrolment);

/** POST /api/auth/login/verify's answer: the session's user, and the recovery codes once after an enrolment. */
export interface VerifiedLogin {
  user: PublicUser;
  recoveryCodes?: string[];
}

/** GET /api/auth/two-factor. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** Unused recovery codes left (0 when not enabled). */
  recoveryCodesLeft: number;
  /** Settings > Security > requireTwoFactor. */
  required: boolean;
}

/** Answers that show new recovery codes (once). */
export interface RecoveryCodesAnswer {
  recoveryCodes: string[];
}

/** Six digits; spaces (as apps group them, '123 456') are dropped. */
export const totpCodeField = () =>
  yup
    .string()
    .typeError('Must be text')
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s/g, '') || undefined : value))
    .matches(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

/** XXXXX-XXXXX; case, spaces and dashes do not matter. */
export const recoveryCodeField = () =>
  yup
    .string()
    .typeError('Must be text')
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/[\s-]/g, '').toUpperCase() || undefined : value))
    .matches(/^[A-Z0-9]{10}$/, 'Enter a recovery code like ABCDE-FGHJK');

/** POST /api/auth/login/verify: a code or a recovery code (exactly one). */
export const loginVerifySchema = yup.object({
  code: totpCodeField().optional(),
  recoveryCode: recoveryCodeField().optional(),
}).test('one-of', function oneOf(value) {
  const given = [value.code, value.recoveryCode].filter((field) => field !== undefined && field !== '').length;
  if (given === 1) return true;
  return this.createError({ path: value.recoveryCode ? 'recoveryCode' : 'code', message: given === 0 ? 'Enter the 6-digit code from your authenticator app' : 'Send a code or a recovery code, not both' });
});
export type LoginVerifyInput = yup.InferType<typeof loginVerifySchema>;

/** POST /api/auth/two-factor/confirm. */
export const twoFactorConfirmSchema = yup.object({
  code: totpCodeField().required('Enter the 6-digit code from your authenticator app'),
});
export type TwoFactorConfirmInput = yup.InferType<typeof twoFactorConfirmSchema>;

/** POST /api/auth/two-factor/disable and /recovery-codes: a current code or the password. */
export const twoFactorProofSchema = yup.object({
  code: totpCodeField().optional(),
  password: yup
    .string()
    .typeError('Must be text')
    .transform((value: unknown) => (value === '' ? undefined : value))
    .max(PASSWORD_MAX_LENGTH)
    .optional(),
}).test('one-of', function oneOf(value) {
  if (value.code || value.password) return true;
  return this.createError({ path: 'code', message: 'Enter a code from your authenticator app or your password' });
});
export type TwoFactorProofInput = yup.InferType<typeof twoFactorProofSchema>;

// ---------------------------------------------------------------------------
// Request access (allowRegistration)

/** What POST /api/auth/register answers (202) whether or not the email was new: no account enumeration. */
export const REGISTRATION_RECEIVED =
  'Thank you. If this email is not registered yet, your request has been sent to an administrator, who will let you know once your account is approved.';

/**
 * POST /api/auth/register. The password's length is checked against
 * Settings > passwordMinLength by the server (and shown by the page).
 */
export const registrationSchema = yup.object({
  name: text().required('Full name is required').max(200, 'Name is too long (200 characters at most)'),
  email: employeeEmail,
  phone: text()
    .required('Phone number is required')
    .max(20, 'Phone number is too long (20 characters at most)')
    .test('phone', 'Enter a valid Indian phone number (10 digits)', (value) => !value || isIndianPhone(value)),
  department: oneOfList<Department>([...DEPARTMENTS], `Department must be one of: ${DEPARTMENTS.join(', ')}`).required('Choose a department'),
  password: yup
    .string()
    .typeError('Must be text')
    .required('Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type RegistrationInput = yup.InferType<typeof registrationSchema>;

/** The form's schema: the same, with the password length Settings ask for (GET /api/auth/registration). */
export const registrationFormSchema = (passwordMinLength: number) =>
  registrationSchema.shape({
    password: yup
      .string()
      .typeError('Must be text')
      .required('Password is required')
      .min(passwordMinLength, `Password must be at least ${passwordMinLength} characters`)
      .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  });

/** GET /api/auth/registration: the password rule the page shows (404 while registration is off). */
export interface RegistrationInfo {
  passwordMinLength: number;
}
