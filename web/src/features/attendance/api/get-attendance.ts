import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { listQuery } from '../../../lib/url-params';
import type { AttendanceFilters } from '../model';
import { ATTENDANCE_KEY } from './attendance-queries';

/** One page of records, newest date first, filtered and searched on the server (an employee's are always their own). */
export function getAttendance({ filters, limit, cursor }: { filters: AttendanceFilters; limit: number; cursor: string | undefined }) {
  return unwrap(api.attendance.$get({ query: listQuery({ ...filters }, limit, cursor) }));
}

const FIRST_PAGE: string | undefined = undefined;

export function getAttendanceQueryOptions(filters: AttendanceFilters, limit: number) {
  return infiniteQueryOptions({
    queryKey: [ATTENDANCE_KEY, 'list', { ...filters, limit }],
    queryFn: ({ pageParam }) => getAttendance({ filters, limit, cursor: pageParam }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Keeps the previous list on screen while a new filter loads. */
export function useAttendanceList(filters: AttendanceFilters, limit: number) {
  return useInfiniteQuery({ ...getAttendanceQueryOptions(filters, limit), placeholderData: keepPreviousData });
}
