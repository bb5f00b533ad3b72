import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hashRecoveryCode, hotp, matchTotp, newRecoveryCodes, newTotpSecret, otpauthUri, totpCode, totpStep } from './totp';

// RFC 6238 appendix B: the seeds are the ASCII strings below, codes 8 digits.
const SEED = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC 6238 test vectors for SHA-1, SHA-256 and SHA-512', () => {
    for (const [seconds, sha1, sha256, sha512] of VECTORS) {
      const step = totpStep(seconds * 1000);
      expect(hotp(SEED.sha1, step, 8, 'sha1'), `${seconds} sha1`).toBe(sha1);
      expect(hotp(SEED.sha256, step, 8, 'sha256'), `${seconds} sha256`).toBe(sha256);
      expect(hotp(SEED.sha512, step, 8, 'sha512'), `${seconds} sha512`).toBe(sha512);
    }
  });

  it('gives the RFC 4226 HOTP values (6 digits)', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expected.forEach((code, counter) => expect(hotp(SEED.sha1, counter)).toBe(code));
  });

  it('base32 round-trips and decodes the RFC 4648 vectors', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======')?.toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb oi')?.toString()).toBe('foobar');
    expect(base32Decode('MZXW1')).toBeUndefined();
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret)!)).toBe(secret);
  });

  it('accepts the code of the current step and one either side, and answers which step matched', () => {
    const secret = base32Encode(SEED.sha1);
    const now = 1_111_111_111_000;
    const step = totpStep(now);
    expect(totpCode(secret, now)).toBe('050471');
    expect(matchTotp(secret, '050471', now)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(secret, totpCode(secret, now - 60_000), now)).toBeUndefined();
    expect(matchTotp(secret, totpCode(secret, now + 60_000), now)).toBeUndefined();
    expect(matchTotp(secret, '12345', now)).toBeUndefined();
    expect(matchTotp(secret, '05047a', now)).toBeUndefined();
  });

  it('builds the otpauth URI authenticator apps read', () => {
    const text = otpauthUri('JBSWY3DPEHPK3PXP', 'asha@example.com', 'Kaveri Design Studio');
    expect(text.startsWith('otpauth://totp/Kaveri%20Design%20Studio:asha%40example.com?')).toBe(true);
    const uri = new URL(text);
    expect(uri.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(uri.searchParams.get('issuer')).toBe('Kaveri Design Studio');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });

  it('makes ten distinct recovery codes and hashes them regardless of case and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    const code = codes[0]!;
    expect(hashRecoveryCode(code.toLowerCase().replace('-', ' '))).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(code)).not.toBe(hashRecoveryCode(codes[1]!));
  });
});
