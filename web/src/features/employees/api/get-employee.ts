import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DirectoryEntry, EmployeeRecord } from '@app/shared-types/employees';
import { api, unwrap } from '../../../lib/api-client';
import { EMPLOYEES_KEY } from './refresh-employee-queries';

/**
 * One employee as admins read it (personal data masked); rejects with
 * ApiError 404 when there is none. The server answers other roles the
 * directory entry, which this screen never asks for: it is admin only.
 */
export async function getEmployee(id: string): Promise<EmployeeRecord> {
  const answer: EmployeeRecord | DirectoryEntry = await unwrap(api.users[':id'].$get({ param: { id } }));
  if (!isRecord(answer)) throw new Error('Only admins and superadmins can open employee records');
  return answer;
}

const isRecord = (answer: EmployeeRecord | DirectoryEntry): answer is EmployeeRecord => 'version' in answer;

export function getEmployeeQueryOptions(id: string) {
  return queryOptions({ queryKey: [EMPLOYEES_KEY, 'detail', id], queryFn: () => getEmployee(id) });
}

/** The employee `id` from the server, only while `enabled` (the list does not hold it). */
export function useEmployee(id: string | null, enabled: boolean) {
  return useQuery({ ...getEmployeeQueryOptions(id ?? ''), enabled: id !== null && enabled });
}
