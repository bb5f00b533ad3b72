import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { ProjectPhoto } from '@app/shared-types/photos';
import { useState } from 'react';
import { PhotoImage } from '../../../components/photo-image';

/** The first image large; the others as thumbnails that swap into the large spot. */
export function ProjectGallery({ images, title }: { images: ProjectPhoto[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const main = images[selected] ?? images[0];
  if (!main) return null;
  return (
    <Box>
      <PhotoImage
        photo={main}
        alt={images.length > 1 ? `${title}, photo ${selected + 1} of ${images.length}` : title}
        // The gallery is the full width on phones and 7/12 of the container (max 1200 px) from md up.
        sizes="(max-width: 899px) 100vw, 700px"
        width={1200}
        height={800}
        // The large photo is the detail page's LCP.
        priority
        sx={{
          display: 'block',
          width: '100%',
          height: 'auto',
          aspectRatio: '3 / 2',
          objectFit: 'cover',
          borderRadius: 4,
          bgcolor: '#E9E1D6',
        }}
      />
      {images.length > 1 && (
        <Box
          role="group"
          aria-label="Project photos"
          sx={{ mt: 2, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 1.5 }}
        >
          {images.map((image, index) => (
            <ButtonBase
              key={image.id}
              onClick={() => setSelected(index)}
              aria-label={`Show photo ${index + 1}`}
              aria-pressed={index === selected}
              sx={{
                borderRadius: 2,
                overflow: 'hidden',
                outline: index === selected ? '3px solid' : 'none',
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
