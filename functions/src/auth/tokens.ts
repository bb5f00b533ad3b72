import { sign } from 'node:crypto';
import { JwtVerifier } from 'aws-jwt-verify';
import type { SigningKey } from './signing-key';

/**
 * Session tokens: short-lived ES256 JWTs signed here with node:crypto and
 * verified with aws-jwt-verify against the one public key we trust. The token
 * only says which session it belongs to; the session item decides whether that
 * session is still alive (logout, idle timeout).
 */
export const TOKEN_ISSUER = 'urn:studio-interiors:api';
export const TOKEN_AUDIENCE = 'urn:studio-interiors:admin-portal';
/** Short: a live session gets a fresh token as it is used (see requireSession). */
export const TOKEN_TTL_SECONDS = 15 * 60;
/** Never fetched (verification only uses the cached key); the verifier requires a URI to file the key under. */
const JWKS_URI = 'https://studio-interiors.invalid/.well-known/jwks.json';

export interface SessionClaims {
  /** The employee's id. */
  sub: string;
  /** The session item's id. */
  sid: string;
  iat: number;
  exp: number;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function signSessionToken(
  key: SigningKey,
  subject: { sub: string; sid: string },
  nowMs: number,
  ttlSeconds = TOKEN_TTL_SECONDS,
): string {
  const iat = Math.floor(nowMs / 1000);
  const header = { alg: 'ES256', typ: 'JWT', kid: key.kid };
  const payload = { iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, sub: subject.sub, sid: subject.sid, iat, exp: iat + ttlSeconds };
  const signingInput = `${encode(header)}.${encode(payload)}`;
  // JWS wants the raw r||s signature (IEEE P1363), not Node's default DER.
  const signature = sign('sha256', Buffer.from(signingInput), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${signature.toString('base64url')}`;
}

export interface SessionTokenVerifier {
  /** The claims of a valid token, or undefined for anything else (bad signature, alg, issuer, audience, expired). */
  verify(token: string, nowMs: number): SessionClaims | undefined;
}

export function createSessionTokenVerifier(key: SigningKey): SessionTokenVerifier {
  const verifier = JwtVerifier.create({
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    jwksUri: JWKS_URI,
    // aws-jwt-verify never accepts `none` or HMAC; this narrows it to the one algorithm we sign with.
    customJwtCheck: ({ header }) => {
      if (header.alg !== 'ES256') throw new Error('Only ES256 session tokens are accepted');
    },
  });
  verifier.cacheJwks({ keys: [key.publicJwk] });
  return {
    verify(token, nowMs) {
      try {
        // verifySync uses only the cached key: an unknown kid fails instead of fetching.
        const payload = verifier.verifySync(token);
        const { sub, sid, iat, exp } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return undefined;
        // aws-jwt-verify checked exp against the system clock; the app's clock decides too.
        if (exp * 1000 <= nowMs) return undefined;
        return { sub, sid, iat, exp };
      } catch {
        return undefined;
      }
    },
  };
}
