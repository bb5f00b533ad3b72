import { randomInt } from 'node:crypto';
import { GetCommand, QueryCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import {
  LEAVE_TYPES,
  attendanceId,
  attendanceSchema,
  monthBounds,
  totalHours,
  type AttendanceInput,
  type AttendanceListQuery,
  type AttendanceRecord,
  type AttendanceReportRow,
  type AttendanceStatus,
  type AttendanceTodayFigures,
  type Coordinates,
  type LeaveType,
} from '@app/shared-types/attendance';
import type { Db } from '../db/client';
import { allPages, defineEntity, type CursorKeys, type ItemKey, type ListSource, type SortCondition, type WriteContext } from '../db/entity';
import { keys } from '../db/keys';
import { isTransactionCanceled, transactWrite, type TransactItem } from '../db/writes';

type Item = Record<string, NativeAttributeValue>;

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
/** Transactions lost to simultaneous writes are sent again up to this many times. */
const WRITE_ATTEMPTS = 12;

const sortOf = (record: AttendanceRecord) => keys.attendanceSort(record.date, record.user.name, record.userId);

export const attendanceEntity = defineEntity({
  type: 'Attendance',
  schema: attendanceSchema,
  key: keys.attendance,
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

/** An UpdateItem entry that ADDs `deltas` and SETs `sets`; null when there is nothing to add. */
function addUpdate(db: Db, key: ItemKey, deltas: Record<string, number>, sets: Item): TransactItem | null {
  const entries = Object.entries(deltas);
  if (entries.length === 0) return null;
  const names: Record<string, string> = {};
  const values: Item = {};
  const adds = entries.map(([name, value], i) => {
    names[`#d${i}`] = name;
    values[`:d${i}`] = value;
    return `#d${i} :d${i}`;
  });
  const setClauses = Object.entries(sets).map(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  return {
    Update: {
      TableName: db.table,
      Key: key,
      UpdateExpression: `ADD ${adds.join(', ')} SET ${setClauses.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** The figure entries when `before` becomes `after` (the same employee and day; either may be null). */
export function attendanceFigureWrites(db: Db, before: AttendanceRecord | null, after: AttendanceRecord | null): TransactItem[] {
  const record = (after ?? before)!;
  const day = addUpdate(db, keys.attendanceDay(record.date, randomInt(ATTENDANCE_DAY_SHARDS)), difference(before ? dayFigures(before) : {}, after ? dayFigures(after) : {}), {
    entityType: 'AttendanceDay',
  });
  const month = addUpdate(db, keys.attendanceMonth(record.date.slice(0, 7), record.userId), difference(before ? monthFigures(before) : {}, after ? monthFigures(after) : {}), {
    entityType: 'AttendanceMonth',
    userId: record.userId,
    name: record.user.name,
    department: record.user.department,
  });
  return [day, month].filter((write): write is TransactItem => write !== null);
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
  try {
    await transactWrite(db, [...attendanceEntity.createWrites(db, record, ctx), ...attendanceFigureWrites(db, null, record)], WRITE_ATTEMPTS);
    return { item: record };
  } catch (error) {
    if (isTransactionCanceled(error, 0)) return { duplicate: await getAttendance(db, record.id) };
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
export function changeAttendance(db: Db, id: string, expectedVersion: number | undefined, change: (before: AttendanceRecord) => AttendanceChange, ctx: WriteContext) {
  return attendanceEntity.update(
    db,
    id,
    expectedVersion,
    (before) => {
      const fields = change(before);
      return {
        ...before,
        ...fields,
        leaveType: fields.status === 'leave' ? fields.leaveType : null,
        checkIn: fields.checkIn ?? null,
        checkOut: fields.checkOut ?? null,
        totalHours: totalHours(fields.checkIn, fields.checkOut, fields.breakTime),
      };
    },
    ctx,
    { extra: (before, after) => attendanceFigureWrites(db, before, after) },
  );
}

/**
 * Deletes the record (at `expectedVersion` when given: another version is
 * `refused` with the record as it is) with its figures and audit entry.
 */
export function deleteAttendance(db: Db, id: string, ctx: WriteContext, expectedVersion?: number) {
  return attendanceEntity.remove(db, id, ctx, {
    ...(expectedVersion !== undefined
      ? { condition: { expression: '#version = :clientVersion', values: { ':clientVersion': expectedVersion }, holds: (record: AttendanceRecord) => record.version === expectedVersion } }
      : {}),
    extra: (before) => attendanceFigureWrites(db, before, null),
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

const numberOf = (value: unknown) => (typeof value === 'number' ? value : 0);

/** A day's counts by status: its shards (one small partition) added up. */
export async function dayCounts(db: Db, date: string): Promise<Record<AttendanceStatus | 'records', number>> {
  const counts = { records: 0, present: 0, absent: 0, half_day: 0, leave: 0 };
  const items = await allPages(async (start) => {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.attendanceDayPartition(date) },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    return { items: page.Items ?? [], lastKey: page.LastEvaluatedKey };
  });
  for (const item of items) for (const name of Object.keys(counts) as (keyof typeof counts)[]) counts[name] += numberOf(item[name]);
  return counts;
}

/**
 * Active employees: the staff list's partition read with only the status
 * projected (a firm has tens of people; the read is a few KB).
 */
export async function activeEmployeeCount(db: Db): Promise<number> {
  const items = await allPages(async (start) => {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.employees() },
        ExpressionAttributeNames: { '#status': 'status' },
        ProjectionExpression: '#status',
        ExclusiveStartKey: start,
      }),
    );
    return { items: page.Items ?? [], lastKey: page.LastEvaluatedKey };
  });
  return items.filter((item) => item.status === 'active').length;
}

/** Today's four cards: absent counts absent records and active employees with no record today. */
export async function todayFigures(db: Db, date: string): Promise<AttendanceTodayFigures> {
  const [counts, activeEmployees] = await Promise.all([dayCounts(db, date), activeEmployeeCount(db)]);
  const unmarked = Math.max(0, activeEmployees - counts.records);
  return { present: counts.present, absent: counts.absent + unmarked, halfDay: counts.half_day, onLeave: counts.leave, activeEmployees, unmarked };
}

function reportRow(item: Item): AttendanceReportRow {
  return {
    userId: String(item.userId ?? ''),
    name: String(item.name ?? ''),
    department: String(item.department ?? ''),
    present: numberOf(item.present),
    halfDay: numberOf(item.half_day),
    absent: numberOf(item.absent),
    leave: numberOf(item.leave),
    leaveByType: Object.fromEntries(LEAVE_TYPES.map((type) => [type, numberOf(item[leaveAttribute(type)])])) as Record<LeaveType, number>,
    totalHours: numberOf(item[CENTI_HOURS]) / 100,
    days: numberOf(item.records),
  };
}

/**
 * The month per employee from the kept figures (one Query of the month's
 * partition, or one GetItem for one employee), by name; employees with no
 * record left that month are left out.
 */
export async function monthReport(db: Db, month: string, userId?: string): Promise<AttendanceReportRow[]> {
  let items: Item[];
  if (userId) {
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.attendanceMonth(month, userId), ConsistentRead: true }));
    items = Item ? [Item] : [];
  } else {
    items = await allPages(async (start) => {
      const page = await db.doc.send(
        new QueryCommand({
          TableName: db.table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.attendanceMonthPartition(month) },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      return { items: page.Items ?? [], lastKey: page.LastEvaluatedKey };
    });
  }
  return items
    .map(reportRow)
    .filter((row) => row.days > 0)
    .sort((a, b) => a.name.localeCompare(b.name, 'en-IN') || a.userId.localeCompare(b.userId));
}
