import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { listQuery } from '../../../lib/url-params';
import type { TransactionFilters } from '../model';
import { FINANCE_KEY } from './refresh-finance-queries';

/** One page of transactions, newest first, searched and filtered on the server. */
export function getTransactions({ filters, limit, cursor }: { filters: TransactionFilters; limit: number; cursor: string | undefined }) {
  return unwrap(api.transactions.$get({ query: listQuery({ ...filters }, limit, cursor) }));
}

export function getTransactionsQueryOptions(filters: TransactionFilters, limit: number) {
  return pagedListQueryOptions([FINANCE_KEY, 'transactions', 'list', { ...filters, limit }], (cursor) => getTransactions({ filters, limit, cursor }));
}

/** Keeps the previous list on screen while a new filter loads. */
export function useTransactions(filters: TransactionFilters, limit: number) {
  return usePagedList(getTransactionsQueryOptions(filters, limit));
}
