import { describe, expect, it } from 'vitest';
import { isOneOf, isRecord } from './guards';

describe('isOneOf', () => {
  const ROLES = ['admin', 'superadmin'] as const;

  it('accepts a member and refuses anything else', () => {
    expect(isOneOf(ROLES, 'admin')).toBe(true);
    expect(isOneOf(ROLES, 'Admin')).toBe(false);
    expect(isOneOf(ROLES, '')).toBe(false);
    expect(isOneOf(ROLES, undefined)).toBe(false);
    expect(isOneOf(ROLES, ['admin'])).toBe(false);
  });
});

describe('isRecord', () => {
  it('accepts a plain object only', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(null)).toBe(false);
    expect(isRecord([])).toBe(false);
    expect(isRecord('x')).toBe(false);
    expect(isRecord(undefined)).toBe(false);
  });
});
