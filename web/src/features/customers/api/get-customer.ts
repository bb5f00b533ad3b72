import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { RecordCache } from '../../../lib/record-mutations';
import { CUSTOMERS_KEY, refreshCustomerQueries } from './refresh-customer-queries';

/** A customer; rejects with ApiError 404 when it does not exist. */
export function getCustomer(id: string) {
  return unwrap(api.customers[':id'].$get({ param: { id } }));
}

export function getCustomerQueryOptions(id: string) {
  return queryOptions({ queryKey: [CUSTOMERS_KEY, 'detail', id], queryFn: () => getCustomer(id) });
}

export function useCustomer(id: string | null) {
  return useQuery({ ...getCustomerQueryOptions(id ?? ''), enabled: id !== null });
}

/** A customer's detail query and the refresh after any customer write, for the customer mutations. */
export const CUSTOMER_CACHE: RecordCache = {
  detailKey: (id) => getCustomerQueryOptions(id).queryKey,
  refresh: refreshCustomerQueries,
};
