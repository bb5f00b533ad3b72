import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { listQuery } from '../../../lib/url-params';
import type { LeadFilters } from '../model';

interface LeadPageParams {
  filters: LeadFilters;
  limit: number;
  /** The opaque cursor of the page; undefined for the first. */
  cursor: string | undefined;
}

/** One page of leads, filtered and searched on the server. A page may hold fewer than `limit` leads while `nextCursor` is set. */
export function getLeads({ filters, limit, cursor }: LeadPageParams) {
  // The overdue leads come from their own list (get-response-overdue.ts), not a filter of this one.
  const { overdue: _overdue, ...query } = filters;
  return unwrap(api.leads.$get({ query: listQuery(query, limit, cursor) }));
}

export function getLeadsQueryOptions(params: LeadPageParams) {
  return queryOptions({
    queryKey: ['leads', 'list', { ...params.filters, limit: params.limit, cursor: params.cursor ?? null }],
    queryFn: () => getLeads(params),
  });
}

/** Keeps showing the previous page while the next one loads, so the grid does not flash empty. */
export function useLeads(params: LeadPageParams, enabled = true) {
  return useQuery({ ...getLeadsQueryOptions(params), placeholderData: keepPreviousData, enabled });
}
