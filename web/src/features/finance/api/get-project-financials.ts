import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { listQuery } from '../../../lib/url-params';
import { FINANCE_KEY } from './refresh-finance-queries';

export function getProjectFinancials({ limit, cursor }: { limit: number; cursor: string | undefined }) {
  return unwrap(api.finance.projects.$get({ query: listQuery({}, limit, cursor) }));
}

export function getProjectFinancialsQueryOptions(limit: number) {
  return pagedListQueryOptions([FINANCE_KEY, 'projects', 'list', { limit }], (cursor) => getProjectFinancials({ limit, cursor }));
}

/** Each project's budget, income, expenses and profit ('Load more'). */
export function useProjectFinancials(limit: number) {
  return usePagedList(getProjectFinancialsQueryOptions(limit), { keepPrevious: false });
}
