import { IDEMPOTENCY_HEADER, type TransactionInput } from '@app/shared-types/finance';
import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshFinanceQueries } from './refresh-finance-queries';

/** Adds a transaction; the same `idempotencyKey` sent again (a retry, a double click) creates nothing more. */
export function createTransaction({ input, idempotencyKey }: { input: TransactionInput; idempotencyKey: string }) {
  return unwrap(api.transactions.$post({ json: input }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }));
}

export function useCreateTransaction() {
  return useRefreshingWrite(createTransaction, refreshFinanceQueries);
}
