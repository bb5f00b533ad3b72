import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@app/shared-types/api';
import {
  ATTENDANCE_CSV_COLUMNS,
  ATTENDANCE_MESSAGES as M,
  attendanceCreateSchema,
  attendanceId,
  type AttendanceRecord,
  type AttendanceReport,
  type AttendanceReportRow,
  type AttendanceToday,
} from '@app/shared-types/attendance';
import type { AuditEntry } from '@app/shared-types/audit';
import { calendarDate } from '@app/shared-types/format';
import { createAttendance } from '../src/people/attendance-repo';
import type { Db } from '../src/db/client';
import { createEmployee } from '../src/people/employee-repo';
import { systemContext } from '../src/db/entity';
import { keys } from '../src/db/keys';
import { STAFF_PASSWORD, createStaffApp, json, login, readAllPages, staffRequest, type TestApp, type TestClock } from './helpers';

type Fields = { error: string; fields: Record<string, string> };
type Conflict = { error: string; current?: AttendanceRecord };

let app: TestApp;
let db: Db;
let clock: TestClock;
let employee: { cookie: string; id: string };
let manager: { cookie: string; id: string };
let admin: { cookie: string; id: string };

beforeAll(async () => {
  const test = await createStaffApp('employee', 'manager', 'admin');
  ({ app, db, clock } = test);
  const account = (role: 'employee' | 'manager' | 'admin') => ({ cookie: test.staff(role).cookie, id: test.staff(role).employee.id });
  [employee, manager, admin] = [account('employee'), account('manager'), account('admin')];
});

/** A past date of this test file no other test uses: one day per call, going back from 40 days ago. */
let dayCounter = 40;
const pastDay = () => calendarDate(Date.now() - dayCounter++ * 86_400_000);

/** An extra employee (no sign-in) with a department. */
async function newEmployee(target: Db = db, name = `Staff ${randomUUID().slice(0, 6)}`, department = 'Design') {
  return createEmployee(target, { name, email: `${randomUUID()}@kaveri-studio.in`, role: 'employee', passwordHash: 'x', department }, new Date().toISOString());
}

