import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

/** Speed-to-lead (issue 26): the leads past their first-response time with no response yet (the oldest 100, oldest first) and how many there are. */
export function getResponseOverdue() {
  return unwrap(api.leads['response-overdue'].$get());
}

/** Under ['leads']: every lead write reads it again (refreshLeadQueries). */
export function getResponseOverdueQueryOptions() {
  return queryOptions({ queryKey: ['leads', 'response-overdue'], queryFn: getResponseOverdue });
}

/** The overdue leads; `enabled` false for a screen that does not show them. */
export function useResponseOverdue(enabled = true) {
  return useQuery({ ...getResponseOverdueQueryOptions(), enabled });
}
