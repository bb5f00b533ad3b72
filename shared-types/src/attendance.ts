import * as yup from 'yup';
import { csvLine } from './finance';
import { expectedVersion, multilineText, oneOfList, pageLimit, storedFields, text } from './forms';

/**
 * Attendance (SPEC.md 2 'Attendance Portal', 3, 5, 7, 8 and 9; PRODUCT.md
 * roles): one record per employee per day. The 'Mark Attendance' dialog and
 * the API validate with the same schemas; the hours formula below is the one
 * definition the server stores and the screens show.
 *
 * Times: checkIn and checkOut are instants, sent as ISO 8601 date-times with
 * a zone ('2026-11-23T09:30:00+05:30' or '...Z') and stored in UTC
 * ('2026-11-23T04:00:00.000Z'). For the dialog's time inputs, 'HH:mm' is
 * accepted too: that time on the record's date in Asia/Kolkata. They are
 * shown in Asia/Kolkata (formatAttendanceTime).
 */

/** SPEC.md 3. */
export const ATTENDANCE_STATUSES = ['present', 'absent', 'half_day', 'leave'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_STATUS_LABELS: Record<AttendanceStatus, string> = {
  present: 'Present',
  absent: 'Absent',
  half_day: 'Half Day',
  leave: 'Leave',
};

export const LEAVE_TYPES = ['sick', 'casual', 'emergency', 'vacation'] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];
export const LEAVE_TYPE_LABELS: Record<LeaveType, string> = {
  sick: 'Sick',
  casual: 'Casual',
  emergency: 'Emergency',
  vacation: 'Vacation',
};

export const ATTENDANCE_LOCATIONS = ['office', 'site', 'remote', 'client_office'] as const;
export type AttendanceLocation = (typeof ATTENDANCE_LOCATIONS)[number];
export const ATTENDANCE_LOCATION_LABELS: Record<AttendanceLocation, string> = {
  office: 'Office',
  site: 'Site',
  remote: 'Remote',
  client_office: 'Client Office',
};

/** SPEC.md 9 defaults. */
export const DEFAULT_ATTENDANCE_STATUS: AttendanceStatus = 'present';
export const DEFAULT_ATTENDANCE_LOCATION: AttendanceLocation = 'office';
export const DEFAULT_BREAK_MINUTES = 0;
/** A break longer than this is a typing mistake, not a break. */
export const MAX_BREAK_MINUTES = 720;
/** Check-out at most this long after check-in (a night shift ends the next morning; a forgotten check-out is corrected by hand). */
export const MAX_SHIFT_HOURS = 24;
/** A check-out within this many minutes of the check-in needs the person's confirmation (confirm=true). */
export const CHECK_OUT_CONFIRM_MINUTES = 5;
/** The firm's time zone: 'today' and 'HH:mm' times are Asia/Kolkata (UTC+05:30, no daylight saving). */
export const ATTENDANCE_TIME_ZONE = 'Asia/Kolkata';
const IST_OFFSET = '+05:30';

/** Statuses with working times (check-in, check-out, break). */
export const WORKING_STATUSES: readonly AttendanceStatus[] = ['present', 'half_day'];
export const isWorkingStatus = (status: unknown): boolean => WORKING_STATUSES.includes(status as AttendanceStatus);

export const ATTENDANCE_MESSAGES = {
  /** SPEC.md 8 toasts. */
  recorded: 'Attendance recorded successfully!',
  recordFailed: 'Error recording attendance',
  employeeRequired: 'Employee is required',
  dateRequired: 'Date is required',
  checkInOnlyWorking: 'Check-in applies only to present or half day',
  checkOutOnlyWorking: 'Check-out applies only to present or half day',
  breakOnlyWorking: 'Break time applies only to present or half day',
  leaveTypeRequired: 'Leave type is required for leave',
  leaveTypeOnlyLeave: 'Leave type applies only to leave',
  breakNegative: 'Break time cannot be negative',
  breakWhole: 'Break time must be whole minutes',
  breakTooLong: `Break time is at most ${MAX_BREAK_MINUTES} minutes`,
  breakNumber: 'Break time must be a number of minutes',
  time: 'Enter a time as HH:mm or an ISO date-time with a time zone',
  checkOutNeedsCheckIn: 'Check-out needs a check-in',
  checkOutAfterCheckIn: 'Check-out must be after check-in',
  shiftTooLong: `Check-out must be within ${MAX_SHIFT_HOURS} hours of check-in`,
  checkInOnDate: 'Check-in must be on the attendance date (Asia/Kolkata)',
  futureNotLeave: 'Only leave can be recorded for a future date',
  employeeMissing: 'This employee does not exist',
  identityFixed: 'The employee and date of a record cannot change. Delete it and record the right day.',
  duplicate: 'Attendance for this employee on this date is already recorded',
  ownOnly: 'You can only mark your own attendance',
  notFound: 'Attendance record not found',
  stale: 'Someone else changed this attendance record. Reload it to see their changes.',
  alreadyCheckedIn: 'You have already checked in today',
  alreadyCheckedOut: 'You have already checked out today',
  notCheckedIn: 'Check in before checking out',
  coordinatesPair: 'Send both latitude and longitude, or neither',
  /** A check-out this soon after the check-in is asked for again (a double tap must not end the day). */
  checkOutSoon: `You checked in less than ${CHECK_OUT_CONFIRM_MINUTES} minutes ago. Check out anyway?`,
} as const;