const post = (body: unknown, cookie = manager.cookie, target = app) => staffRequest(target, '/api/attendance', cookie, { method: 'POST', body });
async function mark(body: Record<string, unknown>, cookie = manager.cookie, target = app): Promise<AttendanceRecord> {
  const response = await post(body, cookie, target);
  expect(response.status, await response.clone().text()).toBe(201);
  return json<AttendanceRecord>(response);
}
const put = (id: string, body: unknown, cookie = manager.cookie, target = app) => staffRequest(target, `/api/attendance/${id}`, cookie, { method: 'PUT', body });
const get = <T>(path: string, cookie = manager.cookie, target = app) => json<T>(staffRequest(target, path, cookie));
const editable = ({ userId, date, status, leaveType, location, checkIn, checkOut, breakTime, notes, version }: AttendanceRecord) => ({
  userId,
  date,
  status,
  leaveType,
  location,
  checkIn,
  checkOut,
  breakTime,
  notes,
  version,
});
/** An instant on `date` in Asia/Kolkata. */
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`).toISOString();

async function fieldsOf(response: Response, status = 400): Promise<Record<string, string>> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await json<Fields>(response)).fields;
}

describe('SPEC.md 5 rules through POST /api/attendance', () => {
  it('requires the employee and the date', async () => {
    expect(await fieldsOf(await post({ status: 'present' }))).toEqual({ userId: M.employeeRequired, date: M.dateRequired });
  });

  it('refuses check-in, check-out and break for absent and leave, with a message per field', async () => {
    const worker = await newEmployee();
    for (const status of ['absent', 'leave']) {
      const fields = await fieldsOf(
        await post({ userId: worker.id, date: pastDay(), status, leaveType: status === 'leave' ? 'casual' : undefined, checkIn: '09:00', checkOut: '18:00', breakTime: 30 }),
      );
      expect(fields).toEqual({ checkIn: M.checkInOnlyWorking, checkOut: M.checkOutOnlyWorking, breakTime: M.breakOnlyWorking });
    }
  });

  it('requires a leave type for leave, and refuses it otherwise', async () => {
    const worker = await newEmployee();
    expect(await fieldsOf(await post({ userId: worker.id, date: pastDay(), status: 'leave' }))).toEqual({ leaveType: M.leaveTypeRequired });
    expect(await fieldsOf(await post({ userId: worker.id, date: pastDay(), status: 'present', leaveType: 'sick' }))).toEqual({ leaveType: M.leaveTypeOnlyLeave });
    const leave = await mark({ userId: worker.id, date: pastDay(), status: 'leave', leaveType: 'sick' });
    expect(leave).toMatchObject({ status: 'leave', leaveType: 'sick', checkIn: null, totalHours: null });
  });

  it('wants break 0 or more whole minutes, and check-out after check-in', async () => {
    const worker = await newEmployee();
    const date = pastDay();
    expect(await fieldsOf(await post({ userId: worker.id, date, breakTime: -5 }))).toEqual({ breakTime: M.breakNegative });
    expect(await fieldsOf(await post({ userId: worker.id, date, checkIn: '10:00', checkOut: '09:59' }))).toEqual({ checkOut: M.checkOutAfterCheckIn });
    expect(await fieldsOf(await post({ userId: worker.id, date, checkOut: '18:00' }))).toEqual({ checkOut: M.checkOutNeedsCheckIn });
  });

  it('refuses an unknown employee and a future day unless it is leave', async () => {
    expect(await fieldsOf(await post({ userId: randomUUID(), date: pastDay() }))).toEqual({ userId: M.employeeMissing });
    const worker = await newEmployee();
    const future = calendarDate(clock.now() + 3 * 86_400_000);
    expect(await fieldsOf(await post({ userId: worker.id, date: future, status: 'present' }))).toEqual({ date: M.futureNotLeave });
    await mark({ userId: worker.id, date: future, status: 'leave', leaveType: 'vacation' });
  });

  it('applies the defaults and keeps the employee name and department on the record', async () => {
    const worker = await newEmployee(db, 'Lakshmi Rao', 'Operations');
    const date = pastDay();
    const record = await mark({ userId: worker.id, date });
    expect(record).toMatchObject({
      id: attendanceId(worker.id, date),
      userId: worker.id,
      date,
      user: { name: 'Lakshmi Rao', department: 'Operations' },
      status: 'present',
      location: 'office',
      breakTime: 0,
      totalHours: null,
      recordedBy: manager.id,
      version: 1,
    });
  });
});

describe('the hours formula through the API', () => {
  it('stores check-out minus check-in minus break, to two decimals, from HH:mm in Asia/Kolkata', async () => {
    const worker = await newEmployee();
    const date = pastDay();
    const record = await mark({ userId: worker.id, date, checkIn: '09:15', checkOut: '18:05', breakTime: 40, totalHours: 99 });
    expect(record.checkIn).toBe(ist(date, '09:15'));
    expect(record.checkOut).toBe(ist(date, '18:05'));
    // 8 h 50 min - 40 min = 8 h 10 min; a client's totalHours is not taken.
    expect(record.totalHours).toBe(8.17);
  });

  it('is 0, not negative, when the break is longer than the day, and null without both times', async () => {
    const worker = await newEmployee();
    expect((await mark({ userId: worker.id, date: pastDay(), checkIn: '09:00', checkOut: '10:00', breakTime: 120 })).totalHours).toBe(0);
    expect((await mark({ userId: worker.id, date: pastDay(), checkIn: '09:00' })).totalHours).toBeNull();
    expect((await mark({ userId: worker.id, date: pastDay(), status: 'half_day' })).totalHours).toBeNull();
  });
});

describe('one record per employee per day', () => {
  it('answers a second record of the day with 409 and the one there', async () => {
    const worker = await newEmployee();
    const date = pastDay();
    const first = await mark({ userId: worker.id, date });
    const second = await post({ userId: worker.id, date, status: 'absent' });
    expect(second.status).toBe(409);
    expect(await json<Conflict>(second)).toEqual({ error: M.duplicate, current: first });
  });

  it('lets exactly one of 20 simultaneous marks of the same day through', async () => {
    const worker = await newEmployee();
    const date = pastDay();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => post({ userId: worker.id, date, notes: `try ${i}` })));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    const report = await get<AttendanceReport>(`/api/attendance/report?month=${date.slice(0, 7)}&userId=${worker.id}`);
    expect(report.rows).toEqual([expect.objectContaining({ present: 1, days: 1 })]);
  });
});

describe('roles', () => {
  it('lets an employee mark only themselves', async () => {
    const other = await newEmployee();
    const forbidden = await post({ userId: other.id, date: pastDay() }, employee.cookie);
    expect(forbidden.status).toBe(403);
    expect(await json<Conflict>(forbidden)).toEqual({ error: M.ownOnly });
    await mark({ userId: employee.id, date: pastDay(), checkIn: '09:30', checkOut: '17:30' }, employee.cookie);
  });

  it('lets a manager and an admin mark anyone', async () => {
    const other = await newEmployee();
    await mark({ userId: other.id, date: pastDay() }, manager.cookie);
    await mark({ userId: other.id, date: pastDay() }, admin.cookie);
  });

  it("shows an employee only their own records, and refuses someone else's", async () => {
    const other = await newEmployee();
    const date = pastDay();
    const theirs = await mark({ userId: other.id, date });
    const mine = await mark({ userId: employee.id, date }, employee.cookie);
    const page = await get<Page<AttendanceRecord>>(`/api/attendance?date=${date}`, employee.cookie);
    expect(page.items.map((record) => record.id)).toEqual([mine.id]);
    expect((await staffRequest(app, `/api/attendance?userId=${other.id}`, employee.cookie)).status).toBe(403);
    expect((await staffRequest(app, `/api/attendance/${theirs.id}`, employee.cookie)).status).toBe(403);
    expect((await put(theirs.id, editable(theirs), employee.cookie)).status).toBe(403);
    expect((await staffRequest(app, `/api/attendance/${theirs.id}`, employee.cookie, { method: 'DELETE' })).status).toBe(403);
    expect((await staffRequest(app, `/api/attendance/report?month=${date.slice(0, 7)}&userId=${other.id}`, employee.cookie)).status).toBe(403);
    expect((await staffRequest(app, `/api/attendance/report.csv?month=${date.slice(0, 7)}`, employee.cookie)).status).toBe(403);
    // A manager sees both.
    const all = await get<Page<AttendanceRecord>>(`/api/attendance?date=${date}`);
    expect(all.items.map((record) => record.id).sort()).toEqual([mine.id, theirs.id].sort());
  });

  it('lets an employee correct their own record', async () => {
    const mine = await mark({ userId: employee.id, date: pastDay(), checkIn: '09:00', checkOut: '17:00' }, employee.cookie);
    const response = await put(mine.id, { ...editable(mine), breakTime: 30 }, employee.cookie);
    expect(response.status).toBe(200);
    expect((await json<AttendanceRecord>(response)).totalHours).toBe(7.5);
  });

  it('answers 401 when signed out', async () => {
    expect((await staffRequest(app, '/api/attendance', undefined)).status).toBe(401);
    expect((await staffRequest(app, '/api/attendance/check-in', undefined, { method: 'POST', body: {} })).status).toBe(401);
  });
});

describe('the role matrix', () => {
  const ROLES = ['employee', 'manager', 'admin', 'superadmin'] as const;
  it.each(ROLES)('%s: own record always; anyone else, the report CSV and the figures for managers and above', async (role) => {
    const test = await createStaffApp(role);
    const { cookie, employee: me } = test.staff(role);
    const other = await newEmployee(test.db);
    const manages = role !== 'employee';
    const day = (n: number) => calendarDate(Date.now() - n * 86_400_000);
    const send = (path: string, method = 'GET', body?: unknown) => staffRequest(test.app, path, cookie, { method, ...(body !== undefined ? { body } : {}) });
    const status = async (path: string, method = 'GET', body?: unknown) => (await send(path, method, body)).status;
    const own = await send('/api/attendance', 'POST', { userId: me.id, date: day(2) });
    expect(own.status).toBe(201);
    const ownRecord = await json<AttendanceRecord>(own);
    expect(await status('/api/attendance', 'POST', { userId: other.id, date: day(2) })).toBe(manages ? 201 : 403);
    const others = await createAttendanceDirect(test, other.id, day(3));
    const month = day(2).slice(0, 7);
    const expected: [string, string, unknown, number][] = [
      ['/api/attendance', 'GET', undefined, 200],
      [`/api/attendance?userId=${me.id}`, 'GET', undefined, 200],
      [`/api/attendance?userId=${other.id}`, 'GET', undefined, manages ? 200 : 403],
      [`/api/attendance/${ownRecord.id}`, 'GET', undefined, 200],
      [`/api/attendance/${others.id}`, 'GET', undefined, manages ? 200 : 403],
      [`/api/attendance/${ownRecord.id}`, 'PUT', { ...editable(ownRecord), notes: 'own' }, 200],
      [`/api/attendance/${others.id}`, 'PUT', { ...editable(others), notes: 'theirs' }, manages ? 200 : 403],
      [`/api/attendance/report?month=${month}`, 'GET', undefined, 200],
      [`/api/attendance/report?month=${month}&userId=${other.id}`, 'GET', undefined, manages ? 200 : 403],
      [`/api/attendance/report.csv?month=${month}`, 'GET', undefined, manages ? 200 : 403],
      ['/api/attendance/today', 'GET', undefined, 200],
      ['/api/attendance/check-in', 'POST', {}, 201],
      ['/api/attendance/check-out?confirm=true', 'POST', undefined, 200],
      [`/api/attendance/${others.id}`, 'DELETE', undefined, manages ? 200 : 403],
      [`/api/attendance/${ownRecord.id}`, 'DELETE', undefined, 200],
    ];
    const seen: [string, string, number][] = [];
    for (const [path, method, body] of expected) {
      // Check-out needs a moment after the check-in.
      if (path.includes('check-out')) test.clock.advance(60_000);
      seen.push([method, path, await status(path, method, body)]);
    }
    expect(seen).toEqual(expected.map(([path, method, , code]) => [method, path, code]));
    // An employee's list holds only their own records; a manager's, everyone's.
    const list = await json<Page<AttendanceRecord>>(send('/api/attendance'));
    expect(list.items.every((record) => record.userId === me.id)).toBe(!manages);
    const today = await json<AttendanceToday>(send('/api/attendance/today'));
    expect(today.figures === null).toBe(!manages);
  });

  /** A record of someone else, made by the system (not through the role under test). */
  async function createAttendanceDirect(test: { db: Db }, userId: string, date: string): Promise<AttendanceRecord> {
    const result = await createAttendance(test.db, attendanceCreateSchema.validateSync({ userId, date }), { user: { name: 'Other', department: '' } }, systemContext(new Date().toISOString()));
    if (!('item' in result)) throw new Error('not created');
    return result.item;
  }
});

describe('corrections', () => {
  it('applies a PUT at the version read, recomputes hours, and refuses a stale one with the current record', async () => {
    const worker = await newEmployee();
    const record = await mark({ userId: worker.id, date: pastDay(), checkIn: '09:00', checkOut: '18:00', breakTime: 60 });
    expect(record.totalHours).toBe(8);
    const updated = await json<AttendanceRecord>(put(record.id, { ...editable(record), status: 'half_day', checkOut: '13:30', breakTime: 0 }));
    expect(updated).toMatchObject({ status: 'half_day', totalHours: 4.5, version: 2 });
    const stale = await put(record.id, { ...editable(record), notes: 'late' });
    expect(stale.status).toBe(409);
    expect(await json<Conflict>(stale)).toEqual({ error: M.stale, current: updated });
  });

  it('keeps the employee and day of a record', async () => {
    const worker = await newEmployee();
    const record = await mark({ userId: worker.id, date: pastDay() });
    expect(await fieldsOf(await put(record.id, { ...editable(record), date: pastDay() }))).toEqual({ date: M.identityFixed });
  });

  it('writes an audit entry for each create, update and delete', async () => {
    const worker = await newEmployee();
    const record = await mark({ userId: worker.id, date: pastDay(), status: 'leave', leaveType: 'sick' });
    const updated = await json<AttendanceRecord>(put(record.id, { ...editable(record), leaveType: 'emergency' }));
    const stale = await staffRequest(app, `/api/attendance/${record.id}?version=1`, manager.cookie, { method: 'DELETE' });
    expect(stale.status).toBe(409);
    const deleted = await staffRequest(app, `/api/attendance/${record.id}?version=${updated.version}`, manager.cookie, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await staffRequest(app, `/api/attendance/${record.id}`, manager.cookie)).status).toBe(404);
    const audit = await get<Page<AuditEntry>>(`/api/audit-log?entityId=${record.id}`, admin.cookie);
    expect(audit.items.map((entry) => [entry.entity, entry.action, entry.actor.id])).toEqual([
      ['Attendance', 'delete', manager.id],
      ['Attendance', 'update', manager.id],
      ['Attendance', 'create', manager.id],
    ]);
    expect(audit.items[1]!.changes).toEqual({ leaveType: { before: 'sick', after: 'emergency' } });
  });
});

describe('self check-in and check-out', () => {
  /** Moves the app's clock to `iso` and signs in again (sessions end after the idle timeout). */
  async function at(target: { app: TestApp; clock: TestClock }, iso: string, email: string) {
    target.clock.advance(Date.parse(iso) - target.clock.now());
    const { cookie } = await login(target.app, email, STAFF_PASSWORD);
    return cookie!;
  }

  it('checks in once and out once a day, with the hours from the app clock', async () => {
    const test = await createStaffApp('employee', 'manager');
    const email = test.staff('employee').employee.email;
    const day = '2031-03-10';
    let cookie = await at(test, `${day}T09:30:00+05:30`, email);
    const checkOut = () => staffRequest(test.app, '/api/attendance/check-out', cookie, { method: 'POST' });
    const notIn = await checkOut();
    expect(notIn.status).toBe(409);
    expect(await json<Conflict>(notIn)).toEqual({ error: M.notCheckedIn });

    const response = await staffRequest(test.app, '/api/attendance/check-in', cookie, { method: 'POST', body: { location: 'site', latitude: 17.385, longitude: 78.4867 } });
    expect(response.status).toBe(201);
    const record = await json<AttendanceRecord>(response);
    expect(record).toMatchObject({ date: day, status: 'present', location: 'site', coordinates: { latitude: 17.385, longitude: 78.4867 }, checkOut: null });
    // The app's clock, give or take the seconds the sign-in took.
    expect(Math.abs(Date.parse(record.checkIn!) - Date.parse(`${day}T09:30:00+05:30`))).toBeLessThan(10_000);
    const again = await staffRequest(test.app, '/api/attendance/check-in', cookie, { method: 'POST', body: {} });
    expect(again.status).toBe(409);
    expect((await json<Conflict>(again)).error).toBe(M.alreadyCheckedIn);

    const todayAnswer = await json<AttendanceToday>(staffRequest(test.app, '/api/attendance/today', cookie));
    expect(todayAnswer).toEqual({ date: day, record, figures: null });

    cookie = await at(test, `${day}T18:00:00+05:30`, email);
    const out = await checkOut();
    expect(out.status).toBe(200);
    const done = await json<AttendanceRecord>(out);
    expect(done.totalHours).toBe(8.5);
    const twice = await checkOut();
    expect(twice.status).toBe(409);
    expect((await json<Conflict>(twice)).error).toBe(M.alreadyCheckedOut);
    const report = await json<AttendanceReport>(staffRequest(test.app, '/api/attendance/report?month=2031-03', cookie));
    expect(report.rows).toEqual([expect.objectContaining({ present: 1, totalHours: 8.5, days: 1 })]);
  });

  it('checks out a night shift on the next day, and refuses a check-in over a day marked leave', async () => {
    const test = await createStaffApp('employee', 'manager');
    const email = test.staff('employee').employee.email;
    let cookie = await at(test, '2031-03-11T22:00:00+05:30', email);
    expect((await staffRequest(test.app, '/api/attendance/check-in', cookie, { method: 'POST', body: { location: 'remote' } })).status).toBe(201);
    cookie = await at(test, '2031-03-12T06:15:00+05:30', email);
    const out = await staffRequest(test.app, '/api/attendance/check-out', cookie, { method: 'POST' });
    expect(out.status).toBe(200);
    expect(await json<AttendanceRecord>(out)).toMatchObject({ date: '2031-03-11', totalHours: 8.25 });

    const leave = { userId: test.staff('employee').employee.id, date: '2031-03-13', status: 'leave', leaveType: 'casual' };
    const managerCookie = await at(test, '2031-03-12T10:00:00+05:30', test.staff('manager').employee.email);
    expect((await staffRequest(test.app, '/api/attendance', managerCookie, { method: 'POST', body: leave })).status).toBe(201);
    cookie = await at(test, '2031-03-13T09:00:00+05:30', email);
    const refused = await staffRequest(test.app, '/api/attendance/check-in', cookie, { method: 'POST', body: {} });
    expect(refused.status).toBe(409);
    expect((await json<Conflict>(refused)).error).toBe(M.duplicate);
  });

  it('takes one of 10 simultaneous check-ins and one of 10 check-outs', async () => {
    const test = await createStaffApp('employee');
    const email = test.staff('employee').employee.email;
    let cookie = await at(test, '2031-04-01T09:00:00+05:30', email);
    const ins = await Promise.all(Array.from({ length: 10 }, () => staffRequest(test.app, '/api/attendance/check-in', cookie, { method: 'POST', body: {} })));
    expect(ins.map((response) => response.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    cookie = await at(test, '2031-04-01T17:00:00+05:30', email);
    const outs = await Promise.all(Array.from({ length: 10 }, () => staffRequest(test.app, '/api/attendance/check-out', cookie, { method: 'POST' })));
    expect(outs.map((response) => response.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
  });

  it('refuses coordinates out of range and a location not on the list', async () => {
    const fields = await fieldsOf(await staffRequest(app, '/api/attendance/check-in', employee.cookie, { method: 'POST', body: { location: 'beach', latitude: 95, longitude: 200 } }));
    expect(fields).toEqual({
      location: 'Choose office, site, remote or client office',
      latitude: 'Latitude must be between -90 and 90',
      longitude: 'Longitude must be between -180 and 180',
    });
  });
});

describe("today's figures", () => {
  it('counts present, half day and on leave from the kept day counts, and absent as absent records plus active employees with no record', async () => {
    const test = await createStaffApp('manager');
    // A Thursday, after the working day's start (10:00 IST).
    test.clock.advance(Date.parse('2031-05-15T11:00:00+05:30') - test.clock.now());
    const { cookie } = await login(test.app, test.staff('manager').employee.email, STAFF_PASSWORD);
    const date = calendarDate(test.clock.now());
    const people = await Promise.all(Array.from({ length: 6 }, (_, i) => newEmployee(test.db, `Person ${i}`)));
    const marks = [
      { userId: people[0]!.id, date, status: 'present' },
      { userId: people[1]!.id, date, status: 'present' },
      { userId: people[2]!.id, date, status: 'half_day' },
      { userId: people[3]!.id, date, status: 'leave', leaveType: 'sick' },
      { userId: people[4]!.id, date, status: 'absent' },
    ];
    for (const body of marks) expect((await staffRequest(test.app, '/api/attendance', cookie, { method: 'POST', body })).status).toBe(201);
    const answer = await json<AttendanceToday>(staffRequest(test.app, '/api/attendance/today', cookie));
    // 7 active (the manager and six people), 5 marked: people[5] and the manager have no record.
    const day = { notYetIn: 0, workdayStart: '10:00', dayStarted: true, dayOff: null };
    expect(answer).toEqual({ date, record: null, figures: { present: 2, halfDay: 1, onLeave: 1, absent: 3, activeEmployees: 7, unmarked: 2, ...day } });
    // A correction moves the figures.
    const leave = await json<AttendanceRecord>(staffRequest(test.app, `/api/attendance/${attendanceId(people[3]!.id, date)}`, cookie));
    await staffRequest(test.app, `/api/attendance/${leave.id}`, cookie, { method: 'PUT', body: { ...editable(leave), status: 'present', leaveType: null } });
    await staffRequest(test.app, `/api/attendance/${attendanceId(people[4]!.id, date)}`, cookie, { method: 'DELETE' });
    const after = await json<AttendanceToday>(staffRequest(test.app, '/api/attendance/today', cookie));
    expect(after.figures).toEqual({ present: 3, halfDay: 1, onLeave: 0, absent: 3, activeEmployees: 7, unmarked: 3, ...day });
  });
});

describe('monthly report', () => {
  it('keeps days by status, leaves by type and hours exact through create, update and delete, and exports CSV', async () => {
    const test = await createStaffApp('manager');
    const cookie = test.staff('manager').cookie;
    const request = (path: string, init?: { method?: string; body?: unknown }) => staffRequest(test.app, path, cookie, init);
    const asha = await newEmployee(test.db, 'Asha Verma', 'Design');
    const vikram = await newEmployee(test.db, '=cmd Vikram', 'Sales, North');
    const month = '2026-07';
    const add = async (body: Record<string, unknown>) => {
      const response = await request('/api/attendance', { method: 'POST', body });
      expect(response.status, await response.clone().text()).toBe(201);
      return json<AttendanceRecord>(response);
    };
    await add({ userId: asha.id, date: `${month}-01`, checkIn: '09:00', checkOut: '17:45', breakTime: 30 }); // 8.25
    await add({ userId: asha.id, date: `${month}-02`, status: 'half_day', checkIn: '09:00', checkOut: '13:20' }); // 4.33
    const sick = await add({ userId: asha.id, date: `${month}-03`, status: 'leave', leaveType: 'sick' });
    const absent = await add({ userId: asha.id, date: `${month}-04`, status: 'absent' });
    await add({ userId: vikram.id, date: `${month}-01`, status: 'leave', leaveType: 'vacation' });
    await add({ userId: vikram.id, date: `${month}-31`, checkIn: '10:00', checkOut: '19:00', breakTime: 60 }); // 8
    // Another month is another report.
    await add({ userId: vikram.id, date: '2026-08-01', checkIn: '10:00', checkOut: '11:00' });

    // The sick day becomes casual; the absent day is deleted.
    expect((await request(`/api/attendance/${sick.id}`, { method: 'PUT', body: { ...editable(sick), leaveType: 'casual' } })).status).toBe(200);
    expect((await request(`/api/attendance/${absent.id}`, { method: 'DELETE' })).status).toBe(200);

    const report = await json<AttendanceReport>(request(`/api/attendance/report?month=${month}`));
    const none = { sick: 0, casual: 0, emergency: 0, vacation: 0 };
    // July 2026: 31 days, 4 Sundays, no holidays; past, so every working day counts for 'not marked'.
    const month26 = { holidays: 0, workingDays: 27 };
    expect(report).toEqual({
      month,
      workingDays: 27,
      holidays: [],
      rows: [
        { userId: vikram.id, name: '=cmd Vikram', department: 'Sales, North', present: 1, halfDay: 0, absent: 0, leave: 1, leaveByType: { ...none, vacation: 1 }, totalHours: 8, days: 2, ...month26, notMarked: 25 },
        { userId: asha.id, name: 'Asha Verma', department: 'Design', present: 1, halfDay: 1, absent: 0, leave: 1, leaveByType: { ...none, casual: 1 }, totalHours: 12.58, days: 3, ...month26, notMarked: 24 },
        // Active, with no record that month.
        { userId: test.staff('manager').employee.id, name: 'Test manager', department: '', present: 0, halfDay: 0, absent: 0, leave: 0, leaveByType: none, totalHours: 0, days: 0, ...month26, notMarked: 27 },
      ] satisfies AttendanceReportRow[],
    });
    // The kept item, not a sum at read time.
    const { Item } = await test.db.doc.send(new GetCommand({ TableName: test.db.table, Key: keys.attendanceMonth(month, asha.id) }));
    expect(Item).toMatchObject({ centiHours: 1258, present: 1, half_day: 1, absent: 0, 'leave:sick': 0, 'leave:casual': 1, records: 3 });

    const csv = await request(`/api/attendance/report.csv?month=${month}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="attendance-${month}.csv"`);
    expect((await csv.text()).split('\r\n')).toEqual([
      ATTENDANCE_CSV_COLUMNS.join(','),
      `'=cmd Vikram,"Sales, North",1,0,0,1,0,0,0,1,0,27,25,8`,
      'Asha Verma,Design,1,1,0,1,0,1,0,0,0,27,24,12.58',
      'Test manager,,0,0,0,0,0,0,0,0,0,27,27,0',
      '',
    ]);
    expect((await request('/api/attendance/report?month=2026-7')).status).toBe(400);
  });
});

