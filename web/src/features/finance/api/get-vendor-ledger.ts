import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { FINANCE_KEY } from './refresh-finance-queries';

/** One vendor's ledger with its transactions. */
export function getVendorLedger(id: string) {
  return unwrap(api.finance.vendors[':id'].$get({ param: { id } }));
}

export function getVendorLedgerQueryOptions(id: string) {
  return queryOptions({ queryKey: [FINANCE_KEY, 'vendors', 'detail', id], queryFn: () => getVendorLedger(id) });
}

export function useVendorLedger(id: string) {
  return useQuery({ ...getVendorLedgerQueryOptions(id), enabled: id !== '' });
}
