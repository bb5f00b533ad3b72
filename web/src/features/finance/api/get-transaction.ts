import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transaction } from '@app/shared-types/finance';
import { apiJson } from '../../../lib/api-client';
import { FINANCE_KEY } from './refresh-finance-queries';

/** One transaction (a stage's demand, to record its payment). */
export function getTransaction(id: string) {
  return apiJson<Transaction>(`/api/transactions/${encodeURIComponent(id)}`);
}

export function getTransactionQueryOptions(id: string) {
  return queryOptions({ queryKey: [FINANCE_KEY, 'transactions', 'detail', id], queryFn: () => getTransaction(id) });
}

export function useTransaction(id: string | null) {
  return useQuery({ ...getTransactionQueryOptions(id ?? ''), enabled: id !== null });
}