// ---------------------------------------------------------------------------
// Pure rules

/** Hours to two decimals, as stored (precision 4,2). */
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * SPEC.md 5: totalHours = check-out − check-in − break, in hours to two
 * decimals, never below 0; null unless both times are given (and parse).
 */
export function totalHours(checkIn: string | null | undefined, checkOut: string | null | undefined, breakMinutes: number | null | undefined = 0): number | null {
  if (!checkIn || !checkOut) return null;
  const from = Date.parse(checkIn);
  const to = Date.parse(checkOut);
  if (Number.isNaN(from) || Number.isNaN(to)) return null;
  const hours = (to - from - (breakMinutes ?? 0) * 60_000) / 3_600_000;
  return Math.max(0, round2(hours));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(:([0-5]\d)(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** A real calendar date ('2026-02-31' is not one). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const isMonth = (value: unknown): value is string => typeof value === 'string' && MONTH.test(value);

/**
 * A time as the API stores it: the UTC ISO string of the instant, or null.
 * 'HH:mm' is that time on `date` in Asia/Kolkata. Anything else: undefined.
 */
export function toInstant(value: unknown, date?: unknown): string | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') return undefined;
  const clock = CLOCK.exec(value.trim());
  if (clock) return isCalendarDate(date) ? new Date(`${date}T${clock[0]}:00${IST_OFFSET}`).toISOString() : undefined;
  const match = DATE_TIME.exec(value.trim());
  if (!match || !isCalendarDate(match[1])) return undefined;
  const at = new Date(value.trim());
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

const istDate = new Intl.DateTimeFormat('en-CA', { timeZone: ATTENDANCE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const istTime = new Intl.DateTimeFormat('en-IN', { timeZone: ATTENDANCE_TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: true });

/** The Asia/Kolkata calendar date of an instant. */
export const kolkataDate = (iso: string) => istDate.format(new Date(iso));

/** A stored time as the portal shows it, in Asia/Kolkata: '09:30 am'. '' for none. */
export function formatAttendanceTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : istTime.format(at);
}

/** The first and last calendar dates of a month (YYYY-MM). */
export function monthBounds(month: string): { first: string; last: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, '0')}` };
}

// ---------------------------------------------------------------------------
// Schemas

const userIdField = () =>
  yup
    .string()
    .typeError(ATTENDANCE_MESSAGES.employeeRequired)
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value))
    .required(ATTENDANCE_MESSAGES.employeeRequired)
    .max(64, 'Employee id is too long')
    .matches(/^[A-Za-z0-9-]+$/, 'Choose an employee from the list');

const dateField = () =>
  yup
    .string()
    .typeError(ATTENDANCE_MESSAGES.dateRequired)
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value))
    .required(ATTENDANCE_MESSAGES.dateRequired)
    .matches(DATE, 'Enter a date as YYYY-MM-DD')
    .test('date', 'Enter a real date', (value) => !value || !DATE.test(value) || isCalendarDate(value));

/** A time field: ISO date-time (with a zone) or 'HH:mm', stored as the UTC ISO string; null when none. */
const timeField = (onlyWorking: string) =>
  yup
    .string()
    .nullable()
    .default(null)
    .transform((value: unknown) => {
      const instant = toInstant(value);
      // 'HH:mm' was resolved against the date by the object's transform; what is left unresolved stays for the test to refuse.
      return instant === undefined ? (typeof value === 'string' ? `invalid:${value.slice(0, 20)}` : value) : instant;
    })
    .typeError(ATTENDANCE_MESSAGES.time)
    .test('time', ATTENDANCE_MESSAGES.time, (value) => value === null || value === undefined || !value.startsWith('invalid:'))
    .test('working-only', onlyWorking, function workingOnly(value) {
      return value === null || value === undefined || isWorkingStatus(this.parent.status);
    });

/** The fields the dialog and the API share (create, update). */
const recordFields = {
  userId: userIdField(),
  date: dateField(),
  status: oneOfList(ATTENDANCE_STATUSES, 'Choose present, absent, half day or leave')
    .transform((value: unknown) => (value === '' || value === null ? undefined : value))
    .default(DEFAULT_ATTENDANCE_STATUS),
  leaveType: oneOfList(LEAVE_TYPES, 'Choose sick, casual, emergency or vacation')
    .nullable()
    .transform((value: unknown) => (value === '' || value === 'none' || value === undefined ? null : value))
    .default(null)
    .test('leave-type', ATTENDANCE_MESSAGES.leaveTypeRequired, function leaveType(value) {
      const leave = this.parent.status === 'leave';
      if (leave && !value) return false;
      if (!leave && value) return this.createError({ message: ATTENDANCE_MESSAGES.leaveTypeOnlyLeave });
      return true;
    }),
  location: oneOfList(ATTENDANCE_LOCATIONS, 'Choose office, site, remote or client office')
    .transform((value: unknown) => (value === '' || value === null ? undefined : value))
    .default(DEFAULT_ATTENDANCE_LOCATION),
  checkIn: timeField(ATTENDANCE_MESSAGES.checkInOnlyWorking).test('on-date', ATTENDANCE_MESSAGES.checkInOnDate, function onDate(value) {
    const date: unknown = this.parent.date;
    return !value || value.startsWith('invalid:') || !isCalendarDate(date) || kolkataDate(value) === date;
  }),
  checkOut: timeField(ATTENDANCE_MESSAGES.checkOutOnlyWorking).test('after-check-in', ATTENDANCE_MESSAGES.checkOutAfterCheckIn, function after(value) {
    if (!value || value.startsWith('invalid:') || !isWorkingStatus(this.parent.status)) return true;
    const checkIn: unknown = this.parent.checkIn;
    if (!checkIn) return this.createError({ message: ATTENDANCE_MESSAGES.checkOutNeedsCheckIn });
    if (typeof checkIn !== 'string' || checkIn.startsWith('invalid:')) return true;
    const span = Date.parse(value) - Date.parse(checkIn);
    if (span <= 0) return false;
    return span <= MAX_SHIFT_HOURS * 3_600_000 || this.createError({ message: ATTENDANCE_MESSAGES.shiftTooLong });
  }),
  breakTime: yup
    .number()
    .transform((value: unknown, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(ATTENDANCE_MESSAGES.breakNumber)
    .integer(ATTENDANCE_MESSAGES.breakWhole)
    .min(0, ATTENDANCE_MESSAGES.breakNegative)
    .max(MAX_BREAK_MINUTES, ATTENDANCE_MESSAGES.breakTooLong)
    .default(DEFAULT_BREAK_MINUTES)
    .test('working-only', ATTENDANCE_MESSAGES.breakOnlyWorking, function workingOnly(value) {
      return !value || isWorkingStatus(this.parent.status);
    }),
  notes: multilineText().max(1000, 'Notes are too long (1000 characters at most)').default(''),
};

/** Resolves 'HH:mm' times against the record's date (Asia/Kolkata) before the fields are checked. */
function withClockTimes(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const date = typeof record.date === 'string' ? record.date.trim() : record.date;
  const resolve = (time: unknown) => (typeof time === 'string' && CLOCK.test(time.trim()) ? (toInstant(time, date) ?? time) : time);
  return { ...record, checkIn: resolve(record.checkIn), checkOut: resolve(record.checkOut) };
}

/**
 * POST /api/attendance (the 'Mark Attendance' dialog). totalHours is not
 * taken from the client: the server computes it (totalHours above).
 */
export const attendanceCreateSchema = yup.object(recordFields).transform(withClockTimes);
export type AttendanceInput = yup.InferType<typeof attendanceCreateSchema>;

/**
 * PUT /api/attendance/:id: a correction, every field plus the version the
 * editor saw (a stale one gets 409). userId and date are the record's
 * identity (one per employee per day): they must be the record's own.
 */
export const attendanceUpdateSchema = yup.object({ ...recordFields, version: expectedVersion() }).transform(withClockTimes);
export type AttendanceUpdateInput = yup.InferType<typeof attendanceUpdateSchema>;

const optionalMonth = () =>
  yup
    .string()
    .transform((value: unknown) => (value === '' ? undefined : value))
    .matches(MONTH, 'Enter a month as YYYY-MM')
    .optional();

/**
 * GET /api/attendance: newest date first. Filters combine: date or month
 * bounds the dates, userId the employee, status the status, q the name.
 * Employees see only their own records whatever they send.
 */
export const attendanceListQuerySchema = yup.object({
  /** The screen's search box: every word in the employee's name or department (within the other filters). */
  q: text().max(100, 'Search is too long').optional(),
  date: yup
    .string()
    .transform((value: unknown) => (value === '' ? undefined : value))
    .test('date', 'Enter a real date as YYYY-MM-DD', (value) => value === undefined || isCalendarDate(value))
    .optional(),
  month: optionalMonth().test('month-of-date', 'The date is not in this month', function monthOfDate(value) {
    const date: unknown = this.parent.date;
    return !value || typeof date !== 'string' || date.startsWith(`${value}-`);
  }),
  userId: yup
    .string()
    .transform((value: unknown) => (value === '' ? undefined : value))
    .max(64, 'Employee id is too long')
    .matches(/^[A-Za-z0-9-]+$/, 'Choose an employee from the list')
    .optional(),
  status: yup
    .mixed<AttendanceStatus>()
    .transform((value: unknown) => (value === '' || value === 'all' ? undefined : value))
    .oneOf([...ATTENDANCE_STATUSES], 'Unknown status')
    .optional(),
  limit: pageLimit(50),
  cursor: yup.string().max(2048).optional(),
});
export type AttendanceListQuery = yup.InferType<typeof attendanceListQuerySchema>;

/** GET /api/attendance/report(.csv): one month, optionally one employee. */
export const attendanceReportQuerySchema = yup.object({
  month: yup
    .string()
    .transform((value: unknown) => (value === '' ? undefined : value))
    .required('Month is required')
    .matches(MONTH, 'Enter a month as YYYY-MM'),
  userId: yup
    .string()
    .transform((value: unknown) => (value === '' ? undefined : value))
    .max(64, 'Employee id is too long')
    .matches(/^[A-Za-z0-9-]+$/, 'Choose an employee from the list')
    .optional(),
});
export type AttendanceReportQuery = yup.InferType<typeof attendanceReportQuerySchema>;

const coordinate = (label: string, limit: number) =>
  yup
    .number()
    .transform((value: unknown, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(`${label} must be a number`)
    .min(-limit, `${label} must be between -${limit} and ${limit}`)
    .max(limit, `${label} must be between -${limit} and ${limit}`)
    .optional();

/**
 * POST /api/attendance/check-in: where the employee works today and,
 * with the browser's permission, its coordinates (both or neither).
 */
export const checkInSchema = yup.object({
  location: oneOfList(ATTENDANCE_LOCATIONS, 'Choose office, site, remote or client office')
    .transform((value: unknown) => (value === '' || value === null ? undefined : value))
    .default(DEFAULT_ATTENDANCE_LOCATION),
  latitude: coordinate('Latitude', 90).test('pair', ATTENDANCE_MESSAGES.coordinatesPair, function pair(value) {
    return (value === undefined) === (this.parent.longitude === undefined);
  }),
  longitude: coordinate('Longitude', 180),
  notes: multilineText().max(1000, 'Notes are too long (1000 characters at most)').default(''),
});
export type CheckInInput = yup.InferType<typeof checkInSchema>;

/** POST /api/attendance/check-out?confirm=true: a check-out within CHECK_OUT_CONFIRM_MINUTES of the check-in needs it. */
export const checkOutQuerySchema = yup.object({
  confirm: yup.boolean().typeError('confirm must be true or false').optional(),
});

/** Where a check-in was made, when the browser shared it. */
export const coordinatesSchema = yup
  .object({ latitude: yup.number().required(), longitude: yup.number().required() })
  .nullable()
  .default(null);
export type Coordinates = { latitude: number; longitude: number };

/**
 * A record as stored and as the API returns it: the fields, the employee's
 * name and department copied at the time (for the list), the computed
 * totalHours, the check-in coordinates, id, timestamps and version. The id
 * is `<userId>-<date>`: the key itself makes a second record of the day
 * impossible.
 */
export const attendanceSchema = yup.object({
  userId: yup.string().required(),
  date: yup.string().required(),
  user: yup.object({ name: yup.string().defined().default(''), department: yup.string().defined().default('') }).required(),
  status: yup.mixed<AttendanceStatus>().oneOf([...ATTENDANCE_STATUSES]).required(),
  leaveType: yup.mixed<LeaveType>().oneOf([...LEAVE_TYPES]).nullable().default(null),
  location: yup.mixed<AttendanceLocation>().oneOf([...ATTENDANCE_LOCATIONS]).default(DEFAULT_ATTENDANCE_LOCATION),
  checkIn: yup.string().nullable().default(null),
  checkOut: yup.string().nullable().default(null),
  breakTime: yup.number().integer().default(0),
  totalHours: yup.number().nullable().default(null),
  notes: yup.string().defined().default(''),
  coordinates: coordinatesSchema,
  /** Who recorded it (the employee themselves for a check-in). */
  recordedBy: yup.string().defined().default(''),
  ...storedFields,
});
export type AttendanceRecord = yup.InferType<typeof attendanceSchema>;

/** The record's id: one per employee per day. */
export const attendanceId = (userId: string, date: string) => `${userId}-${date}`;
/** What an id names: the date is its last 10 characters. Undefined when it is not a record id. */
export function parseAttendanceId(id: string): { userId: string; date: string } | undefined {
  if (id.length < 12 || id.length > 75 || id[id.length - 11] !== '-') return undefined;
  const userId = id.slice(0, -11);
  const date = id.slice(-10);
  return /^[A-Za-z0-9-]+$/.test(userId) && isCalendarDate(date) ? { userId, date } : undefined;
}

// ---------------------------------------------------------------------------
// Answers

/** Today's four cards (managers and above): absent = absent records plus active employees with no record today. */
export interface AttendanceTodayFigures {
  present: number;
  absent: number;
  halfDay: number;
  onLeave: number;
  /** Active employees (the base of the absent figure). */
  activeEmployees: number;
  /** Active employees with no record today (counted as absent once the working day has started). */
  unmarked: number;
  /** Before the working day's start (Settings > Business), active employees with no record yet; 0 after it. */
  notYetIn: number;
  /** The working day's start, 'HH:MM' in Asia/Kolkata (Settings > Business > workdayStart). */
  workdayStart: string;
  /** Whether the working day has started: only then are the unmarked counted absent. */
  dayStarted: boolean;
  /** Today's holiday name or the weekly off ('Sunday'), when today is not a working day (nobody unmarked is absent then); else null. */
  dayOff: string | null;
}

/** GET /api/attendance/today. */
export interface AttendanceToday {
  /** Today in Asia/Kolkata. */
  date: string;
  /** The signed-in person's record today, or null. */
  record: AttendanceRecord | null;
  /** null for employees. */
  figures: AttendanceTodayFigures | null;
}

/** One employee's month (GET /api/attendance/report). */
export interface AttendanceReportRow {
  userId: string;
  name: string;
  department: string;
  present: number;
  halfDay: number;
  absent: number;
  leave: number;
  leaveByType: Record<LeaveType, number>;
  /** Sum of the records' totalHours, two decimals. */
  totalHours: number;
  /** Records this month. */
  days: number;
  /** The firm's holidays this month on working weekdays (the same for everyone). */
  holidays: number;
  /** The month's working days: its days less weekly offs and holidays. */
  workingDays: number;
  /** Working days up to today (or the month's end) with no record for this employee. */
  notMarked: number;
}

export interface AttendanceReport {
  month: string;
  /** The month's working days (less weekly offs and holidays). */
  workingDays: number;
  /** The month's holidays, by date. */
  holidays: { date: string; name: string }[];
  /** Every active employee, and anyone else with a record this month, by name. */
  rows: AttendanceReportRow[];
}

/** The monthly report's CSV. */
export const ATTENDANCE_CSV_COLUMNS = [
  'Employee',
  'Department',
  'Present',
  'Half Day',
  'Absent',
  'Leave',
  ...LEAVE_TYPES.map((type) => `${LEAVE_TYPE_LABELS[type]} Leave`),
  'Holidays',
  'Working Days',
  'Not Marked',
  'Total Hours',
] as const;

/** 'attendance-2026-11.csv'. */
export const attendanceCsvFileName = (month: string) => `attendance-${month}.csv`;

/** The report as CSV text (header, one line per row; formula-safe cells). */
export function attendanceReportCsv(report: AttendanceReport): string {
  const lines = [csvLine(ATTENDANCE_CSV_COLUMNS)];
  for (const row of report.rows) {
    lines.push(
      csvLine([row.name, row.department, row.present, row.halfDay, row.absent, row.leave, ...LEAVE_TYPES.map((type) => row.leaveByType[type]), row.holidays, row.workingDays, row.notMarked, row.totalHours]),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
