import type { CustomerUpdateInput } from '@app/shared-types/customers';
import { api, unwrap } from '../../../lib/api-client';
import { useRecordSave } from '../../../lib/record-mutations';
import { CUSTOMER_CACHE } from './get-customer';

/**
 * Saves every field of a customer with the version the editor saw; rejects
 * with ApiError 409 `{ error, current }` when someone else saved it meanwhile
 * (see staleCurrent), 404 when it was deleted.
 */
export function updateCustomer({ id, ...input }: CustomerUpdateInput & { id: string }) {
  return unwrap(api.customers[':id'].$put({ param: { id }, json: input }));
}

export function useUpdateCustomer() {
  return useRecordSave(updateCustomer, CUSTOMER_CACHE);
}
