import { createECDH, createHash, createPrivateKey, createPublicKey, generateKeyPairSync, hkdfSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isRecord } from '@app/shared-types/guards';
import { errorCode } from '../lib/local-files';

/** The ES256 (P-256) key pair sessions are signed with. */
export interface SigningKey {
  /** RFC 7638 thumbprint of the public key; the JWT header's `kid`. */
  kid: string;
  privateKey: KeyObject;
  /** The public half as a JWK with `kid`, `alg: ES256` and `use: sig`: what the verifier trusts. */
  publicJwk: { kty: 'EC'; crv: 'P-256'; x: string; y: string; kid: string; alg: 'ES256'; use: 'sig' };
}

/** Where a host keeps its signing key: a local file, Secrets Manager, or memory in tests. */
export interface SigningKeyProvider {
  getSigningKey(): Promise<SigningKey>;
}

/** A new P-256 private key as a JWK (d, x, y). */
export function generatePrivateJwk(): JsonWebKey {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ format: 'jwk' });
}

const NOT_A_P256_KEY = 'The JWT signing key must be a P-256 private key (JWK with d, x and y)';

export function signingKeyFromJwk(jwk: JsonWebKey): SigningKey {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d || !jwk.x || !jwk.y) {
    throw new Error(NOT_A_P256_KEY);
  }
  const privateKey = createPrivateKey({ key: jwk, format: 'jwk' });
  const { x, y } = createPublicKey(privateKey).export({ format: 'jwk' });
  // RFC 7638: SHA-256 over the required members, in lexicographic order, no spaces.
  const kid = createHash('sha256').update(JSON.stringify({ crv: 'P-256', kty: 'EC', x, y })).digest('base64url');
  return { kid, privateKey, publicJwk: { kty: 'EC', crv: 'P-256', x: x!, y: y!, kid, alg: 'ES256', use: 'sig' } };
}

/** The JWK a secret or key file holds: its string members, which signingKeyFromJwk checks. */
function parseJwk(json: string): JsonWebKey {
  const value: unknown = JSON.parse(json);
  if (!isRecord(value)) throw new Error(NOT_A_P256_KEY);
  const member = (name: string) => {
    const text = value[name];
    return typeof text === 'string' ? text : undefined;
  };
  return { kty: member('kty'), crv: member('crv'), d: member('d'), x: member('x'), y: member('y') };
}

/** Order of the P-256 group: a private scalar must be in [1, n-1]. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/**
 * Derives the key pair from a secret seed (the random string infra keeps in
 * Secrets Manager): HKDF-SHA256 gives candidate scalars until one is a valid
 * P-256 private key. Same seed, same key, on every cold start.
 */
export function signingKeyFromSeed(seed: string): SigningKey {
  if (seed.length < 32) throw new Error('The JWT signing key seed is too short (32 characters at least)');
  for (let counter = 0; counter < 16; counter++) {
    const d = Buffer.from(hkdfSync('sha256', seed, 'studio-interiors', `jwt-es256-p256-${counter}`, 32));
    const scalar = BigInt(`0x${d.toString('hex')}`);
    if (scalar === 0n || scalar >= P256_ORDER) continue;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(d);
    const point = ecdh.getPublicKey(); // 0x04 || x || y
    return signingKeyFromJwk({
      kty: 'EC',
      crv: 'P-256',
      d: d.toString('base64url'),
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    });
  }
  throw new Error('Could not derive a signing key from the seed');
}

/** Reads a secret value that is either a private JWK (JSON) or a seed string. */
export function signingKeyFromSecret(value: string): SigningKey {
  const trimmed = value.trim();
  if (trimmed.startsWith('{')) return signingKeyFromJwk(parseJwk(trimmed));
  return signingKeyFromSeed(trimmed);
}

/** A fixed key (tests; or a host that loaded it some other way). */
export function staticSigningKey(key: SigningKey): SigningKeyProvider {
  return { getSigningKey: () => Promise.resolve(key) };
}

/**
 * The local host's key: `path` (e.g. `.data/jwt-signing-key.json`) holds a
 * private JWK, created with mode 0600 the first time. Deleting the file signs
 * everyone out.
 */
export function fileSigningKey(path: string): SigningKeyProvider {
  let key: SigningKey | undefined;
  return {
    getSigningKey: async () => {
      key ??= loadOrCreate(path);
      return key;
    },
  };
}

function loadOrCreate(path: string): SigningKey {
  try {
    return signingKeyFromJwk(parseJwk(readFileSync(path, 'utf8')));
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(path), { recursive: true });
  try {
    // 'wx': if another process created it in the meantime, use theirs.
    writeFileSync(path, `${JSON.stringify(generatePrivateJwk())}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  }
  return signingKeyFromJwk(parseJwk(readFileSync(path, 'utf8')));
}
