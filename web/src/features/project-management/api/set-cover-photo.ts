import { api, unwrap } from '../../../lib/api-client';
import { useRecordSave } from '../../../lib/record-mutations';
import { PROJECT_CACHE } from './get-project';

/** Makes a photo the project's cover (its first photo); answers the project. */
export function setCoverPhoto({ projectId, photoId }: { projectId: string; photoId: string }) {
  return unwrap(api.projects[':id'].photos[':photoId'].cover.$put({ param: { id: projectId, photoId } }));
}

export function useSetCoverPhoto() {
  return useRecordSave(setCoverPhoto, PROJECT_CACHE);
}
