import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import type { ProjectFilter } from '../model';

/** One page of the public projects, newest first, optionally of one status. */
export function getProjects({ status, cursor }: { status: ProjectFilter; cursor?: string }) {
  return unwrap(api.projects.$get({ query: cursor ? { status, cursor } : { status } }));
}

export function getProjectsQueryOptions(status: ProjectFilter) {
  return pagedListQueryOptions(['projects', 'list', { status }], (cursor) => getProjects({ status, cursor }));
}

export function useProjects(status: ProjectFilter) {
  return usePagedList(getProjectsQueryOptions(status), { keepPrevious: false });
}
