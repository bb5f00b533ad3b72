import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import type { Context } from 'hono';
import { changePasswordSchema, LOCKOUT_MINUTES, loginSchema, type SessionUser } from '@app/shared-types/auth';
import {
  REGISTRATION_RECEIVED,
  registrationSchema,
  type RegistrationInfo,
  loginVerifySchema,
  TWO_FACTOR_MESSAGES,
  twoFactorConfirmSchema,
  twoFactorProofSchema,
  type LoginChallengeAnswer,
  type RecoveryCodesAnswer,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
  type VerifiedLogin,
} from '@app/shared-types/two-factor';
import { hashPassword, hashQueue, registrationQueue, verifyAgainstDummy, verifyPassword, type HashQueue } from './password';
import { clearChallengeCookie, issueChallengeCookie, readChallengeCookie } from './login-challenge';
import { authOf, clearSessionCookie, csrfGuard, nowMs, requireSession, startSessionCookie, websiteContext, writeContext } from './middleware';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, otpauthUri } from './totp';
import type { WriteContext } from '../db/entity';
import {
  BLANK_PROFILE,
  employeeEntity,
  newEmployeeRecord,
  getEmployee,
  getEmployeeByEmail,
  normalizeEmail,
  recordSuccessfulLogin,
  clearLoginAttempts,
  toPublicUser,
  passwordMinLength,
  updatePasswordHash,
  type EmployeeItem,
} from '../people';
import { countLoginAttempt, type AttemptSubject } from './login-attempt-repo';
import { hitRateLimit } from '../lib/rate-limit';
import { createSession, deleteSession } from './session-repo';
import { getSettings } from '../settings';
import {
  consumeChallenge,
  createChallenge,
  disableTwoFactor,
  enableTwoFactor,
  getChallenge,
  getTwoFactor,
  replaceRecoveryCodes,
  startEnrolment,
  useRecoveryCode,
  useStep,
} from './two-factor-repo';
import { notify } from '../notify';
import type { AppEnv, AuthContext } from '../app-deps';
import { errorBody, jsonBody, limitBody, rateLimit, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { access } from '../lib/route-access';

/** The one answer for an unknown email, a wrong password and an inactive account. */
export const LOGIN_FAILED = 'Invalid email or password';

/** Sign-in attempts per IP address per window, on top of the per-account lockout: slows password spraying across accounts. */
export const LOGIN_IP_LIMIT = { limit: 20, windowSeconds: 5 * 60 };

/** A per-IP sign-in limit, counted on the app's clock (every request, before the body is even read). */
const signInIpLimit =
  (scope: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const { db, clientIp } = c.var.deps;
    const result = await hitRateLimit(db, { scope, subject: clientIp(c), ...LOGIN_IP_LIMIT, nowMs: nowMs(c) });
    if (!result.allowed) {
      log.warn('login refused', { ip: clientIp(c), outcome: 'ip_limited', scope });
      c.header('Retry-After', String(result.retryAfter));
      return c.json(errorBody(`Too many sign-in attempts. Try again in ${Math.ceil(result.retryAfter / 60)} minutes.`), 429);
    }
    await next();
  };
/** The password step (and 'Forgot password?', counted as sign-in's: password-reset-routes.ts). */
export const loginIpLimit = signInIpLimit('login-ip');
/** The second step (a code), counted apart so a two-step sign-in costs one of each. */
const verifyIpLimit = signInIpLimit('login-verify-ip');

export const lockedAnswer = (c: Context<AppEnv>, retryAfterSeconds: number) => {
  c.header('Retry-After', String(retryAfterSeconds));
  return c.json(errorBody(`Too many failed attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`), 429);
};

/** The write context of a person acting on their own account before they have a session (enrolment at sign-in). */
export const selfContext = (c: Context<AppEnv>, employee: EmployeeItem): WriteContext => ({
  actor: { id: employee.id, name: employee.name, email: employee.email },
  requestId: c.var.requestId,
  now: new Date(nowMs(c)).toISOString(),
});

const noCrypto = (c: Context<AppEnv>) => {
  log.error('two-factor refused: no field crypto on this host', { path: c.req.path });
  return c.json(errorBody(TWO_FACTOR_MESSAGES.noCrypto), 503);
};

/** A new secret for `employee`: its base32 form and the otpauth URI of the QR code (issuer: Settings > Company name). */
function enrolmentOf(secret: string, employee: EmployeeItem, issuer: string): TwoFactorEnrolment {
  return { secret, otpauthUri: otpauthUri(secret, employee.email, issuer) };
}

/** 'Request access': a few requests per address per hour (each costs a password hash). */
export const REGISTER_IP_LIMIT = { limit: 5, windowSeconds: 60 * 60 };
const registerRateLimit = rateLimit({ scope: 'register', ...REGISTER_IP_LIMIT });
/** A request at every field's maximum is well under 2 KiB. */
const REGISTER_MAX_BODY_BYTES = 4 * 1024;

/** Per-IP limit of the signed-in two-factor routes (set-up, turning off, new recovery codes). */
const twoFactorRateLimit = rateLimit({ scope: 'two-factor', limit: 10, windowSeconds: 60 });
/**
 * Holds a place in `queue` (auth/password.ts) for the whole request, before
 * any database work: when every place is taken the answer is 503 at once, so a
 * flood's refusals cost neither a database call nor a hash, and a request let
 * in is sure to be hashed. The place is given back when the request ends unhashed.
 */
export const holdHashPlace =
  (queue: HashQueue, refused: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const slot = queue.reserve();
    if (!slot) {
      log.warn(`${refused} refused`, { ip: c.var.deps.clientIp(c), outcome: 'hash_queue_full' });
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
 * Sign-in and the session. The routes without a session (signing in, its second step,
 * requesting access, who is signed in) are declared public and run on the auth function,
 * whose role reaches only what they touch; the others run behind requireSession and the
 * CSRF guard, on the admin function.
 */
export const auth = new Hono<AppEnv>()
  .post('/login', access.public({ lambda: 'auth' }), holdHashPlace(hashQueue, 'login'), loginIpLimit, limitBody(), csrfGuard, requireJson, jsonBody(loginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const { db, clientIp } = c.var.deps;
    const now = nowMs(c);
    const ip = clientIp(c);
    const [employee, { security, company }] = await Promise.all([getEmployeeByEmail(db, email), getSettings(db)]);

    // The attempt is counted before any hashing, and refused at the limit: racing
    // requests cannot check more than maxLoginAttempts passwords per lock. An
    // unknown email is counted and answered the same way as an account.
    const subject: AttemptSubject = employee ? { employeeId: employee.id } : { unknownEmail: normalizeEmail(email) };
    const attempt = await countLoginAttempt(db, subject, { maxAttempts: security.maxLoginAttempts, lockMs: LOCKOUT_MINUTES * 60_000, nowMs: now });
    if (!attempt.allowed) {
      log.warn('login refused', { email, ip, outcome: 'locked', ...(employee ? { employeeId: employee.id } : {}) });
      return lockedAnswer(c, attempt.retryAfterSeconds);
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

    // Two-factor sign-in: no session yet, and the attempt count stays (a wrong code counts on from it).
    const twoFactor = await getTwoFactor(db, employee.id);
    if (twoFactor?.enabled) {
      issueChallengeCookie(c, await createChallenge(db, { employeeId: employee.id, purpose: 'code', nowMs: now }));
      log.info('login needs a code', { email, ip, outcome: 'two_factor_code', employeeId: employee.id });
      return c.json({ twoFactor: 'code' } satisfies LoginChallengeAnswer, 200);
    }
    if (security.requireTwoFactor) {
      const { fieldCrypto } = c.var.deps;
      if (!fieldCrypto) return noCrypto(c);
      const secret = newTotpSecret();
      issueChallengeCookie(c, await createChallenge(db, { employeeId: employee.id, purpose: 'enrol', pendingSealed: await fieldCrypto.seal(secret), nowMs: now }));
      log.info('login needs two-factor enrolment', { email, ip, outcome: 'two_factor_enrol', employeeId: employee.id });
      return c.json({ twoFactor: 'enrol', ...enrolmentOf(secret, employee, company.companyName) } satisfies LoginChallengeAnswer, 200);
    }

    await recordSuccessfulLogin(db, employee.id, new Date(now).toISOString(), attempt.count);
    const timeoutMinutes = security.sessionTimeout;
    const session = await createSession(db, { employeeId: employee.id, nowMs: now, timeoutMinutes });
    await startSessionCookie(c, { employee, session, timeoutMinutes });
    log.info('login succeeded', { email, ip, outcome: 'success', employeeId: employee.id, sessionId: session.id });
    return c.json({ user: toPublicUser(employee) } satisfies SessionUser, 200);
  })
  // Public (declared): the second step of a sign-in, carried by the challenge cookie of POST /login.
  // A code of the account's app, or one of its recovery codes; during an enrolment at sign-in, the
  // first code of the new secret. A wrong one counts toward the account's lockout like a wrong password.
  .post('/login/verify', access.public({ lambda: 'auth' }), verifyIpLimit, limitBody(), csrfGuard, requireJson, jsonBody(loginVerifySchema), async (c) => {
    const input = c.req.valid('json');
    const { db, clientIp, fieldCrypto } = c.var.deps;
    const now = nowMs(c);
    const ip = clientIp(c);
    const token = readChallengeCookie(c);
    const challenge = token ? await getChallenge(db, token, now) : undefined;
    if (!token || !challenge) {
      clearChallengeCookie(c);
      return c.json(errorBody(TWO_FACTOR_MESSAGES.challengeExpired), 401);
    }
    const [employee, { security }] = await Promise.all([getEmployee(db, challenge.employeeId), getSettings(db)]);
    if (!employee || employee.status !== 'active') {
      await consumeChallenge(db, token);
      clearChallengeCookie(c);
      return c.json(errorBody(LOGIN_FAILED), 401);
    }
    const attempt = await countLoginAttempt(db, { employeeId: employee.id }, { maxAttempts: security.maxLoginAttempts, lockMs: LOCKOUT_MINUTES * 60_000, nowMs: now });
    if (!attempt.allowed) {
      log.warn('login refused', { ip, outcome: 'locked', step: 'verify', employeeId: employee.id });
      return lockedAnswer(c, attempt.retryAfterSeconds);
    }
    if (!fieldCrypto) return noCrypto(c);

    let recoveryCodes: string[] | undefined;
    let failure: string | undefined;
    if (challenge.purpose === 'enrol') {
      if (!input.code) return c.json(errorBody('Validation failed', { code: 'Enter the 6-digit code from your authenticator app' }), 400);
      const step = matchTotp(await fieldCrypto.open(challenge.pendingSealed), input.code, now);
      if (step === undefined) {
        failure = TWO_FACTOR_MESSAGES.invalidCode;
      } else {
        recoveryCodes = newRecoveryCodes();
        const enabled = await enableTwoFactor(
          db,
          employee.id,
          { secretSealed: challenge.pendingSealed, step, recoveryHashes: recoveryCodes.map(hashRecoveryCode) },
          selfContext(c, employee),
        );
        if (!enabled) {
          // Turned on meanwhile (another browser finished first): this sign-in starts over.
          await consumeChallenge(db, token);
          clearChallengeCookie(c);
          return c.json(errorBody(TWO_FACTOR_MESSAGES.challengeExpired), 401);
        }
      }
    } else {
      const state = await getTwoFactor(db, employee.id);
      if (!state?.enabled) {
        // Reset by an admin since the password step.
        await consumeChallenge(db, token);
        clearChallengeCookie(c);
        return c.json(errorBody(TWO_FACTOR_MESSAGES.challengeExpired), 401);
      }
      if (input.code) {
        const step = matchTotp(await fieldCrypto.open(state.secretSealed), input.code, now);
        // A step is accepted once: a code seen (or replayed) a moment ago is refused.
        if (step === undefined || !(await useStep(db, employee.id, step))) failure = TWO_FACTOR_MESSAGES.invalidCode;
      } else if (!(await useRecoveryCode(db, employee.id, hashRecoveryCode(input.recoveryCode ?? '')))) {
        failure = TWO_FACTOR_MESSAGES.invalidRecoveryCode;
      }
    }
    if (failure) {
      let outcome = input.code ? 'wrong_code' : 'wrong_recovery_code';
      if (attempt.count >= security.maxLoginAttempts) outcome += '_locked';
      log.warn('login failed', { ip, outcome, step: 'verify', employeeId: employee.id });
      return c.json(errorBody(failure), 401);
    }
    // One challenge, one session: a second request with the same cookie finds it gone.
    if (!(await consumeChallenge(db, token))) {
      clearChallengeCookie(c);
      return c.json(errorBody(TWO_FACTOR_MESSAGES.challengeExpired), 401);
    }
    clearChallengeCookie(c);
    await recordSuccessfulLogin(db, employee.id, new Date(now).toISOString(), attempt.count);
    const timeoutMinutes = security.sessionTimeout;
    const session = await createSession(db, { employeeId: employee.id, nowMs: now, timeoutMinutes });
    await startSessionCookie(c, { employee, session, timeoutMinutes });
    const outcome = recoveryCodes ? 'success_enrolled' : input.code ? 'success_code' : 'success_recovery_code';
    log.info('login succeeded', { ip, outcome, employeeId: employee.id, sessionId: session.id });
    return c.json({ user: toPublicUser(employee), ...(recoveryCodes ? { recoveryCodes } : {}) } satisfies VerifiedLogin, 200);
  })
  // Public (both declared): 'Request access' while Settings > Security > allowRegistration is on; 404 while off.
  .get('/registration', access.public({ lambda: 'auth' }), async (c) => {
    const { security } = await getSettings(c.var.deps.db);
    c.header('Cache-Control', 'no-store');
    if (!security.allowRegistration) return c.json(errorBody('Not found'), 404);
    return c.json({ passwordMinLength: security.passwordMinLength } satisfies RegistrationInfo, 200);
  })
  .post('/register', access.public({ lambda: 'auth' }), registerRateLimit, holdHashPlace(registrationQueue, 'registration'), limitBody(REGISTER_MAX_BODY_BYTES), csrfGuard, requireJson, jsonBody(registrationSchema), async (c) => {
    const { db } = c.var.deps;
    const { security } = await getSettings(db);
    if (!security.allowRegistration) return c.json(errorBody('Not found'), 404);
    const input = c.req.valid('json');
    if (input.password.length < security.passwordMinLength) {
      return c.json(errorBody('Validation failed', { password: `Password must be at least ${security.passwordMinLength} characters` }), 400);
    }
    const { aadharNumber, panNumber, bankAccountNumber, aadharNumberMasked, panNumberMasked, bankAccountNumberMasked } = BLANK_PROFILE;
    const sealedBlank = { aadharNumber, panNumber, bankAccountNumber, aadharNumberMasked, panNumberMasked, bankAccountNumberMasked };
    // Hashed whether or not the email is taken: the answer and its timing are the same either way.
    const passwordHash = await hashPassword(input.password, c.var.hashSlot);
    const ctx = websiteContext(c);
    const employee = {
      ...newEmployeeRecord(
        // An access request holds the name, email, phone and department; the rest of the profile is blank until approved.
        { ...BLANK_PROFILE, name: input.name, email: input.email, role: 'employee', status: 'inactive', phone: input.phone, department: input.department, position: '' },
        sealedBlank,
        passwordHash,
        ctx.now,
      ),
      accessRequestedAt: ctx.now,
    };
    // The email marker decides: a taken email creates nothing and changes nothing.
    const result = await employeeEntity.create(db, employee, ctx, (p) =>
      notify(p, { kind: 'registration.requested', employeeId: employee.id, name: employee.name, email: employee.email }),
    );
    if ('taken' in result) log.info('access request for a taken email', { ip: c.var.deps.clientIp(c) });
    else log.info('access requested', { employeeId: employee.id });
    return c.json({ message: REGISTRATION_RECEIVED }, 202);
  })
  // Public (declared): the portal asks on every load, and being signed out is an
  // answer, not an error. A 401 here would be a console error in the browser on every
  // signed-out visit, so no session (or a dead one, whose cookie is cleared) is
  // `{ user: null }` with 200. Every other route still answers 401 without a session.
  .get('/me', access.public({ lambda: 'auth' }), async (c) => {
    c.header('Cache-Control', 'no-store');
    await requireSession(c, async () => {});
    // Set by requireSession only when the session is alive.
    const auth: AuthContext | undefined = c.get('auth');
    const answer: SessionUser | { user: null } = auth ? { user: toPublicUser(auth.employee) } : { user: null };
    return c.json(answer, 200);
  })
  .post('/logout', access.staff(), async (c) => {
    const { session, employee } = authOf(c);
    await deleteSession(c.var.deps.db, session.id);
    clearSessionCookie(c);
    log.info('logout', { employeeId: employee.id, sessionId: session.id });
    return c.json({ ok: true }, 200);
  })
  .post('/change-password', access.staff(), changePasswordRateLimit, limitBody(), requireJson, jsonBody(changePasswordSchema), async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json');
    const { employee, session, timeoutMinutes } = authOf(c);
    const { db } = c.var.deps;
    const now = nowMs(c);
    // A stolen session must not be a password oracle: each current password checked
    // counts toward the account's lockout, as a sign-in does (the same counter and
    // Settings maxLoginAttempts), and past the limit none is checked.
    const { security } = await getSettings(db);
    const attempt = await countLoginAttempt(db, { employeeId: employee.id }, { maxAttempts: security.maxLoginAttempts, lockMs: LOCKOUT_MINUTES * 60_000, nowMs: now });
    if (!attempt.allowed) {
      log.warn('password change refused', { employeeId: employee.id, outcome: 'locked' });
      return lockedAnswer(c, attempt.retryAfterSeconds);
    }
    if (!(await verifyPassword(currentPassword, employee.passwordHash))) {
      log.warn('password change refused: wrong current password', { employeeId: employee.id, locked: attempt.count >= security.maxLoginAttempts });
      return c.json(errorBody('Current password is incorrect', { currentPassword: 'Current password is incorrect' }), 400);
    }
    await clearLoginAttempts(db, employee.id, attempt.count);
    if (currentPassword === newPassword) {
      return c.json(errorBody('Validation failed', { newPassword: 'New password must differ from the current one' }), 400);
    }
    // Settings > Security > passwordMinLength applies to every changed password.
    const min = await passwordMinLength(db);
    if (newPassword.length < min) {
      return c.json(errorBody('Validation failed', { newPassword: `New password must be at least ${min} characters` }), 400);
    }
    const changed = await updatePasswordHash(db, employee.id, {
      passwordHash: await hashPassword(newPassword),
      expectedVersion: employee.version,
      now: new Date(now).toISOString(),
      ctx: writeContext(c),
    });
    if (!changed) return c.json(errorBody('Your account was changed meanwhile. Please try again.'), 409);
    // Every session begun before the change is now refused (passwordChangedAt);
    // this browser continues on a fresh one.
    await deleteSession(db, session.id);
    const fresh = await createSession(db, { employeeId: employee.id, nowMs: now, timeoutMinutes });
    await startSessionCookie(c, { employee, session: fresh, timeoutMinutes });
    log.info('password changed', { employeeId: employee.id });
    return c.json({ ok: true }, 200);
  })
  // Two-factor sign-in of the signed-in person (the 'Two-factor sign-in' dialog of the user menu).
  .get('/two-factor', access.staff(), async (c) => {
    const { employee } = authOf(c);
    const { db } = c.var.deps;
    const [state, { security }] = await Promise.all([getTwoFactor(db, employee.id), getSettings(db)]);
    c.header('Cache-Control', 'no-store');
    const enabled = state?.enabled === true;
    return c.json({ enabled, recoveryCodesLeft: enabled ? state.recoveryHashes.length : 0, required: security.requireTwoFactor } satisfies TwoFactorStatus, 200);
  })
  .post('/two-factor/start', access.staff(), twoFactorRateLimit, async (c) => {
    const { employee } = authOf(c);
    const { db, fieldCrypto } = c.var.deps;
    if (!fieldCrypto) return noCrypto(c);
    const secret = newTotpSecret();
    if (!(await startEnrolment(db, employee.id, await fieldCrypto.seal(secret), nowMs(c)))) {
      return c.json(errorBody(TWO_FACTOR_MESSAGES.alreadyOn), 409);
    }
    const { company } = await getSettings(db);
    c.header('Cache-Control', 'no-store');
    log.info('two-factor enrolment started', { employeeId: employee.id });
    return c.json(enrolmentOf(secret, employee, company.companyName) satisfies TwoFactorEnrolment, 200);
  })
  .post('/two-factor/confirm', access.staff(), twoFactorRateLimit, limitBody(), requireJson, jsonBody(twoFactorConfirmSchema), async (c) => {
    const { code } = c.req.valid('json');
    const { employee } = authOf(c);
    const { db, fieldCrypto } = c.var.deps;
    if (!fieldCrypto) return noCrypto(c);
    const state = await getTwoFactor(db, employee.id);
    if (state?.enabled) return c.json(errorBody(TWO_FACTOR_MESSAGES.alreadyOn), 409);
    if (!state?.pendingSealed || Date.parse(state.pendingExpiresAt) <= nowMs(c)) return c.json(errorBody(TWO_FACTOR_MESSAGES.enrolmentExpired), 409);
    const step = matchTotp(await fieldCrypto.open(state.pendingSealed), code, nowMs(c));
    if (step === undefined) return c.json(errorBody('Validation failed', { code: TWO_FACTOR_MESSAGES.invalidCode }), 400);
    const recoveryCodes = newRecoveryCodes();
    const enabled = await enableTwoFactor(
      db,
      employee.id,
      { secretSealed: state.pendingSealed, step, recoveryHashes: recoveryCodes.map(hashRecoveryCode), pendingSealed: state.pendingSealed },
      writeContext(c),
    );
    if (!enabled) return c.json(errorBody(TWO_FACTOR_MESSAGES.enrolmentExpired), 409);
    log.info('two-factor enabled', { employeeId: employee.id });
    c.header('Cache-Control', 'no-store');
    return c.json({ recoveryCodes } satisfies RecoveryCodesAnswer, 200);
  })
  .post('/two-factor/disable', access.staff(), twoFactorRateLimit, limitBody(), requireJson, jsonBody(twoFactorProofSchema), async (c) => {
    const { employee } = authOf(c);
    const { db } = c.var.deps;
    const [state, { security }] = await Promise.all([getTwoFactor(db, employee.id), getSettings(db)]);
    if (!state?.enabled) return c.json(errorBody(TWO_FACTOR_MESSAGES.notOn), 409);
    if (security.requireTwoFactor) return c.json(errorBody('Two-factor sign-in is required for every account (Settings > Security); it cannot be turned off.'), 403);
    const refused = await proofRefused(c, employee, state.secretSealed, c.req.valid('json'));
    if (refused) return refused;
    if (!(await disableTwoFactor(db, employee.id, writeContext(c), 'disable_two_factor'))) return c.json(errorBody(TWO_FACTOR_MESSAGES.notOn), 409);
    log.info('two-factor disabled', { employeeId: employee.id });
    return c.json({ ok: true }, 200);
  })
  .post('/two-factor/recovery-codes', access.staff(), twoFactorRateLimit, limitBody(), requireJson, jsonBody(twoFactorProofSchema), async (c) => {
    const { employee } = authOf(c);
    const { db } = c.var.deps;
    const state = await getTwoFactor(db, employee.id);
    if (!state?.enabled) return c.json(errorBody(TWO_FACTOR_MESSAGES.notOn), 409);
    const refused = await proofRefused(c, employee, state.secretSealed, c.req.valid('json'));
    if (refused) return refused;
    const recoveryCodes = newRecoveryCodes();
    if (!(await replaceRecoveryCodes(db, employee.id, recoveryCodes.map(hashRecoveryCode), writeContext(c)))) return c.json(errorBody(TWO_FACTOR_MESSAGES.notOn), 409);
    log.info('two-factor recovery codes replaced', { employeeId: employee.id });
    c.header('Cache-Control', 'no-store');
    return c.json({ recoveryCodes } satisfies RecoveryCodesAnswer, 200);
  });

/**
 * The 400 answer unless the request proves it is the account's owner: a code
 * of their app (its step then used up) or their password. undefined when proven.
 */
async function proofRefused(c: Context<AppEnv>, employee: EmployeeItem, secretSealed: string, input: { code?: string; password?: string }) {
  const { db, fieldCrypto } = c.var.deps;
  if (input.code) {
    if (!fieldCrypto) return noCrypto(c);
    const step = matchTotp(await fieldCrypto.open(secretSealed), input.code, nowMs(c));
    if (step !== undefined && (await useStep(db, employee.id, step))) return undefined;
    return c.json(errorBody('Validation failed', { code: TWO_FACTOR_MESSAGES.invalidCode }), 400);
  }
  if (await verifyPassword(input.password ?? '', employee.passwordHash)) return undefined;
  log.warn('two-factor change refused: wrong password', { employeeId: employee.id });
  return c.json(errorBody('Validation failed', { password: TWO_FACTOR_MESSAGES.wrongPassword }), 400);
}
