import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The band at the top of an inner page: eyebrow, the page's h1 and an intro line. */
export function PageHeader({ title, eyebrow, subtitle }: { title: ReactNode; eyebrow?: string; subtitle?: ReactNode }) {
  return (
    <Box sx={{ bgcolor: '#EFE6DA', pt: { xs: 6, md: 9 }, pb: { xs: 5, md: 7 } }}>
      <Container maxWidth="lg">
        {eyebrow && (
          <Typography variant="overline" component="p" color="secondary.dark" sx={{ mb: 1 }}>
            {eyebrow}
          </Typography>
        )}
        <Typography variant="h1" sx={{ fontSize: 'clamp(2.25rem, 3.5vw + 1rem, 3.5rem)' }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="subtitle1" component="p" color="text.secondary" sx={{ mt: 2, maxWidth: 680 }}>
            {subtitle}
          </Typography>
        )}
      </Container>
    </Box>
  );
}
