import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

/** Totals of the stat cards, kept by the server on every write. */
export function getLeadAnalytics() {
  return unwrap(api.leads.analytics.$get());
}

export function getLeadAnalyticsQueryOptions() {
  return queryOptions({ queryKey: ['leads', 'analytics'], queryFn: getLeadAnalytics });
}

export function useLeadAnalytics() {
  return useQuery(getLeadAnalyticsQueryOptions());
}
