import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { listQuery } from '../../../lib/url-params';
import type { VendorFilters } from '../model';

interface VendorPageParams {
  filters: VendorFilters;
  limit: number;
  /** The opaque cursor of the page; undefined for the first. */
  cursor: string | undefined;
}

/** One page of vendors by name, filtered and searched on the server. A page may hold fewer than `limit` while `nextCursor` is set. */
export function getVendors({ filters, limit, cursor }: VendorPageParams) {
  return unwrap(api.vendors.$get({ query: listQuery({ ...filters }, limit, cursor) }));
}

const FIRST_PAGE: string | undefined = undefined;

/** The pages of one filtered list, each asked for with the cursor the one before ended with ('Load more'). */
export function getVendorsQueryOptions(filters: VendorFilters, limit: number) {
  return infiniteQueryOptions({
    queryKey: ['vendors', 'list', { ...filters, limit }],
    queryFn: ({ pageParam }) => getVendors({ filters, limit, cursor: pageParam }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Keeps showing the previous list while a new filter loads, so the grid does not flash empty. */
export function useVendors(filters: VendorFilters, limit: number) {
  return useInfiniteQuery({ ...getVendorsQueryOptions(filters, limit), placeholderData: keepPreviousData });
}
