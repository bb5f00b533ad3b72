import type { Quotation } from '@app/shared-types/quotations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-fetch';
import { QUOTATION_CACHE, part } from './refresh-quotation-queries';

/** One quotation; rejects with ApiError 404 when it does not exist. */
export function getQuotation(id: string) {
  return apiJson<Quotation>(`/api/quotations/${part(id)}`);
}

export function getQuotationQueryOptions(id: string) {
  return queryOptions({ queryKey: QUOTATION_CACHE.detailKey(id), queryFn: () => getQuotation(id) });
}

export function useQuotation(id: string | null) {
  return useQuery({ ...getQuotationQueryOptions(id ?? ''), enabled: id !== null });
}
