import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { listQuery } from '../../../lib/url-params';
import { FINANCE_KEY } from './refresh-finance-queries';

export function getVendorLedgers({ limit, cursor }: { limit: number; cursor: string | undefined }) {
  return unwrap(api.finance.vendors.$get({ query: listQuery({}, limit, cursor) }));
}

const FIRST_PAGE: string | undefined = undefined;

export function getVendorLedgersQueryOptions(limit: number) {
  return infiniteQueryOptions({
    queryKey: [FINANCE_KEY, 'vendors', 'list', { limit }],
    queryFn: ({ pageParam }) => getVendorLedgers({ limit, cursor: pageParam }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** What each vendor was paid and is owed ('Load more'). */
export function useVendorLedgers(limit: number) {
  return useInfiniteQuery(getVendorLedgersQueryOptions(limit));
}
