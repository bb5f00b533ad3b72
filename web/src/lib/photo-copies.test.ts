import { MAX_ORIGINAL_PHOTO_BYTES, PHOTO_TYPE_MESSAGE, PHOTO_WIDTHS } from '@app/shared-types/photos';
import { describe, expect, it } from 'vitest';
import {
  copyTypeFor,
  EMPTY_FILE_MESSAGE,
  ORIGINAL_TOO_LARGE_MESSAGE,
  aspectRatioOf,
  checkPhotoFile,
  copyHeight,
  copyWidths,
  originalProblem,
} from './photo-copies';

const JPEG_HEAD = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const WEBP_HEAD = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);

describe('copyWidths', () => {
  it('keeps every standard width for an original at least as wide as the largest', () => {
    expect(PHOTO_WIDTHS).toEqual([480, 960, 1600]);
    expect(copyWidths(6000)).toEqual([480, 960, 1600]);
    expect(copyWidths(1600)).toEqual([480, 960, 1600]);
  });

  it('never scales up: only the widths the original reaches', () => {
    expect(copyWidths(1599)).toEqual([480, 960]);
    expect(copyWidths(960)).toEqual([480, 960]);
    expect(copyWidths(959.7)).toEqual([480]);
    expect(copyWidths(480)).toEqual([480]);
  });

  it('keeps one copy at its own width when the original is narrower than the smallest', () => {
    expect(copyWidths(479)).toEqual([479]);
    expect(copyWidths(32.9)).toEqual([32]);
    expect(copyWidths(1)).toEqual([1]);
  });

  it('has nothing for a photo without width', () => {
    expect(copyWidths(0)).toEqual([]);
    expect(copyWidths(0.5)).toEqual([]);
  });
});

describe('copyHeight', () => {
  it("keeps the original's proportions in whole pixels", () => {
    expect(copyHeight(4000, 3000, 480)).toBe(360);
    expect(copyHeight(3000, 4000, 960)).toBe(1280);
    expect(copyHeight(1920, 1080, 1600)).toBe(900);
    expect(copyHeight(1000, 333, 480)).toBe(160);
  });

  it('is at least one pixel for a very wide panorama', () => {
    expect(copyHeight(20000, 10, 480)).toBe(1);
  });
});

describe('aspectRatioOf', () => {
  it('is width / height to four decimals', () => {
    expect(aspectRatioOf(4000, 3000)).toBe(1.3333);
    expect(aspectRatioOf(1080, 1920)).toBe(0.5625);
  });

  it('is null where the API would refuse one', () => {
    expect(aspectRatioOf(21000, 1000)).toBeNull();
    expect(aspectRatioOf(0, 100)).toBeNull();
  });
});

describe('originalProblem', () => {
  it('accepts JPEG, PNG and WebP by their first bytes', () => {
    expect(originalProblem(JPEG_HEAD, 2_000_000)).toBeNull();
    expect(originalProblem(PNG_HEAD, 2_000_000)).toBeNull();
    expect(originalProblem(WEBP_HEAD, 2_000_000)).toBeNull();
  });

  it('refuses anything else, whatever its name says', () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">');
    expect(originalProblem(svg, svg.length)).toBe(PHOTO_TYPE_MESSAGE);
    const gif = new TextEncoder().encode('GIF89a......');
    expect(originalProblem(gif, 5000)).toBe(PHOTO_TYPE_MESSAGE);
  });

  it('refuses an original above the limit and an empty file', () => {
    expect(originalProblem(JPEG_HEAD, MAX_ORIGINAL_PHOTO_BYTES)).toBeNull();
    expect(originalProblem(JPEG_HEAD, MAX_ORIGINAL_PHOTO_BYTES + 1)).toBe(ORIGINAL_TOO_LARGE_MESSAGE);
    expect(ORIGINAL_TOO_LARGE_MESSAGE).toBe('A photo may be at most 25 MB');
    expect(originalProblem(new Uint8Array(), 0)).toBe(EMPTY_FILE_MESSAGE);
  });

  it('reads the first bytes of a chosen file, not its name or type', async () => {
    const renamed = new File([new TextEncoder().encode('just some text')], 'holiday.jpg', { type: 'image/jpeg' });
    expect(await checkPhotoFile(renamed)).toBe(PHOTO_TYPE_MESSAGE);
    const real = new File([PNG_HEAD, new Uint8Array(100)], 'scan.txt', { type: 'text/plain' });
    expect(await checkPhotoFile(real)).toBeNull();
  });
});

describe('copyTypeFor', () => {
  it('keeps a PNG or WebP transparent (PNG) only when asked, as the company logo does; everything else is a JPEG', () => {
    expect(copyTypeFor('image/png', { keepTransparency: true })).toBe('image/png');
    expect(copyTypeFor('image/webp', { keepTransparency: true })).toBe('image/png');
    expect(copyTypeFor('image/jpeg', { keepTransparency: true })).toBe('image/jpeg');
    expect(copyTypeFor(null, { keepTransparency: true })).toBe('image/jpeg');
    expect(copyTypeFor('image/png')).toBe('image/jpeg');
    expect(copyTypeFor('image/webp', {})).toBe('image/jpeg');
  });
});
