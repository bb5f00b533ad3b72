import { ATTACHMENT_EXTENSIONS, type AttachmentType } from '@app/shared-types/finance';
import { PHOTO_EXTENSIONS, type PhotoType } from '@app/shared-types/photos';

/**
 * Where project photos (served to everyone) and transaction attachments
 * (private to staff: receipts, invoices) live: S3 when deployed
 * (s3-photo-storage.ts), a folder beside the local data when running on a
 * laptop (local-photo-storage.ts).
 *
 * The browser sends each file straight to the storage with a short-lived
 * signed form, to a key of its own under the staging prefix, which nothing
 * serves and which empties itself after a day. When the photo is added, the
 * API looks at what arrived and publishes exactly that file (not whatever the
 * key holds by then) to the served prefix, where nothing is ever overwritten.
 * So a reused form, an abandoned upload or a refused file is never public.
 */
export interface PhotoStorage {
  /**
   * A signed form POST for one file at the staging `key`: the storage itself
   * refuses a file above `maxBytes` or of another declared type, and the form expires.
   */
  createUpload(key: string, contentType: string, maxBytes: number): Promise<{ url: string; fields: Record<string, string> }>;
  /** Size, first bytes and version (what publish checks) of a stored file, or null when nothing is there. */
  inspect(key: string): Promise<StoredFile | null>;
  /**
   * Copies the staged file `from` to the served key `to`, only if `from` is
   * still the `version` inspected and nothing is at `to` yet: 'published';
   * 'exists' when `to` was published already (by a racing add of the same
   * upload); 'changed' when `from` is gone or holds another file now.
   */
  publish(from: string, to: string, version: string, contentType: string): Promise<'published' | 'exists' | 'changed'>;
  /**
   * A link to a private file (under PRIVATE_PREFIX) valid for DOWNLOAD_EXPIRY_SECONDS,
   * which downloads it as `fileName` of `contentType`.
   */
  downloadUrl(key: string, fileName: string, contentType: string): Promise<string>;
  /** The whole of a stored file (the letterhead's logo, which the PDF embeds), or null when nothing is there. */
  read(key: string): Promise<Uint8Array | null>;
  /** Deletes files; keys that do not exist are fine. */
  remove(keys: string[]): Promise<void>;
}

export interface StoredFile {
  size: number;
  head: Uint8Array;
  /** Names this content of the key (S3: the ETag); another upload to the same key changes it. */
  version: string;
}

/** How long a signed upload form stays valid. */
export const UPLOAD_EXPIRY_SECONDS = 300;

/** Bytes inspect() returns: enough for every magic number we check. */
export const HEAD_BYTES = 16;

/** Every published photo lives under this prefix, which CloudFront and the local host serve at /uploads/. */
export const PHOTOS_PREFIX = 'uploads/';

/** Uploads land under this prefix, which nothing serves; the storage deletes what is left there after a day. */
export const STAGING_PREFIX = 'staging/';

/** Published files only staff may read live under this prefix, which nothing serves: each read is a short-lived link. */
export const PRIVATE_PREFIX = 'private/';

/** How long a private file's download link works. */
export const DOWNLOAD_EXPIRY_SECONDS = 300;

/** Days an upload stays in staging (S3 lifecycle rule; the local host sweeps hourly). */
export const STAGING_EXPIRY_DAYS = 1;

/** The storage key of one published copy of a photo. */
export function photoKey(projectId: string, photoId: string, width: number, type: PhotoType): string {
  return `${PHOTOS_PREFIX}projects/${projectId}/${photoId}-${width}.${PHOTO_EXTENSIONS[type]}`;
}

/** The staging key one copy is uploaded to, before it is checked and published at photoKey. */
export function stagingKey(projectId: string, photoId: string, width: number, type: PhotoType): string {
  return `${STAGING_PREFIX}${photoKey(projectId, photoId, width, type).slice(PHOTOS_PREFIX.length)}`;
}

/** The storage key of an employee's profile photo (one 480 px copy per upload; a new photo gets a new key). */
export function employeePhotoKey(employeeId: string, uploadId: string, type: PhotoType): string {
  return `${PHOTOS_PREFIX}employees/${employeeId}/${uploadId}.${PHOTO_EXTENSIONS[type]}`;
}

/** The staging key a profile photo is uploaded to, before it is checked and published at employeePhotoKey. */
export function employeeStagingKey(employeeId: string, uploadId: string, type: PhotoType): string {
  return `${STAGING_PREFIX}${employeePhotoKey(employeeId, uploadId, type).slice(PHOTOS_PREFIX.length)}`;
}

/** The storage key of the company logo (Settings > Company; one copy per upload, a new logo gets a new key). */
export function companyLogoKey(uploadId: string, type: PhotoType): string {
  return `${PHOTOS_PREFIX}company/logo-${uploadId}.${PHOTO_EXTENSIONS[type]}`;
}

