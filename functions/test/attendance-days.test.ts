import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from '@app/shared-types/api';
import { ATTENDANCE_MESSAGES as M, type AttendanceRecord, type AttendanceReport, type AttendanceToday } from '@app/shared-types/attendance';
import type { AuditEntry } from '@app/shared-types/audit';
import { HOLIDAY_MESSAGES, HOLIDAYS_MANAGE_ONLY, type Holiday } from '@app/shared-types/holidays';
import { WORKDAY_START_MESSAGE, type SettingsAnswer } from '@app/shared-types/settings';
import type { Db } from '../src/db/client';
import { systemContext } from '../src/db/entity';
import { createEmployee, employeeEntity } from '../src/people/employee-repo';
import { STAFF_PASSWORD, createStaffApp, json, login, readAllPages, staffRequest, type TestApp, type TestClock } from './helpers';

/** Issue 25: the working day's start on today's cards, the holidays and the monthly report of everyone, a check-out right after a check-in. */

/** The machine the suite runs on may be busy: each test here signs in several times. */
const TIMEOUT = 60_000;

/** Moves the app's clock to `iso` and signs in again (sessions end after the idle timeout). */
async function at(target: { app: TestApp; clock: TestClock }, iso: string, email: string) {
  target.clock.advance(Date.parse(iso) - target.clock.now());
  const { cookie } = await login(target.app, email, STAFF_PASSWORD);
  return cookie!;
}

async function newEmployee(db: Db, name: string, options: { department?: string; status?: 'inactive' } = {}) {
  const now = new Date().toISOString();
  const employee = await createEmployee(db, { name, email: `${randomUUID()}@kaveri-studio.in`, role: 'employee', passwordHash: 'x', department: options.department ?? 'Design' }, now);
  if (options.status) await employeeEntity.update(db, employee.id, employee.version, (before) => ({ ...before, status: 'inactive' }), systemContext(now));
  return employee;
}

const figuresAt = async (app: TestApp, cookie: string) => (await json<AttendanceToday>(staffRequest(app, '/api/attendance/today', cookie))).figures;

describe("today's cards and the working day's start", () => {
  it("counts nobody unmarked absent before 10:00 IST (they are 'not yet in'), and everyone unmarked after it", { timeout: TIMEOUT }, async () => {
    const test = await createStaffApp('manager');
    const email = test.staff('manager').employee.email;
    await Promise.all([newEmployee(test.db, 'Early Bird'), newEmployee(test.db, 'Late Riser'), newEmployee(test.db, 'Gone Person', { status: 'inactive' })]);
    // A Wednesday.
    let cookie = await at(test, '2031-05-14T09:59:00+05:30', email);
    const early = (await staffRequest(test.app, '/api/attendance/check-in', cookie, { method: 'POST', body: {} })).status;
    expect(early).toBe(201);
    // 3 active (the manager, Early Bird, Late Riser); the manager checked in.
    expect(await figuresAt(test.app, cookie)).toEqual({
      present: 1,
      absent: 0,
      halfDay: 0,
      onLeave: 0,
      activeEmployees: 3,
      unmarked: 2,
      notYetIn: 2,
      workdayStart: '10:00',
      dayStarted: false,
      dayOff: null,
    });
    cookie = await at(test, '2031-05-14T10:00:00+05:30', email);
    expect(await figuresAt(test.app, cookie)).toMatchObject({ present: 1, absent: 2, notYetIn: 0, unmarked: 2, dayStarted: true });
  });

  it('takes the start from Settings > Business (HH:MM, validated), and counts nobody unmarked absent on a Sunday', { timeout: TIMEOUT }, async () => {
    const test = await createStaffApp('admin');
    const email = test.staff('admin').employee.email;
    await newEmployee(test.db, 'Someone');
    let cookie = await at(test, '2031-05-14T09:30:00+05:30', email);
    expect(await figuresAt(test.app, cookie)).toMatchObject({ absent: 0, notYetIn: 2, workdayStart: '10:00' });
    const settings = await json<SettingsAnswer>(staffRequest(test.app, '/api/settings', cookie));
    expect(settings.business.workdayStart).toBe('10:00');
    const save = (workdayStart: unknown) => {
      const { smtpPasswordSet: _set, ...email } = settings.email;
      return staffRequest(test.app, '/api/settings', cookie, { method: 'PUT', body: { ...settings, email, business: { ...settings.business, workdayStart } } });
    };
    for (const wrong of ['25:00', '9:00', '09:60', 'nine', '']) {
      const refused = await save(wrong);
      expect(refused.status).toBe(400);
      expect((await json<{ fields: Record<string, string> }>(refused)).fields).toEqual({ 'business.workdayStart': WORKDAY_START_MESSAGE });
    }
    expect((await save('09:15')).status).toBe(200);
    expect(await figuresAt(test.app, cookie)).toMatchObject({ absent: 2, notYetIn: 0, workdayStart: '09:15', dayStarted: true });
    // 2031-05-18 is a Sunday: the weekly off.
    cookie = await at(test, '2031-05-18T12:00:00+05:30', email);
    expect(await figuresAt(test.app, cookie)).toMatchObject({ absent: 0, notYetIn: 0, unmarked: 2, dayOff: 'Sunday' });
  });
});

