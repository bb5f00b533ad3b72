import { describe, expect, it } from 'vitest';
import { canManageHolidays, holidayCreateSchema, isWeeklyOff, workingDays } from './holidays';

describe('working days', () => {
  it('are the days of the month less Sundays and holidays, a holiday on a Sunday not taken off twice', () => {
    // November 2026: 30 days, Sundays 1, 8, 15, 22, 29.
    expect(workingDays('2026-11', [])).toBe(25);
    expect(workingDays('2026-11', ['2026-11-09', '2026-11-08'])).toBe(24);
    expect(workingDays('2026-02', [])).toBe(24);
    expect(isWeeklyOff('2026-11-29')).toBe(true);
    expect(isWeeklyOff('2026-11-28')).toBe(false);
  });

  it('count up to a day of the month when asked', () => {
    expect(workingDays('2026-11', ['2026-11-09'], '2026-11-10')).toBe(7);
    expect(workingDays('2026-11', [], '2026-10-31')).toBe(0);
  });
});

describe('holidays', () => {
  it('need a real date and a name', () => {
    expect(() => holidayCreateSchema.validateSync({ date: '2026-02-30', name: 'x' })).toThrow('Enter a real date as YYYY-MM-DD');
    expect(() => holidayCreateSchema.validateSync({ date: '2026-11-09', name: ' ' })).toThrow('Holiday name is required');
  });

  it('are kept by admins and the HR department', () => {
    expect(canManageHolidays({ role: 'admin' })).toBe(true);
    expect(canManageHolidays({ role: 'superadmin' })).toBe(true);
    expect(canManageHolidays({ role: 'employee', department: 'HR' })).toBe(true);
    expect(canManageHolidays({ role: 'manager', department: 'Sales' })).toBe(false);
  });
});
