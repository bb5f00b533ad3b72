import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { listQuery } from '../../../lib/url-params';
import { JOB_ROLES_KEY } from './refresh-department-queries';

export const JOB_ROLE_PAGE_SIZE = 50;

/** One page of job roles by name: every department's ('' ) or one department's. */
export function getJobRoles({ departmentId, limit, cursor }: { departmentId: string; limit: number; cursor: string | undefined }) {
  return unwrap(api['job-roles'].$get({ query: listQuery({ departmentId }, limit, cursor) }));
}

export function getJobRolesQueryOptions(departmentId: string, limit = JOB_ROLE_PAGE_SIZE) {
  return pagedListQueryOptions([JOB_ROLES_KEY, 'list', { departmentId, limit }], (cursor) => getJobRoles({ departmentId, limit, cursor }));
}

/** Keeps the previous department's roles on screen while another's load. */
export function useJobRoles(departmentId: string, limit = JOB_ROLE_PAGE_SIZE) {
  return usePagedList(getJobRolesQueryOptions(departmentId, limit));
}