describe('a check-out within 5 minutes of the check-in', () => {
  it('asks for confirmation (422) unless confirm=true; later ones need none', { timeout: TIMEOUT }, async () => {
    const test = await createStaffApp('employee');
    const email = test.staff('employee').employee.email;
    let cookie = await at(test, '2031-06-02T09:00:00+05:30', email);
    expect((await staffRequest(test.app, '/api/attendance/check-in', cookie, { method: 'POST', body: {} })).status).toBe(201);
    cookie = await at(test, '2031-06-02T09:04:00+05:30', email);
    const tapped = await staffRequest(test.app, '/api/attendance/check-out', cookie, { method: 'POST' });
    expect(tapped.status).toBe(422);
    const body = await json<{ error: string; confirmRequired: boolean; current: AttendanceRecord }>(tapped);
    expect(body).toMatchObject({ error: M.checkOutSoon, confirmRequired: true, current: { checkOut: null } });
    expect(M.checkOutSoon).toBe('You checked in less than 5 minutes ago. Check out anyway?');
    // Nothing was written.
    const today = await json<AttendanceToday>(staffRequest(test.app, '/api/attendance/today', cookie));
    expect(today.record).toMatchObject({ checkOut: null, version: 1 });
    expect((await staffRequest(test.app, '/api/attendance/check-out?confirm=nope', cookie, { method: 'POST' })).status).toBe(400);
    const confirmed = await staffRequest(test.app, '/api/attendance/check-out?confirm=true', cookie, { method: 'POST' });
    expect(confirmed.status).toBe(200);
    expect((await json<AttendanceRecord>(confirmed)).checkOut).not.toBeNull();

    const other = await createStaffApp('employee');
    const otherEmail = other.staff('employee').employee.email;
    let otherCookie = await at(other, '2031-06-03T09:00:00+05:30', otherEmail);
    expect((await staffRequest(other.app, '/api/attendance/check-in', otherCookie, { method: 'POST', body: {} })).status).toBe(201);
    otherCookie = await at(other, '2031-06-03T09:06:00+05:30', otherEmail);
    expect((await staffRequest(other.app, '/api/attendance/check-out', otherCookie, { method: 'POST' })).status).toBe(200);
  });
});

