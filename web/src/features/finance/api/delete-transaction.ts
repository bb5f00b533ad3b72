import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { refreshFinanceQueries } from './refresh-finance-queries';

export function deleteTransaction(id: string) {
  return apiJson<{ id: string }>(`/api/transactions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteTransaction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTransaction, onSuccess: () => void refreshFinanceQueries(queryClient) });
}
