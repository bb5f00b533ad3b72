import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

/** Leads CRM > Response times (issue 26, managers and up): per salesperson, their first responses of `month` (YYYY-MM). */
export function getFirstResponseReport(month: string) {
  return unwrap(api.leads['first-response'].$get({ query: { month } }));
}

export function getFirstResponseReportQueryOptions(month: string) {
  return queryOptions({ queryKey: ['leads', 'first-response', { month }], queryFn: () => getFirstResponseReport(month) });
}

export function useFirstResponseReport(month: string, enabled: boolean) {
  return useQuery({ ...getFirstResponseReportQueryOptions(month), enabled, placeholderData: keepPreviousData });
}
