import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { getCustomerQueryOptions } from './get-customer';
import { refreshCustomerQueries } from './refresh-customer-queries';

/**
 * Deletes a customer; rejects with ApiError 409 (saying how many projects)
 * while the customer has projects, 403 for employees, 404 when already gone.
 */
export function deleteCustomer(id: string) {
  return unwrap(api.customers[':id'].$delete({ param: { id } }));
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: getCustomerQueryOptions(id).queryKey });
      void refreshCustomerQueries(queryClient);
    },
  });
}
