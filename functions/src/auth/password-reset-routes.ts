import { setTimeout as sleep } from 'node:timers/promises';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { LOCKOUT_MINUTES, PASSWORD_MESSAGES, passwordResetRequestSchema, passwordResetSchema, type PasswordRules } from '@app/shared-types/auth';
import { conditions } from '../db/item';
import { WriteConflict } from '../db/entity';
import { clearLoginLock, employeeEntity, getEmployee, getEmployeeByEmail, normalizeEmail, type EmployeeItem } from '../people';
import { getSettings } from '../settings';
import type { AppEnv } from '../app-deps';
import { errorBody, jsonBody, limitBody, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { access } from '../lib/route-access';
import { holdHashPlace, lockedAnswer, loginIpLimit, selfContext } from './auth-routes';
import { countLoginAttempt, type AttemptSubject } from './login-attempt-repo';
import { csrfGuard, nowMs, websiteContext } from './middleware';
import { hashPassword, hashQueue } from './password';
import { createPasswordReset, findPasswordReset, useUpPasswordReset, type PasswordResetLink } from './password-reset-repo';

/**
 * Every answer of a reset request takes at least this long (a real clock, not
 * the app's), whether or not a link was made: the extra transaction of an
 * account's link stays hidden in it, so the timing tells no more than the
 * answer, which is the same for any email.
 */
export const RESET_REQUEST_MIN_MS = 400;

const invalidLink = (c: Context<AppEnv>) => c.json(errorBody(PASSWORD_MESSAGES.invalidLink), 400);

/** Whether the link still fits the account: active, and its password unchanged since the link was made. */
const linkFits = (employee: EmployeeItem | undefined, link: PasswordResetLink): employee is EmployeeItem =>
  employee !== undefined && employee.status === 'active' && employee.passwordChangedAt === link.passwordChangedAt;

/**
 * 'Forgot password?' (issue 25), on the auth function: no session. A request is
 * counted as a sign-in attempt is (the per-IP window of POST /login and the
 * account's, or the unknown email's, lockout counter), so it can neither mail
 * an address more often than sign-in could be tried, nor tell who has an account.
 * The reset itself is counted in the per-IP window; its link is the credential.
 */
export const passwordReset = new Hono<AppEnv>()
  // Public (declared): the password rule the change and reset screens show (Settings > Security).
  .get('/password-rules', access.public({ lambda: 'auth' }), async (c) => {
    const { security } = await getSettings(c.var.deps.db);
    c.header('Cache-Control', 'no-store');
    return c.json({ passwordMinLength: security.passwordMinLength } satisfies PasswordRules, 200);
  })
  .post('/password-reset', access.public({ lambda: 'auth' }), loginIpLimit, limitBody(), csrfGuard, requireJson, jsonBody(passwordResetRequestSchema), async (c) => {
    const started = performance.now();
    const { email } = c.req.valid('json');
    const { db, clientIp, fieldCrypto } = c.var.deps;
    const ip = clientIp(c);
    if (!fieldCrypto) {
      log.error('password reset refused: no field crypto on this host', { ip });
      return c.json(errorBody('Password reset is not available on this server.'), 503);
    }
    const [employee, { security }] = await Promise.all([getEmployeeByEmail(db, email), getSettings(db)]);
    const subject: AttemptSubject = employee ? { employeeId: employee.id } : { unknownEmail: normalizeEmail(email) };
    const attempt = await countLoginAttempt(db, subject, { maxAttempts: security.maxLoginAttempts, lockMs: LOCKOUT_MINUTES * 60_000, nowMs: nowMs(c) });
    if (!attempt.allowed) {
      log.warn('password reset refused', { ip, outcome: 'locked', ...(employee ? { employeeId: employee.id } : {}) });
    } else if (employee?.status === 'active') {
      await createPasswordReset(db, fieldCrypto, employee, websiteContext(c));
      log.info('password reset link requested', { ip, employeeId: employee.id });
    } else {
      // An unknown email, or an account that cannot sign in (inactive, on leave, terminated): no email.
      log.info('password reset asked for no active account', { ip, outcome: employee ? 'inactive' : 'unknown_email' });
    }
    await sleep(Math.max(0, RESET_REQUEST_MIN_MS - (performance.now() - started)));
    if (!attempt.allowed) return lockedAnswer(c, attempt.retryAfterSeconds);
    return c.json({ message: PASSWORD_MESSAGES.resetRequested }, 202);
  })
  // The reset screen of an emailed link: the new password, once. Ends every session of the account
  // (passwordChangedAt), is audited ('reset_password') and signs nobody in: the next sign-in still
  // asks for the two-factor code of an account that has it.
  .post(
    '/password-reset/complete',
    access.public({ lambda: 'auth' }),
    holdHashPlace(hashQueue, 'password reset'),
    loginIpLimit,
    limitBody(),
    csrfGuard,
    requireJson,
    jsonBody(passwordResetSchema),
    async (c) => {
      const { token, newPassword } = c.req.valid('json');
      const { db, clientIp } = c.var.deps;
      const ip = clientIp(c);
      const link = await findPasswordReset(db, token, nowMs(c));
      const employee = link ? await getEmployee(db, link.employeeId) : undefined;
      if (!link || !linkFits(employee, link)) {
        log.warn('password reset refused', { ip, outcome: link ? 'account_changed' : 'invalid_link' });
        return invalidLink(c);
      }
      const { security } = await getSettings(db);
      if (newPassword.length < security.passwordMinLength) {
        return c.json(errorBody('Validation failed', { newPassword: `New password must be at least ${security.passwordMinLength} characters` }), 400);
      }
      const passwordHash = await hashPassword(newPassword, c.var.hashSlot);
      const ctx = selfContext(c, employee);
      try {
        const result = await employeeEntity.update(
          db,
          employee.id,
          undefined,
          (before) => ({ ...before, passwordHash, passwordChangedAt: ctx.now, passwordSet: true }),
          ctx,
          {
            action: 'reset_password',
            // Only the password the link was made for: a reset or change since voids it.
            condition: conditions.equals('passwordChangedAt', link.passwordChangedAt, 'linked'),
            // Used up in the same transaction: of two resets with one link, one lands.
            extra: (p) => p.write('reset', useUpPasswordReset(link, ctx.now)),
          },
        );
        if (!('item' in result)) {
          log.warn('password reset refused', { ip, outcome: 'account_changed', employeeId: employee.id });
          return invalidLink(c);
        }
      } catch (error) {
        if (!(error instanceof WriteConflict)) throw error;
        log.warn('password reset refused', { ip, outcome: 'link_used', employeeId: employee.id });
        return invalidLink(c);
      }
      await clearLoginLock(db, employee.id);
      log.info('password reset', { ip, employeeId: employee.id });
      return c.json({ message: PASSWORD_MESSAGES.resetDone }, 200);
    },
  );
