import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { listQuery } from '../../../lib/url-params';
import type { AttendanceFilters } from '../model';
import { ATTENDANCE_KEY } from './attendance-queries';

/** One page of records, newest date first, filtered and searched on the server (an employee's are always their own). */
export function getAttendance({ filters, limit, cursor }: { filters: AttendanceFilters; limit: number; cursor: string | undefined }) {
  return unwrap(api.attendance.$get({ query: listQuery({ ...filters }, limit, cursor) }));
}

export function getAttendanceQueryOptions(filters: AttendanceFilters, limit: number) {
  return pagedListQueryOptions([ATTENDANCE_KEY, 'list', { ...filters, limit }], (cursor) => getAttendance({ filters, limit, cursor }));
}

/** Keeps the previous list on screen while a new filter loads. */
export function useAttendanceList(filters: AttendanceFilters, limit: number) {
  return usePagedList(getAttendanceQueryOptions(filters, limit));
}
