import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { QUOTATIONS_KEY } from './refresh-quotation-queries';

/** What a new quote starts from (validity, margin threshold, notes) and the letterhead the sheet shows. */
export function getQuotationDefaults() {
  return unwrap(api.quotations.defaults.$get());
}

export type QuotationDefaults = Awaited<ReturnType<typeof getQuotationDefaults>>;

export function getQuotationDefaultsQueryOptions() {
  return queryOptions({ queryKey: [QUOTATIONS_KEY, 'defaults'], queryFn: getQuotationDefaults });
}

export function useQuotationDefaults() {
  return useQuery(getQuotationDefaultsQueryOptions());
}
