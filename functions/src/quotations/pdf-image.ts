import { inflateSync } from 'node:zlib';
import { detectPhotoType, MAX_LOGO_BYTES } from '@app/shared-types/photos';
import type { PdfWriter } from './pdf-writer';

/**
 * The company logo as a PDF image (issue 25: the letterhead draws the logo of
 * Settings, not initials). A PDF draws JPEG as it is (DCTDecode) and raw
 * pixels; a PNG is decoded here (8-bit, not interlaced: what the browser's
 * canvas writes, and Settings' upload always sends a canvas copy), its alpha
 * becoming a soft mask. WebP has no decoder on the server: Settings uploads a
 * WebP logo as its PNG copy, and one kept from before is refused here (the
 * letterhead then shows the initials). So is a logo too large for a letterhead.
 */

/** The largest logo file a PDF embeds (what Settings accept; their upload is a 480 px copy, far below). */
export const MAX_PDF_IMAGE_BYTES = MAX_LOGO_BYTES;
/** The largest logo side in pixels a PDF embeds. */
export const MAX_PDF_IMAGE_SIDE = 2048;

export interface PdfImage {
  width: number;
  height: number;
  /** Writes the image XObject (and its soft mask); answers its object number. */
  write(writer: PdfWriter): number;
}

/** The image, or why it cannot be drawn (for the log line). */
export type PdfImageResult = { image: PdfImage } | { refused: string };

export function pdfImageOf(bytes: Uint8Array): PdfImageResult {
  if (bytes.length > MAX_PDF_IMAGE_BYTES) return { refused: `over ${MAX_PDF_IMAGE_BYTES} bytes` };
  const type = detectPhotoType(bytes.subarray(0, 12));
  if (type === 'image/png') return pngImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
  if (type === 'image/jpeg') return jpegImage(bytes);
  return { refused: type === 'image/webp' ? 'WebP, which a PDF cannot embed' : 'not a PNG or JPEG file' };
}

const tooLarge = (width: number, height: number) => width < 1 || height < 1 || width > MAX_PDF_IMAGE_SIDE || height > MAX_PDF_IMAGE_SIDE;

const imageDict = (width: number, height: number, colorSpace: string) =>
  `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /${colorSpace} /BitsPerComponent 8`;

// -- JPEG --------------------------------------------------------------------------

/** Start-of-frame markers (baseline, progressive...), not DHT (C4), JPG (C8) or DAC (CC). */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegImage(bytes: Uint8Array): PdfImageResult {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return { refused: 'a damaged JPEG file' };
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break;
    const length = ((bytes[offset + 2] ?? 0) << 8) | (bytes[offset + 3] ?? 0);
    if (isFrame(marker)) {
      const at = (i: number) => bytes[offset + i] ?? 0;
      const height = (at(5) << 8) | at(6);
      const width = (at(7) << 8) | at(8);
      const components = at(9);
      if (at(4) !== 8 || (components !== 1 && components !== 3)) return { refused: 'a JPEG that is not 8-bit grey or colour' };
      if (tooLarge(width, height)) return { refused: `${width}x${height} px, over ${MAX_PDF_IMAGE_SIDE} px a side` };
      const colorSpace = components === 1 ? 'DeviceGray' : 'DeviceRGB';
      return { image: { width, height, write: (writer) => writer.rawStream(bytes, `${imageDict(width, height, colorSpace)} /Filter /DCTDecode`) } };
    }
    offset += 2 + length;
  }
  return { refused: 'a JPEG without a frame header' };
}

// -- PNG ---------------------------------------------------------------------------

