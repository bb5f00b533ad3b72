import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { QUOTATIONS_KEY } from './refresh-quotation-queries';

/** The quotes the clients answered last (approved or changes requested), newest first. */
export function getClientResponses(limit: number) {
  return unwrap(api.quotations.responses.$get({ query: { limit: String(limit) } }));
}

export function getClientResponsesQueryOptions(limit: number) {
  return queryOptions({ queryKey: [QUOTATIONS_KEY, 'responses', limit], queryFn: () => getClientResponses(limit) });
}

export function useClientResponses(limit = 5) {
  return useQuery(getClientResponsesQueryOptions(limit));
}
