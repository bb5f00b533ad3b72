import type { AttendanceInput, AttendanceUpdateInput } from '@app/shared-types/attendance';
import { api, unwrap } from '../../../lib/api-client';
import { useRecordDelete, useRecordSave, type RecordCache } from '../../../lib/record-mutations';
import { attendanceDetailKey, refreshAttendanceQueries } from './attendance-queries';

const cache: RecordCache = { detailKey: attendanceDetailKey, refresh: refreshAttendanceQueries };

/** Marks a day (409 when that employee's day is recorded already). */
export function createAttendance(input: AttendanceInput) {
  return unwrap(api.attendance.$post({ json: input }));
}

/** A correction with the version the editor saw; 409 (with `current`) when someone saved meanwhile. */
export function updateAttendance({ id, ...input }: AttendanceUpdateInput & { id: string }) {
  return unwrap(api.attendance[':id'].$put({ param: { id }, json: input }));
}

/** Deletes a record; with the version seen, a record changed meanwhile is refused (409). */
export function deleteAttendance({ id, version }: { id: string; version?: number }) {
  return unwrap(api.attendance[':id'].$delete({ param: { id }, query: version === undefined ? {} : { version: String(version) } }));
}

export const useCreateAttendance = () => useRecordSave(createAttendance, cache);
export const useUpdateAttendance = () => useRecordSave(updateAttendance, cache);
/** `versionOf` names the version on screen of the record to delete. */
export const useDeleteAttendance = (versionOf: (id: string) => number | undefined) =>
  useRecordDelete((id: string) => deleteAttendance({ id, version: versionOf(id) }), cache);
