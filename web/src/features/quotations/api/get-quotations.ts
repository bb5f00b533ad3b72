import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { listQuery } from '../../../lib/url-params';
import type { QuotationFilters } from '../model';
import { QUOTATIONS_KEY } from './refresh-quotation-queries';

/** One page of quotations, newest first, searched and filtered on the server. */
export function getQuotations({ filters, limit, cursor }: { filters: QuotationFilters; limit: number; cursor: string | undefined }) {
  return unwrap(api.quotations.$get({ query: listQuery({ ...filters }, limit, cursor) }));
}

export function getQuotationsQueryOptions(filters: QuotationFilters, limit: number) {
  return pagedListQueryOptions([QUOTATIONS_KEY, 'list', { ...filters, limit }], (cursor) => getQuotations({ filters, limit, cursor }));
}

/** Keeps the previous list on screen while a new filter loads. */
export function useQuotations(filters: QuotationFilters, limit: number) {
  return usePagedList(getQuotationsQueryOptions(filters, limit));
}