describe('holidays', () => {
  it('admins and HR add, rename and delete them (conditional, audited); everyone reads them by date, a page at a time', { timeout: TIMEOUT }, async () => {
    const test = await createStaffApp('employee', 'manager', 'admin');
    const [employee, manager, admin] = [test.staff('employee').cookie, test.staff('manager').cookie, test.staff('admin').cookie];
    const hr = await createEmployee(test.db, { name: 'Hema HR', email: `${randomUUID()}@kaveri-studio.in`, role: 'employee', department: 'HR', passwordHash: 'x' }, new Date().toISOString());
    const send = (cookie: string, path: string, method = 'GET', body?: unknown) => staffRequest(test.app, `/api/attendance/holidays${path}`, cookie, { method, ...(body === undefined ? {} : { body }) });
    const diwali = { date: '2031-10-24', name: 'Diwali' };
    expect(await (await send(employee, '', 'POST', diwali)).json()).toEqual({ error: HOLIDAYS_MANAGE_ONLY });
    expect((await send(manager, '', 'POST', diwali)).status).toBe(403);
    const created = await send(admin, '', 'POST', diwali);
    expect(created.status).toBe(201);
    const holiday = await json<Holiday>(created);
    expect(holiday).toMatchObject({ ...diwali, id: diwali.date, version: 1 });
    const twice = await send(admin, '', 'POST', { ...diwali, name: 'Deepavali' });
    expect(twice.status).toBe(409);
    expect(await json<{ fields: Record<string, string> }>(twice)).toMatchObject({ fields: { date: HOLIDAY_MESSAGES.taken }, current: holiday });
    expect((await json<{ fields: Record<string, string> }>(await send(admin, '', 'POST', { date: '2031-02-30', name: '' }))).fields).toEqual({
      date: HOLIDAY_MESSAGES.date,
      name: HOLIDAY_MESSAGES.nameRequired,
    });

    // HR signs in as an employee of the HR department.
    const hrCookie = await hrSession(test, hr.id);
    expect((await send(hrCookie, '', 'POST', { date: '2031-01-26', name: 'Republic Day' })).status).toBe(201);
    expect((await send(hrCookie, '', 'POST', { date: '2031-08-15', name: 'Independence Day' })).status).toBe(201);
    expect((await send(hrCookie, '', 'POST', { date: '2032-01-01', name: "New Year's Day" })).status).toBe(201);

    const renamed = await send(admin, `/${diwali.date}`, 'PUT', { name: 'Deepavali', version: 1 });
    expect(renamed.status).toBe(200);
    const stale = await send(admin, `/${diwali.date}`, 'PUT', { name: 'Diwali again', version: 1 });
    expect(stale.status).toBe(409);
    expect((await send(admin, `/${diwali.date}?version=1`, 'DELETE')).status).toBe(409);
    expect((await send(admin, '/2031-12-25', 'DELETE')).status).toBe(404);

    // Everyone reads them by date; a year is a range of the list; pages by cursor.
    const year = await readAllPages((query) => json<Page<Holiday>>(send(employee, `?${new URLSearchParams(query).toString()}`)), { year: '2031' });
    expect(year).toEqual(['2031-01-26', '2031-08-15', '2031-10-24']);
    expect((await send(employee, '?year=31')).status).toBe(400);

    expect((await send(admin, `/${diwali.date}?version=2`, 'DELETE')).status).toBe(200);
    const audit = await json<Page<AuditEntry>>(staffRequest(test.app, `/api/audit-log?entityId=${diwali.date}`, admin));
    expect(audit.items.map((entry) => [entry.entity, entry.action, entry.title])).toEqual([
      ['Holiday', 'delete', 'Deepavali, 24 Oct 2031'],
      ['Holiday', 'update', 'Deepavali, 24 Oct 2031'],
      ['Holiday', 'create', 'Diwali, 24 Oct 2031'],
    ]);
  });

  /** A session of an existing account (the HR employee), through its password set here. */
  async function hrSession(test: { app: TestApp; db: Db }, id: string) {
    const { updatePasswordHash } = await import('../src/people/employee-repo');
    const { hashPassword } = await import('../src/auth');
    const { getEmployee } = await import('../src/people/employee-repo');
    const employee = await getEmployee(test.db, id);
    await updatePasswordHash(test.db, id, { passwordHash: await hashPassword(STAFF_PASSWORD), expectedVersion: employee!.version, now: new Date().toISOString() });
    const { cookie } = await login(test.app, employee!.email, STAFF_PASSWORD);
    return cookie!;
  }
});

