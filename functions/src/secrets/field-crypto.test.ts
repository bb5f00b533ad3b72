import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DecryptCommand, GenerateDataKeyCommand } from '@aws-sdk/client-kms';
import { describe, expect, it } from 'vitest';
import { fileFieldCrypto, kmsFieldCrypto, PII_ENCRYPTION_CONTEXT, SealedValueError, staticFieldCrypto, type KmsClientLike } from './field-crypto';

const AADHAAR = '234123412346';

/** Flips one character of the sealed value's last part (the ciphertext and tag). */
function tamper(sealed: string): string {
  const parts = sealed.split(':');
  const body = Buffer.from(parts[3]!, 'base64');
  body[0] = body[0]! ^ 0x01;
  parts[3] = body.toString('base64');
  return parts.join(':');
}

/**
 * KMS as far as the field crypto uses it: a "master key" held here wraps each
 * data key with AES-GCM (the encryption context as AAD). Counts its calls.
 */
function fakeKms(keyId = 'alias/test-pii') {
  const master = randomBytes(32);
  const calls = { generate: 0, decrypt: 0 };
  let failNext = false;
  const client: KmsClientLike = {
    send: async (command) => {
      if (failNext) {
        failNext = false;
        throw new Error('KMS is unavailable');
      }
      const context = JSON.stringify(command.input.EncryptionContext ?? {});
      if (command instanceof GenerateDataKeyCommand) {
        calls.generate++;
        expect(command.input.KeyId).toBe(keyId);
        expect(command.input.KeySpec).toBe('AES_256');
        const plain = randomBytes(32);
        const iv = randomBytes(12);
        const cipher = createCipheriv('aes-256-gcm', master, iv).setAAD(Buffer.from(context));
        const wrapped = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
        return { Plaintext: new Uint8Array(plain), CiphertextBlob: new Uint8Array(wrapped) };
      }
      if (command instanceof DecryptCommand) {
        calls.decrypt++;
        const blob = Buffer.from(command.input.CiphertextBlob!);
        try {
          const decipher = createDecipheriv('aes-256-gcm', master, blob.subarray(0, 12)).setAAD(Buffer.from(context));
          decipher.setAuthTag(blob.subarray(blob.length - 16));
          const plain = Buffer.concat([decipher.update(blob.subarray(12, blob.length - 16)), decipher.final()]);
          return { Plaintext: new Uint8Array(plain) };
        } catch {
          throw Object.assign(new Error('InvalidCiphertextException'), { name: 'InvalidCiphertextException' });
        }
      }
      throw new Error('unexpected command');
    },
  };
  return { client, calls, failOnce: () => (failNext = true) };
}

describe('local field crypto', () => {
  it('round-trips a value, and seals the same value differently each time', async () => {
    const crypto = staticFieldCrypto(randomBytes(32));
    const a = await crypto.seal(AADHAAR);
    const b = await crypto.seal(AADHAAR);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1::[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(a).not.toContain(AADHAAR);
    expect(await crypto.open(a)).toBe(AADHAAR);
    expect(await crypto.open(await crypto.seal(''))).toBe('');
    expect(await crypto.open(await crypto.seal('ஆதார் ✓'))).toBe('ஆதார் ✓');
  });

  it('detects tampering with the ciphertext, the iv or the header', async () => {
    const crypto = staticFieldCrypto(randomBytes(32));
    const sealed = await crypto.seal(AADHAAR);
    await expect(crypto.open(tamper(sealed))).rejects.toBeInstanceOf(SealedValueError);
    const parts = sealed.split(':');
    await expect(crypto.open([parts[0], parts[1], randomBytes(12).toString('base64'), parts[3]].join(':'))).rejects.toBeInstanceOf(SealedValueError);
    await expect(crypto.open(`v2${sealed.slice(2)}`)).rejects.toBeInstanceOf(SealedValueError);
    await expect(crypto.open('not sealed')).rejects.toBeInstanceOf(SealedValueError);
    await expect(crypto.open(sealed.slice(0, -8))).rejects.toBeInstanceOf(SealedValueError);
  });

  it('refuses a value sealed under another key', async () => {
    const sealed = await staticFieldCrypto(randomBytes(32)).seal(AADHAAR);
    await expect(staticFieldCrypto(randomBytes(32)).open(sealed)).rejects.toBeInstanceOf(SealedValueError);
  });

  it('keeps its key in a 0600 file created on first use and reused after', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'pii-key-')), 'nested', 'pii-data-key');
    const first = fileFieldCrypto(path);
    const sealed = await first.seal(AADHAAR);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')).toHaveLength(32);
    // Another process (a restart) reads the same key.
    expect(await fileFieldCrypto(path).open(sealed)).toBe(AADHAAR);
  });
});

