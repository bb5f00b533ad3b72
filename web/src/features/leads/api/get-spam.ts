import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

/** One page of the Spam view (managers): suspected bot submissions, newest first. */
export function getSpam(cursor: string | undefined) {
  return unwrap(api.leads.spam.$get({ query: { limit: '25', ...(cursor ? { cursor } : {}) } }));
}

export function getSpamQueryOptions(cursor: string | undefined) {
  return queryOptions({ queryKey: ['leads', 'spam', cursor ?? null], queryFn: () => getSpam(cursor) });
}

export function useSpam(cursor: string | undefined) {
  return useQuery({ ...getSpamQueryOptions(cursor), placeholderData: keepPreviousData });
}
