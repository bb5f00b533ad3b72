import { describe, expect, it } from 'vitest';
import {
  ATTENDANCE_CSV_COLUMNS,
  ATTENDANCE_MESSAGES as M,
  attendanceCreateSchema,
  attendanceListQuerySchema,
  attendanceReportCsv,
  attendanceUpdateSchema,
  checkInSchema,
  formatAttendanceTime,
  monthBounds,
  parseAttendanceId,
  attendanceId,
  toInstant,
  totalHours,
} from './attendance';
import { testRows, validate } from './schema-test-kit';

const valid = { userId: 'e1', date: '2026-11-23', status: 'present' };

describe('totalHours (SPEC.md 5)', () => {
  it('is check-out minus check-in minus break, in hours to two decimals', () => {
    expect(totalHours('2026-11-23T04:00:00.000Z', '2026-11-23T12:30:00.000Z', 0)).toBe(8.5);
    expect(totalHours('2026-11-23T04:00:00.000Z', '2026-11-23T12:30:00.000Z', 45)).toBe(7.75);
    expect(totalHours('2026-11-23T04:00:00.000Z', '2026-11-23T04:20:00.000Z', 0)).toBe(0.33);
  });
  it('is never below 0', () => {
    expect(totalHours('2026-11-23T04:00:00.000Z', '2026-11-23T05:00:00.000Z', 90)).toBe(0);
  });
  it('is null without both times', () => {
    expect(totalHours(null, '2026-11-23T05:00:00.000Z', 0)).toBeNull();
    expect(totalHours('2026-11-23T04:00:00.000Z', null, 0)).toBeNull();
    expect(totalHours(undefined, undefined)).toBeNull();
  });
});

