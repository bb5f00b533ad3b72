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
});
