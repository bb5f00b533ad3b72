import type { SxProps, Theme } from '@mui/material/styles';
import type { ProjectPhoto } from '@app/shared-types/photos';
import { photoSrcSet } from '@app/shared-types/photo-src-set';
import { preload } from 'react-dom';
import { Img } from './img';

interface PhotoImageProps {
  photo: ProjectPhoto;
  alt: string;
  /**
   * The width the image takes in the layout (the `sizes` attribute), so the
   * browser picks the smallest copy that is sharp enough: a phone never
   * downloads the 1600 px one for a card.
   */
  sizes: string;
  /** Width and height attributes: the box the image reserves before it loads. */
  width: number;
  height: number;
  /** Loaded at once rather than when it nears the viewport (an image above the fold). */
  eager?: boolean;
  /**
   * The page's largest image above the fold (its LCP): eager, fetchpriority=high and
   * preloaded with its srcset (in server-rendered HTML too: react-dom's preload).
   */
  priority?: boolean;
  sx?: SxProps<Theme>;
}

/** A project photo with its smaller copies offered as a srcset. */
export function PhotoImage({ photo, alt, sizes, width, height, eager = false, priority = false, sx }: PhotoImageProps) {
  const srcSet = photoSrcSet(photo);
  if (priority) {
    preload(photo.url, { as: 'image', fetchPriority: 'high', ...(srcSet ? { imageSrcSet: srcSet, imageSizes: sizes } : {}) });
  }
  return (
    <Img
      src={photo.url}
      {...(srcSet ? { srcSet, sizes } : {})}
      alt={alt}
      loading={eager || priority ? 'eager' : 'lazy'}
      {...(priority ? { fetchPriority: 'high' as const } : { decoding: 'async' as const })}
      width={width}
      height={height}
      sx={sx}
    />
  );
}
