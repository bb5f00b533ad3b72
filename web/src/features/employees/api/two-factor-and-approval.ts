import { api, unwrap } from '../../../lib/api-client';
import { useRecordSave } from '../../../lib/record-mutations';
import { EMPLOYEE_CACHE } from './employee-cache';

/** Turns an employee's two-factor sign-in off and ends their sessions (audited); they set it up again. */
export function resetTwoFactor(id: string) {
  return unwrap(api.users[':id']['reset-two-factor'].$post({ param: { id } }));
}

export function useResetTwoFactor() {
  return useRecordSave(resetTwoFactor, EMPLOYEE_CACHE);
}

/** Approves a 'Request access' account (activates it) at the version the admin saw; 409 if it changed meanwhile. */
export function approveEmployee({ id, version }: { id: string; version: number }) {
  return unwrap(api.users[':id'].approve.$post({ param: { id }, json: { version } }));
}

export function useApproveEmployee() {
  return useRecordSave(approveEmployee, EMPLOYEE_CACHE);
}
