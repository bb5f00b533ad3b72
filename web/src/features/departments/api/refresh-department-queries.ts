import type { QueryClient } from '@tanstack/react-query';
import { refreshQueries } from '../../../lib/refresh-queries';

export const DEPARTMENTS_KEY = 'departments';
export const JOB_ROLES_KEY = 'job-roles';

/** After any department or job role write: both lists (a job role's department, the employee form's choices). */
export function refreshDepartmentQueries(queryClient: QueryClient): Promise<void> {
  return refreshQueries(queryClient, [DEPARTMENTS_KEY, JOB_ROLES_KEY]);
}
