import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectInput } from '@app/shared-types/projects';
import { api, unwrap } from '../../../lib/api-client';
import { getProjectQueryOptions } from './get-project';
import { refreshProjectManagementQueries } from './refresh-queries';

/** Creates a project; rejects with ApiError 400 (field messages) for invalid input or a customer that is gone. */
export function createProject(input: ProjectInput) {
  return unwrap(api.projects.$post({ json: input }));
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      queryClient.setQueryData(getProjectQueryOptions(project.id).queryKey, project);
      void refreshProjectManagementQueries(queryClient);
    },
  });
}
