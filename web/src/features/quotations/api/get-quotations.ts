import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { listQuery } from '../../../lib/url-params';
import type { QuotationFilters } from '../model';
import { QUOTATIONS_KEY } from './refresh-quotation-queries';

/** One page of quotations, newest first, searched and filtered on the server. */
export function getQuotations({ filters, limit, cursor }: { filters: QuotationFilters; limit: number; cursor: string | undefined }) {
  return unwrap(api.quotations.$get({ query: listQuery({ ...filters }, limit, cursor) }));
}

const FIRST_PAGE: string | undefined = undefined;

export function getQuotationsQueryOptions(filters: QuotationFilters, limit: number) {
  return infiniteQueryOptions({
    queryKey: [QUOTATIONS_KEY, 'list', { ...filters, limit }],
    queryFn: ({ pageParam }) => getQuotations({ filters, limit, cursor: pageParam }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Keeps the previous list on screen while a new filter loads. */
export function useQuotations(filters: QuotationFilters, limit: number) {
  return useInfiniteQuery({ ...getQuotationsQueryOptions(filters, limit), placeholderData: keepPreviousData });
}
