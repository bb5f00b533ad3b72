import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
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

const LOGO_SIZE = 36;

/**
 * The uploaded logo: its box is fixed by the width and height attributes (no
 * shift while it loads; MUI's Box would turn them into styles), and a logo
 * that is not square fits inside it undistorted.
 */
const LogoImage = styled('img')(({ theme }) => ({ width: LOGO_SIZE, height: LOGO_SIZE, flexShrink: 0, borderRadius: theme.shape.borderRadius, objectFit: 'contain' }));

/** The firm's logo, or its initial in a tile while there is none (or it cannot load). */
export function BrandMark({ name, logo, inverted = false }: BrandProps) {
  const [logoFailed, setLogoFailed] = useState(false);
  return logo && !logoFailed ? (
    <LogoImage src={logo} alt="" width={LOGO_SIZE} height={LOGO_SIZE} onError={() => setLogoFailed(true)} />
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
