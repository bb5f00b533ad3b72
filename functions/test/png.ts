import { deflateSync, inflateSync } from 'node:zlib';

/**
 * Small image files for the letterhead logo's tests: a PNG written here
 * (RGBA, 8-bit, its rows filtered in turn with None, Sub and Up, as encoders
 * mix them), and a look inside a PDF at the image XObjects it embeds.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** An RGBA PNG of `width` x `height` whose pixel (x, y) is `pixel(x, y)` ([r, g, b, a]). */
export function rgbaPng(width: number, height: number, pixel: (x: number, y: number) => readonly number[]): Uint8Array {
  const stride = width * 4;
  const rows: Buffer[] = [];
  let previous = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const line = Buffer.from(Array.from({ length: width }, (_, x) => pixel(x, y)).flat());
    const filter = y % 3; // 0 None, 1 Sub, 2 Up
    const filtered = Buffer.alloc(stride);
    for (let i = 0; i < stride; i++) {
      const predicted = filter === 1 ? (i >= 4 ? (line[i - 4] ?? 0) : 0) : filter === 2 ? (previous[i] ?? 0) : 0;
      filtered[i] = ((line[i] ?? 0) - predicted) & 0xff;
    }
    rows.push(Buffer.from([filter]), filtered);
    previous = line;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const file = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
  return new Uint8Array(file);
}

/** A WebP file's first bytes: what the upload checks (no decoder reads further). */
export const WEBP = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]);

export interface PdfImageObject {
  dict: string;
  /** The stream's bytes as stored, inflated when it is Flate-compressed. */
  data: Buffer;
}

/** The image XObjects a PDF holds (their soft masks too), in file order. */
export function imagesOf(pdf: Uint8Array): PdfImageObject[] {
  const file = Buffer.from(pdf);
  const text = file.toString('latin1');
  const found: PdfImageObject[] = [];
  for (const match of text.matchAll(/<< \/Length (\d+)([^\n]*\/Subtype \/Image[^\n]*) >>\nstream\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const raw = file.subarray(start, start + Number(match[1]));
    const dict = match[2] ?? '';
    found.push({ dict, data: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
  }
  return found;
}
