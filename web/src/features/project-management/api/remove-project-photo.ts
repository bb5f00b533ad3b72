import { api, unwrap } from '../../../lib/api-client';
import { useRecordSave } from '../../../lib/record-mutations';
import { PROJECT_CACHE } from './get-project';

/** Takes a photo off a project and deletes its files; answers the project. */
export function removeProjectPhoto({ projectId, photoId }: { projectId: string; photoId: string }) {
  return unwrap(api.projects[':id'].photos[':photoId'].$delete({ param: { id: projectId, photoId } }));
}

export function useRemoveProjectPhoto() {
  return useRecordSave(removeProjectPhoto, PROJECT_CACHE);
}
