import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { listQuery } from '../../../lib/url-params';
import type { TransactionFilters } from '../model';
import { FINANCE_KEY } from './refresh-finance-queries';

/** One page of transactions, newest first, searched and filtered on the server. */
export function getTransactions({ filters, limit, cursor }: { filters: TransactionFilters; limit: number; cursor: string | undefined }) {
  return unwrap(api.transactions.$get({ query: listQuery({ ...filters }, limit, cursor) }));
}

const FIRST_PAGE: string | undefined = undefined;

export function getTransactionsQueryOptions(filters: TransactionFilters, limit: number) {
  return infiniteQueryOptions({
    queryKey: [FINANCE_KEY, 'transactions', 'list', { ...filters, limit }],
    queryFn: ({ pageParam }) => getTransactions({ filters, limit, cursor: pageParam }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Keeps the previous list on screen while a new filter loads. */
export function useTransactions(filters: TransactionFilters, limit: number) {
  return useInfiniteQuery({ ...getTransactionsQueryOptions(filters, limit), placeholderData: keepPreviousData });
}
