import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { errorCode } from '../lib/local-files';

/**
 * Envelope encryption of single fields (employee personal data: Aadhaar, PAN,
 * bank account; PRODUCT.md, DPDP Act). A value is sealed with AES-256-GCM
 * under a 32-byte data key; the data key itself is kept encrypted beside the
 * value (deployed: by AWS KMS) or in a local key file (laptop), never in the
 * table in clear.
 *
 * Sealed format, versioned: `v1:<b64 encrypted data key>:<b64 iv>:<b64 ciphertext+tag>`.
 * The version and the encrypted data key are bound to the ciphertext as
 * additional authenticated data, so neither can be swapped unnoticed.
 */
export interface FieldCrypto {
  seal(plain: string): Promise<string>;
  open(sealed: string): Promise<string>;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** A sealed value could not be opened: tampered with, sealed under another key, or not a sealed value. */
export class SealedValueError extends Error {
  constructor(message = 'The sealed value cannot be opened') {
    super(message);
    this.name = 'SealedValueError';
  }
}

const aad = (edk: string) => Buffer.from(`${VERSION}:${edk}`, 'utf8');

function sealWith(key: Uint8Array, edk: string, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(edk));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return [VERSION, edk, iv.toString('base64'), body.toString('base64')].join(':');
}

interface ParsedSealed {
  edk: string;
  iv: Buffer;
  body: Buffer;
}

function parseSealed(sealed: string): ParsedSealed {
  const parts = typeof sealed === 'string' ? sealed.split(':') : [];
  const [version, edk, iv, body] = parts;
  if (parts.length !== 4 || version !== VERSION || edk === undefined || iv === undefined || body === undefined) throw new SealedValueError('Not a sealed value of a known version');
  const ivBytes = Buffer.from(iv, 'base64');
  const bodyBytes = Buffer.from(body, 'base64');
  if (ivBytes.length !== IV_BYTES || bodyBytes.length < TAG_BYTES) throw new SealedValueError('The sealed value is malformed');
  return { edk, iv: ivBytes, body: bodyBytes };
}

function openWith(key: Uint8Array, parsed: ParsedSealed): string {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, parsed.iv);
    decipher.setAAD(aad(parsed.edk));
    decipher.setAuthTag(parsed.body.subarray(parsed.body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(parsed.body.subarray(0, parsed.body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    // GCM's tag check: the value, its key or its header changed.
    throw new SealedValueError();
  }
}

/** A fixed data key (the local file's, or tests'). The encrypted-data-key slot stays empty: the key never travels. */
export function staticFieldCrypto(key: Uint8Array): FieldCrypto {
  if (key.length !== KEY_BYTES) throw new Error('The field encryption key must be 32 bytes');
  return {
    seal: (plain) => Promise.resolve(sealWith(key, '', plain)),
    open: async (sealed) => {
      const parsed = parseSealed(sealed);
      if (parsed.edk !== '') throw new SealedValueError('The value was sealed under a KMS data key, not this local key');
      return openWith(key, parsed);
    },
  };
}

/**
 * The local host's data key: `path` (e.g. `.data/pii-data-key`) holds 32
 * random bytes in base64, created with mode 0600 the first time. Losing the
 * file loses the personal data sealed under it.
 */
export function fileFieldCrypto(path: string): FieldCrypto {
  let inner: FieldCrypto | undefined;
  const get = () => (inner ??= staticFieldCrypto(loadOrCreateKey(path)));
  return { seal: (plain) => get().seal(plain), open: (sealed) => get().open(sealed) };
}

function readKey(path: string): Buffer {
  const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${path} does not hold a 32-byte key`);
  return key;
}

/**
 * The 32-byte key a local key file holds (base64), the file created with mode
 * 0600 the first time ('wx': another process's file, made meanwhile, wins).
 * The local PII data key and the backup key (backup/backup-key.ts) are kept so.
 */
export function loadOrCreateKey(path: string): Buffer {
  try {
    return readKey(path);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(path), { recursive: true });
  try {
    // 'wx': if another process created it in the meantime, use theirs.
    writeFileSync(path, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  }
  return readKey(path);
}

/** What kmsFieldCrypto needs of the KMS client: the two commands (tests pass a fake). */
export interface KmsClientLike {
  send(command: GenerateDataKeyCommand | DecryptCommand): Promise<{ Plaintext?: Uint8Array; CiphertextBlob?: Uint8Array }>;
}

/** Bound to every data key: a key generated for something else does not open these values. */
export const PII_ENCRYPTION_CONTEXT = { purpose: 'employee-pii' };

/**
 * The deployed data keys, from the KMS key `keyId` (PII_KMS_KEY_ID): one
 * GenerateDataKey per process seals every value it writes, its encrypted
 * form stored in each sealed value; opening asks KMS to Decrypt a data key
 * once per distinct encrypted key and keeps the answer for the process. A
 * failed KMS call is not cached, so the next request tries again.
 */
export function kmsFieldCrypto(keyId: string, client: KmsClientLike = new KMSClient({})): FieldCrypto {
  let current: Promise<{ key: Uint8Array; edk: string }> | undefined;
  const opened = new Map<string, Promise<Uint8Array>>();

  const dataKey = () =>
    (current ??= client
      .send(new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: PII_ENCRYPTION_CONTEXT }))
      .then(({ Plaintext, CiphertextBlob }) => {
        if (!Plaintext || Plaintext.length !== KEY_BYTES || !CiphertextBlob) throw new Error('KMS returned no usable data key');
        const edk = Buffer.from(CiphertextBlob).toString('base64');
        opened.set(edk, Promise.resolve(Plaintext));
        return { key: Plaintext, edk };
      })
      .catch((error: unknown) => {
        current = undefined;
        throw error;
      }));

  const keyFor = (edk: string) => {
    let pending = opened.get(edk);
    if (!pending) {
      pending = client
        .send(new DecryptCommand({ KeyId: keyId, CiphertextBlob: Buffer.from(edk, 'base64'), EncryptionContext: PII_ENCRYPTION_CONTEXT }))
        .then(({ Plaintext }) => {
          if (!Plaintext || Plaintext.length !== KEY_BYTES) throw new Error('KMS returned no usable data key');
          return Plaintext;
        })
        .catch((error: unknown) => {
          opened.delete(edk);
          throw error;
        });
      opened.set(edk, pending);
    }
    return pending;
  };

  return {
    seal: async (plain) => {
      const { key, edk } = await dataKey();
      return sealWith(key, edk, plain);
    },
    open: async (sealed) => {
      const parsed = parseSealed(sealed);
      if (parsed.edk === '') throw new SealedValueError('The value was sealed under a local key, not a KMS data key');
      return openWith(await keyFor(parsed.edk), parsed);
    },
  };
}
