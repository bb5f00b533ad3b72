import type { EmployeeUpdateInput } from '@app/shared-types/employees';
import { api, unwrap } from '../../../lib/api-client';
import { useRecordSave } from '../../../lib/record-mutations';
import { EMPLOYEE_CACHE } from './employee-cache';

/**
 * Saves an employee with the version the editor saw; a password left out and
 * personal data left out keep theirs. Rejects with ApiError 409 (with
 * `current`) when someone else saved meanwhile, 403 for a role rule.
 */
export function updateEmployee({ id, ...input }: EmployeeUpdateInput & { id: string }) {
  return unwrap(api.users[':id'].$put({ param: { id }, json: input }));
}

export function useUpdateEmployee() {
  return useRecordSave(updateEmployee, EMPLOYEE_CACHE);
}
