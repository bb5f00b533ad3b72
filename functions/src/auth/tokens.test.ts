import { createHmac, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileSigningKey, generatePrivateJwk, signingKeyFromJwk, signingKeyFromSecret, signingKeyFromSeed } from './signing-key';
import { createSessionTokenVerifier, signSessionToken, TOKEN_AUDIENCE, TOKEN_ISSUER } from './tokens';

const key = signingKeyFromJwk(generatePrivateJwk());
const verifier = createSessionTokenVerifier(key);
const now = Date.now();
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with any header and payload, signed (ES256) by `key` unless a signature is given. */
function craft(header: Record<string, unknown>, payload: Record<string, unknown>, signature?: string) {
  const input = `${b64(header)}.${b64(payload)}`;
  const sig = signature ?? sign('sha256', Buffer.from(input), { key: key.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return `${input}.${sig}`;
}
const claims = (overrides: Record<string, unknown> = {}) => ({
  iss: TOKEN_ISSUER,
  aud: TOKEN_AUDIENCE,
  sub: 'employee-1',
  sid: 'session-1',
  iat: Math.floor(now / 1000),
  exp: Math.floor(now / 1000) + 900,
  ...overrides,
});

describe('session tokens', () => {
  it('round-trip: ES256 with kid, iss, aud, sub, sid, iat and a 15-minute exp', () => {
    const token = signSessionToken(key, { sub: 'employee-1', sid: 'session-1' }, now);
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as Record<string, unknown>;
    expect(header).toEqual({ alg: 'ES256', typ: 'JWT', kid: key.kid });
    const verified = verifier.verify(token, now);
    expect(verified).toMatchObject({ sub: 'employee-1', sid: 'session-1' });
    expect(verified!.exp - verified!.iat).toBe(900);
    expect(verifier.verify(craft({ alg: 'ES256', typ: 'JWT', kid: key.kid }, claims()), now)).toBeDefined();
  });

  it('rejects a tampered payload or signature', () => {
    const token = signSessionToken(key, { sub: 'employee-1', sid: 'session-1' }, now);
    const [header, , signature] = token.split('.');
    expect(verifier.verify(`${header}.${b64(claims({ sub: 'superadmin-1' }))}.${signature}`, now)).toBeUndefined();
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(verifier.verify(`${header}.${token.split('.')[1]}.${flipped}`, now)).toBeUndefined();
  });

  it('rejects alg none, HS256 keyed with the public key, and a token signed by another key', () => {
    expect(verifier.verify(`${b64({ alg: 'none', typ: 'JWT', kid: key.kid })}.${b64(claims())}.`, now)).toBeUndefined();
    expect(verifier.verify(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`, now)).toBeUndefined();
    const hsInput = `${b64({ alg: 'HS256', typ: 'JWT', kid: key.kid })}.${b64(claims())}`;
    const hsSig = createHmac('sha256', JSON.stringify(key.publicJwk)).update(hsInput).digest('base64url');
    expect(verifier.verify(`${hsInput}.${hsSig}`, now)).toBeUndefined();
    const other = signingKeyFromJwk(generatePrivateJwk());
    expect(verifier.verify(signSessionToken(other, { sub: 'employee-1', sid: 'session-1' }, now), now)).toBeUndefined();
  });

  it('rejects expired tokens, wrong issuer or audience, and missing claims', () => {
    const header = { alg: 'ES256', typ: 'JWT', kid: key.kid };
    expect(verifier.verify(signSessionToken(key, { sub: 'e', sid: 's' }, now - 16 * 60_000), now)).toBeUndefined();
    // Valid by the system clock, expired by the app's clock.
    expect(verifier.verify(signSessionToken(key, { sub: 'e', sid: 's' }, now), now + 15 * 60_000)).toBeUndefined();
    expect(verifier.verify(craft(header, claims({ iss: 'https://attacker.example' })), now)).toBeUndefined();
    expect(verifier.verify(craft(header, claims({ aud: 'another-app' })), now)).toBeUndefined();
    expect(verifier.verify(craft(header, claims({ sid: undefined })), now)).toBeUndefined();
    expect(verifier.verify('not-a-jwt', now)).toBeUndefined();
  });
});

describe('signing keys', () => {
  const dir = mkdtempSync(join(tmpdir(), 'jwt-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('derive the same P-256 key from the same Secrets Manager seed, and another from another seed', () => {
    const seed = 'k3Jd8s0QwZr2LmV9xYt4Pb7Nc1Ha6Ue5Fg0Sj2Kd8Lq3Mw7Xe9Rt1Yu4Io6Pa8Zs';
    expect(signingKeyFromSeed(seed).kid).toBe(signingKeyFromSecret(seed).kid);
    expect(signingKeyFromSeed(`${seed}x`).kid).not.toBe(signingKeyFromSeed(seed).kid);
    const derived = signingKeyFromSeed(seed);
    const token = signSessionToken(derived, { sub: 'e', sid: 's' }, now);
    expect(createSessionTokenVerifier(derived).verify(token, now)).toBeDefined();
    expect(() => signingKeyFromSeed('short')).toThrow();
  });

  it('are generated once into the local data folder with mode 0600 and reused', async () => {
    const path = join(dir, 'nested', 'jwt-signing-key.json');
    const first = await fileSigningKey(path).getSigningKey();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ kty: 'EC', crv: 'P-256', d: expect.any(String) });
    const again = await fileSigningKey(path).getSigningKey();
    expect(again.kid).toBe(first.kid);
  });
});
