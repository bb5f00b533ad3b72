import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { EMPLOYEES_KEY } from './refresh-employee-queries';

/** The four figures (total, active, on leave, departments), kept by the server on every employee write. */
export function getEmployeeStats() {
  return unwrap(api.users.stats.$get());
}

export function getEmployeeStatsQueryOptions() {
  return queryOptions({ queryKey: [EMPLOYEES_KEY, 'stats'], queryFn: getEmployeeStats });
}

export function useEmployeeStats() {
  return useQuery(getEmployeeStatsQueryOptions());
}
