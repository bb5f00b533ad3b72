import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
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

/** The pages of one filtered list, each asked for with the cursor the one before ended with ('Load more'). */
export function getVendorsQueryOptions(filters: VendorFilters, limit: number) {
  return pagedListQueryOptions(['vendors', 'list', { ...filters, limit }], (cursor) => getVendors({ filters, limit, cursor }));
}

/** Keeps showing the previous list while a new filter loads, so the grid does not flash empty. */
export function useVendors(filters: VendorFilters, limit: number) {
  return usePagedList(getVendorsQueryOptions(filters, limit));
}
