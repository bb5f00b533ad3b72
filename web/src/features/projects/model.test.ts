import { describe, expect, it } from 'vitest';
import { galleryStep } from './model';

describe('galleryStep (the project gallery keys)', () => {
  it('goes round with the arrows and to the ends with Home and End', () => {
    expect(galleryStep('ArrowRight', 0, 4)).toBe(1);
    expect(galleryStep('ArrowRight', 3, 4)).toBe(0);
    expect(galleryStep('ArrowLeft', 0, 4)).toBe(3);
    expect(galleryStep('ArrowLeft', 2, 4)).toBe(1);
    expect(galleryStep('Home', 2, 4)).toBe(0);
    expect(galleryStep('End', 1, 4)).toBe(3);
  });

  it('leaves other keys, and a gallery of one photo, to the browser', () => {
    expect(galleryStep('ArrowDown', 1, 4)).toBeNull();
    expect(galleryStep('Enter', 1, 4)).toBeNull();
    expect(galleryStep('ArrowRight', 0, 1)).toBeNull();
  });
});
