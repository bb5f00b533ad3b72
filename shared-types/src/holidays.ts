import * as yup from 'yup';
import { expectedVersion, pageLimit, storedFields, text } from './forms';

/**
 * The firm's holidays (issue 25): a date and a name, entered by admins in the
 * Attendance screen's Holidays list. The monthly report counts working days
 * without them and without the weekly off. A holiday's id is its date: one a day.
 */

/** The firm's weekly off (SPEC.md 2 Contact: business hours Mon-Sat, Sunday by appointment). 0 is Sunday. */
export const WEEKLY_OFF_DAYS: readonly number[] = [0];
export const WEEKLY_OFF_LABEL = 'Sunday';

export const HOLIDAY_MESSAGES = {
  nameRequired: 'Holiday name is required',
  dateRequired: 'Date is required',
  date: 'Enter a real date as YYYY-MM-DD',
  taken: 'A holiday on this date is already in the list',
  notFound: 'Holiday not found',
  stale: 'Someone else changed this holiday. Reload it to see their changes.',
  created: 'Holiday added',
  updated: 'Holiday updated',
  deleted: 'Holiday deleted',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (value: string) => DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

const holidayFields = {
  date: text()
    .required(HOLIDAY_MESSAGES.dateRequired)
    .test('date', HOLIDAY_MESSAGES.date, (value) => !value || isRealDate(value)),
  name: text().required(HOLIDAY_MESSAGES.nameRequired).max(100, 'Holiday name is too long (100 characters at most)'),
};

/** POST /api/attendance/holidays. */
export const holidayCreateSchema = yup.object(holidayFields);
export type HolidayInput = yup.InferType<typeof holidayCreateSchema>;
/** PUT /api/attendance/holidays/:date: the name (the date is the holiday's identity). */
export const holidayUpdateSchema = yup.object({ name: holidayFields.name, version: expectedVersion() });
export type HolidayUpdateInput = yup.InferType<typeof holidayUpdateSchema>;
export const holidaySchema = yup.object({ ...holidayFields, ...storedFields });
export type Holiday = yup.InferType<typeof holidaySchema>;

/** GET /api/attendance/holidays: by date; `year` (YYYY) bounds it. */
export const holidayListQuerySchema = yup.object({
  year: yup
    .string()
    .transform((value: unknown) => (value === '' ? undefined : value))
    .matches(/^\d{4}$/, 'Enter a year as YYYY')
    .optional(),
  limit: pageLimit(50),
  cursor: yup.string().max(2048).optional(),
});
export type HolidayListQuery = yup.InferType<typeof holidayListQuerySchema>;

/** Whether a calendar date (YYYY-MM-DD) is a weekly off. */
export const isWeeklyOff = (date: string) => WEEKLY_OFF_DAYS.includes(new Date(`${date}T00:00:00Z`).getUTCDay());

/**
 * A month's working days: its days less weekly offs and the holidays
 * (a holiday on a weekly off is not taken off twice); `until` (a date in
 * the month) counts only the days up to it.
 */
export function workingDays(month: string, holidays: readonly string[], until?: string): number {
  const [year, m] = month.split('-').map(Number);
  const days = new Date(Date.UTC(year ?? 1970, m ?? 1, 0)).getUTCDate();
  const off = new Set(holidays);
  let count = 0;
  for (let day = 1; day <= days; day++) {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    if (until !== undefined && date > until) break;
    if (!isWeeklyOff(date) && !off.has(date)) count++;
  }
  return count;
}

/** Who keeps the holiday list: admins and superadmins, and the HR department. Everyone signed in reads it. */
export const canManageHolidays = (person: { role: string; department?: string | null }) =>
  person.role === 'admin' || person.role === 'superadmin' || (person.department ?? '').trim().toLowerCase() === 'hr';
export const HOLIDAYS_MANAGE_ONLY = 'Only admins and HR can change the holiday list';
