import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import { ROLES, type Role } from '@app/shared-types/auth';
import { getEmployee } from '../people';
import { WEBSITE_ACTOR_ID, type WriteContext } from '../db/entity';
import { deleteSession, getSession, touchSession } from './session-repo';
import { getSettings } from '../settings';
import type { AppEnv, AuthContext } from '../app-deps';
import { errorBody, nowIso, nowMs } from '../lib/http';
import { log } from '../lib/log';
import type { SigningKey } from './signing-key';
import { createSessionTokenVerifier, signSessionToken, type SessionTokenVerifier } from './tokens';

/** The cookie is `__Host-session` over https (Secure, no Domain, Path=/ enforced by browsers), `session` on plain http. */
const COOKIE_NAME = 'session';
/** lastSeenAt (and the cookie) are refreshed at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export { nowIso, nowMs } from '../lib/http';

/** Who writes and when, for a signed-in request: what every business write's audit entry records. */
export function writeContext(c: Context<AppEnv>): WriteContext {
  const { id, name, email } = c.var.auth.employee;
  return { actor: { id, name, email }, requestId: c.var.requestId, now: nowIso(c) };
}

/** The website's own writes (form submissions) are made by this actor. */
export function websiteContext(c: Context<AppEnv>): WriteContext {
  return { actor: { id: WEBSITE_ACTOR_ID, name: 'Website', email: '' }, requestId: c.var.requestId, now: nowIso(c) };
}

/** Whether cookies are set Secure (with the __Host- prefix): https, or as Deps say. */
export function isSecure(c: Context<AppEnv>): boolean {
  return c.var.deps.secureCookies ?? new URL(c.req.url).protocol === 'https:';
}

/** Sets the session cookie: HttpOnly, SameSite=Strict, Path=/, Secure over https, living as long as the idle timeout. */
export function issueSessionCookie(c: Context<AppEnv>, token: string, timeoutMinutes: number) {
  const secure = isSecure(c);
  setCookie(c, COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    secure,
    maxAge: timeoutMinutes * 60,
    ...(secure ? { prefix: 'host' as const } : {}),
  });
}

export function clearSessionCookie(c: Context<AppEnv>) {
  const secure = isSecure(c);
  deleteCookie(c, COOKIE_NAME, { path: '/', secure, httpOnly: true, sameSite: 'Strict', ...(secure ? { prefix: 'host' as const } : {}) });
}

function readSessionCookie(c: Context<AppEnv>): string | undefined {
  return isSecure(c) ? getCookie(c, COOKIE_NAME, 'host') : getCookie(c, COOKIE_NAME);
}

const verifiers = new WeakMap<SigningKey, SessionTokenVerifier>();
function verifierFor(key: SigningKey): SessionTokenVerifier {
  let verifier = verifiers.get(key);
  if (!verifier) {
    verifier = createSessionTokenVerifier(key);
    verifiers.set(key, verifier);
  }
  return verifier;
}

/**
 * Signs a session token for `auth` and sets it as the cookie. The token lives as
 * long as the idle timeout; the session item decides whether it is still alive.
 */
export async function startSessionCookie(c: Context<AppEnv>, auth: Pick<AuthContext, 'employee' | 'session' | 'timeoutMinutes'>) {
  const key = await signingKeyOf(c);
  const ttlSeconds = auth.timeoutMinutes * 60;
  issueSessionCookie(
    c,
    signSessionToken(key, { sub: auth.employee.id, sid: auth.session.id }, nowMs(c), ttlSeconds),
    auth.timeoutMinutes,
  );
}

async function signingKeyOf(c: Context<AppEnv>): Promise<SigningKey> {
  const provider = c.var.deps.signingKey;
  if (!provider) throw new HTTPException(503, { message: 'Sign-in is not available on this host' });
  return provider.getSigningKey();
}

const unauthorized = (c: Context<AppEnv>, message = 'Please sign in to continue') => {
  clearSessionCookie(c);
  return c.json(errorBody(message), 401);
};

