import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, changePasswordSchema, loginSchema } from './auth';
import { chars, emailOfLength, fieldRules, titled, validate, type Accepts, type Refuses } from './schema-test-kit';

describe('loginSchema (POST /api/auth/login)', () => {
  const { accepts, refuses } = fieldRules(loginSchema, { email: 'admin@example.com', password: 'secret1' });

  it.each(
    titled<Accepts>([
      // One account per address, however it is typed.
      ['email', '  Admin@Example.COM ', 'admin@example.com'],
      ['email', emailOfLength(254), emailOfLength(254)],
      // Passwords are taken as typed: never trimmed.
      ['password', '  pass  ', '  pass  '],
      ['password', chars(PASSWORD_MIN_LENGTH), chars(PASSWORD_MIN_LENGTH)],
      ['password', chars(PASSWORD_MAX_LENGTH), chars(PASSWORD_MAX_LENGTH)],
    ]),
  )('accepts %s', (_title, field, input, cleaned) => accepts(field, input, cleaned));

  it.each(
    titled<Refuses>([
      ['email', undefined, 'Email is required'],
      ['email', '', 'Email is required'],
      ['email', '   ', 'Email is required'],
      ['email', 'admin', 'Enter a valid email address'],
      ['email', emailOfLength(255), 'Email address is too long'],
      ['email', ['admin@example.com'], 'Must be text'],
      ['password', undefined, 'Password is required'],
      ['password', '', 'Password is required'],
      ['password', chars(PASSWORD_MIN_LENGTH - 1), 'Password must be at least 6 characters'],
      ['password', chars(PASSWORD_MAX_LENGTH + 1), 'Password must be at most 256 characters'],
      ['password', { $ne: '' }, 'Must be text'],
    ]),
  )('refuses %s', (_title, field, input, message, path) => refuses(field, input, message, path));

  it("answers 'Email is required' and 'Password is required' for an empty form", async () => {
    expect((await validate(loginSchema, {})).errors).toEqual({ email: 'Email is required', password: 'Password is required' });
  });
});

describe('changePasswordSchema (POST /api/auth/change-password)', () => {
  const { accepts, refuses } = fieldRules(changePasswordSchema, { currentPassword: 'old-secret', newPassword: 'new-secret' });

  it.each(
    titled<Accepts>([
      // The current password is whatever it is: an old short one still works.
      ['currentPassword', 'abc', 'abc'],
      ['currentPassword', ' old ', ' old '],
      ['currentPassword', chars(PASSWORD_MAX_LENGTH), chars(PASSWORD_MAX_LENGTH)],
      ['newPassword', chars(PASSWORD_MIN_LENGTH), chars(PASSWORD_MIN_LENGTH)],
      ['newPassword', '  new   ', '  new   '],
      ['newPassword', chars(PASSWORD_MAX_LENGTH), chars(PASSWORD_MAX_LENGTH)],
    ]),
  )('accepts %s', (_title, field, input, cleaned) => accepts(field, input, cleaned));

  it.each(
    titled<Refuses>([
      ['currentPassword', undefined, 'Current password is required'],
      ['currentPassword', '', 'Current password is required'],
      ['currentPassword', chars(PASSWORD_MAX_LENGTH + 1), 'currentPassword must be at most 256 characters'],
      ['newPassword', undefined, 'New password is required'],
      ['newPassword', chars(PASSWORD_MIN_LENGTH - 1), 'New password must be at least 6 characters'],
      ['newPassword', chars(PASSWORD_MAX_LENGTH + 1), 'Password must be at most 256 characters'],
    ]),
  )('refuses %s', (_title, field, input, message, path) => refuses(field, input, message, path));
});
