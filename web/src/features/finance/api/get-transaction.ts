import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { FINANCE_KEY } from './refresh-finance-queries';

/** One transaction (a stage's demand, to record its payment). */
export function getTransaction(id: string) {
  return unwrap(api.transactions[':id'].$get({ param: { id } }));
}

export function getTransactionQueryOptions(id: string) {
  return queryOptions({ queryKey: [FINANCE_KEY, 'transactions', 'detail', id], queryFn: () => getTransaction(id) });
}

export function useTransaction(id: string | null) {
  return useQuery({ ...getTransactionQueryOptions(id ?? ''), enabled: id !== null });
}
