import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@app/shared-types/api';
import type { Customer } from '@app/shared-types/customers';
import type { Project } from '@app/shared-types/projects';
import type { Vendor } from '@app/shared-types/vendors';
import { apiJson } from '../../../lib/api-client';
import { listQuery } from '../../../lib/url-params';
import { PICKER_SEARCH_LIMIT } from '../model';
import { FINANCE_KEY } from './refresh-finance-queries';

/**
 * What a transaction is for, searched as one types in its pickers: projects
 * (GET /api/projects/manage), customers and vendors, the first few matches.
 */
const PATHS = { projects: '/api/projects/manage', customers: '/api/customers', vendors: '/api/vendors' } as const;
type Reference = keyof typeof PATHS;
interface ReferenceRecord {
  projects: Project;
  customers: Customer;
  vendors: Vendor;
}

export function searchReferences<R extends Reference>(kind: R, q: string) {
  return apiJson<Page<ReferenceRecord[R]>>(PATHS[kind], { query: listQuery({ q }, PICKER_SEARCH_LIMIT, undefined) });
}

export function getReferenceSearchQueryOptions<R extends Reference>(kind: R, q: string) {
  return queryOptions({ queryKey: [FINANCE_KEY, 'pickers', kind, { q }], queryFn: () => searchReferences(kind, q) });
}

function useReferenceSearch<R extends Reference>(kind: R, q: string, enabled: boolean) {
  return useQuery({ ...getReferenceSearchQueryOptions(kind, q), enabled, placeholderData: keepPreviousData });
}

export const useProjectSearch = (q: string, enabled: boolean) => useReferenceSearch('projects', q, enabled);
export const useCustomerSearch = (q: string, enabled: boolean) => useReferenceSearch('customers', q, enabled);
export const useVendorSearch = (q: string, enabled: boolean) => useReferenceSearch('vendors', q, enabled);
