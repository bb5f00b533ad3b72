import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { getProjectQueryOptions } from './get-project';
import { refreshProjectManagementQueries } from './refresh-queries';

/** Takes a photo off a project and deletes its files; answers the project. */
export function removeProjectPhoto({ projectId, photoId }: { projectId: string; photoId: string }) {
  return unwrap(api.projects[':id'].photos[':photoId'].$delete({ param: { id: projectId, photoId } }));
}

export function useRemoveProjectPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProjectPhoto,
    onSuccess: (project) => {
      queryClient.setQueryData(getProjectQueryOptions(project.id).queryKey, project);
      void refreshProjectManagementQueries(queryClient);
    },
  });
}
