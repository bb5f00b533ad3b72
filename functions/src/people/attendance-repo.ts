import * as yup from 'yup';
import {
  LEAVE_TYPES,
  attendanceId,
  attendanceSchema,
  monthBounds,
  totalHours,
  type AttendanceInput,
  type AttendanceListQuery,
  type AttendanceRecord,
  type AttendanceReport,
  type AttendanceReportRow,
  type AttendanceStatus,
  type AttendanceTodayFigures,
  type Coordinates,
  type LeaveType,
} from '@app/shared-types/attendance';
import { formatDate } from '@app/shared-types/format';
import { WEEKLY_OFF_LABEL, isWeeklyOff, workingDays } from '@app/shared-types/holidays';
import type { Db } from '../db/client';
import { allPages, defineEntity, type CursorKeys, type ItemKey, type ListSource, type SortCondition, type WriteContext } from '../db/entity';
import { defineItem } from '../db/item';
import { keys } from '../db/keys';
import { AGAIN, plan, PlanConditionFailed, rounds, type Figure, type ShardedFigure, type WritePlan } from '../db/plan';
import { getHoliday, monthHolidays } from './attendance-holidays';
import { employeeEntity, getEmployee } from './employee-repo';

/**
 * Attendance records (issue 14, SPEC.md 3 'Attendance'). A record's id is
 * `<userId>-<date>`, so its key allows one record per employee per day: a
 * second create fails its attribute_not_exists condition. Every write moves,
 * in the same DynamoDB transaction, the figures kept from records: the day's
 * counts by status (today's cards) and the employee's month (the monthly
 * report: days by status, leaves by type, hours), so neither is ever summed
 * over records at read time.
 *
 * Lists: gsi1 holds every record, gsi2 an employee's, gsi3 a status's, all
 * sorted newest date first then by name; a date or a month is a sort-key
 * range of any of them, so every filter is one Query.
 */

/** Shards of a day's counts: check-ins arriving together seldom meet on one item. */
export const ATTENDANCE_DAY_SHARDS = 4;

const sortOf = (record: AttendanceRecord) => keys.attendanceSort(record.date, record.user.name, record.userId);

export const attendanceEntity = defineEntity({
  type: 'Attendance',
  schema: attendanceSchema,
  key: keys.attendance,
  partition: 'ATTENDANCE#*',
  title: (record) => `${record.user.name}, ${formatDate(record.date, 'short')}`,
  indexes: {
    gsi1: (record) => ({ pk: keys.attendanceAll(), sk: sortOf(record) }),
    gsi2: (record) => ({ pk: keys.attendanceByUser(record.userId), sk: sortOf(record) }),
    gsi3: (record) => ({ pk: keys.attendanceByStatus(record.status), sk: sortOf(record) }),
  },
  patterns: {
    all: { index: 'gsi1', partition: () => keys.attendanceAll() },
    byUser: { index: 'gsi2', partition: ({ userId }: { userId: string }) => keys.attendanceByUser(userId) },
    byStatus: { index: 'gsi3', partition: ({ status }: { status: AttendanceStatus }) => keys.attendanceByStatus(status) },
  },
});

export const getAttendance = (db: Db, id: string) => attendanceEntity.get(db, id, true);

// ---------------------------------------------------------------------------
// Kept figures

/** Attribute of a month item holding the leaves of one type. */
const leaveAttribute = (type: LeaveType) => `leave:${type}`;
/** Hours are kept in hundredths: whole numbers add up exactly. */
const CENTI_HOURS = 'centiHours';

function dayFigures(record: AttendanceRecord): Record<string, number> {
  return { records: 1, [record.status]: 1 };
}

function monthFigures(record: AttendanceRecord): Record<string, number> {
  const figures: Record<string, number> = { records: 1, [record.status]: 1 };
  if (record.status === 'leave' && record.leaveType) figures[leaveAttribute(record.leaveType)] = 1;
  if (record.totalHours !== null) figures[CENTI_HOURS] = Math.round(record.totalHours * 100);
  return figures;
}

