import { preload } from 'react-dom';
import { Img } from './img';

interface HeroImageProps {
  src: string;
  /** Copies by width ('url 640w, ...'), when the image has raster copies; a vector image (SVG) needs none. */
  srcSet?: string;
  /** The width the image takes in the layout; a full-bleed hero takes the viewport's. */
  sizes?: string;
  /** The image's own size: the width and height attributes (its aspect ratio before it loads). */
  width: number;
  height: number;
  /** Decorative by default: the hero's heading says what the section is. */
  alt?: string;
}

/**
 * A full-bleed image behind a section's content (the section is `position: relative`),
 * cropped to cover it. It is the page's LCP: eager, fetchpriority=high, and preloaded
 * through react-dom's preload(), which the server renderer puts in the HTML's head too.
 */
export function HeroImage({ src, srcSet, sizes = '100vw', width, height, alt = '' }: HeroImageProps) {
  preload(src, { as: 'image', fetchPriority: 'high', ...(srcSet ? { imageSrcSet: srcSet, imageSizes: sizes } : {}) });
  return (
    <Img
      src={src}
      {...(srcSet ? { srcSet, sizes } : {})}
      alt={alt}
      width={width}
      height={height}
      loading="eager"
      fetchPriority="high"
      sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', zIndex: 0 }}
    />
  );
}
