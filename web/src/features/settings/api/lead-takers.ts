import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployeeRecord } from '@app/shared-types/employees';
import { api, unwrap } from '../../../lib/api-client';

/** The active employees (admins read them all: GET /api/users), for the assignment rules' choices; a firm's staff is a page or two. */
export async function getActiveEmployees(): Promise<EmployeeRecord[]> {
  const all: EmployeeRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await unwrap(api.users.$get({ query: { status: 'active', limit: '50', ...(cursor ? { cursor } : {}) } }));
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/** Under 'employees': an employee write reads it again (refreshEmployeeQueries). */
export const activeEmployeesQueryOptions = queryOptions({ queryKey: ['employees', 'active-for-rules'], queryFn: getActiveEmployees, staleTime: 60_000 });

export function useActiveEmployees() {
  return useQuery(activeEmployeesQueryOptions);
}