function difference(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const deltas: Record<string, number> = {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const delta = (after[name] ?? 0) - (before[name] ?? 0);
    if (delta !== 0) deltas[name] = delta;
  }
  return deltas;
}

const countField = () => yup.number().default(0);

/** A shard of a day's counts by status (today's cards). */
export const attendanceDayKind = defineItem({
  type: 'AttendanceDay',
  schema: yup.object({ records: countField(), present: countField(), absent: countField(), half_day: countField(), leave: countField() }),
  key: (date: string, shard: number) => keys.attendanceDay(date, shard),
  partition: 'ATTENDANCEDAY#*',
});

/** An employee's month (the monthly report): days by status, leaves by type, hours in hundredths. */
export const attendanceMonthKind = defineItem({
  type: 'AttendanceMonth',
  schema: yup.object({
    userId: yup.string().default(''),
    name: yup.string().default(''),
    department: yup.string().default(''),
    records: countField(),
    present: countField(),
    absent: countField(),
    half_day: countField(),
    leave: countField(),
    [CENTI_HOURS]: countField(),
    ...Object.fromEntries(LEAVE_TYPES.map((type) => [leaveAttribute(type), countField()])),
  }),
  key: (month: string, userId: string) => keys.attendanceMonth(month, userId),
  partition: 'ATTENDANCEMONTH#*',
});

/** The day's counts: spread over ATTENDANCE_DAY_SHARDS items. */
const dayFigure = (date: string): ShardedFigure => ({
  type: attendanceDayKind.type,
  shards: ATTENDANCE_DAY_SHARDS,
  key: (shard) => attendanceDayKind.key(date, shard),
  sets: { entityType: attendanceDayKind.type },
});

/** The employee's month, named for the report. */
const monthFigure = (record: AttendanceRecord): Figure => ({
  type: attendanceMonthKind.type,
  key: attendanceMonthKind.key(record.date.slice(0, 7), record.userId),
  sets: { entityType: attendanceMonthKind.type, userId: record.userId, name: record.user.name, department: record.user.department },
});

/** Adds to a plan how the figures move when `before` becomes `after` (the same employee and day; either may be null). */
export function addAttendanceFigures(p: WritePlan, before: AttendanceRecord | null, after: AttendanceRecord | null): void {
  const record = after ?? before;
  if (!record) return;
  p.add(dayFigure(record.date), difference(before ? dayFigures(before) : {}, after ? dayFigures(after) : {}));
  p.add(monthFigure(record), difference(before ? monthFigures(before) : {}, after ? monthFigures(after) : {}));
}

// ---------------------------------------------------------------------------
// Writes

export interface RecordOptions {
  /** The employee's name and department, copied onto the record for the list. */
  user: { name: string; department: string };
  coordinates?: Coordinates | null;
}

/** The record `input` describes, with the computed totalHours. */
function recordOf(input: AttendanceInput, options: RecordOptions, ctx: WriteContext): AttendanceRecord {
  return {
    userId: input.userId,
    date: input.date,
    user: options.user,
    status: input.status,
    leaveType: input.status === 'leave' ? input.leaveType : null,
    location: input.location,
    checkIn: input.checkIn ?? null,
    checkOut: input.checkOut ?? null,
    breakTime: input.breakTime,
    totalHours: totalHours(input.checkIn, input.checkOut, input.breakTime),
    notes: input.notes,
    coordinates: options.coordinates ?? null,
    recordedBy: ctx.actor.id,
    id: attendanceId(input.userId, input.date),
    createdAt: ctx.now,
    updatedAt: ctx.now,
    version: 1,
  };
}

/** Creates the day's record with its figures and audit entry; `{ duplicate }` (the record there) when the day has one. */
export async function createAttendance(
  db: Db,
  input: AttendanceInput,
  options: RecordOptions,
  ctx: WriteContext,
): Promise<{ item: AttendanceRecord } | { duplicate: AttendanceRecord | undefined }> {
  const record = recordOf(input, options, ctx);
  const p = plan(db, ctx);
  attendanceEntity.planCreate(p, 'attendance', record);
  addAttendanceFigures(p, null, record);
  try {
    await p.commit();
    return { item: record };
  } catch (error) {
    if (error instanceof PlanConditionFailed && error.has('attendance')) return { duplicate: await getAttendance(db, record.id) };
    throw error;
  }
}

