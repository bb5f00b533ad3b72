import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { getProjectQueryOptions } from './get-project';
import { refreshProjectManagementQueries } from './refresh-queries';

/** Makes a photo the project's cover (its first photo); answers the project. */
export function setCoverPhoto({ projectId, photoId }: { projectId: string; photoId: string }) {
  return unwrap(api.projects[':id'].photos[':photoId'].cover.$put({ param: { id: projectId, photoId } }));
}

export function useSetCoverPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCoverPhoto,
    onSuccess: (project) => {
      queryClient.setQueryData(getProjectQueryOptions(project.id).queryKey, project);
      void refreshProjectManagementQueries(queryClient);
    },
  });
}
