import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectUpdateInput } from '@app/shared-types/projects';
import { api, unwrap } from '../../../lib/api-client';
import { getProjectQueryOptions } from './get-project';
import { refreshProjectManagementQueries } from './refresh-queries';

/**
 * Saves every field of a project with the version the editor saw; rejects
 * with ApiError 409 `{ error, current }` when someone else saved it meanwhile
 * (see staleCurrent), 404 when it was deleted.
 */
export function updateProject({ id, ...input }: ProjectUpdateInput & { id: string }) {
  return unwrap(api.projects[':id'].$put({ param: { id }, json: input }));
}

/** Puts the saved project (and its new version) into the detail at once, so reopening it never edits an old version. */
export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: (project) => {
      queryClient.setQueryData(getProjectQueryOptions(project.id).queryKey, project);
      void refreshProjectManagementQueries(queryClient);
    },
  });
}
