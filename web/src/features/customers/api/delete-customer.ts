import { api, unwrap } from '../../../lib/api-client';
import { useRecordDelete } from '../../../lib/record-mutations';
import { CUSTOMER_CACHE } from './get-customer';

/**
 * Deletes a customer; rejects with ApiError 409 (saying how many projects)
 * while the customer has projects, 403 for employees, 404 when already gone.
 */
export function deleteCustomer(id: string) {
  return unwrap(api.customers[':id'].$delete({ param: { id } }));
}

export function useDeleteCustomer() {
  return useRecordDelete(deleteCustomer, CUSTOMER_CACHE);
}