/**
 * 401 unless the request carries a valid session token whose session item is
 * alive: not logged out, not idle longer than Settings > sessionTimeout, its
 * employee active and the password unchanged since it began. Sets `c.var.auth`.
 */
export const requireSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, signingKey } = c.var.deps;
  const token = readSessionCookie(c);
  if (!token || !signingKey) return unauthorized(c);
  const now = nowMs(c);
  const claims = verifierFor(await signingKey.getSigningKey()).verify(token, now);
  if (!claims) return unauthorized(c);

  const [session, employee, { security }] = await Promise.all([
    getSession(db, claims.sid),
    getEmployee(db, claims.sub),
    getSettings(db),
  ]);
  if (!session || session.employeeId !== claims.sub) return unauthorized(c);
  const timeoutMinutes = security.sessionTimeout;
  if (Date.parse(session.lastSeenAt) + timeoutMinutes * 60_000 <= now) {
    await deleteSession(db, session.id);
    log.info('session ended: idle timeout', { employeeId: session.employeeId, sessionId: session.id });
    return unauthorized(c, 'Your session has expired. Please sign in again.');
  }
  if (!employee || employee.status !== 'active' || Date.parse(employee.passwordChangedAt) > Date.parse(session.createdAt)) {
    await deleteSession(db, session.id);
    return unauthorized(c);
  }

  const auth: AuthContext = { employee, session, timeoutMinutes };
  if (now - Date.parse(session.lastSeenAt) >= TOUCH_INTERVAL_MS && (await touchSession(db, session, { nowMs: now, timeoutMinutes }))) {
    await startSessionCookie(c, auth);
  }
  c.set('auth', auth);
  await next();
};

/** The signed-in employee of a guarded route (401 if a route was somehow reached without requireSession). */
export function authOf(c: Context<AppEnv>): AuthContext {
  const auth: AuthContext | undefined = c.get('auth');
  if (!auth) throw new HTTPException(401, { message: 'Please sign in to continue' });
  return auth;
}

/** 403 unless the signed-in employee has one of `roles`. Deny by default: list who may, never who may not. */
export const requireRole =
  (...roles: readonly Role[]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const { employee } = authOf(c);
    if (!roles.includes(employee.role)) {
      log.warn('forbidden by role', { employeeId: employee.id, role: employee.role, method: c.req.method, path: c.req.path });
      return c.json(errorBody('You do not have permission to do this'), 403);
    }
    await next();
  };

/**
 * CSRF guard for state-changing requests: the browser's Origin must be this
 * site (the request's own origin, a configured one, or Sec-Fetch-Site:
 * same-origin, which pages cannot forge), and the request must be JSON or
 * carry X-Requested-With, which a cross-site form cannot send without a CORS
 * preflight this API never grants. Safe methods pass.
 */
export const csrfGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header('origin');
  const ownOrigin = new URL(c.req.url).origin;
  const sameOrigin =
    origin !== undefined &&
    origin !== 'null' &&
    (origin === ownOrigin ||
      (c.var.deps.allowedOrigins ?? []).includes(origin) ||
      c.req.header('sec-fetch-site') === 'same-origin');
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  const scripted = type === 'application/json' || c.req.header('x-requested-with') !== undefined;
  if (!sameOrigin || !scripted) {
    log.warn('cross-site request refused', { method: c.req.method, path: c.req.path, origin: origin ?? null });
    return c.json(errorBody('Cross-site request refused'), 403);
  }
  await next();
};

/**
 * What every staff route runs first (app-assembly.ts StaffSession): a live session
 * (requireSession), then, for state-changing methods, the CSRF guard.
 */
export const staffSession: MiddlewareHandler<AppEnv> = (c, next) =>
  requireSession(c, async () => {
    // A middleware that refuses returns its Response instead of calling next.
    const refused: unknown = await csrfGuard(c, next);
    if (refused instanceof Response) c.res = refused;
  });

/**
 * Deleting CRM records (leads, projects, customers) needs manager or above;
 * every signed-in user creates and edits them (PRODUCT.md).
 */
export const requireManager = requireRole(...ROLES.filter((role) => role !== 'employee'));
