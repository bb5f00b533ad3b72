import { api, unwrap } from '../../../lib/api-client';
import { useRecordDelete } from '../../../lib/record-mutations';
import { EMPLOYEE_CACHE } from './employee-cache';

/** Deletes an employee; 409 with the reason while leads are assigned to them (or they are the last superadmin), 403 for a role rule. */
export function deleteEmployee(id: string) {
  return unwrap(api.users[':id'].$delete({ param: { id } }));
}

export function useDeleteEmployee() {
  return useRecordDelete(deleteEmployee, EMPLOYEE_CACHE);
}
