import type { PhotoAddInput } from '@app/shared-types/photos';
import { api, unwrap } from '../../../lib/api-client';
import { useRecordSave } from '../../../lib/record-mutations';
import { sendSignedForm } from '../../../lib/send-signed-form';
import type { PreparedPhoto } from '../../../lib/photo-copies';
import { PROJECT_CACHE } from './get-project';
import { requestPhotoUpload } from './request-photo-upload';

/**
 * Adds a photo whose copies are all uploaded to the project (the server
 * checks each by its bytes and size first) and answers the project.
 */
export function addProjectPhoto({ projectId, ...input }: PhotoAddInput & { projectId: string }) {
  return unwrap(api.projects[':id'].photos.$post({ param: { id: projectId }, json: input }));
}

interface UploadPhotoInput {
  projectId: string;
  photo: PreparedPhoto;
  /** Told the share done, from 0 to 1, as the copies arrive. */
  onProgress?: (done: number) => void;
}

/** The whole upload of one prepared photo: ask for forms, send every copy, add the photo. */
export async function uploadProjectPhoto({ projectId, photo, onProgress }: UploadPhotoInput) {
  const { uploadId, targets } = await requestPhotoUpload({
    projectId,
    contentType: photo.contentType,
    copies: photo.copies.map((copy) => ({ width: copy.width, size: copy.blob.size })),
  });
  let sent = 0;
  // Steps: each copy, then adding the photo.
  const steps = photo.copies.length + 1;
  await Promise.all(
    photo.copies.map(async (copy) => {
      const target = targets.find((item) => item.width === copy.width);
      if (!target) throw new Error(`No upload form for the ${copy.width} px copy`);
      await sendSignedForm(target, copy.blob, photo.contentType, `photo-${target.width}`);
      onProgress?.(++sent / steps);
    }),
  );
  const project = await addProjectPhoto({
    projectId,
    uploadId,
    contentType: photo.contentType,
    widths: photo.copies.map((copy) => copy.width),
    aspectRatio: photo.aspectRatio,
  });
  onProgress?.(1);
  return project;
}

/**
 * Photos are not part of the edit form's version: the open form keeps its
 * values, and only the photo list on screen and the lists change.
 */
export function useUploadProjectPhoto() {
  return useRecordSave(uploadProjectPhoto, PROJECT_CACHE);
}
