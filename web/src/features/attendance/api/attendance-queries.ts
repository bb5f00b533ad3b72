import type { QueryClient } from '@tanstack/react-query';
import { refreshQueries } from '../../../lib/refresh-queries';

/** Every attendance query sits under this key: one write changes the list, today's cards and the month's report. */
export const ATTENDANCE_KEY = 'attendance';

export const attendanceDetailKey = (id: string) => [ATTENDANCE_KEY, 'detail', id];

/** After any attendance write: the records, today's cards and the report (and the dashboard). */
export function refreshAttendanceQueries(queryClient: QueryClient): Promise<void> {
  return refreshQueries(queryClient, [ATTENDANCE_KEY]);
}
