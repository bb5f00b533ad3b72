import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone } from './phone';

describe('formatPhone', () => {
  it.each([
    ['+91 91234 56789', '+91 91234 56789'],
    ['98765 43210', '+91 98765 43210'],
    ['9876543210', '+91 98765 43210'],
    ['098765-43210', '+91 98765 43210'],
    ['+919876543210', '+91 98765 43210'],
  ])('shows %s as %s', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });

  it('leaves a foreign or landline number as typed', () => {
    expect(formatPhone(' +44 20 7946 0958 ')).toBe('+44 20 7946 0958');
    expect(formatPhone('040 2345 6789')).toBe('040 2345 6789');
  });

  it('keeps normalising to the identifying digits', () => {
    expect(normalizePhone('+91 98480-12345')).toBe('9848012345');
  });

  it('shows an Indian number written with an international prefix as one', () => {
    expect(formatPhone('0091 98480 12345')).toBe('+91 98480 12345');
    expect(formatPhone('+91 0 98480 12345')).toBe('+91 98480 12345');
  });
});

describe('normalizePhone', () => {
  // Every way an Indian number is written reduces to its 10 national digits (issue 11, item 6).
  it.each([
    ['9848012345', '9848012345'],
    ['98480 12345', '9848012345'],
    ['+91 98480 12345', '9848012345'],
    ['+91-98480-12345', '9848012345'],
    ['+919848012345', '9848012345'],
    ['91 98480 12345', '9848012345'],
    ['919848012345', '9848012345'],
    ['0091 98480 12345', '9848012345'],
    ['00919848012345', '9848012345'],
    ['+91 0 98480 12345', '9848012345'],
    ['+9109848012345', '9848012345'],
    ['+910 98480 12345', '9848012345'],
    ['91 0 98480 12345', '9848012345'],
    ['0091 0 98480 12345', '9848012345'],
    ['098480 12345', '9848012345'],
    ['0 98480 12345', '9848012345'],
    ['0 0 98480 12345', '9848012345'],
    ['00 98480 12345', '9848012345'],
    ['(+91) 98480.12345', '9848012345'],
    // A mobile number that itself starts with 91 keeps it.
    ['91234 56789', '9123456789'],
    ['+91 91234 56789', '9123456789'],
    ['0 91234 56789', '9123456789'],
    ['0091 91234 56789', '9123456789'],
    // Landlines: STD code without its trunk 0, however the prefix is written.
    ['040 2345 6789', '4023456789'],
    ['+91 40 2345 6789', '4023456789'],
    ['+91 040 2345 6789', '4023456789'],
    ['0091 40 2345 6789', '4023456789'],
  ])('reduces %s to %s', (typed, key) => {
    expect(normalizePhone(typed)).toBe(key);
  });

  it.each([
    ['+44 20 7946 0958', '442079460958'],
    ['0044 20 7946 0958', '442079460958'],
    ['+1 415 555 0100 22', '1415555010022'],
    ['+971 50 123 4567', '971501234567'],
  ])('keeps the digits of a foreign number %s (without the 00 prefix): %s', (typed, key) => {
    expect(normalizePhone(typed)).toBe(key);
  });
});