/** The staging key a logo is uploaded to, before it is checked and published at companyLogoKey. */
export function companyLogoStagingKey(uploadId: string, type: PhotoType): string {
  return `${STAGING_PREFIX}${companyLogoKey(uploadId, type).slice(PHOTOS_PREFIX.length)}`;
}

/** Keys companyLogoKey makes, and nothing else. */
export const COMPANY_LOGO_KEY_PATTERN = /^uploads\/company\/logo-[0-9a-f-]{36}\.(jpg|png|webp)$/;

/** The key behind a companyLogo URL when it is an uploaded logo; null for anything else (the seed's /images/logo.svg, an https address), which is never deleted. */
export function ownCompanyLogoKey(url: string): string | null {
  const key = url.replace(/^\//, '');
  return COMPANY_LOGO_KEY_PATTERN.test(key) ? key : null;
}

/** The storage key of a blog post's featured image (one copy per upload; the post's featuredImage holds its URL). */
export function blogImageKey(uploadId: string, type: PhotoType): string {
  return `${PHOTOS_PREFIX}blog/${uploadId}.${PHOTO_EXTENSIONS[type]}`;
}

/** The staging key a featured image is uploaded to, before it is checked and published at blogImageKey. */
export function blogImageStagingKey(uploadId: string, type: PhotoType): string {
  return `${STAGING_PREFIX}${blogImageKey(uploadId, type).slice(PHOTOS_PREFIX.length)}`;
}

/** Keys employeePhotoKey makes, and nothing else. */
export const EMPLOYEE_PHOTO_KEY_PATTERN = /^uploads\/employees\/[A-Za-z0-9-]{1,64}\/[0-9a-f-]{36}\.(jpg|png|webp)$/;

/**
 * The key behind `employeeId`'s profilePicture, when it is a photo uploaded
 * for that employee; null for anything else (an https address, or a path an
 * edit put there pointing at another file), which is never deleted for them.
 */
export function ownEmployeePhotoKey(employeeId: string, url: string): string | null {
  const key = url.replace(/^\//, '');
  return EMPLOYEE_PHOTO_KEY_PATTERN.test(key) && key.startsWith(`${PHOTOS_PREFIX}employees/${employeeId}/`) ? key : null;
}

/** The private key of a transaction's attachment. */
export function attachmentKey(transactionId: string, attachmentId: string, type: AttachmentType): string {
  return `${PRIVATE_PREFIX}transactions/${transactionId}/${attachmentId}.${ATTACHMENT_EXTENSIONS[type]}`;
}

/** The staging key an attachment is uploaded to, before it is checked and published at attachmentKey. */
export function attachmentStagingKey(transactionId: string, attachmentId: string, type: AttachmentType): string {
  return `${STAGING_PREFIX}${attachmentKey(transactionId, attachmentId, type).slice(PRIVATE_PREFIX.length)}`;
}

/** Keys attachmentKey makes, and nothing else. */
export const ATTACHMENT_KEY_PATTERN = /^private\/transactions\/[A-Za-z0-9-]{1,64}\/[0-9a-f-]{36}\.(pdf|jpg|png)$/;

/** Keys photoKey, employeePhotoKey, companyLogoKey and blogImageKey make, and nothing else. */
export const PHOTO_KEY_PATTERN =
  /^uploads\/(projects\/[A-Za-z0-9-]{1,64}\/[0-9a-f-]{36}-\d{1,4}\.(jpg|png|webp)|employees\/[A-Za-z0-9-]{1,64}\/[0-9a-f-]{36}\.(jpg|png|webp)|company\/logo-[0-9a-f-]{36}\.(jpg|png|webp)|blog\/[0-9a-f-]{36}\.(jpg|png|webp))$/;

/** Keys stagingKey, employeeStagingKey, companyLogoStagingKey, blogImageStagingKey and attachmentStagingKey make, and nothing else: a signed upload can only ever write one of these. */
export const STAGING_KEY_PATTERN =
  /^staging\/(projects\/[A-Za-z0-9-]{1,64}\/[0-9a-f-]{36}-\d{1,4}\.(jpg|png|webp)|employees\/[A-Za-z0-9-]{1,64}\/[0-9a-f-]{36}\.(jpg|png|webp)|company\/logo-[0-9a-f-]{36}\.(jpg|png|webp)|blog\/[0-9a-f-]{36}\.(jpg|png|webp)|transactions\/[A-Za-z0-9-]{1,64}\/[0-9a-f-]{36}\.(pdf|jpg|png))$/;

/**
 * A Content-Disposition that downloads a file as `fileName`: an ASCII fallback
 * (quotes, backslashes and controls replaced) and the exact name in RFC 5987 form.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** The URL a stored key is served at (same origin as the site). */
export function photoUrl(key: string): string {
  return `/${key}`;
}

/** The key behind a photo URL, if it is one of ours (seed drawings under /images are not). */
export function keyOfPhotoUrl(url: string): string | null {
  const key = url.replace(/^\//, '');
  return PHOTO_KEY_PATTERN.test(key) ? key : null;
}
