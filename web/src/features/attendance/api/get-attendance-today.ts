import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { ATTENDANCE_KEY } from './attendance-queries';

/** Today (Asia/Kolkata): the signed-in person's record, and the four cards' figures for managers and above. */
export function getAttendanceToday() {
  return unwrap(api.attendance.today.$get());
}

export function getAttendanceTodayQueryOptions() {
  return queryOptions({ queryKey: [ATTENDANCE_KEY, 'today'], queryFn: getAttendanceToday });
}

/** Nothing is asked while not `enabled`. */
export function useAttendanceToday(enabled = true) {
  return useQuery({ ...getAttendanceTodayQueryOptions(), enabled });
}
