import type { PhotoUploadRequest } from '@app/shared-types/photos';
import { api, unwrap } from '../../../lib/api-client';

/**
 * Asks where to upload the copies of one photo: one signed form per copy.
 * Rejects with ApiError 400 (type or size refused), 409 (the project has all
 * the photos it may have) or 503 (this server stores no photos).
 */
export function requestPhotoUpload({ projectId, ...input }: PhotoUploadRequest & { projectId: string }) {
  return unwrap(api.projects[':id']['photo-uploads'].$post({ param: { id: projectId }, json: input }));
}