/** The fields a correction may change (the employee and the day are the record's identity). */
export type AttendanceChange = Pick<AttendanceInput, 'status' | 'leaveType' | 'location' | 'checkIn' | 'checkOut' | 'breakTime' | 'notes'> & { coordinates?: Coordinates | null };

/**
 * Applies `change` to the record at `expectedVersion` (undefined: as read,
 * retried while others write) with its figures and audit entry; totalHours
 * follows the times.
 */
export function changeAttendance(
  db: Db,
  id: string,
  expectedVersion: number | undefined,
  change: (before: AttendanceRecord) => AttendanceChange,
  ctx: WriteContext,
): Promise<{ item: AttendanceRecord } | { notFound: true } | { stale: AttendanceRecord }> {
  return rounds(attendanceEntity.type, async () => {
    const before = await getAttendance(db, id);
    if (!before) return { notFound: true };
    if (expectedVersion !== undefined && before.version !== expectedVersion) return { stale: before };
    const fields = change(before);
    const after: AttendanceRecord = {
      ...before,
      ...fields,
      leaveType: fields.status === 'leave' ? fields.leaveType : null,
      checkIn: fields.checkIn ?? null,
      checkOut: fields.checkOut ?? null,
      totalHours: totalHours(fields.checkIn, fields.checkOut, fields.breakTime),
      id,
      createdAt: before.createdAt,
      updatedAt: ctx.now,
      version: before.version + 1,
    };
    if (sameContent(before, after)) return { item: before };
    const p = plan(db, ctx);
    attendanceEntity.planUpdate(p, 'attendance', before, after);
    addAttendanceFigures(p, before, after);
    try {
      await p.commit();
      return { item: after };
    } catch (error) {
      if (!(error instanceof PlanConditionFailed)) throw error;
      // Changed (or gone) since the read: a caller who named a version hears so; others read again.
      if (expectedVersion === undefined) return AGAIN;
      const current = await getAttendance(db, id);
      return current ? { stale: current } : { notFound: true };
    }
  });
}

/** The fields of a record an edit compares (what the audit entry would report). */
const sameContent = (a: AttendanceRecord, b: AttendanceRecord) => {
  const strip = ({ updatedAt: _u, version: _v, ...rest }: AttendanceRecord) => rest;
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
};

/**
 * Deletes the record (at `expectedVersion` when given: another version is
 * `refused` with the record as it is) with its figures and audit entry.
 */
export function deleteAttendance(
  db: Db,
  id: string,
  ctx: WriteContext,
  expectedVersion?: number,
): Promise<{ deleted: AttendanceRecord } | { notFound: true } | { refused: AttendanceRecord }> {
  return rounds(attendanceEntity.type, async () => {
    const before = await getAttendance(db, id);
    if (!before) return { notFound: true };
    if (expectedVersion !== undefined && before.version !== expectedVersion) return { refused: before };
    const p = plan(db, ctx);
    attendanceEntity.planDelete(p, 'attendance', before);
    addAttendanceFigures(p, before, null);
    try {
      await p.commit();
      return { deleted: before };
    } catch (error) {
      // Changed or gone since the read: read again (gone or another version is the answer then).
      if (error instanceof PlanConditionFailed) return AGAIN;
      throw error;
    }
  });
}

// ---------------------------------------------------------------------------
// Lists

type ListQuery = Pick<AttendanceListQuery, 'date' | 'month' | 'userId' | 'status' | 'q'>;

