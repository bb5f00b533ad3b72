import type { ProjectPhoto } from './photos';

/** The srcset attribute of a photo ('' when it has one size only). */
export function photoSrcSet(photo: ProjectPhoto): string {
  return photo.copies.map((copy) => `${copy.url} ${copy.width}w`).join(', ');
}
