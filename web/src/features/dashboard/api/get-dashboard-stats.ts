import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

/** The dashboard's counts plus the newest New leads and the follow-ups due today or overdue. */
export function getDashboardStats() {
  return unwrap(api.dashboard['comprehensive-stats'].$get());
}

export function getDashboardStatsQueryOptions() {
  return queryOptions({ queryKey: ['dashboard', 'comprehensive-stats'], queryFn: getDashboardStats });
}

export function useDashboardStats() {
  return useQuery(getDashboardStatsQueryOptions());
}