/** The dates a query reads as a range of the lists' sort key (newest first: the last date's key is the smallest). */
function dateRange(query: Pick<ListQuery, 'date' | 'month'>): SortCondition | undefined {
  const bounds = query.date ? { first: query.date, last: query.date } : query.month ? monthBounds(query.month) : undefined;
  if (!bounds) return undefined;
  // Every key starts with the 8-digit inverted date: from the last day's up to (not including) the day before the first's.
  const upper = String(Number(keys.attendanceSort(bounds.first, '', '').slice(0, 8)) + 1).padStart(8, '0');
  return { between: [keys.attendanceSort(bounds.last, '', '').slice(0, 8), upper] };
}

/** The partition a query reads: the employee's, else the status's, else every record's. */
function listOf(query: ListQuery): ListSource {
  if (query.userId) return attendanceEntity.source('byUser', { userId: query.userId });
  if (query.status) return attendanceEntity.source('byStatus', { status: query.status });
  return attendanceEntity.source('all', {});
}

export const attendanceCursorKeys = (query: Omit<ListQuery, 'q'>): CursorKeys => attendanceEntity.cursorKeys(listOf(query), undefined, false, dateRange(query));

/** Whether every word of `q` is in the record's employee name or department (any case). */
function matchesName(record: AttendanceRecord, q: string): boolean {
  const text = `${record.user.name} ${record.user.department}`.normalize('NFC').toLowerCase();
  return q
    .normalize('NFC')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

/**
 * One page of records, newest date first, then by name. The partition and
 * its sort-key range answer the filters; a status with an employee, and a
 * name search, filter the range read (a firm's day is tens of records; a
 * filtered page reads at most the entity layer's budget and says where to go on).
 */
export function listAttendance(db: Db, query: ListQuery & { limit: number }, start?: ItemKey): Promise<{ items: AttendanceRecord[]; lastKey?: ItemKey }> {
  const byStatus = query.userId && query.status ? query.status : undefined;
  const q = query.q?.trim();
  const where = byStatus || q ? (record: AttendanceRecord) => (!byStatus || record.status === byStatus) && (!q || matchesName(record, q)) : undefined;
  return attendanceEntity.list(db, listOf(query), { limit: query.limit, start, sk: dateRange(query), where });
}

// ---------------------------------------------------------------------------
// Figures


/** A day's counts by status: its shards (one small partition) added up. */
export async function dayCounts(db: Db, date: string): Promise<Record<AttendanceStatus | 'records', number>> {
  const counts = { records: 0, present: 0, absent: 0, half_day: 0, leave: 0 };
  const shards = await allPages((start) => attendanceDayKind.query(db, { pk: keys.attendanceDayPartition(date), consistent: true, start }));
  for (const shard of shards) {
    counts.records += shard.records;
    counts.present += shard.present;
    counts.absent += shard.absent;
    counts.half_day += shard.half_day;
    counts.leave += shard.leave;
  }
  return counts;
}

/** The active employees' ids, names and departments: the staff list's partition read with those fields projected (a firm has tens of people; a few KB). */
async function activeEmployees(db: Db): Promise<{ id: string; name: string; department: string }[]> {
  const items = await allPages((start) => employeeEntity.queryFields(db, employeeEntity.source('byName', {}), ['id', 'name', 'department', 'status'], { limit: 1000, start }));
  return items.filter((item) => item.status === 'active').map((item) => ({ id: item.id, name: item.name, department: item.department ?? '' }));
}

/** The instant the working day `date` starts: `workdayStart` ('HH:MM') in Asia/Kolkata. */
const dayStartMs = (date: string, workdayStart: string) => Date.parse(`${date}T${workdayStart}:00+05:30`);

/**
 * Today's four cards. Present, half day and on leave come from the kept day
 * counts. Absent counts the absent records, and the active employees with no
 * record once the working day has started (`workdayStart`, Asia/Kolkata) on a
 * working day; before then they are 'not yet in', and on a holiday or the
 * weekly off nobody unmarked is absent.
 */
export async function todayFigures(db: Db, date: string, options: { nowMs: number; workdayStart: string }): Promise<AttendanceTodayFigures> {
  const [counts, staff, holiday] = await Promise.all([dayCounts(db, date), activeEmployees(db), isWeeklyOff(date) ? undefined : getHoliday(db, date)]);
  const unmarked = Math.max(0, staff.length - counts.records);
  const dayOff = isWeeklyOff(date) ? WEEKLY_OFF_LABEL : (holiday?.name ?? null);
  const dayStarted = options.nowMs >= dayStartMs(date, options.workdayStart);
  const counted = dayStarted && dayOff === null ? unmarked : 0;
  return {
    present: counts.present,
    absent: counts.absent + counted,
    halfDay: counts.half_day,
    onLeave: counts.leave,
    activeEmployees: staff.length,
    unmarked,
    notYetIn: !dayStarted && dayOff === null ? unmarked : 0,
    workdayStart: options.workdayStart,
    dayStarted,
    dayOff,
  };
}

type MonthItem = ReturnType<typeof attendanceMonthKind.parse>;

const NO_LEAVE: Record<LeaveType, number> = { sick: 0, casual: 0, emergency: 0, vacation: 0 };

function reportRow(item: MonthItem): Omit<AttendanceReportRow, 'holidays' | 'workingDays' | 'notMarked'> {
  // The leave counts are parsed as numbers with the rest (the schema has a field per type, named by leaveAttribute).
  const counts: Record<string, unknown> = item;
  const leaveByType: Record<LeaveType, number> = { ...NO_LEAVE };
  for (const type of LEAVE_TYPES) leaveByType[type] = Number(counts[leaveAttribute(type)] ?? 0);
  return {
    userId: item.userId,
    name: item.name,
    department: item.department,
    present: item.present,
    halfDay: item.half_day,
    absent: item.absent,
    leave: item.leave,
    leaveByType,
    totalHours: item[CENTI_HOURS] / 100,
    days: item.records,
  };
}

/**
 * The month per employee: every active employee (those with no record too)
 * and anyone else with a record that month, by name. Figures come from the
 * kept month items (one Query of the month's partition, or one GetItem for
 * one employee), the holidays from one Query of the month's range; working
 * days are the month's days less the weekly off and the holidays, and
 * `notMarked` the working days up to `today` without a record.
 */
export async function monthReport(db: Db, month: string, options: { today: string; userId?: string }): Promise<AttendanceReport> {
  const { userId, today } = options;
  const [items, staff, holidays] = await Promise.all([
    userId
      ? attendanceMonthKind.get(db, [month, userId]).then((item) => (item ? [item] : []))
      : allPages((start) => attendanceMonthKind.query(db, { pk: keys.attendanceMonthPartition(month), consistent: true, start })),
    userId ? getEmployee(db, userId).then((one) => (one?.status === 'active' ? [{ id: one.id, name: one.name, department: one.department ?? '' }] : [])) : activeEmployees(db),
    monthHolidays(db, month),
  ]);
  const offDates = holidays.filter((holiday) => !isWeeklyOff(holiday.date)).map((holiday) => holiday.date);
  const working = workingDays(month, offDates);
  const soFar = workingDays(month, offDates, today);
  const rows = new Map<string, Omit<AttendanceReportRow, 'holidays' | 'workingDays' | 'notMarked'>>();
  for (const item of items) {
    const row = reportRow(item);
    if (row.days > 0) rows.set(row.userId, row);
  }
  for (const person of staff) {
    const row = rows.get(person.id);
    // The current name and department (a record copies the ones of its day).
    if (row) rows.set(person.id, { ...row, name: person.name, department: person.department });
    else rows.set(person.id, { userId: person.id, name: person.name, department: person.department, present: 0, halfDay: 0, absent: 0, leave: 0, leaveByType: { ...NO_LEAVE }, totalHours: 0, days: 0 });
  }
  return {
    month,
    workingDays: working,
    holidays: holidays.map(({ date, name }) => ({ date, name })),
    rows: [...rows.values()]
      .map((row) => ({ ...row, holidays: offDates.length, workingDays: working, notMarked: Math.max(0, soFar - row.days) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en-IN') || a.userId.localeCompare(b.userId)),
  };
}
