import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { listQuery } from '../../../lib/url-params';
import type { EmployeeFilters } from '../model';
import { EMPLOYEES_KEY } from './refresh-employee-queries';

interface EmployeePageParams {
  filters: EmployeeFilters;
  limit: number;
  /** The opaque cursor of the page; undefined for the first. */
  cursor: string | undefined;
}

/** One page of employees by name, filtered and searched on the server (admins and superadmins). */
export function getEmployees({ filters, limit, cursor }: EmployeePageParams) {
  return unwrap(api.users.$get({ query: listQuery({ ...filters }, limit, cursor) }));
}

export function getEmployeesQueryOptions(filters: EmployeeFilters, limit: number) {
  return pagedListQueryOptions([EMPLOYEES_KEY, 'list', { ...filters, limit }], (cursor) => getEmployees({ filters, limit, cursor }));
}

/** Keeps showing the previous list while a new filter loads, so the grid does not flash empty. */
export function useEmployees(filters: EmployeeFilters, limit: number) {
  return usePagedList(getEmployeesQueryOptions(filters, limit));
}
