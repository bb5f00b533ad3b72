import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { CHALLENGE_TTL_MS } from './two-factor-repo';
import type { AppEnv } from '../app-deps';
import { isSecure } from './middleware';

/**
 * The cookie that carries a sign-in between its password and its second step
 * (auth/auth-routes.ts): an opaque token whose SHA-256 names the challenge item.
 * HttpOnly and SameSite=Strict like the session cookie (`__Host-` over https);
 * it is no session, and lives five minutes.
 */
const COOKIE_NAME = 'login-challenge';

const options = (c: Context<AppEnv>) => {
  const secure = isSecure(c);
  return { httpOnly: true, sameSite: 'Strict' as const, path: '/', secure, ...(secure ? { prefix: 'host' as const } : {}) };
};

export function issueChallengeCookie(c: Context<AppEnv>, token: string) {
  setCookie(c, COOKIE_NAME, token, { ...options(c), maxAge: CHALLENGE_TTL_MS / 1000 });
}

export function readChallengeCookie(c: Context<AppEnv>): string | undefined {
  return isSecure(c) ? getCookie(c, COOKIE_NAME, 'host') : getCookie(c, COOKIE_NAME);
}

export function clearChallengeCookie(c: Context<AppEnv>) {
  deleteCookie(c, COOKIE_NAME, options(c));
}
