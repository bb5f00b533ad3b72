import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA-1,
 * 6 digits, 30-second steps, what every authenticator app shows. A code is
 * accepted for the current step and one either side (clock drift); which step
 * matched is answered, so the caller can refuse a step used before.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps either side of now that are still accepted. */
export const TOTP_WINDOW = 1;
/** 20 bytes: RFC 4226's recommended secret length for SHA-1. */
const SECRET_BYTES = 20;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, upper case, without padding (what otpauth:// URIs carry). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case, spaces and padding ignored); undefined for any other character. */
export function base32Decode(text: string): Buffer | undefined {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return undefined;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new random secret, base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** The 30-second step `nowMs` falls in. */
export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

/** RFC 4226 HOTP of `counter` under `key`, `digits` long, with the hash RFC 6238 names. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code of `secret` (base32) at `nowMs`. */
export function totpCode(secret: string, nowMs: number): string {
  const key = base32Decode(secret);
  if (!key) throw new Error('The TOTP secret is not base32');
  return hotp(key, totpStep(nowMs));
}

/**
 * The step `code` is valid for (now, or one step either side), or undefined.
 * Every candidate is compared in constant time, and all are computed whatever matches.
 */
export function matchTotp(secret: string, code: string, nowMs: number): number | undefined {
  const key = base32Decode(secret);
  if (!key || !/^\d{6}$/.test(code)) return undefined;
  const now = totpStep(nowMs);
  let matched: number | undefined;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code)) && matched === undefined) matched = step;
  }
  return matched;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_PERIOD_SECONDS) });
  return `otpauth://totp/${label}?${params.toString()}`;
}

// ---------------------------------------------------------------------------
// Recovery codes

export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Ten one-time codes, `XXXXX-XXXXX` (about 49 bits each), shown once. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    let code = '';
    for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    codes.add(`${code.slice(0, 5)}-${code.slice(5)}`);
  }
  return [...codes];
}

/**
 * The stored form of a recovery code: SHA-256 of the code as typed without
 * spaces and dashes, upper case. The codes are random (not chosen by people)
 * and each guess counts toward the account's lockout, so a fast hash is enough.
 */
export function hashRecoveryCode(code: string): string {
  const normal = code.replace(/[\s-]/g, '').toUpperCase();
  return createHash('sha256').update(`recovery:${normal}`).digest('base64url');
}
