import * as yup from 'yup';

/**
 * Project photos. The portal scales a chosen photo down in the browser to a
 * few widths (PHOTO_WIDTHS, never wider than the original) and uploads each
 * copy straight to storage; the API then checks every stored copy by its
 * bytes (not its name) before the photo joins the project. Public pages offer
 * the copies as a srcset, so a phone downloads the small one.
 */

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** Widths, in pixels, of the copies kept of each photo. */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;
/** The widest copy kept. */
export const MAX_PHOTO_WIDTH = 1600;

/** Largest stored copy, in bytes (a 1600 px JPEG is typically 200-600 KB). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** Largest original the portal agrees to open and scale down. */
export const MAX_ORIGINAL_PHOTO_BYTES = 25 * 1024 * 1024;

/** Photos one project may have. */
export const MAX_PROJECT_PHOTOS = 20;

export const PHOTO_TYPE_MESSAGE = 'Only JPEG, PNG or WebP photos can be uploaded';
export const PHOTO_SIZE_MESSAGE = `A photo copy may be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB`;

/** Largest company logo, in bytes: it is embedded in every quotation PDF (the portal uploads a 480 px copy, far smaller). */
export const MAX_LOGO_BYTES = 1024 * 1024;
export const LOGO_SIZE_MESSAGE = `A logo may be at most ${MAX_LOGO_BYTES / 1024 / 1024} MB`;

/**
 * The image type a file's first bytes announce (its magic number), or null
 * for anything else. Needs the first 12 bytes.
 */
export function detectPhotoType(head: Uint8Array): PhotoType | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((byte, i) => head[offset + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // 'RIFF' <size> 'WEBP'
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export const PHOTO_EXTENSIONS: Record<PhotoType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** A photo of a project as stored and as every API returns it. */
export const projectPhotoSchema = yup.object({
  id: yup.string().required(),
  /** The largest copy: the <img src>. */
  url: yup.string().required(),
  /** Every copy, smallest first (empty for a single fixed image such as a drawing). */
  copies: yup
    .array(yup.object({ url: yup.string().required(), width: yup.number().integer().min(1).required() }))
    .required()
    .default([]),
  /** Width / height of the photo, for layout before it loads (null when unknown). */
  aspectRatio: yup.number().nullable().default(null),
});
export type ProjectPhoto = yup.InferType<typeof projectPhotoSchema>;
/** One stored copy of a photo. */
export type PhotoCopy = ProjectPhoto['copies'][number];

// In a module of its own, without yup: the website's photos need it, not the schemas (about 11 KiB gzip).
export { photoSrcSet } from './photo-src-set';

const photoCopySchema = yup.object({
  width: yup.number().typeError('width must be a number').integer().min(1).max(MAX_PHOTO_WIDTH).required(),
  size: yup
    .number()
    .typeError('size must be a number')
    .integer()
    .min(1, 'The file is empty')
    .max(MAX_PHOTO_BYTES, PHOTO_SIZE_MESSAGE)
    .required(),
});

/**
 * POST /api/projects/:id/photo-uploads: the copies the browser is about to
 * upload. The answer says where to send each one.
 */
export const photoUploadRequestSchema = yup.object({
  contentType: yup.mixed<PhotoType>().oneOf([...PHOTO_TYPES], PHOTO_TYPE_MESSAGE).required(PHOTO_TYPE_MESSAGE),
  copies: yup
    .array(photoCopySchema)
    .min(1, 'Send at least one copy')
    .max(PHOTO_WIDTHS.length, `At most ${PHOTO_WIDTHS.length} copies`)
    .test('distinct', 'Each copy needs its own width', (copies) => !copies || new Set(copies.map((copy) => copy.width)).size === copies.length)
    .required(),
});
export type PhotoUploadRequest = yup.InferType<typeof photoUploadRequestSchema>;

/** Where the browser sends one copy: a multipart form POST of `fields`, then the file as 'file'. */
export interface UploadTarget {
  width: number;
  url: string;
  fields: Record<string, string>;
}

export interface PhotoUploadTicket {
  uploadId: string;
  targets: UploadTarget[];
}

/**
 * POST /api/projects/:id/photos: every copy is uploaded; add the photo to the
 * project. Photos are not part of the edit form's version: adding one never
 * makes someone's open edit stale.
 */
export const photoAddSchema = yup.object({
  uploadId: yup.string().matches(/^[0-9a-f-]{36}$/, 'uploadId is not valid').required('uploadId is required'),
  contentType: yup.mixed<PhotoType>().oneOf([...PHOTO_TYPES], PHOTO_TYPE_MESSAGE).required(PHOTO_TYPE_MESSAGE),
  widths: yup
    .array(yup.number().integer().min(1).max(MAX_PHOTO_WIDTH).required())
    .min(1)
    .max(PHOTO_WIDTHS.length)
    .required(),
  aspectRatio: yup.number().typeError('aspectRatio must be a number').positive().max(20).nullable().default(null),
});
export type PhotoAddInput = yup.InferType<typeof photoAddSchema>;
