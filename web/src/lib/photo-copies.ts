import {
  MAX_ORIGINAL_PHOTO_BYTES,
  MAX_PHOTO_BYTES,
  PHOTO_SIZE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  PHOTO_WIDTHS,
  detectPhotoType,
  type PhotoType,
} from '@app/shared-types/photos';

/**
 * Turns a chosen photo into the copies a project keeps (PHOTO_WIDTHS, never
 * wider than the original); an employee's profile photo keeps the smallest.
 * The arithmetic is pure and tested; the drawing needs a browser
 * (createImageBitmap and a canvas).
 */

/** Every photo copy is a JPEG: re-encoding also drops the original's EXIF data, GPS position included. */
export const COPY_TYPE = 'image/jpeg';
/** The type of a copy that keeps its original's transparency (a logo on the dark footer); PNG also holds no EXIF data. */
export const TRANSPARENT_COPY_TYPE = 'image/png';
export type CopyType = typeof COPY_TYPE | typeof TRANSPARENT_COPY_TYPE;

export interface CopyOptions {
  /** A PNG or WebP original stays transparent: its copies are PNGs drawn on nothing (the company logo). */
  keepTransparency?: boolean;
}

/** The type a copy of an original of `originalType` (by its first bytes) is encoded as. */
export function copyTypeFor(originalType: PhotoType | null, { keepTransparency = false }: CopyOptions = {}): CopyType {
  return keepTransparency && (originalType === 'image/png' || originalType === 'image/webp') ? TRANSPARENT_COPY_TYPE : COPY_TYPE;
}
export const COPY_QUALITY = 0.82;

/** The widest aspect ratio the API accepts; a panorama beyond it is sent without one. */
const MAX_ASPECT_RATIO = 20;

export const ORIGINAL_TOO_LARGE_MESSAGE = `A photo may be at most ${MAX_ORIGINAL_PHOTO_BYTES / 1024 / 1024} MB`;
export const EMPTY_FILE_MESSAGE = 'The file is empty';
export const UNREADABLE_PHOTO_MESSAGE = 'This photo could not be opened. Try saving it again as JPEG or PNG.';

/**
 * The widths of the copies of a photo `originalWidth` px wide: each of
 * PHOTO_WIDTHS it is at least as wide as, smallest first. A photo narrower
 * than the smallest gets one copy at its own width (never scaled up).
 */
export function copyWidths(originalWidth: number): number[] {
  const width = Math.floor(originalWidth);
  if (width < 1) return [];
  const fitting = PHOTO_WIDTHS.filter((candidate) => candidate <= width);
  return fitting.length > 0 ? [...fitting] : [width];
}

/** The height of a copy `width` px wide with the original's proportions (whole pixels, at least 1). */
export function copyHeight(originalWidth: number, originalHeight: number, width: number): number {
  return Math.max(1, Math.round((originalHeight * width) / originalWidth));
}

/** Width / height to four decimals, for the layout before the photo loads; null when the API would refuse it. */
export function aspectRatioOf(width: number, height: number): number | null {
  if (width < 1 || height < 1) return null;
  const ratio = Math.round((width / height) * 10_000) / 10_000;
  return ratio > 0 && ratio <= MAX_ASPECT_RATIO ? ratio : null;
}

/**
 * Why a file cannot be a project photo, judged by its first bytes (its
 * magic number, never its name or claimed type) and its size; null when it can.
 */
export function originalProblem(head: Uint8Array, size: number): string | null {
  if (size === 0) return EMPTY_FILE_MESSAGE;
  if (detectPhotoType(head) === null) return PHOTO_TYPE_MESSAGE;
  if (size > MAX_ORIGINAL_PHOTO_BYTES) return ORIGINAL_TOO_LARGE_MESSAGE;
  return null;
}

/** The first `count` bytes of a file. FileReader rather than Blob.arrayBuffer(), which the test DOM (jsdom) lacks. */
function readHead(file: Blob, count: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result instanceof ArrayBuffer ? reader.result : new ArrayBuffer(0)));
    reader.onerror = () => reject(new Error(UNREADABLE_PHOTO_MESSAGE));
    reader.readAsArrayBuffer(file.slice(0, count));
  });
}

/** originalProblem for a chosen file: reads its first 12 bytes. */
export async function checkPhotoFile(file: Blob): Promise<string | null> {
  return originalProblem(await readHead(file, 12), file.size);
}

export interface PhotoCopyFile {
  width: number;
  blob: Blob;
}

/** A photo ready to upload: its copies, smallest first. */
export interface PreparedPhoto {
  contentType: CopyType;
  copies: PhotoCopyFile[];
  aspectRatio: number | null;
}

function toBlob(canvas: HTMLCanvasElement, type: CopyType): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(UNREADABLE_PHOTO_MESSAGE))), type, COPY_QUALITY);
  });
}

/**
 * Decodes a photo upright (by its EXIF orientation), draws each copy on a
 * canvas and encodes it as JPEG (or, with keepTransparency, a PNG or WebP
 * original as PNG on a transparent canvas). The copies are drawn largest first, each
 * from the one before, so no step shrinks by much more than half: one big
 * jump from a 6000 px original down to 480 px looks jagged.
 */
export async function makePhotoCopies(file: Blob, options: CopyOptions = {}): Promise<PreparedPhoto> {
  const type = copyTypeFor(detectPhotoType(await readHead(file, 12)), options);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new Error(UNREADABLE_PHOTO_MESSAGE);
  }
  try {
    const { width, height } = bitmap;
    const widths = copyWidths(width);
    if (widths.length === 0) throw new Error(UNREADABLE_PHOTO_MESSAGE);
    let source: CanvasImageSource = bitmap;
    const copies: PhotoCopyFile[] = [];
    for (const copyWidth of [...widths].reverse()) {
      const canvas = document.createElement('canvas');
      canvas.width = copyWidth;
      canvas.height = copyHeight(width, height, copyWidth);
      const context = canvas.getContext('2d');
      if (!context) throw new Error(UNREADABLE_PHOTO_MESSAGE);
      if (type === COPY_TYPE) {
        // JPEG has no transparency: a transparent PNG gets white, not black, behind it.
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, canvas.width, canvas.height);
      }
      context.imageSmoothingEnabled = true;
      context.imageSmoothingQuality = 'high';
      context.drawImage(source, 0, 0, canvas.width, canvas.height);
      const blob = await toBlob(canvas, type);
      if (blob.size > MAX_PHOTO_BYTES) throw new Error(PHOTO_SIZE_MESSAGE);
      copies.unshift({ width: copyWidth, blob });
      source = canvas;
    }
    return { contentType: type, copies, aspectRatio: aspectRatioOf(width, height) };
  } finally {
    bitmap.close();
  }
}
