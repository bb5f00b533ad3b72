import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { QUOTATION_CACHE } from './refresh-quotation-queries';

/** One quotation; rejects with ApiError 404 when it does not exist. */
export function getQuotation(id: string) {
  return unwrap(api.quotations[':id'].$get({ param: { id } }));
}

export function getQuotationQueryOptions(id: string) {
  return queryOptions({ queryKey: QUOTATION_CACHE.detailKey(id), queryFn: () => getQuotation(id) });
}

export function useQuotation(id: string | null) {
  return useQuery({ ...getQuotationQueryOptions(id ?? ''), enabled: id !== null });
}
