import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, type Transaction, type TransactionInput } from '@app/shared-types/finance';
import { apiJson } from '../../../lib/api-client';
import { refreshFinanceQueries } from './refresh-finance-queries';

/** Adds a transaction; the same `idempotencyKey` sent again (a retry, a double click) creates nothing more. */
export function createTransaction({ input, idempotencyKey }: { input: TransactionInput; idempotencyKey: string }) {
  return apiJson<Transaction>('/api/transactions', { method: 'POST', body: input, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTransaction, onSuccess: () => void refreshFinanceQueries(queryClient) });
}
