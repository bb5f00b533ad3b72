import type { ProfilePhotoSetInput, ProfilePhotoUploadRequest } from '@app/shared-types/employee-photos';
import { api, unwrap } from '../../../lib/api-client';
import type { PreparedPhoto } from '../../../lib/photo-copies';
import { useRecordSave } from '../../../lib/record-mutations';
import { sendSignedForm } from '../../../lib/send-signed-form';
import { EMPLOYEE_CACHE } from './employee-cache';

/**
 * Asks where to upload an employee's profile photo: one signed form. Rejects
 * with ApiError 400 (type or size refused), 403 (a role rule), 404 or 503
 * (this server stores no photos).
 */
export function requestProfilePhotoUpload({ id, ...input }: ProfilePhotoUploadRequest & { id: string }) {
  return unwrap(api.users[':id']['photo-uploads'].$post({ param: { id }, json: input }));
}

/** Makes the uploaded copy the profile picture (checked by its bytes first) and answers the employee as saved now. */
export function setProfilePhoto({ id, ...input }: ProfilePhotoSetInput & { id: string }) {
  return unwrap(api.users[':id'].photo.$put({ param: { id }, json: input }));
}

/** Clears the profile picture (its file is deleted) and answers the employee as saved now. */
export function removeProfilePhoto(id: string) {
  return unwrap(api.users[':id'].photo.$delete({ param: { id } }));
}

/**
 * The whole upload of a prepared photo as a profile picture: its smallest
 * copy (480 px, or the original's width when narrower) is the one kept.
 */
export async function uploadProfilePhoto({ id, photo }: { id: string; photo: PreparedPhoto }) {
  const copy = photo.copies[0];
  if (!copy) throw new Error('This photo could not be opened. Try saving it again as JPEG or PNG.');
  const { uploadId, ...form } = await requestProfilePhotoUpload({ id, contentType: photo.contentType, size: copy.blob.size });
  await sendSignedForm(form, copy.blob, photo.contentType, 'profile-photo');
  return setProfilePhoto({ id, uploadId, contentType: photo.contentType });
}

/** A photo change is a write to the employee: its new version goes into the cache, and the lists refresh. */
export function useUploadProfilePhoto() {
  return useRecordSave(uploadProfilePhoto, EMPLOYEE_CACHE);
}

export function useRemoveProfilePhoto() {
  return useRecordSave(removeProfilePhoto, EMPLOYEE_CACHE);
}
