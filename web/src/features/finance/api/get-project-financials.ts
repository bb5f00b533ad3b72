import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { listQuery } from '../../../lib/url-params';
import { FINANCE_KEY } from './refresh-finance-queries';

export function getProjectFinancials({ limit, cursor }: { limit: number; cursor: string | undefined }) {
  return unwrap(api.finance.projects.$get({ query: listQuery({}, limit, cursor) }));
}

const FIRST_PAGE: string | undefined = undefined;

export function getProjectFinancialsQueryOptions(limit: number) {
  return infiniteQueryOptions({
    queryKey: [FINANCE_KEY, 'projects', 'list', { limit }],
    queryFn: ({ pageParam }) => getProjectFinancials({ limit, cursor: pageParam }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Each project's budget, income, expenses and profit ('Load more'). */
export function useProjectFinancials(limit: number) {
  return useInfiniteQuery(getProjectFinancialsQueryOptions(limit));
}
