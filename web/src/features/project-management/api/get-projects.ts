import { api, unwrap } from '../../../lib/api-client';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list-query';
import { listQuery } from '../../../lib/url-params';
import type { ProjectFilters } from '../model';
import { PROJECT_MANAGEMENT_KEY } from './refresh-queries';

interface ProjectPageParams {
  filters: ProjectFilters;
  limit: number;
  /** The opaque cursor of the page; undefined for the first. */
  cursor: string | undefined;
}

/**
 * One page of projects, newest first, searched and filtered by status on the
 * server. A page may hold fewer than `limit` while `nextCursor` is set.
 */
export function getProjects({ filters, limit, cursor }: ProjectPageParams) {
  return unwrap(api.projects.manage.$get({ query: listQuery({ ...filters }, limit, cursor) }));
}

/** The pages of one filtered list, each asked for with the cursor the one before ended with ('Load more'). */
export function getProjectsQueryOptions(filters: ProjectFilters, limit: number) {
  return pagedListQueryOptions([PROJECT_MANAGEMENT_KEY, 'projects', 'list', { ...filters, limit }], (cursor) => getProjects({ filters, limit, cursor }));
}

/** Keeps showing the previous list while a new search or filter loads, so the grid does not flash empty. */
export function useProjects(filters: ProjectFilters, limit: number) {
  return usePagedList(getProjectsQueryOptions(filters, limit));
}
