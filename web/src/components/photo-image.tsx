import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { photoSrcSet, type ProjectPhoto } from '@app/shared-types/photos';

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
  eager?: boolean;
  sx?: SxProps<Theme>;
}

/** A project photo with its smaller copies offered as a srcset. */
export function PhotoImage({ photo, alt, sizes, width, height, eager = false, sx }: PhotoImageProps) {
  const srcSet = photoSrcSet(photo);
  return (
    <Box
      component="img"
      src={photo.url}
      {...(srcSet ? { srcSet, sizes } : {})}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      width={width}
      height={height}
      sx={sx}
    />
  );
}
