import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { getProjectQueryOptions } from './get-project';
import { refreshProjectManagementQueries } from './refresh-queries';

/** Deletes a project and its photos; employees get ApiError 403, a project already gone 404. */
export function deleteProject(id: string) {
  return unwrap(api.projects[':id'].$delete({ param: { id } }));
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: getProjectQueryOptions(id).queryKey });
      void refreshProjectManagementQueries(queryClient);
    },
  });
}
