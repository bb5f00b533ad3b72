import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { FINANCE_KEY } from './refresh-finance-queries';

/** The fiscal year's months (income, expense, receivable, payable, GST) and expenses by category. */
export function getFinanceReport() {
  return unwrap(api.finance.reports.$get());
}

export function getFinanceReportQueryOptions() {
  return queryOptions({ queryKey: [FINANCE_KEY, 'reports'], queryFn: getFinanceReport });
}

export function useFinanceReport() {
  return useQuery(getFinanceReportQueryOptions());
}
