import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerUpdateInput } from '@app/shared-types/customers';
import { api, unwrap } from '../../../lib/api-client';
import { getCustomerQueryOptions } from './get-customer';
import { refreshCustomerQueries } from './refresh-customer-queries';

/**
 * Saves every field of a customer with the version the editor saw; rejects
 * with ApiError 409 `{ error, current }` when someone else saved it meanwhile
 * (see staleCurrent), 404 when it was deleted.
 */
export function updateCustomer({ id, ...input }: CustomerUpdateInput & { id: string }) {
  return unwrap(api.customers[':id'].$put({ param: { id }, json: input }));
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: (customer) => {
      queryClient.setQueryData(getCustomerQueryOptions(customer.id).queryKey, customer);
      void refreshCustomerQueries(queryClient);
    },
  });
}
