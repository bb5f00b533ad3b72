import type { PublicQuotation } from '@app/shared-types/quotations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-fetch';
import { QUOTATIONS_KEY } from './refresh-quotation-queries';

/** What a new quote starts from and the letterhead the sheet shows (GET /api/quotations/defaults). */
export interface QuotationDefaults {
  validityDays: number;
  marginThreshold: number;
  notes: string;
  company: PublicQuotation['company'];
}

export function getQuotationDefaults() {
  return apiJson<QuotationDefaults>('/api/quotations/defaults');
}

export function getQuotationDefaultsQueryOptions() {
  return queryOptions({ queryKey: [QUOTATIONS_KEY, 'defaults'], queryFn: getQuotationDefaults });
}

export function useQuotationDefaults() {
  return useQuery(getQuotationDefaultsQueryOptions());
}
