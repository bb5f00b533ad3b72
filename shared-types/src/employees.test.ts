import { describe, expect, it } from 'vitest';
import {
  employeeCreateSchema,
  employeeUpdateSchema,
  isIndianPhone,
  isValidAadhaar,
  isVerhoeffValid,
  maskAadhaar,
  maskBankAccount,
  maskPan,
  revealSchema,
  verhoeffCheckDigit,
} from './employees';

/** A 12-digit Aadhaar-shaped number: `first11` with its Verhoeff check digit. */
const aadhaar = (first11: string) => `${first11}${verhoeffCheckDigit(first11)}`;

const valid = { name: 'Lakshmi Rao', email: 'Lakshmi@Kaveri-Studio.in', password: 'long-enough-1' };

describe('Verhoeff', () => {
  it('gives the check digits of the published examples', () => {
    // The textbook example: 236 -> 2363.
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(isVerhoeffValid('2363')).toBe(true);
    expect(verhoeffCheckDigit('12345')).toBe(1);
    expect(isVerhoeffValid('123451')).toBe(true);
    expect(verhoeffCheckDigit('142857')).toBe(0);
    expect(isVerhoeffValid('1428570')).toBe(true);
  });

  it('catches every single-digit error and every adjacent transposition of a number', () => {
    const number = aadhaar('23412341234');
    expect(isVerhoeffValid(number)).toBe(true);
    for (let i = 0; i < number.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === number[i]) continue;
        expect(isVerhoeffValid(`${number.slice(0, i)}${d}${number.slice(i + 1)}`)).toBe(false);
      }
      if (i < number.length - 1 && number[i] !== number[i + 1]) {
        expect(isVerhoeffValid(`${number.slice(0, i)}${number[i + 1]}${number[i]}${number.slice(i + 2)}`)).toBe(false);
      }
    }
  });
});

describe('Aadhaar, PAN, IFSC, phone', () => {
  it('accepts an Aadhaar number with a valid check digit not starting with 0 or 1', () => {
    expect(isValidAadhaar(aadhaar('23412341234'))).toBe(true);
    expect(isValidAadhaar(aadhaar('98765432109'))).toBe(true);
    expect(isValidAadhaar(aadhaar('03412341234'))).toBe(false);
    expect(isValidAadhaar(aadhaar('13412341234'))).toBe(false);
    const good = aadhaar('23412341234');
    expect(isValidAadhaar(`${good.slice(0, 11)}${(Number(good[11]) + 1) % 10}`)).toBe(false);
    expect(isValidAadhaar(good.slice(0, 11))).toBe(false);
    expect(isValidAadhaar(`${good}0`)).toBe(false);
  });

  it('validates the create form', () => {
    const number = aadhaar('23412341234');
    const parsed = employeeCreateSchema.validateSync({
      ...valid,
      aadharNumber: `${number.slice(0, 4)} ${number.slice(4, 8)} ${number.slice(8)}`,
      panNumber: 'abcde1234f',
      bankIfscCode: 'hdfc0001234',
      bankAccountNumber: '0012 3456 7890',
      phone: '+91 98480 12345',
      department: 'sales',
      salary: '55,000',
    });
    expect(parsed).toMatchObject({
      email: 'lakshmi@kaveri-studio.in',
      aadharNumber: number,
      panNumber: 'ABCDE1234F',
      bankIfscCode: 'HDFC0001234',
      bankAccountNumber: '001234567890',
      department: 'Sales',
      salary: 55000,
      role: 'employee',
      status: 'active',
    });
    const errors = (input: Record<string, unknown>) => {
      try {
        employeeCreateSchema.validateSync({ ...valid, ...input }, { abortEarly: false });
        return [];
      } catch (error) {
        return (error as { inner: { path: string }[] }).inner.map((inner) => inner.path);
      }
    };
    expect(errors({ panNumber: 'ABCD1234F' })).toEqual(['panNumber']);
    expect(errors({ panNumber: 'ABCDE12345' })).toEqual(['panNumber']);
    expect(errors({ bankIfscCode: 'HDFC1001234' })).toEqual(['bankIfscCode']);
    expect(errors({ bankIfscCode: 'HDF00001234' })).toEqual(['bankIfscCode']);
    const good = aadhaar('23412341234');
    expect(errors({ aadharNumber: `${good.slice(0, 11)}${(Number(good[11]) + 1) % 10}` })).toEqual(['aadharNumber']);
    expect(errors({ aadharNumber: aadhaar('13412341234') })).toEqual(['aadharNumber']);
    expect(errors({ phone: '12345' })).toEqual(['phone']);
    expect(errors({ phone: '+44 20 7946 0958 12' })).toEqual(['phone']);
    expect(errors({ password: 'short' })).toEqual(['password']);
    expect(errors({ password: undefined })).toEqual(['password']);
    expect(errors({ name: '  ', email: 'not-an-email' }).sort()).toEqual(['email', 'name']);
    expect(errors({ role: 'owner', status: 'gone', department: 'L'.repeat(101) }).sort()).toEqual(['department', 'role', 'status']);
    expect(errors({ salary: 'lots' })).toEqual(['salary']);
    expect(errors({ profilePicture: 'javascript:alert(1)' })).toEqual(['profilePicture']);
    expect(isIndianPhone('040 2345 6789')).toBe(true);
    expect(isIndianPhone('9848012345')).toBe(true);
  });

  it('on edit, a blank password and masked personal data keep what is stored', () => {
    const parsed = employeeUpdateSchema.validateSync({
      ...valid,
      version: 3,
      password: '',
      aadharNumber: 'XXXX XXXX 1234',
      panNumber: 'XXXXX1234X',
      bankAccountNumber: 'XXXXXX7890',
    });
    expect(parsed.password).toBeUndefined();
    expect(parsed.aadharNumber).toBeUndefined();
    expect(parsed.panNumber).toBeUndefined();
    expect(parsed.bankAccountNumber).toBeUndefined();
    expect(employeeUpdateSchema.validateSync({ ...valid, version: 3, panNumber: '' }).panNumber).toBe('');
    expect(() => employeeUpdateSchema.validateSync({ ...valid, version: 3, password: 'short' })).toThrow();
  });

  it('masks', () => {
    expect(maskAadhaar('234123412346')).toBe('XXXX XXXX 2346');
    expect(maskPan('ABCDE1234F')).toBe('XXXXX1234X');
    expect(maskBankAccount('001234567890')).toBe('XXXXXX7890');
    expect(maskAadhaar('')).toBe('');
  });

  it('reveals only the personal-data fields', () => {
    expect(revealSchema.validateSync({ fields: ['aadharNumber', 'panNumber'] }).fields).toEqual(['aadharNumber', 'panNumber']);
    expect(() => revealSchema.validateSync({ fields: ['salary'] })).toThrow();
    expect(() => revealSchema.validateSync({ fields: [] })).toThrow();
  });
});
