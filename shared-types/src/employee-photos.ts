import * as yup from 'yup';
import { MAX_PHOTO_BYTES, PHOTO_SIZE_MESSAGE, PHOTO_TYPE_MESSAGE, PHOTO_TYPES, PHOTO_WIDTHS, type PhotoType } from './photos';

/**
 * An employee's profile picture goes through the photo upload pipeline
 * (photos.ts): the portal scales the chosen image to one copy
 * PROFILE_PHOTO_WIDTH wide, asks POST /api/users/:id/photo-uploads for a
 * signed form, sends the copy straight to storage, then PUT /api/users/:id/photo
 * checks it by its bytes and makes it the profilePicture. DELETE
 * /api/users/:id/photo clears it. Who may do this: whoever may edit the
 * employee (admins; only a superadmin for admins and superadmins).
 */

/** The width of the one copy kept of a profile photo (cards show it at most 96 px wide). */
export const PROFILE_PHOTO_WIDTH: (typeof PHOTO_WIDTHS)[number] = PHOTO_WIDTHS[0];

const photoType = () => yup.mixed<PhotoType>().oneOf([...PHOTO_TYPES], PHOTO_TYPE_MESSAGE).required(PHOTO_TYPE_MESSAGE);

/** POST /api/users/:id/photo-uploads: the copy the browser is about to upload. */
export const profilePhotoUploadSchema = yup.object({
  contentType: photoType(),
  size: yup.number().typeError('size must be a number').integer().min(1, 'The file is empty').max(MAX_PHOTO_BYTES, PHOTO_SIZE_MESSAGE).required(),
});
export type ProfilePhotoUploadRequest = yup.InferType<typeof profilePhotoUploadSchema>;

/** Where the browser sends the copy: a multipart form POST of `fields`, then the file as 'file'. */
export interface ProfilePhotoUploadTicket {
  uploadId: string;
  url: string;
  fields: Record<string, string>;
}

/** PUT /api/users/:id/photo: the copy is uploaded; make it the profile picture. */
export const profilePhotoSetSchema = yup.object({
  uploadId: yup.string().matches(/^[0-9a-f-]{36}$/, 'uploadId is not valid').required('uploadId is required'),
  contentType: photoType(),
});
export type ProfilePhotoSetInput = yup.InferType<typeof profilePhotoSetSchema>;
