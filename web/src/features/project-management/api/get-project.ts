import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { RecordCache } from '../../../lib/record-mutations';
import { PROJECT_MANAGEMENT_KEY, refreshProjectManagementQueries } from './refresh-queries';

/** A project as staff see it; rejects with ApiError 404 when it does not exist. */
export function getProject(id: string) {
  return unwrap(api.projects.manage[':id'].$get({ param: { id } }));
}

export function getProjectQueryOptions(id: string) {
  return queryOptions({ queryKey: [PROJECT_MANAGEMENT_KEY, 'projects', 'detail', id], queryFn: () => getProject(id) });
}

export function useProject(id: string | null) {
  return useQuery({ ...getProjectQueryOptions(id ?? ''), enabled: id !== null });
}

/** A project's detail query and the refresh after any project write, for the project mutations. */
export const PROJECT_CACHE: RecordCache = {
  detailKey: (id) => getProjectQueryOptions(id).queryKey,
  refresh: refreshProjectManagementQueries,
};