describe('KMS field crypto (KMS faked)', () => {
  it('round-trips with one GenerateDataKey per process and the encrypted data key in the value', async () => {
    const kms = fakeKms();
    const crypto = kmsFieldCrypto('alias/test-pii', kms.client);
    const sealed = await Promise.all(['234123412346', 'ABCDE1234F', '001234567890'].map((value) => crypto.seal(value)));
    expect(kms.calls.generate).toBe(1);
    for (const value of sealed) expect(value.split(':')[1]!.length).toBeGreaterThan(40);
    expect(await Promise.all(sealed.map((value) => crypto.open(value)))).toEqual(['234123412346', 'ABCDE1234F', '001234567890']);
    // Its own data key is known: no Decrypt needed.
    expect(kms.calls.decrypt).toBe(0);
  });

  it('another process opens the values with one Decrypt per data key, cached', async () => {
    const kms = fakeKms();
    const writer = kmsFieldCrypto('alias/test-pii', kms.client);
    const sealed = [await writer.seal('ABCDE1234F'), await writer.seal('234123412346')];
    const reader = kmsFieldCrypto('alias/test-pii', kms.client);
    expect(await reader.open(sealed[0]!)).toBe('ABCDE1234F');
    expect(await reader.open(sealed[1]!)).toBe('234123412346');
    expect(kms.calls.decrypt).toBe(1);
  });

  it('detects tampering, and a value from another KMS key or the local key', async () => {
    const kms = fakeKms();
    const crypto = kmsFieldCrypto('alias/test-pii', kms.client);
    const sealed = await crypto.seal(AADHAAR);
    await expect(crypto.open(tamper(sealed))).rejects.toBeInstanceOf(SealedValueError);
    const other = fakeKms();
    await expect(kmsFieldCrypto('alias/test-pii', other.client).open(sealed)).rejects.toThrow('InvalidCiphertextException');
    await expect(crypto.open(await staticFieldCrypto(randomBytes(32)).seal(AADHAAR))).rejects.toBeInstanceOf(SealedValueError);
    // Swapping in another data key (its own, valid) does not open the value either.
    const otherSealed = await kmsFieldCrypto('alias/test-pii', kms.client).seal(AADHAAR);
    const parts = sealed.split(':');
    parts[1] = otherSealed.split(':')[1]!;
    await expect(crypto.open(parts.join(':'))).rejects.toBeInstanceOf(SealedValueError);
  });

  it('binds the data keys to the PII encryption context', async () => {
    expect(PII_ENCRYPTION_CONTEXT).toEqual({ purpose: 'employee-pii' });
    const seen: unknown[] = [];
    const kms = fakeKms();
    const crypto = kmsFieldCrypto('alias/test-pii', {
      send: (command) => {
        seen.push(command.input.EncryptionContext);
        return kms.client.send(command);
      },
    });
    await kmsFieldCrypto('alias/test-pii', kms.client).seal('x').then((sealed) => crypto.open(sealed));
    await crypto.seal('y');
    expect(seen).toEqual([PII_ENCRYPTION_CONTEXT, PII_ENCRYPTION_CONTEXT]);
  });

  it('does not cache a failed KMS call', async () => {
    const kms = fakeKms();
    const crypto = kmsFieldCrypto('alias/test-pii', kms.client);
    kms.failOnce();
    await expect(crypto.seal(AADHAAR)).rejects.toThrow('KMS is unavailable');
    expect(await crypto.open(await crypto.seal(AADHAAR))).toBe(AADHAAR);
  });
});
