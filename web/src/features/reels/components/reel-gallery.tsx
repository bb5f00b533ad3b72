import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useNearViewport } from '../../../hooks/use-near-viewport';
import { loadInstagramEmbeds, reelPoster } from '../model';
import { Img } from '../../../components/img';

/**
 * Three reels as poster links inside the platform's blockquote markup. The
 * embed script is fetched only when the gallery nears the viewport, and it
 * upgrades the posters into players when (and if) it loads.
 */
export function ReelGallery({ reels }: { reels: string[] }) {
  const { ref, near } = useNearViewport<HTMLDivElement>('200px');
  const shown = reels.slice(0, 3);

  useEffect(() => {
    if (near && shown.length > 0) loadInstagramEmbeds();
  }, [near, shown.length]);

  return (
    <Box
      ref={ref}
      // Below md a sideways scroller (one reel and the edge of the next in view), which the keyboard scrolls too.
      role="region"
      aria-label="Instagram reels"
      tabIndex={0}
      data-testid="reel-scroller"
      sx={{
        display: { xs: 'flex', md: 'grid' },
        gap: { xs: 2, md: 4 },
        gridTemplateColumns: { md: 'repeat(3, minmax(0, 1fr))' },
        justifyItems: 'center',
        overflowX: { xs: 'auto', md: 'visible' },
        scrollSnapType: { xs: 'x mandatory', md: 'none' },
        scrollPaddingInline: { xs: 16, md: 0 },
        // The scroller runs to the screen's edges on phones; its first and last reel keep the page's margin.
        mx: { xs: -2, sm: -3, md: 0 },
        px: { xs: 2, sm: 3, md: 0 },
        pb: { xs: 1.5, md: 0 },
        '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 3 },
      }}
    >
      {shown.map((url, index) => (
        // The embed script replaces the blockquote, so React owns only this wrapper;
        // the key remounts it when the URL changes.
        <Box
          key={url}
          sx={{
            flex: { xs: '0 0 min(78%, 300px)', sm: '0 0 300px' },
            width: { md: '100%' },
            maxWidth: 360,
            scrollSnapAlign: 'center',
            '& iframe': { maxWidth: '100% !important', minWidth: '0 !important' },
          }}
        >
          <blockquote
            className="instagram-media"
            data-instgrm-permalink={url}
            data-instgrm-version="14"
            style={{ margin: 0, padding: 0, border: 0, background: 'none', width: '100%' }}
          >
            <Box
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              sx={{
                position: 'relative',
                display: 'block',
                borderRadius: 4,
                overflow: 'hidden',
                boxShadow: '0 12px 32px rgba(40, 30, 20, 0.16)',
                transition: 'transform 200ms ease',
                '&:hover': { transform: 'translateY(-4px)' },
                '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 3 },
              }}
            >
              <Img
                src={reelPoster(index)}
                alt={`Watch reel ${index + 1} of our interiors on Instagram`}
                loading="lazy"
                width={360}
                height={640}
                sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '9 / 16', objectFit: 'cover', bgcolor: '#2B2420' }}
              />
            </Box>
          </blockquote>
        </Box>
      ))}
    </Box>
  );
}
