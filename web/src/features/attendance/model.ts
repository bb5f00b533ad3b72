import type { ChipProps } from '@mui/material/Chip';
import {
  CHECK_OUT_CONFIRM_MINUTES,
  ATTENDANCE_LOCATIONS,
  ATTENDANCE_LOCATION_LABELS,
  ATTENDANCE_STATUSES,
  ATTENDANCE_STATUS_LABELS,
  ATTENDANCE_TIME_ZONE,
  DEFAULT_ATTENDANCE_LOCATION,
  DEFAULT_ATTENDANCE_STATUS,
  DEFAULT_BREAK_MINUTES,
  LEAVE_TYPES,
  LEAVE_TYPE_LABELS,
  attendanceCreateSchema,
  isMonth,
  isCalendarDate,
  isWorkingStatus,
  toInstant,
  totalHours,
  type AttendanceInput,
  type AttendanceLocation,
  type AttendanceRecord,
  type AttendanceStatus,
  type AttendanceTodayFigures,
  type LeaveType,
} from '@app/shared-types/attendance';
import { fieldMessages } from '@app/shared-types/forms';
import { ValidationError } from 'yup';
import { pickOption, searchParam } from '../../lib/url-params';

/** Pure rules of the Attendance Portal: tabs and filters in the URL, labels, and the Mark Attendance form. */

export const ATTENDANCE_PAGE_SIZE = 25;

export const ATTENDANCE_TABS = ['records', 'report', 'holidays'] as const;
export type AttendanceTab = (typeof ATTENDANCE_TABS)[number];
export const ATTENDANCE_TAB_LABELS: Record<AttendanceTab, string> = { records: 'Records', report: 'Monthly Report', holidays: 'Holidays' };

/** 'HH:MM' (24-hour) as the portal shows a time: '10:00 am'. */
export function formatClock(clock: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(clock);
  if (!match) return clock;
  const hours = Number(match[1]);
  return `${String(hours % 12 || 12).padStart(2, '0')}:${match[2]} ${hours < 12 ? 'am' : 'pm'}`;
}

/**
 * Today's second card: before the working day's start, the staff with no
 * record are 'Not yet in' (nobody is absent for it yet); after it, they count
 * as 'Absent'; on a holiday or the weekly off, only those marked absent are.
 */
export function absentCard(figures: AttendanceTodayFigures | null | undefined): { label: string; value: number | undefined; hint?: string } {
  if (!figures) return { label: 'Absent', value: undefined };
  const marked = figures.absent > 0 ? `${figures.absent} marked absent · ` : '';
  if (figures.dayOff) return { label: 'Absent', value: figures.absent, hint: `${figures.dayOff}: not a working day` };
  if (!figures.dayStarted) return { label: 'Not yet in', value: figures.notYetIn, hint: `${marked}absent counts from ${formatClock(figures.workdayStart)}` };
  return { label: 'Absent', value: figures.absent, hint: figures.unmarked > 0 ? `${figures.unmarked} not marked yet` : undefined };
}

/** Whether a check-out now needs the person's confirmation: within CHECK_OUT_CONFIRM_MINUTES of the check-in. */
export function checkOutNeedsConfirm(checkIn: string | null | undefined, nowMs: number): boolean {
  if (!checkIn) return false;
  const since = nowMs - Date.parse(checkIn);
  return since >= 0 && since < CHECK_OUT_CONFIRM_MINUTES * 60_000;
}

export function parseAttendanceTab(params: URLSearchParams): AttendanceTab {
  return pickOption(ATTENDANCE_TABS, params.get('tab')) || 'records';
}

/** The list's filters, as the URL holds them ('' when not set). */
export interface AttendanceFilters {
  q: string;
  date: string;
  status: AttendanceStatus | '';
  userId: string;
}
export type AttendanceFilterParam = keyof AttendanceFilters;

export function parseAttendanceFilters(params: URLSearchParams): AttendanceFilters {
  const date = params.get('date') ?? '';
  const userId = params.get('userId') ?? '';
  return {
    q: searchParam(params),
    date: isCalendarDate(date) ? date : '',
    status: pickOption(ATTENDANCE_STATUSES, params.get('status')),
    userId: /^[A-Za-z0-9-]{1,64}$/.test(userId) ? userId : '',
  };
}

/** The report's month (?month=YYYY-MM), this month (Asia/Kolkata) when not set. */
export function parseReportMonth(params: URLSearchParams, today: string): string {
  const month = params.get('month') ?? '';
  return isMonth(month) ? month : today.slice(0, 7);
}

export const STATUS_OPTIONS = ATTENDANCE_STATUSES.map((value) => ({ value, label: ATTENDANCE_STATUS_LABELS[value] }));
export const LEAVE_TYPE_OPTIONS = LEAVE_TYPES.map((value) => ({ value, label: LEAVE_TYPE_LABELS[value] }));
export const LOCATION_OPTIONS = ATTENDANCE_LOCATIONS.map((value) => ({ value, label: ATTENDANCE_LOCATION_LABELS[value] }));

export const STATUS_COLORS: Record<AttendanceStatus, ChipProps['color']> = {
  present: 'success',
  absent: 'error',
  half_day: 'warning',
  leave: 'info',
};

/** Hours as the portal shows them: '8.5 h', '—' for none. */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return '—';
  return `${Number(hours.toFixed(2))} h`;
}

