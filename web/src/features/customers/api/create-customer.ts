import type { CustomerInput } from '@app/shared-types/customers';
import { api, unwrap } from '../../../lib/api-client';
import { useRecordSave } from '../../../lib/record-mutations';
import { CUSTOMER_CACHE } from './get-customer';

/** Adds a customer; rejects with ApiError 400 (field messages) for invalid input. */
export function createCustomer(input: CustomerInput) {
  return unwrap(api.customers.$post({ json: input }));
}

export function useCreateCustomer() {
  return useRecordSave(createCustomer, CUSTOMER_CACHE);
}
