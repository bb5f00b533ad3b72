import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorLedgerDetail } from '@app/shared-types/finance';
import { apiJson } from '../../../lib/api-client';
import { FINANCE_KEY } from './refresh-finance-queries';

/** One vendor's ledger with its transactions. */
export function getVendorLedger(id: string) {
  return apiJson<VendorLedgerDetail>(`/api/finance/vendors/${encodeURIComponent(id)}`);
}

export function getVendorLedgerQueryOptions(id: string) {
  return queryOptions({ queryKey: [FINANCE_KEY, 'vendors', 'detail', id], queryFn: () => getVendorLedger(id) });
}

export function useVendorLedger(id: string) {
  return useQuery({ ...getVendorLedgerQueryOptions(id), enabled: id !== '' });
}
