import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { attendanceCsvFileName } from '@app/shared-types/attendance';
import { api, unwrap } from '../../../lib/api-client';
import { apiFile, saveFile } from '../../../lib/api-fetch';
import { ATTENDANCE_KEY } from './attendance-queries';

/** One month per employee (an employee gets their own row only). */
export function getAttendanceReport(month: string) {
  return unwrap(api.attendance.report.$get({ query: { month } }));
}

export function getAttendanceReportQueryOptions(month: string) {
  return queryOptions({ queryKey: [ATTENDANCE_KEY, 'report', { month }], queryFn: () => getAttendanceReport(month) });
}

export function useAttendanceReport(month: string) {
  return useQuery({ ...getAttendanceReportQueryOptions(month), placeholderData: keepPreviousData });
}

/** Downloads the month's CSV (managers and above), named by the server. */
export async function downloadAttendanceCsv(month: string) {
  const { blob, filename } = await apiFile(`/api/attendance/report.csv?month=${encodeURIComponent(month)}`, attendanceCsvFileName(month));
  saveFile(blob, filename);
  return filename;
}

export function useDownloadAttendanceCsv() {
  return useMutation({ mutationFn: downloadAttendanceCsv });
}
