import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

/** One public project; rejects with ApiError 404 when it is unknown or not shown on the website. */
export function getProject(id: string) {
  return unwrap(api.projects[':id'].$get({ param: { id } }));
}

export function getProjectQueryOptions(id: string) {
  return queryOptions({ queryKey: ['projects', 'detail', id], queryFn: () => getProject(id) });
}

export function useProject(id: string) {
  return useQuery(getProjectQueryOptions(id));
}