/** A break in minutes: '45 min', '—' for none. */
export const formatBreak = (minutes: number) => (minutes > 0 ? `${minutes} min` : '—');

const clockFormat = new Intl.DateTimeFormat('en-GB', { timeZone: ATTENDANCE_TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });

/** A stored instant as the time input holds it ('HH:mm', Asia/Kolkata); '' for none. */
export function clockOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : clockFormat.format(at).replace(/^24/, '00');
}

/** The Mark Attendance form: times as the time inputs hold them ('HH:mm'), break as typed. */
export interface AttendanceFormValues {
  userId: string;
  date: string;
  status: AttendanceStatus;
  leaveType: LeaveType | '';
  location: AttendanceLocation;
  checkIn: string;
  checkOut: string;
  breakTime: string;
  notes: string;
  /** The stored times of the record edited (kept as they are when their clock is not changed: a night shift's next-day check-out). */
  savedCheckIn: string | null;
  savedCheckOut: string | null;
}

/** SPEC.md 9 defaults: present, office, no break; `userId` the employee chosen first (the signed-in employee). */
export function newAttendanceValues(date: string, userId = ''): AttendanceFormValues {
  return {
    userId,
    date,
    status: DEFAULT_ATTENDANCE_STATUS,
    leaveType: '',
    location: DEFAULT_ATTENDANCE_LOCATION,
    checkIn: '',
    checkOut: '',
    breakTime: String(DEFAULT_BREAK_MINUTES),
    notes: '',
    savedCheckIn: null,
    savedCheckOut: null,
  };
}

export function toAttendanceFormValues(record: AttendanceRecord): AttendanceFormValues {
  return {
    userId: record.userId,
    date: record.date,
    status: record.status,
    leaveType: record.leaveType ?? '',
    location: record.location,
    checkIn: clockOf(record.checkIn),
    checkOut: clockOf(record.checkOut),
    breakTime: String(record.breakTime),
    notes: record.notes,
    savedCheckIn: record.checkIn,
    savedCheckOut: record.checkOut,
  };
}

/** A time field as sent: the stored instant when its clock is unchanged, else the clock ('HH:mm', read on the date in Asia/Kolkata). */
const timeOf = (clock: string, saved: string | null) => (saved && clockOf(saved) === clock ? saved : clock);

/**
 * What the form sends: the fields a status does not have are left out (a
 * time typed before switching to leave is not sent), so the shared schema
 * checks only what applies.
 */
function inputShapeOf(values: AttendanceFormValues) {
  const working = isWorkingStatus(values.status);
  return {
    userId: values.userId,
    date: values.date,
    status: values.status,
    leaveType: values.status === 'leave' ? values.leaveType : null,
    location: values.location,
    checkIn: working ? timeOf(values.checkIn, values.savedCheckIn) : null,
    checkOut: working ? timeOf(values.checkOut, values.savedCheckOut) : null,
    breakTime: working ? values.breakTime.trim() : 0,
    notes: values.notes,
  };
}

/** The shared schema's messages for the form, by field name. */
export function attendanceFormErrors(values: AttendanceFormValues): Record<string, string> {
  try {
    attendanceCreateSchema.validateSync(inputShapeOf(values), { abortEarly: false, stripUnknown: true });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return fieldMessages(error);
    throw error;
  }
}

/** The POST/PUT body, cleaned by the shared schema (times as UTC instants, blanks as null). */
export function toAttendanceInput(values: AttendanceFormValues): AttendanceInput {
  return attendanceCreateSchema.validateSync(inputShapeOf(values), { stripUnknown: true });
}

/** The total the server will store, as the form stands (null until both times are valid). */
export function liveTotalHours(values: AttendanceFormValues): number | null {
  if (!isWorkingStatus(values.status)) return null;
  const shape = inputShapeOf(values);
  const breakMinutes = Number(shape.breakTime);
  return totalHours(toInstant(shape.checkIn, values.date), toInstant(shape.checkOut, values.date), Number.isFinite(breakMinutes) ? breakMinutes : 0);
}

/** The labels of the fields a stale save compares. */
export const ATTENDANCE_FIELD_LABELS: Record<string, string> = {
  status: 'Status',
  leaveType: 'Leave Type',
  location: 'Location',
  checkIn: 'Check-in',
  checkOut: 'Check-out',
  breakTime: 'Break (minutes)',
  notes: 'Notes',
};

/** Leaves by type as one line: 'Sick 1 · Casual 2', '—' for none. */
export function leavesLine(byType: Record<LeaveType, number>): string {
  const parts = LEAVE_TYPES.filter((type) => byType[type] > 0).map((type) => `${LEAVE_TYPE_LABELS[type]} ${byType[type]}`);
  return parts.length > 0 ? parts.join(' · ') : '—';
}

/** PRODUCT.md roles: managers, admins and superadmins mark and see anyone's attendance; an employee only their own. */
export function canMarkAnyone(role: string | undefined): boolean {
  return role === 'manager' || role === 'admin' || role === 'superadmin';
}

/** What the self-service card offers today: check in, check out, or nothing more. */
export type SelfServiceState = 'check-in' | 'check-out' | 'done' | 'marked';

export function selfServiceState(record: AttendanceRecord | null | undefined): SelfServiceState {
  if (!record) return 'check-in';
  if (!isWorkingStatus(record.status)) return 'marked';
  if (!record.checkIn) return 'check-in';
  return record.checkOut ? 'done' : 'check-out';
}
