import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import { changePasswordSchema, LOCKOUT_MINUTES, loginSchema, type SessionUser } from '@app/shared-types/auth';
import { hashPassword, hashQueue, verifyAgainstDummy, verifyPassword } from '../auth/password';
import { authOf, clearSessionCookie, csrfGuard, nowMs, requireSession, startSessionCookie } from '../auth/middleware';
import { getEmployeeByEmail, normalizeEmail, recordSuccessfulLogin, toPublicUser, passwordMinLength, updatePasswordHash } from '../db/employee-repo';
import { countLoginAttempt, type AttemptSubject } from '../db/login-attempt-repo';
import { hitRateLimit } from '../db/rate-limit-repo';
import { createSession, deleteSession } from '../db/session-repo';
import { getSettings } from '../db/settings-repo';
import type { AppEnv, AuthContext } from '../lib/deps';
import { errorBody, jsonBody, limitBody, rateLimit, requireJson } from '../lib/http';
import { log } from '../lib/log';

/** The one answer for an unknown email, a wrong password and an inactive account. */
export const LOGIN_FAILED = 'Invalid email or password';

/** Sign-in attempts per IP address per window, on top of the per-account lockout: slows password spraying across accounts. */
export const LOGIN_IP_LIMIT = { limit: 20, windowSeconds: 5 * 60 };

/** The per-IP login limit, counted on the app's clock (every request, before the body is even read). */
const loginIpLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, clientIp } = c.var.deps;
  const result = await hitRateLimit(db, { scope: 'login-ip', subject: clientIp(c), ...LOGIN_IP_LIMIT, nowMs: nowMs(c) });
  if (!result.allowed) {
    log.warn('login refused', { ip: clientIp(c), outcome: 'ip_limited' });
    c.header('Retry-After', String(result.retryAfter));
    return c.json(errorBody(`Too many sign-in attempts. Try again in ${Math.ceil(result.retryAfter / 60)} minutes.`), 429);
  }
  await next();
};
/**
 * Holds a place in the hash queue (auth/password.ts) for the whole login, before
 * any database work: when every place is taken the answer is 503 at once, so a
 * flood's refusals cost neither a database call nor a hash, and a login let in
 * is sure to be checked. The place is given back when the login ends unchecked.
 */
const holdHashPlace: MiddlewareHandler<AppEnv> = async (c, next) => {
  const slot = hashQueue.reserve();
  if (!slot) {
    log.warn('login refused', { ip: c.var.deps.clientIp(c), outcome: 'hash_queue_full' });
    c.header('Retry-After', '2');
    return c.json(errorBody('The server is busy. Please try again in a moment.'), 503);
  }
  c.set('hashSlot', slot);
  try {
    await next();
  } finally {
    slot.release();
  }
};

const changePasswordRateLimit = rateLimit({ scope: 'change-password', limit: 10, windowSeconds: 60 });

/**
 * Sign-in and the session. Only POST /login is public (app.ts lists it); the
 * other routes run behind requireSession and the CSRF guard.
 */
