import type { HolidayInput } from '@app/shared-types/holidays';
import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { ATTENDANCE_KEY, refreshAttendanceQueries } from './attendance-queries';

/** One page of a year's holidays, by date. */
export function getHolidays({ year, limit, cursor }: { year: string; limit: number; cursor: string | undefined }) {
  return unwrap(api.attendance.holidays.$get({ query: { year, limit: String(limit), ...(cursor ? { cursor } : {}) } }));
}

/** A year's holidays, a page at a time (under the attendance key: a change refreshes the report too). */
export function useHolidays(year: string, limit: number) {
  return usePagedList(pagedListQueryOptions([ATTENDANCE_KEY, 'holidays', { year, limit }], (cursor) => getHolidays({ year, limit, cursor })));
}

/** Adds a holiday (409 when its date has one). */
export function createHoliday(input: HolidayInput) {
  return unwrap(api.attendance.holidays.$post({ json: input }));
}

/** Deletes a holiday at the version on screen (409 when it changed meanwhile). */
export function deleteHoliday({ date, version }: { date: string; version?: number }) {
  return unwrap(api.attendance.holidays[':date'].$delete({ param: { date }, query: version === undefined ? {} : { version: String(version) } }));
}

export const useCreateHoliday = () => useRefreshingWrite(createHoliday, refreshAttendanceQueries);
export const useDeleteHoliday = (versionOf: (date: string) => number | undefined) =>
  useRefreshingWrite((date: string) => deleteHoliday({ date, version: versionOf(date) }), refreshAttendanceQueries);
