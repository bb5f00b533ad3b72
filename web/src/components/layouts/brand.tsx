import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

interface BrandProps {
  name?: string;
  logo?: string;
  /** Colours for a dark background (footer). */
  inverted?: boolean;
}

/** The firm's logo and name, linking home. The logo hides itself if it cannot load. */
export function Brand({ name, logo, inverted = false }: BrandProps) {
  return (
    <Box
      component={RouterLink}
      to="/"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.25,
        color: inverted ? 'common.white' : 'text.primary',
        textDecoration: 'none',
        minWidth: 0,
      }}
    >
      <BrandMark name={name} logo={logo} inverted={inverted} />
      {name ? (
        <Typography
          component="span"
          sx={{
            fontFamily: (theme) => theme.typography.h1.fontFamily,
            fontWeight: 600,
            fontSize: { xs: '1.1rem', sm: '1.3rem' },
            lineHeight: 1.2,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {name}
        </Typography>
      ) : (
        // Holds the name's place while the firm's details load, so the header does not jump.
        <Box aria-hidden sx={{ width: 160, height: 18, borderRadius: 1, bgcolor: 'rgba(60, 44, 30, 0.08)' }} />
      )}
    </Box>
  );
}

/** The firm's logo, or its initial in a tile while there is none (or it cannot load). */
export function BrandMark({ name, logo, inverted = false }: BrandProps) {
  const [logoFailed, setLogoFailed] = useState(false);
  return logo && !logoFailed ? (
    <Box
      component="img"
      src={logo}
      alt=""
      width={36}
      height={36}
      onError={() => setLogoFailed(true)}
      // A fixed box (no shift while it loads); a logo that is not square fits inside it undistorted.
      sx={{ width: 36, height: 36, flexShrink: 0, borderRadius: 1, objectFit: 'contain' }}
    />
  ) : (
    <Box
      aria-hidden
      sx={{
        width: 36,
        height: 36,
        flexShrink: 0,
        borderRadius: 1.5,
        display: 'grid',
        placeItems: 'center',
        bgcolor: inverted ? 'secondary.main' : 'primary.main',
        color: 'common.white',
        fontFamily: (theme) => theme.typography.h1.fontFamily,
        fontWeight: 700,
        fontSize: 20,
      }}
    >
      {name?.charAt(0) ?? ''}
    </Box>
  );
}
