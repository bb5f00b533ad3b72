import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { listQuery } from '../../../lib/url-params';
import { DEPARTMENTS_KEY } from './refresh-department-queries';

export const DEPARTMENT_PAGE_SIZE = 50;

/** One page of departments by name; `active` keeps the active ones. */
export function getDepartments({ active, limit, cursor }: { active?: boolean; limit: number; cursor: string | undefined }) {
  return unwrap(api.departments.$get({ query: listQuery(active === undefined ? {} : { active: String(active) }, limit, cursor) }));
}

/** Every department, paged ('Load more'). */
export function getDepartmentsQueryOptions(limit = DEPARTMENT_PAGE_SIZE) {
  return pagedListQueryOptions([DEPARTMENTS_KEY, 'list', { limit }], (cursor) => getDepartments({ limit, cursor }));
}

export function useDepartments(limit = DEPARTMENT_PAGE_SIZE) {
  return usePagedList(getDepartmentsQueryOptions(limit), { keepPrevious: false });
}

/** A firm has few departments; this bounds the reads should it not. */
const MAX_PAGES = 10;

/** Every active department (the employee form's and the job role form's choices), all pages. */
export async function getActiveDepartments() {
  const items: Awaited<ReturnType<typeof getDepartments>>['items'] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await getDepartments({ active: true, limit: DEPARTMENT_PAGE_SIZE, cursor });
    items.push(...answer.items);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return items;
}

export function getActiveDepartmentsQueryOptions() {
  return queryOptions({ queryKey: [DEPARTMENTS_KEY, 'active'], queryFn: getActiveDepartments });
}

export function useActiveDepartments(enabled = true) {
  return useQuery({ ...getActiveDepartmentsQueryOptions(), enabled });
}
