import type { Transaction, TransactionUpdateInput } from '@app/shared-types/finance';
import { api, unwrap } from '../../../lib/api-client';
import { useRefreshingWrite } from '../../../lib/record-mutations';
import { refreshFinanceQueries } from './refresh-finance-queries';

/** Saves every field with the version the editor saw; 409 (with `current`) when someone saved meanwhile. */
export function updateTransaction({ id, ...input }: TransactionUpdateInput & { id: string }) {
  return unwrap(api.transactions[':id'].$put({ param: { id }, json: input }));
}

export function useUpdateTransaction() {
  return useRefreshingWrite(updateTransaction, refreshFinanceQueries);
}

/** Recording a payment: the pending transaction, completed, every other field as it is. */
export function recordPayment(tx: Transaction) {
  const { id, version, transactionId: _n, userId: _u, projectName: _p, customerName: _c, vendorName: _v, recurringSourceId: _r, createdAt: _a, updatedAt: _b, ...fields } = tx;
  return updateTransaction({ ...fields, id, version, status: 'completed' });
}

export function useRecordPayment() {
  return useRefreshingWrite(recordPayment, refreshFinanceQueries);
}
