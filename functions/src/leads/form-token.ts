import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { SigningKey, SigningKeyProvider } from '../auth';
import type { OriginSecretSource } from '../handlers/origin-verify';

/**
 * The public forms' time trap, measured by the server (issue 24): a form gets
 * a token when it is shown (GET /api/form-token), the server's issue time
 * under an HMAC, and sends it back with the submission. The server takes the
 * form's age from its own clock, so a bot cannot claim a person's fill time.
 *
 * Token: base64url of the issue time (epoch ms, 8 bytes big-endian) and
 * HMAC-SHA256(key, 'form-token.' + issue time) (32 bytes). Not single-use: a
 * bot that fetches one and waits a person's time still passes (the honeypot
 * and the rate limits remain).
 */

/** A token older than this is treated as none (a tab left open for a day is a new visit). */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60_000;

/** What the MAC covers besides the time: tokens of this purpose only. */
const PURPOSE = 'form-token';
/** HKDF's salt and info: the same salt as the JWT key derivation (auth/signing-key.ts), a label of its own. */
const HKDF_SALT = 'studio-interiors';
const HKDF_INFO = 'form-token-hmac-v1';

const TIME_BYTES = 8;
const MAC_BYTES = 32;
/** base64url of 40 bytes, unpadded. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{54}$/;

/**
 * The HMAC keys of a host: the first signs, any of them verifies (a rotated
 * secret's previous value, for a while).
 */
export interface FormTokenKeys {
  getKeys(): Promise<readonly Buffer[]>;
}

/** A form-token key derived (HKDF-SHA256, its own label) from a secret the host already has. */
export function formTokenKeyFrom(secret: string | Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, HKDF_INFO, 32));
}

/**
 * Deployed, the public function (which serves the forms) derives the key
 * from the origin-verify secret: it already reads that secret for every
 * request (handlers/origin-verify.ts), so no new secret, storage or IAM
 * permission is needed. The JWT signing key is not used there on purpose: the
 * public function must not hold what signs staff sessions. After a rotation
 * the previous value still verifies within the origin secret's grace period;
 * a form shown before that and sent after it is kept, flagged.
 */
export function formTokenKeysFromOriginSecrets(source: OriginSecretSource): FormTokenKeys {
  // Derived once per secret value, not per request: the source answers the same strings until a rotation.
  const derived = new Map<string, Buffer>();
  const keyOf = (secret: string) => {
    let key = derived.get(secret);
    if (!key) {
      if (derived.size >= 4) derived.clear();
      key = formTokenKeyFrom(secret);
      derived.set(secret, key);
    }
    return key;
  };
  return { getKeys: async () => (await source.getOriginSecrets()).map(keyOf) };
}

/** The private scalar of a signing key, as HKDF input. */
export function formTokenKeyFromSigningKey(key: SigningKey): Buffer {
  const { d } = key.privateKey.export({ format: 'jwk' });
  if (!d) throw new Error('The signing key has no private part');
  return formTokenKeyFrom(Buffer.from(d, 'base64url'));
}

/**
 * The local host (npm start) has no origin secret but serves the portal too:
 * it derives the key from its session signing key (.data/jwt-signing-key.json),
 * a distinct HKDF label, so the token MAC never equals anything the JWT key signs.
 */
export function formTokenKeysFromSigningKey(provider: SigningKeyProvider): FormTokenKeys {
  // Derived once per signing key (the provider answers the same object until the key file changes).
  const derived = new WeakMap<SigningKey, Buffer>();
  return {
    getKeys: async () => {
      const signingKey = await provider.getSigningKey();
      let key = derived.get(signingKey);
      if (!key) {
        key = formTokenKeyFromSigningKey(signingKey);
        derived.set(signingKey, key);
      }
      return [key];
    },
  };
}

function mac(key: Buffer, issuedAtMs: number): Buffer {
  return createHmac('sha256', key).update(`${PURPOSE}.${issuedAtMs}`).digest();
}

/** A token issued at `issuedAtMs` (the server's clock) under `key`. */
export function issueFormToken(key: Buffer, issuedAtMs: number): string {
  const time = Buffer.alloc(TIME_BYTES);
  time.writeBigUInt64BE(BigInt(Math.floor(issuedAtMs)));
  return Buffer.concat([time, mac(key, Math.floor(issuedAtMs))]).toString('base64url');
}

/**
 * The issue time of a token one of `keys` made, or undefined for anything
 * else (missing, malformed, forged). MACs are compared in constant time.
 */
export function formTokenIssuedAt(token: string | undefined, keys: readonly Buffer[]): number | undefined {
  if (!token || !TOKEN_PATTERN.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== TIME_BYTES + MAC_BYTES) return undefined;
  const issuedAt = bytes.readBigUInt64BE(0);
  if (issuedAt > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const issuedAtMs = Number(issuedAt);
  const sent = bytes.subarray(TIME_BYTES);
  let valid = false;
  // Every key is tried, so the time taken does not tell which one matched.
  for (const key of keys) valid = timingSafeEqual(sent, mac(key, issuedAtMs)) || valid;
  return valid ? issuedAtMs : undefined;
}