describe('the monthly report', () => {
  it('lists every active employee (with no record too), with working days less Sundays and holidays, holidays, absences, leave and days not marked', { timeout: TIMEOUT }, async () => {
    const test = await createStaffApp('admin');
    const email = test.staff('admin').employee.email;
    const adminId = test.staff('admin').employee.id;
    // 2031-07-16: July 2031 has 31 days, 4 Sundays (6, 13, 20, 27).
    const cookie = await at(test, '2031-07-16T12:00:00+05:30', email);
    const asha = await newEmployee(test.db, 'Asha Verma');
    const ravi = await newEmployee(test.db, 'Ravi Kumar', { department: 'Sales' });
    await newEmployee(test.db, 'Old Hand', { status: 'inactive' });
    const add = (body: unknown, path = '/api/attendance') => staffRequest(test.app, path, cookie, { method: 'POST', body });
    // A holiday on a weekday and one on a Sunday (not taken off twice).
    expect((await add({ date: '2031-07-07', name: 'Bonalu' }, '/api/attendance/holidays')).status).toBe(201);
    expect((await add({ date: '2031-07-13', name: 'Sunday fair' }, '/api/attendance/holidays')).status).toBe(201);
    expect((await add({ date: '2031-08-15', name: 'Independence Day' }, '/api/attendance/holidays')).status).toBe(201);
    expect((await add({ userId: asha.id, date: '2031-07-01', status: 'absent' })).status).toBe(201);
    expect((await add({ userId: asha.id, date: '2031-07-02', status: 'leave', leaveType: 'sick' })).status).toBe(201);
    expect((await add({ userId: asha.id, date: '2031-07-03' })).status).toBe(201);

    const report = await json<AttendanceReport>(staffRequest(test.app, '/api/attendance/report?month=2031-07', cookie));
    // 31 days - 4 Sundays - 1 weekday holiday = 26; up to the 16th: 16 - 2 Sundays - 1 holiday = 13.
    expect(report.workingDays).toBe(26);
    expect(report.holidays).toEqual([
      { date: '2031-07-07', name: 'Bonalu' },
      { date: '2031-07-13', name: 'Sunday fair' },
    ]);
    expect(report.rows.map((row) => [row.name, row.absent, row.leave, row.holidays, row.workingDays, row.notMarked, row.days])).toEqual([
      ['Asha Verma', 1, 1, 1, 26, 10, 3],
      ['Ravi Kumar', 0, 0, 1, 26, 13, 0],
      ['Test admin', 0, 0, 1, 26, 13, 0],
    ]);
    expect(report.rows.map((row) => row.userId)).toEqual([asha.id, ravi.id, adminId]);
    // A month ahead: nothing is 'not marked' yet.
    const august = await json<AttendanceReport>(staffRequest(test.app, '/api/attendance/report?month=2031-08', cookie));
    expect(august.workingDays).toBe(31 - 5 - 1);
    expect(august.rows.every((row) => row.notMarked === 0)).toBe(true);
    const csv = await (await staffRequest(test.app, '/api/attendance/report.csv?month=2031-07', cookie)).text();
    expect(csv.split('\r\n')[0]).toBe('Employee,Department,Present,Half Day,Absent,Leave,Sick Leave,Casual Leave,Emergency Leave,Vacation Leave,Holidays,Working Days,Not Marked,Total Hours');
    expect(csv.split('\r\n')[2]).toBe('Ravi Kumar,Sales,0,0,0,0,0,0,0,0,1,26,13,0');
  });
});
