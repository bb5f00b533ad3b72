import type { Quotation } from '@app/shared-types/quotations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-fetch';
import { QUOTATIONS_KEY } from './refresh-quotation-queries';

/** The quotes the clients answered last (approved or changes requested), newest first. */
export function getClientResponses(limit: number) {
  return apiJson<{ items: Quotation[] }>(`/api/quotations/responses?limit=${limit}`);
}

export function getClientResponsesQueryOptions(limit: number) {
  return queryOptions({ queryKey: [QUOTATIONS_KEY, 'responses', limit], queryFn: () => getClientResponses(limit) });
}

export function useClientResponses(limit = 5) {
  return useQuery(getClientResponsesQueryOptions(limit));
}
