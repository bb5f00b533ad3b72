import type { EmployeeCreateInput } from '@app/shared-types/employees';
import { api, unwrap } from '../../../lib/api-client';
import { useRecordSave } from '../../../lib/record-mutations';
import { EMPLOYEE_CACHE } from './employee-cache';

/** Adds an employee; rejects with ApiError 400 (field messages), 403 (an admin making an admin) or 409 (email taken). */
export function createEmployee(input: EmployeeCreateInput) {
  return unwrap(api.users.$post({ json: input }));
}

export function useCreateEmployee() {
  return useRecordSave(createEmployee, EMPLOYEE_CACHE);
}
