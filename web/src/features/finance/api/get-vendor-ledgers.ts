import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { listQuery } from '../../../lib/url-params';
import { FINANCE_KEY } from './refresh-finance-queries';

export function getVendorLedgers({ limit, cursor }: { limit: number; cursor: string | undefined }) {
  return unwrap(api.finance.vendors.$get({ query: listQuery({}, limit, cursor) }));
}

export function getVendorLedgersQueryOptions(limit: number) {
  return pagedListQueryOptions([FINANCE_KEY, 'vendors', 'list', { limit }], (cursor) => getVendorLedgers({ limit, cursor }));
}

/** What each vendor was paid and is owed ('Load more'). */
export function useVendorLedgers(limit: number) {
  return usePagedList(getVendorLedgersQueryOptions(limit), { keepPrevious: false });
}
