import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, verifyAgainstDummy, verifyPassword } from './password';

describe('password hashing', () => {
  it('stores scrypt N=2^17 r=8 p=1 with a 16-byte salt and a 32-byte key, verifying only the right password', async () => {
    const stored = await hashPassword('correct horse battery');
    const [scheme, logN, r, p, salt, hash] = stored.split('$');
    expect([scheme, logN, r, p]).toEqual(['scrypt', '17', '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash!, 'base64')).toHaveLength(32);
    expect(stored).not.toContain('correct horse');

    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batter', stored)).toBe(false);
    // The same password hashes differently each time (random salt).
    expect(stored.split('$')[4]).not.toBe(DUMMY_HASH.split('$')[4]);
  });

  it('never matches a malformed hash or one with out-of-range parameters', async () => {
    expect(await verifyPassword('anything', 'plain-text-password')).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$30$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA')).toBe(false);
  });

  it('the dummy verification for unknown emails always fails', async () => {
    expect(await verifyAgainstDummy('whatever')).toBe(false);
  });
});