describe('lists', () => {
  it('reads every filter newest date first through cursor pages', async () => {
    const test = await createStaffApp('manager');
    const cookie = test.staff('manager').cookie;
    const [a, b] = [await newEmployee(test.db, 'Anil'), await newEmployee(test.db, 'Bhavna')];
    const created: AttendanceRecord[] = [];
    for (const date of ['2026-05-30', '2026-05-31', '2026-06-01', '2026-06-02']) {
      for (const person of [a, b]) {
        const body = person === b && date === '2026-06-01' ? { userId: person.id, date, status: 'absent' } : { userId: person.id, date };
        created.push(await json<AttendanceRecord>(staffRequest(test.app, '/api/attendance', cookie, { method: 'POST', body })));
      }
    }
    const list = (query: Record<string, string>) => json<Page<AttendanceRecord>>(staffRequest(test.app, `/api/attendance?${new URLSearchParams(query)}`, cookie));
    const ids = (records: AttendanceRecord[]) => records.map((record) => record.id);
    const newestFirst = [...created].sort((x, y) => y.date.localeCompare(x.date) || x.user.name.localeCompare(y.user.name));
    expect(await readAllPages(list, {})).toEqual(ids(newestFirst));
    expect(await readAllPages(list, { month: '2026-06' })).toEqual(ids(newestFirst.filter((r) => r.date.startsWith('2026-06'))));
    expect(await readAllPages(list, { date: '2026-05-31' })).toEqual(ids(newestFirst.filter((r) => r.date === '2026-05-31')));
    expect(await readAllPages(list, { status: 'absent' })).toEqual([attendanceId(b.id, '2026-06-01')]);
    expect(await readAllPages(list, { userId: a.id, month: '2026-05' })).toEqual([attendanceId(a.id, '2026-05-31'), attendanceId(a.id, '2026-05-30')]);
    expect(await readAllPages(list, { userId: b.id, status: 'present', month: '2026-06' }, 1)).toEqual([attendanceId(b.id, '2026-06-02')]);
    expect(await readAllPages(list, { status: 'present', date: '2026-06-01' })).toEqual([attendanceId(a.id, '2026-06-01')]);
    // The search box: words of the name, within the other filters.
    expect(await readAllPages(list, { q: 'BHAV' })).toEqual(ids(newestFirst.filter((r) => r.userId === b.id)));
    expect(await readAllPages(list, { q: 'anil', month: '2026-06' }, 1)).toEqual([attendanceId(a.id, '2026-06-02'), attendanceId(a.id, '2026-06-01')]);
    expect(await readAllPages(list, { q: 'nobody' })).toEqual([]);
  });

  it('refuses a forged cursor and a cursor of another list', async () => {
    const forged = Buffer.from(JSON.stringify({ pk: 'EMPLOYEE#x', sk: 'EMPLOYEE', gsi1pk: 'EMPLOYEES', gsi1sk: 'a' })).toString('base64url');
    const response = await staffRequest(app, `/api/attendance?cursor=${forged}`, manager.cookie);
    expect(await fieldsOf(response)).toEqual({ cursor: 'cursor is not valid for these filters' });
    expect((await staffRequest(app, '/api/attendance?cursor=not-base64!', manager.cookie)).status).toBe(400);
    const worker = await newEmployee();
    await mark({ userId: worker.id, date: pastDay() });
    await mark({ userId: worker.id, date: pastDay() });
    const page = await get<Page<AttendanceRecord>>(`/api/attendance?userId=${worker.id}&limit=1`);
    expect(page.nextCursor).toBeDefined();
    // The employee's cursor replayed against every record's list.
    expect((await staffRequest(app, `/api/attendance?limit=1&cursor=${page.nextCursor}`, manager.cookie)).status).toBe(400);
  });
});

