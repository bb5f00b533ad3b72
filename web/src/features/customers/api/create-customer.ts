import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerInput } from '@app/shared-types/customers';
import { api, unwrap } from '../../../lib/api-client';
import { getCustomerQueryOptions } from './get-customer';
import { refreshCustomerQueries } from './refresh-customer-queries';

/** Adds a customer; rejects with ApiError 400 (field messages) for invalid input. */
export function createCustomer(input: CustomerInput) {
  return unwrap(api.customers.$post({ json: input }));
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: (customer) => {
      queryClient.setQueryData(getCustomerQueryOptions(customer.id).queryKey, customer);
      void refreshCustomerQueries(queryClient);
    },
  });
}
