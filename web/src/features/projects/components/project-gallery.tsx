import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ProjectPhoto } from '@app/shared-types/photos';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { PhotoImage } from '../../../components/photo-image';
import { galleryStep, SWIPE_MIN_PX } from '../model';

const navButton = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  bgcolor: 'rgba(255,255,255,0.92)',
  color: 'text.primary',
  boxShadow: 1,
  '&:hover': { bgcolor: '#FFFFFF' },
  width: 44,
  height: 44,
} as const;

/**
 * Every photo of a project: one large, 'Previous' and 'Next' beside it, the
 * arrow keys (Home and End too) on it, a swipe on touch screens, and the
 * thumbnails that open any photo. The position is announced ('Photo 2 of 5').
 */
export function ProjectGallery({ images, title }: { images: ProjectPhoto[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const count = images.length;
  const index = Math.min(selected, Math.max(0, count - 1));
  const main = images[index];
  if (!main) return null;
  const several = count > 1;
  const go = (next: number) => setSelected(next);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const next = galleryStep(event.key, index, count);
    if (next === null) return;
    event.preventDefault();
    go(next);
  };
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse') return;
    swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || !several) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    // A swipe is mostly sideways: left shows the next photo, right the previous one.
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy)) return;
    go(dx < 0 ? (index + 1) % count : (index - 1 + count) % count);
  };

  return (
    <Box component="section" aria-roledescription="gallery" aria-label={`Photos of ${title}`}>
      <Box
        // The large photo takes the arrow keys; it says so to screen readers.
        tabIndex={several ? 0 : undefined}
        role={several ? 'group' : undefined}
        aria-label={several ? `Photo ${index + 1} of ${count}. Use the left and right arrow keys to see the others.` : undefined}
        onKeyDown={several ? onKeyDown : undefined}
        onPointerDown={several ? onPointerDown : undefined}
        onPointerUp={several ? onPointerUp : undefined}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
        data-testid="gallery-stage"
        sx={{
          position: 'relative',
          borderRadius: 4,
          overflow: 'hidden',
          // Vertical scrolling stays the browser's; a sideways swipe is the gallery's.
          touchAction: 'pan-y',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 3 },
        }}
      >
        <PhotoImage
          key={main.id}
          photo={main}
          alt={several ? `${title}, photo ${index + 1} of ${count}` : title}
          // The gallery is the full width on phones and 7/12 of the container (max 1200 px) from md up.
          sizes="(max-width: 899px) 100vw, 700px"
          width={1200}
          height={800}
          // The first photo is the detail page's LCP.
          priority={index === 0}
          eager
          sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '3 / 2', objectFit: 'cover', bgcolor: '#E9E1D6', userSelect: 'none' }}
        />
        {several && (
          <>
            <IconButton aria-label="Previous photo" onClick={() => go((index - 1 + count) % count)} sx={{ ...navButton, left: 12 }}>
              <ChevronLeftIcon />
            </IconButton>
            <IconButton aria-label="Next photo" onClick={() => go((index + 1) % count)} sx={{ ...navButton, right: 12 }}>
              <ChevronRightIcon />
            </IconButton>
          </>
        )}
      </Box>
      {several && (
        <Typography aria-live="polite" variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: 'center' }}>
          Photo {index + 1} of {count}
        </Typography>
      )}
      {several && (
        <Box role="group" aria-label="Project photos" sx={{ mt: 1.5, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))', gap: 1.5 }}>
          {images.map((image, position) => (
            <ButtonBase
              key={image.id}
              onClick={() => go(position)}
              aria-label={`Show photo ${position + 1} of ${count}`}
              aria-current={position === index ? 'true' : undefined}
              sx={{
                borderRadius: 2,
                overflow: 'hidden',
                outline: position === index ? '3px solid' : 'none',
                outlineColor: 'secondary.main',
                outlineOffset: 2,
              }}
            >
              <PhotoImage
                photo={image}
                alt=""
                sizes="150px"
                width={150}
                height={100}
                sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '3 / 2', objectFit: 'cover' }}
              />
            </ButtonBase>
          ))}
        </Box>
      )}
    </Box>
  );
}