describe('hostile input', () => {
  it('refuses prototype keys, control characters, huge values and odd types with 400', async () => {
    const worker = await newEmployee();
    const date = pastDay();
    const raw = (body: string) =>
      app.request('/api/attendance', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie: manager.cookie }, body });
    expect((await raw(`{"userId":"${worker.id}","date":"${date}","__proto__":{"status":"leave"}}`)).status).toBe(400);
    expect((await raw(`{"userId":"${worker.id}","date":"${date}","constructor":{"prototype":{}}}`)).status).toBe(400);
    expect(await fieldsOf(await post({ userId: worker.id, date, notes: 'ok\u001b[31m' }))).toEqual({ notes: 'Contains characters that are not allowed' });
    expect(await fieldsOf(await post({ userId: worker.id, date, breakTime: 1e308 }))).toEqual({ breakTime: M.breakTooLong });
    expect(await fieldsOf(await post({ userId: worker.id, date, checkIn: ['09:00'] }))).toEqual({ checkIn: M.time });
    expect(await fieldsOf(await post({ userId: { $ne: null }, date }))).toEqual({ userId: M.employeeRequired });
    expect(await fieldsOf(await post({ userId: `${worker.id}#x`, date }))).toEqual({ userId: 'Choose an employee from the list' });
    expect((await post({ userId: worker.id, date, notes: 'x'.repeat(20_000) })).status).toBe(413);
    expect((await raw('[1,2]')).status).toBe(400);
    expect((await staffRequest(app, '/api/attendance?status=holiday', manager.cookie)).status).toBe(400);
    expect((await staffRequest(app, '/api/attendance/not-an-id', manager.cookie)).status).toBe(404);
    // Nothing was stored.
    expect((await get<Page<AttendanceRecord>>(`/api/attendance?userId=${worker.id}`)).items).toEqual([]);
  });
});