export const auth = new Hono<AppEnv>()
  .post('/login', holdHashPlace, loginIpLimit, limitBody(), csrfGuard, requireJson, jsonBody(loginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const { db, clientIp } = c.var.deps;
    const now = nowMs(c);
    const ip = clientIp(c);
    const [employee, { security }] = await Promise.all([getEmployeeByEmail(db, email), getSettings(db)]);

    // The attempt is counted before any hashing, and refused at the limit: racing
    // requests cannot check more than maxLoginAttempts passwords per lock. An
    // unknown email is counted and answered the same way as an account.
    const subject: AttemptSubject = employee ? { employeeId: employee.id } : { unknownEmail: normalizeEmail(email) };
    const attempt = await countLoginAttempt(db, subject, { maxAttempts: security.maxLoginAttempts, lockMs: LOCKOUT_MINUTES * 60_000, nowMs: now });
    if (!attempt.allowed) {
      log.warn('login refused', { email, ip, outcome: 'locked', ...(employee ? { employeeId: employee.id } : {}) });
      c.header('Retry-After', String(attempt.retryAfterSeconds));
      return c.json(errorBody(`Too many failed attempts. Try again in ${Math.ceil(attempt.retryAfterSeconds / 60)} minutes.`), 429);
    }

    const slot = c.var.hashSlot;
    // An unknown email costs the same scrypt run, in the same queue, as a wrong password.
    const passwordOk = employee ? await verifyPassword(password, employee.passwordHash, slot) : await verifyAgainstDummy(password, slot);
    if (!employee || !passwordOk || employee.status !== 'active') {
      let outcome = !employee ? 'unknown_email' : !passwordOk ? 'wrong_password' : 'inactive';
      if (attempt.count >= security.maxLoginAttempts) outcome += '_locked';
      log.warn('login failed', { email, ip, outcome, ...(employee ? { employeeId: employee.id } : {}) });
      return c.json(errorBody(LOGIN_FAILED), 401);
    }

    await recordSuccessfulLogin(db, employee.id, new Date(now).toISOString(), attempt.count);
    const timeoutMinutes = security.sessionTimeout;
    const session = await createSession(db, { employeeId: employee.id, nowMs: now, timeoutMinutes });
    await startSessionCookie(c, { employee, session, timeoutMinutes });
    log.info('login succeeded', { email, ip, outcome: 'success', employeeId: employee.id, sessionId: session.id });
    return c.json({ user: toPublicUser(employee) } satisfies SessionUser, 200);
  })
  // Public (app.ts lists it): the portal asks on every load, and being signed out is an
  // answer, not an error. A 401 here would be a console error in the browser on every
  // signed-out visit, so no session (or a dead one, whose cookie is cleared) is
  // `{ user: null }` with 200. Every other route still answers 401 without a session.
  .get('/me', async (c) => {
    c.header('Cache-Control', 'no-store');
    await requireSession(c, async () => {});
    // Set by requireSession only when the session is alive.
    const auth: AuthContext | undefined = c.get('auth');
    const answer: SessionUser | { user: null } = auth ? { user: toPublicUser(auth.employee) } : { user: null };
    return c.json(answer, 200);
  })
  .post('/logout', async (c) => {
    const { session, employee } = authOf(c);
    await deleteSession(c.var.deps.db, session.id);
    clearSessionCookie(c);
    log.info('logout', { employeeId: employee.id, sessionId: session.id });
    return c.json({ ok: true }, 200);
  })
  .post('/change-password', changePasswordRateLimit, limitBody(), requireJson, jsonBody(changePasswordSchema), async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json');
    const { employee, session, timeoutMinutes } = authOf(c);
    const { db } = c.var.deps;
    if (!(await verifyPassword(currentPassword, employee.passwordHash))) {
      log.warn('password change refused: wrong current password', { employeeId: employee.id });
      return c.json(errorBody('Current password is incorrect', { currentPassword: 'Current password is incorrect' }), 400);
    }
    if (currentPassword === newPassword) {
      return c.json(errorBody('Validation failed', { newPassword: 'New password must differ from the current one' }), 400);
    }
    // Settings > Security > passwordMinLength applies to every changed password.
    const min = await passwordMinLength(db);
    if (newPassword.length < min) {
      return c.json(errorBody('Validation failed', { newPassword: `New password must be at least ${min} characters` }), 400);
    }
    const now = nowMs(c);
    const changed = await updatePasswordHash(db, employee.id, {
      passwordHash: await hashPassword(newPassword),
      expectedVersion: employee.version,
      now: new Date(now).toISOString(),
    });
    if (!changed) return c.json(errorBody('Your account was changed meanwhile. Please try again.'), 409);
    // Every session begun before the change is now refused (passwordChangedAt);
    // this browser continues on a fresh one.
    await deleteSession(db, session.id);
    const fresh = await createSession(db, { employeeId: employee.id, nowMs: now, timeoutMinutes });
    await startSessionCookie(c, { employee, session: fresh, timeoutMinutes });
    log.info('password changed', { employeeId: employee.id });
    return c.json({ ok: true }, 200);
  });
