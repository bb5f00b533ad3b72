import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { FINANCE_KEY } from './refresh-finance-queries';

/** The four summary cards' figures, kept by the server on every write. */
export function getFinanceSummary() {
  return unwrap(api.finance.summary.$get());
}

export function getFinanceSummaryQueryOptions() {
  return queryOptions({ queryKey: [FINANCE_KEY, 'summary'], queryFn: getFinanceSummary });
}

export function useFinanceSummary() {
  return useQuery(getFinanceSummaryQueryOptions());
}
