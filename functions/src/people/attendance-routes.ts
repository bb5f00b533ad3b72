import { Hono, type Context } from 'hono';
import {
  ATTENDANCE_MESSAGES as M,
  attendanceCreateSchema,
  attendanceCsvFileName,
  attendanceId,
  attendanceListQuerySchema,
  attendanceReportCsv,
  attendanceReportQuerySchema,
  attendanceUpdateSchema,
  CHECK_OUT_CONFIRM_MINUTES,
  checkInSchema,
  checkOutQuerySchema,
  isWorkingStatus,
  parseAttendanceId,
  type AttendanceReport,
  type AttendanceToday,
} from '@app/shared-types/attendance';
import { calendarDate } from '@app/shared-types/format';
import { ROLES } from '@app/shared-types/auth';
import * as yup from 'yup';
import { nowIso, nowMs, requireManager, writeContext } from '../auth';
import {
  attendanceCursorKeys,
  changeAttendance,
  createAttendance,
  deleteAttendance,
  getAttendance,
  listAttendance,
  monthReport,
  todayFigures,
} from './attendance-repo';
import { getEmployee } from './employee-repo';
import { getSettings } from '../settings';
import type { AppEnv } from '../app-deps';
import { holidays } from './attendance-holidays-routes';
import { errorBody, jsonBody, limitBody, listPage, queryParams, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { access } from '../lib/route-access';

/**
 * Attendance (issue 14; PRODUCT.md roles): managers, admins and superadmins
 * mark anyone and see everyone's records; an employee marks, lists,
 * corrects and deletes only their own (403 for anyone else's), checks in
 * and out, and reads their own monthly figures. Corrections (PUT, DELETE)
 * are version-checked and audited. 'Today' is the calendar date in
 * Asia/Kolkata by the app's clock.
 */

const MANAGER_ROLES: readonly string[] = ROLES.filter((role) => role !== 'employee');
const isManager = (c: Context<AppEnv>) => MANAGER_ROLES.includes(c.var.auth.employee.role);
const selfId = (c: Context<AppEnv>) => c.var.auth.employee.id;
const today = (c: Context<AppEnv>) => calendarDate(nowMs(c));
/** The calendar date before `date`. */
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

const forbidden = (c: Context<AppEnv>) => c.json(errorBody(M.ownOnly), 403);
const notFound = (c: Context<AppEnv>) => c.json(errorBody(M.notFound), 404);

/** DELETE's optional ?version= (what the editor saw): another version gets 409. */
const deleteQuerySchema = yup.object({
  version: yup.number().typeError('version must be a number').integer('version must be a whole number').min(1, 'version must be at least 1').optional(),
});

/** The employee a record is for: name and department to copy onto it, or undefined. */
async function employeeOf(c: Context<AppEnv>, userId: string) {
  const employee = await getEmployee(c.var.deps.db, userId);
  return employee ? { name: employee.name, department: employee.department ?? '' } : undefined;
}

export const attendance = new Hono<AppEnv>()
  .route('/holidays', holidays)
  .get('/', access.staff(), queryParams(attendanceListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    if (!isManager(c)) {
      if (query.userId && query.userId !== selfId(c)) return forbidden(c);
      query.userId = selfId(c);
    }
    return listPage(c, query.cursor, attendanceCursorKeys(query), (start) => listAttendance(c.var.deps.db, query, start));
  })
  .post('/', access.staff(), limitBody(), requireJson, jsonBody(attendanceCreateSchema), async (c) => {
    const input = c.req.valid('json');
    if (!isManager(c) && input.userId !== selfId(c)) return forbidden(c);
    if (input.date > today(c) && input.status !== 'leave') return c.json(errorBody('Validation failed', { date: M.futureNotLeave }), 400);
    const user = await employeeOf(c, input.userId);
    if (!user) return c.json(errorBody('Validation failed', { userId: M.employeeMissing }), 400);
    const result = await createAttendance(c.var.deps.db, input, { user }, writeContext(c));
    if ('duplicate' in result) return c.json({ ...errorBody(M.duplicate), ...(result.duplicate ? { current: result.duplicate } : {}) }, 409);
    log.info('attendance recorded', { attendanceId: result.item.id, by: selfId(c) });
    return c.json(result.item, 201);
  })
  .post('/check-in', access.staff(), limitBody(), requireJson, jsonBody(checkInSchema), async (c) => {
    const { location, latitude, longitude, notes } = c.req.valid('json');
    const db = c.var.deps.db;
    const date = today(c);
    const userId = selfId(c);
    const now = nowIso(c);
    const coordinates = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;
    const ctx = writeContext(c);
    const existing = await getAttendance(db, attendanceId(userId, date));
    // A day a manager marked present without times: the check-in fills it.
    if (existing && isWorkingStatus(existing.status) && !existing.checkIn) {
      const result = await changeAttendance(
        db,
        existing.id,
        existing.version,
        (before) => ({ ...before, location, checkIn: now, notes: notes || before.notes, coordinates }),
        ctx,
      );
      if ('item' in result) return c.json(result.item, 201);
      return c.json(errorBody(M.alreadyCheckedIn), 409);
    }
    if (existing) return c.json({ ...errorBody(existing.checkIn ? M.alreadyCheckedIn : M.duplicate), current: existing }, 409);
    const user = { name: c.var.auth.employee.name, department: c.var.auth.employee.department ?? '' };
    const input = { userId, date, status: 'present' as const, leaveType: null, location, checkIn: now, checkOut: null, breakTime: 0, notes };
    const result = await createAttendance(db, input, { user, coordinates }, ctx);
    if ('duplicate' in result) {
      return c.json({ ...errorBody(result.duplicate?.checkIn ? M.alreadyCheckedIn : M.duplicate), ...(result.duplicate ? { current: result.duplicate } : {}) }, 409);
    }
    log.info('checked in', { attendanceId: result.item.id });
    return c.json(result.item, 201);
  })
  .post('/check-out', access.staff(), queryParams(checkOutQuerySchema), async (c) => {
    const db = c.var.deps.db;
    const userId = selfId(c);
    const nowAt = nowMs(c);
    const date = today(c);
    let record = await getAttendance(db, attendanceId(userId, date));
    if (!record) {
      // A night shift: yesterday's open check-in, within a day of it.
      const yesterday = await getAttendance(db, attendanceId(userId, dayBefore(date)));
      if (yesterday?.checkIn && !yesterday.checkOut && nowAt - Date.parse(yesterday.checkIn) <= 24 * 3_600_000) record = yesterday;
    }
    if (!record?.checkIn) return c.json(errorBody(M.notCheckedIn), 409);
    if (record.checkOut) return c.json({ ...errorBody(M.alreadyCheckedOut), current: record }, 409);
    if (nowAt <= Date.parse(record.checkIn)) return c.json(errorBody(M.checkOutAfterCheckIn), 409);
    // A second tap of 'Check out' right after checking in must not end the day: the person confirms it.
    if (nowAt - Date.parse(record.checkIn) < CHECK_OUT_CONFIRM_MINUTES * 60_000 && c.req.valid('query').confirm !== true) {
      return c.json({ ...errorBody(M.checkOutSoon), confirmRequired: true, current: record }, 422);
    }
    const checkOut = new Date(nowAt).toISOString();
    const result = await changeAttendance(db, record.id, record.version, (before) => ({ ...before, checkOut }), writeContext(c));
    if ('stale' in result) {
      const current = result.stale;
      return c.json({ ...errorBody(current.checkOut ? M.alreadyCheckedOut : M.stale), current }, 409);
    }
    if (!('item' in result)) return c.json(errorBody(M.notCheckedIn), 409);
    log.info('checked out', { attendanceId: record.id });
    return c.json(result.item, 200);
  })
  .get('/today', access.staff(), async (c) => {
    const date = today(c);
    const db = c.var.deps.db;
    const [record, figures] = await Promise.all([
      getAttendance(db, attendanceId(selfId(c), date)),
      isManager(c) ? getSettings(db).then(({ business }) => todayFigures(db, date, { nowMs: nowMs(c), workdayStart: business.workdayStart })) : null,
    ]);
    c.header('Cache-Control', 'no-store');
    return c.json({ date, record: record ?? null, figures } satisfies AttendanceToday, 200);
  })
  .get('/report', access.staff(), queryParams(attendanceReportQuerySchema), async (c) => {
    const query = c.req.valid('query');
    if (!isManager(c) && query.userId && query.userId !== selfId(c)) return forbidden(c);
    const userId = isManager(c) ? query.userId : selfId(c);
    const report = await monthReport(c.var.deps.db, query.month, { userId, today: today(c) });
    c.header('Cache-Control', 'no-store');
    return c.json(report satisfies AttendanceReport, 200);
  })
  .get('/report.csv', access.role('manager'), requireManager, queryParams(attendanceReportQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const report = await monthReport(c.var.deps.db, query.month, { userId: query.userId, today: today(c) });
    return c.body(attendanceReportCsv(report), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${attendanceCsvFileName(query.month)}"`,
      'Cache-Control': 'no-store',
    });
  })
  .get('/:id', access.staff(), async (c) => {
    const named = parseAttendanceId(c.req.param('id'));
    if (!named) return notFound(c);
    if (!isManager(c) && named.userId !== selfId(c)) return forbidden(c);
    const record = await getAttendance(c.var.deps.db, c.req.param('id'));
    if (!record) return notFound(c);
    c.header('Cache-Control', 'no-store');
    return c.json(record, 200);
  })
  .put('/:id', access.staff(), limitBody(), requireJson, jsonBody(attendanceUpdateSchema), async (c) => {
    const id = c.req.param('id');
    const named = parseAttendanceId(id);
    if (!named) return notFound(c);
    if (!isManager(c) && named.userId !== selfId(c)) return forbidden(c);
    const { version, userId, date, ...fields } = c.req.valid('json');
    const moved: Record<string, string> = {};
    if (userId !== named.userId) moved.userId = M.identityFixed;
    if (date !== named.date) moved.date = M.identityFixed;
    if (Object.keys(moved).length > 0) return c.json(errorBody('Validation failed', moved), 400);
    if (date > today(c) && fields.status !== 'leave') return c.json(errorBody('Validation failed', { date: M.futureNotLeave }), 400);
    const result = await changeAttendance(c.var.deps.db, id, version, () => fields, writeContext(c));
    if ('stale' in result) return c.json({ ...errorBody(M.stale), current: result.stale }, 409);
    if (!('item' in result)) return notFound(c);
    log.info('attendance corrected', { attendanceId: id, by: selfId(c) });
    return c.json(result.item, 200);
  })
  .delete('/:id', access.staff(), queryParams(deleteQuerySchema), async (c) => {
    const id = c.req.param('id');
    const named = parseAttendanceId(id);
    if (!named) return notFound(c);
    if (!isManager(c) && named.userId !== selfId(c)) return forbidden(c);
    const result = await deleteAttendance(c.var.deps.db, id, writeContext(c), c.req.valid('query').version);
    if ('refused' in result) return c.json({ ...errorBody(M.stale), current: result.refused }, 409);
    if (!('deleted' in result)) return notFound(c);
    log.info('attendance deleted', { attendanceId: id, by: selfId(c) });
    return c.json({ id }, 200);
  });
