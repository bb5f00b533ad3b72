import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { PROJECT_MANAGEMENT_KEY } from './refresh-queries';

/** A customer; rejects with ApiError 404 when it does not exist. */
export function getCustomer(id: string) {
  return unwrap(api.customers[':id'].$get({ param: { id } }));
}

export function getCustomerQueryOptions(id: string) {
  return queryOptions({ queryKey: [PROJECT_MANAGEMENT_KEY, 'customers', 'detail', id], queryFn: () => getCustomer(id) });
}

export function useCustomer(id: string | null) {
  return useQuery({ ...getCustomerQueryOptions(id ?? ''), enabled: id !== null });
}
