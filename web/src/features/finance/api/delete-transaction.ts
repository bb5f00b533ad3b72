import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshFinanceQueries } from './refresh-finance-queries';

export function deleteTransaction(id: string) {
  return unwrap(api.transactions[':id'].$delete({ param: { id } }));
}

export function useDeleteTransaction() {
  return useRefreshingWrite(deleteTransaction, refreshFinanceQueries);
}
