import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { customerListQueryOf, type CustomerFilters } from '../model';
import { PROJECT_MANAGEMENT_KEY } from './refresh-queries';

interface CustomerPageParams {
  filters: CustomerFilters;
  limit: number;
  /** The opaque cursor of the page; undefined for the first. */
  cursor: string | undefined;
}

/** One page of customers in name order, searched (name, phone, email, city) on the server. */
export function getCustomers({ filters, limit, cursor }: CustomerPageParams) {
  return unwrap(api.customers.$get({ query: customerListQueryOf(filters, limit, cursor) }));
}

const FIRST_PAGE: string | undefined = undefined;

/** The pages of the customers tab, each asked for with the cursor the one before ended with ('Load more'). */
export function getCustomersQueryOptions(filters: CustomerFilters, limit: number) {
  return infiniteQueryOptions({
    queryKey: [PROJECT_MANAGEMENT_KEY, 'customers', 'list', { ...filters, limit }],
    queryFn: ({ pageParam }) => getCustomers({ filters, limit, cursor: pageParam }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useCustomers(filters: CustomerFilters, limit: number) {
  return useInfiniteQuery({ ...getCustomersQueryOptions(filters, limit), placeholderData: keepPreviousData });
}

/** The first few customers matching what is typed into a customer picker. */
export function getCustomerSearchQueryOptions(q: string, limit: number) {
  return queryOptions({
    queryKey: [PROJECT_MANAGEMENT_KEY, 'customers', 'search', { q, limit }],
    queryFn: () => getCustomers({ filters: { q }, limit, cursor: undefined }),
  });
}

/** Keeps the previous matches on screen while the next search runs, so the options do not flash empty. */
export function useCustomerSearch(q: string, limit: number, enabled: boolean) {
  return useQuery({ ...getCustomerSearchQueryOptions(q, limit), enabled, placeholderData: keepPreviousData });
}