describe('times', () => {
  it("reads 'HH:mm' on a date in Asia/Kolkata and stores UTC", () => {
    expect(toInstant('09:30', '2026-11-23')).toBe('2026-11-23T04:00:00.000Z');
    expect(toInstant('2026-11-23T09:30:00+05:30')).toBe('2026-11-23T04:00:00.000Z');
    expect(toInstant('2026-11-23T09:30')).toBeUndefined();
    expect(toInstant('2026-02-31T09:30:00Z')).toBeUndefined();
    expect(formatAttendanceTime('2026-11-23T04:00:00.000Z').toLowerCase()).toBe('09:30 am');
  });
  it('names records by employee and day', () => {
    expect(parseAttendanceId(attendanceId('0b6c6c1e-3f4a-4c55-9c1e-8a2f9a7b1c2d', '2026-11-23'))).toEqual({
      userId: '0b6c6c1e-3f4a-4c55-9c1e-8a2f9a7b1c2d',
      date: '2026-11-23',
    });
    expect(parseAttendanceId('nope')).toBeUndefined();
    expect(parseAttendanceId('e1-2026-02-31')).toBeUndefined();
    expect(monthBounds('2024-02')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
  });
});

describe('attendanceCreateSchema (SPEC.md 5 and 9)', () => {
  it('applies the defaults: present, office, break 0', async () => {
    const { value, errors } = await validate(attendanceCreateSchema, { userId: 'e1', date: '2026-11-23' });
    expect(errors).toEqual({});
    expect(value).toMatchObject({ status: 'present', location: 'office', breakTime: 0, leaveType: null, checkIn: null, checkOut: null, notes: '' });
  });

  it('requires the employee and the date', async () => {
    expect((await validate(attendanceCreateSchema, {})).errors).toEqual({ userId: M.employeeRequired, date: M.dateRequired });
  });

  it('computes times from HH:mm on the record date', async () => {
    const { value } = await validate(attendanceCreateSchema, { ...valid, checkIn: '09:30', checkOut: '18:00' });
    expect(value).toMatchObject({ checkIn: '2026-11-23T04:00:00.000Z', checkOut: '2026-11-23T12:30:00.000Z' });
  });

  testRows(attendanceCreateSchema, valid, {
    accepts: [
      ['date', ' 2026-11-23 ', '2026-11-23'],
      ['status', 'HALF_DAY', 'half_day'],
      ['location', 'client_office', 'client_office'],
      ['breakTime', 720, 720],
      ['breakTime', '', 0],
      ['checkIn', '2026-11-23T09:30:00+05:30', '2026-11-23T04:00:00.000Z'],
      ['checkIn', '', null],
    ],
    refuses: [
      ['date', '2026-02-31', 'Enter a real date'],
      ['date', '23/11/2026', 'Enter a date as YYYY-MM-DD'],
      ['userId', '../etc', 'Choose an employee from the list'],
      ['status', 'holiday', 'Choose present, absent, half day or leave'],
      ['location', 'moon', 'Choose office, site, remote or client office'],
      ['breakTime', -1, M.breakNegative],
      ['breakTime', 1.5, M.breakWhole],
      ['breakTime', 721, M.breakTooLong],
      ['breakTime', 'ten', M.breakNumber],
      ['checkIn', '9.30', M.time],
      ['checkIn', '2026-11-23T09:30', M.time],
      ['checkIn', { $gt: '' }, M.time],
      ['checkIn', '2026-11-22T09:30:00+05:30', M.checkInOnDate],
      ['leaveType', 'sick', M.leaveTypeOnlyLeave],
      ['notes', 'bell\u0007', 'Contains characters that are not allowed'],
    ],
  });

  it('refuses times and break for absent and leave, with a message per field', async () => {
    for (const status of ['absent', 'leave']) {
      const { errors } = await validate(attendanceCreateSchema, {
        ...valid,
        status,
        leaveType: status === 'leave' ? 'sick' : null,
        checkIn: '09:00',
        checkOut: '17:00',
        breakTime: 30,
      });
      expect(errors).toEqual({ checkIn: M.checkInOnlyWorking, checkOut: M.checkOutOnlyWorking, breakTime: M.breakOnlyWorking });
    }
  });

  it('requires a leave type for leave, and only for leave', async () => {
    expect((await validate(attendanceCreateSchema, { ...valid, status: 'leave' })).errors).toEqual({ leaveType: M.leaveTypeRequired });
    expect((await validate(attendanceCreateSchema, { ...valid, status: 'leave', leaveType: 'vacation' })).errors).toEqual({});
    expect((await validate(attendanceCreateSchema, { ...valid, status: 'half_day', leaveType: 'casual' })).errors).toEqual({ leaveType: M.leaveTypeOnlyLeave });
  });

  it('wants check-out after check-in, with a check-in, within a day', async () => {
    expect((await validate(attendanceCreateSchema, { ...valid, checkIn: '10:00', checkOut: '09:00' })).errors).toEqual({ checkOut: M.checkOutAfterCheckIn });
    expect((await validate(attendanceCreateSchema, { ...valid, checkIn: '10:00', checkOut: '10:00' })).errors).toEqual({ checkOut: M.checkOutAfterCheckIn });
    expect((await validate(attendanceCreateSchema, { ...valid, checkOut: '18:00' })).errors).toEqual({ checkOut: M.checkOutNeedsCheckIn });
    expect(
      (await validate(attendanceCreateSchema, { ...valid, checkIn: '22:00', checkOut: '2026-11-24T23:00:00+05:30' })).errors,
    ).toEqual({ checkOut: M.shiftTooLong });
    // A night shift ends the next morning.
    expect((await validate(attendanceCreateSchema, { ...valid, checkIn: '22:00', checkOut: '2026-11-24T06:00:00+05:30' })).errors).toEqual({});
  });

  it('wants the version on update', async () => {
    expect((await validate(attendanceUpdateSchema, valid)).errors).toEqual({ version: 'version is required' });
  });
});

describe('list and check-in queries', () => {
  it('refuses a date outside the month, and unknown statuses', async () => {
    expect((await validate(attendanceListQuerySchema, { date: '2026-11-02', month: '2026-10' })).errors).toEqual({ month: 'The date is not in this month' });
    expect((await validate(attendanceListQuerySchema, { month: '2026-13' })).errors).toEqual({ month: 'Enter a month as YYYY-MM' });
    expect((await validate(attendanceListQuerySchema, { status: 'all' })).errors).toEqual({});
  });
  it('takes coordinates in range, both or neither', async () => {
    expect((await validate(checkInSchema, {})).value).toMatchObject({ location: 'office' });
    expect((await validate(checkInSchema, { latitude: 17.385, longitude: 78.4867 })).errors).toEqual({});
    expect((await validate(checkInSchema, { latitude: 91, longitude: 0 })).errors).toEqual({ latitude: 'Latitude must be between -90 and 90' });
    expect((await validate(checkInSchema, { latitude: 17 })).errors).toEqual({ latitude: M.coordinatesPair });
  });
});

it('writes the report as formula-safe CSV', () => {
  const csv = attendanceReportCsv({
    month: '2026-11',
    workingDays: 25,
    holidays: [],
    rows: [
      {
        userId: 'e1',
        name: '=HYPERLINK("x")',
        department: 'Design',
        present: 2,
        halfDay: 1,
        absent: 0,
        leave: 1,
        leaveByType: { sick: 1, casual: 0, emergency: 0, vacation: 0 },
        totalHours: 19.5,
        days: 4,
        holidays: 0,
        workingDays: 25,
        notMarked: 3,
      },
    ],
  });
  expect(csv.split('\r\n')[0]).toBe(ATTENDANCE_CSV_COLUMNS.join(','));
  expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")",Design,2,1,0,1,1,0,0,0,0,25,3,19.5`);
});
