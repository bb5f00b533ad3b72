import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { ProjectFilter } from '../model';

/** One page of the public projects, newest first, optionally of one status. */
export function getProjects({ status, cursor }: { status: ProjectFilter; cursor?: string }) {
  return unwrap(api.projects.$get({ query: cursor ? { status, cursor } : { status } }));
}

export function getProjectsQueryOptions(status: ProjectFilter) {
  return infiniteQueryOptions({
    queryKey: ['projects', 'list', { status }],
    queryFn: ({ pageParam }) => getProjects({ status, cursor: pageParam || undefined }),
    initialPageParam: '',
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useProjects(status: ProjectFilter) {
  return useInfiniteQuery(getProjectsQueryOptions(status));
}
