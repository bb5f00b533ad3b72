import { PHOTO_EXTENSIONS, type PhotoType } from '@app/shared-types/photos';

/**
 * Where project photos live: S3 when deployed (s3-photo-storage.ts), a folder
 * beside the local data when running on a laptop (local-photo-storage.ts).
 * Either way the browser sends each file straight to the storage with a
 * short-lived signed form, and the API looks at what arrived before a photo
 * joins a project.
 */
export interface PhotoStorage {
  /**
   * A signed form POST for one file at `key`: the storage itself refuses a
   * file above `maxBytes` or of another declared type, and the form expires.
   */
  createUpload(key: string, contentType: PhotoType, maxBytes: number): Promise<{ url: string; fields: Record<string, string> }>;
  /** Size and first bytes of a stored file, or null when nothing is there. */
  inspect(key: string): Promise<{ size: number; head: Uint8Array } | null>;
  /** Deletes files; keys that do not exist are fine. */
  remove(keys: string[]): Promise<void>;
}

/** How long a signed upload form stays valid. */
export const UPLOAD_EXPIRY_SECONDS = 300;

/** Bytes inspect() returns: enough for every magic number we check. */
export const HEAD_BYTES = 16;

/** Every photo object lives under this prefix, which CloudFront and the local host serve at /uploads/. */
export const PHOTOS_PREFIX = 'uploads/';

/** The storage key of one copy of a photo. */
export function photoKey(projectId: string, photoId: string, width: number, type: PhotoType): string {
  return `${PHOTOS_PREFIX}projects/${projectId}/${photoId}-${width}.${PHOTO_EXTENSIONS[type]}`;
}

/** Keys photoKey makes, and nothing else: a signed upload can only ever write one of these. */
export const PHOTO_KEY_PATTERN = /^uploads\/projects\/[A-Za-z0-9-]{1,64}\/[0-9a-f-]{36}-\d{1,4}\.(jpg|png|webp)$/;

/** The URL a stored key is served at (same origin as the site). */
export function photoUrl(key: string): string {
  return `/${key}`;
}

/** The key behind a photo URL, if it is one of ours (seed drawings under /images are not). */
export function keyOfPhotoUrl(url: string): string | null {
  const key = url.replace(/^\//, '');
  return PHOTO_KEY_PATTERN.test(key) ? key : null;
}
