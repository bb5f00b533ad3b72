import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { listQuery } from '../../../lib/url-params';
import type { CustomerFilters } from '../model';
import { CUSTOMERS_KEY } from './refresh-customer-queries';

interface CustomerPageParams {
  filters: CustomerFilters;
  limit: number;
  /** The opaque cursor of the page; undefined for the first. */
  cursor: string | undefined;
}

/** One page of customers in name order, searched (name, phone, email, city) on the server. */
export function getCustomers({ filters, limit, cursor }: CustomerPageParams) {
  return unwrap(api.customers.$get({ query: listQuery({ ...filters }, limit, cursor) }));
}

/** The pages of the customers tab, each asked for with the cursor the one before ended with ('Load more'). */
export function getCustomersQueryOptions(filters: CustomerFilters, limit: number) {
  return pagedListQueryOptions([CUSTOMERS_KEY, 'list', { ...filters, limit }], (cursor) => getCustomers({ filters, limit, cursor }));
}

export function useCustomers(filters: CustomerFilters, limit: number) {
  return usePagedList(getCustomersQueryOptions(filters, limit));
}

/** The first few customers matching what is typed into a customer picker. */
export function getCustomerSearchQueryOptions(q: string, limit: number) {
  return queryOptions({
    queryKey: [CUSTOMERS_KEY, 'search', { q, limit }],
    queryFn: () => getCustomers({ filters: { q }, limit, cursor: undefined }),
  });
}

/** Keeps the previous matches on screen while the next search runs, so the options do not flash empty. */
export function useCustomerSearch(q: string, limit: number, enabled: boolean) {
  return useQuery({ ...getCustomerSearchQueryOptions(q, limit), enabled, placeholderData: keepPreviousData });
}
