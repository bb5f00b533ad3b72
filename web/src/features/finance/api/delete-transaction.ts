import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { refreshFinanceQueries } from './refresh-finance-queries';

export function deleteTransaction(id: string) {
  return unwrap(api.transactions[':id'].$delete({ param: { id } }));
}

export function useDeleteTransaction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTransaction, onSuccess: () => void refreshFinanceQueries(queryClient) });
}