/** Samples per pixel of each PNG colour type: grey, RGB, palette, grey + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function pngImage(data: Buffer): PdfImageResult {
  let header: { width: number; height: number; depth: number; colorType: number; interlace: number } | undefined;
  let palette: Buffer = Buffer.alloc(0);
  let transparency: Buffer | undefined;
  const compressed: Buffer[] = [];
  for (let offset = 8; offset + 8 <= data.length; ) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (body.length < length) return { refused: 'a truncated PNG file' };
    if (type === 'IHDR' && length >= 13) {
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8] ?? 0, colorType: body[9] ?? 0, interlace: body[12] ?? 0 };
    } else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') transparency = body;
    else if (type === 'IDAT') compressed.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (!header) return { refused: 'a PNG without a header' };
  const { width, height, depth, colorType, interlace } = header;
  const channels = CHANNELS[colorType];
  if (!channels || depth !== 8 || interlace !== 0) return { refused: 'a PNG that is not 8-bit and not interlaced' };
  if (tooLarge(width, height)) return { refused: `${width}x${height} px, over ${MAX_PDF_IMAGE_SIDE} px a side` };
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(compressed));
  } catch {
    return { refused: 'a damaged PNG file' };
  }
  const pixels = unfilter(raw, width * channels, height, channels);
  if (!pixels) return { refused: 'a damaged PNG file' };

  const colorChannels = colorType === 0 || colorType === 4 ? 1 : 3;
  const color = Buffer.alloc(width * height * colorChannels);
  const alpha = Buffer.alloc(width * height, 255);
  // tRNS of grey and RGB images: the one colour that is transparent (16-bit values; 8-bit images use the low byte).
  const clear = colorType !== 3 && transparency ? [...Array(transparency.length >> 1).keys()].map((i) => transparency.readUInt16BE(i * 2) & 0xff) : null;
  for (let i = 0; i < width * height; i++) {
    const p = i * channels;
    if (colorType === 3) {
      const index = pixels[p] ?? 0;
      if (index * 3 + 2 >= palette.length) return { refused: 'a PNG with a colour outside its palette' };
      palette.copy(color, i * 3, index * 3, index * 3 + 3);
      alpha[i] = transparency?.[index] ?? 255;
      continue;
    }
    pixels.copy(color, i * colorChannels, p, p + colorChannels);
    if (channels === 2 || channels === 4) alpha[i] = pixels[p + channels - 1] ?? 255;
    else if (clear && clear.every((value, c) => pixels[p + c] === value)) alpha[i] = 0;
  }
  const translucent = alpha.some((value) => value !== 255);
  const colorSpace = colorChannels === 1 ? 'DeviceGray' : 'DeviceRGB';
  return {
    image: {
      width,
      height,
      write(writer) {
        const mask = translucent ? writer.stream(alpha, imageDict(width, height, 'DeviceGray')) : 0;
        return writer.stream(color, `${imageDict(width, height, colorSpace)}${mask ? ` /SMask ${mask} 0 R` : ''}`);
      },
    },
  };
}

/** Undoes PNG's per-row filters (None, Sub, Up, Average, Paeth); null for a short or damaged stream. */
function unfilter(raw: Buffer, stride: number, height: number, bytesPerPixel: number): Buffer | null {
  if (raw.length < height * (stride + 1)) return null;
  const out = Buffer.alloc(stride * height);
  for (let row = 0; row < height; row++) {
    const filter = raw[row * (stride + 1)];
    const from = row * (stride + 1) + 1;
    const at = row * stride;
    for (let x = 0; x < stride; x++) {
      const value = raw[from + x] ?? 0;
      const left = x >= bytesPerPixel ? (out[at + x - bytesPerPixel] ?? 0) : 0;
      const up = row > 0 ? (out[at + x - stride] ?? 0) : 0;
      const upLeft = row > 0 && x >= bytesPerPixel ? (out[at + x - stride - bytesPerPixel] ?? 0) : 0;
      let predicted: number;
      if (filter === 0) predicted = 0;
      else if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) predicted = paeth(left, up, upLeft);
      else return null;
      out[at + x] = (value + predicted) & 0xff;
    }
  }
  return out;
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}
