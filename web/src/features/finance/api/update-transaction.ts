import type { PaymentRecordInput, TransactionUpdateInput } from '@app/shared-types/finance';
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

/** 'Record payment': a payment (date, method, reference, amount) at the version the screen saw; a part leaves the rest pending. */
export function recordPayment({ id, ...input }: PaymentRecordInput & { id: string }) {
  return unwrap(api.transactions[':id'].payments.$post({ param: { id }, json: input }));
}

export function useRecordPayment() {
  return useRefreshingWrite(recordPayment, refreshFinanceQueries);
}
