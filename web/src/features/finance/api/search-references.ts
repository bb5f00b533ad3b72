import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { listQuery } from '../../../lib/url-params';
import { PICKER_SEARCH_LIMIT } from '../model';
import { FINANCE_KEY } from './refresh-finance-queries';

/**
 * What a transaction is for, searched as one types in its pickers: the first
 * few projects (GET /api/projects/manage), customers or vendors matching.
 */
const query = (q: string) => ({ query: listQuery({ q }, PICKER_SEARCH_LIMIT, undefined) });
const key = (kind: string, q: string) => [FINANCE_KEY, 'pickers', kind, { q }];

export const getProjectSearchQueryOptions = (q: string) =>
  queryOptions({ queryKey: key('projects', q), queryFn: () => unwrap(api.projects.manage.$get(query(q))) });
export const getCustomerSearchQueryOptions = (q: string) =>
  queryOptions({ queryKey: key('customers', q), queryFn: () => unwrap(api.customers.$get(query(q))) });
export const getVendorSearchQueryOptions = (q: string) =>
  queryOptions({ queryKey: key('vendors', q), queryFn: () => unwrap(api.vendors.$get(query(q))) });

/** Keeps the previous matches on screen while the next search runs. */
export const useProjectSearch = (q: string, enabled: boolean) =>
  useQuery({ ...getProjectSearchQueryOptions(q), enabled, placeholderData: keepPreviousData });
export const useCustomerSearch = (q: string, enabled: boolean) =>
  useQuery({ ...getCustomerSearchQueryOptions(q), enabled, placeholderData: keepPreviousData });
export const useVendorSearch = (q: string, enabled: boolean) =>
  useQuery({ ...getVendorSearchQueryOptions(q), enabled, placeholderData: keepPreviousData });
